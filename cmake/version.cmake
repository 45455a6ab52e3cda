# The project's version, read from the public header, where it is written once: the macros
# NQ_VERSION_MAJOR, NQ_VERSION_MINOR and NQ_VERSION_PATCH of include/nqueens.h (after zstd's
# GetZstdLibraryVersion.cmake). Included before project(), which takes NQ_VERSION. The header's
# NQ_VERSION_STRING is made of the same three macros; the man page must say it too
# (tests/layout/version.sh).
file(READ ${CMAKE_CURRENT_LIST_DIR}/../include/nqueens.h nq_header)
foreach(part MAJOR MINOR PATCH)
  if(NOT nq_header MATCHES "#define NQ_VERSION_${part}[ \t]+([0-9]+)")
    message(FATAL_ERROR "include/nqueens.h has no '#define NQ_VERSION_${part} <number>'")
  endif()
  set(NQ_VERSION_${part} ${CMAKE_MATCH_1})
endforeach()
set(NQ_VERSION ${NQ_VERSION_MAJOR}.${NQ_VERSION_MINOR}.${NQ_VERSION_PATCH})
unset(nq_header)
# The shared library's ABI version (its SONAME, libnqueens.so.<NQ_SOVERSION>): the major version,
# and while that is 0, the major and minor (0.3): a 0.x release may change the ABI, and one that
# does must not be loaded by programs built against another.
if(NQ_VERSION_MAJOR EQUAL 0)
  set(NQ_SOVERSION ${NQ_VERSION_MAJOR}.${NQ_VERSION_MINOR})
else()
  set(NQ_SOVERSION ${NQ_VERSION_MAJOR})
endif()
