# Installation: `make install PREFIX=/some/prefix` (cmake --install build --prefix ...).
# Installs the static and shared libraries (libnqueens.so.MAJOR as SONAME), the public header, a
# pkg-config file, a CMake package (find_package(nqueens) gives nqueens::nqueens, the shared
# library, and nqueens::nqueens_static), the programs, the man page and the bash completion.
# Everything is relocatable: the prefix may be chosen at install time.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set_target_properties(nqueens_shared PROPERTIES EXPORT_NAME nqueens)
set_target_properties(nqueens_static PROPERTIES EXPORT_NAME nqueens_static)
install(TARGETS nqueens_shared nqueens_static EXPORT nqueensTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} NAMELINK_COMPONENT Development
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# The two tiers of the public header: nqueens.h (the simple one) and nqueens_advanced.h (which
# includes it).
install(FILES ${PROJECT_SOURCE_DIR}/include/nqueens.h ${PROJECT_SOURCE_DIR}/include/nqueens_advanced.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# The program finds the shared library of its own prefix, wherever that is.
install(TARGETS nqueens RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# CMake package: nqueensConfig.cmake, its version file and the exported targets.
set(NQ_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/nqueens)
install(EXPORT nqueensTargets NAMESPACE nqueens:: DESTINATION ${NQ_CMAKE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/nqueensConfig.cmake.in
  ${PROJECT_BINARY_DIR}/nqueensConfig.cmake INSTALL_DESTINATION ${NQ_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/nqueensConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/nqueensConfig.cmake
        ${PROJECT_BINARY_DIR}/nqueensConfigVersion.cmake DESTINATION ${NQ_CMAKE_DIR})

# pkg-config: the prefix is found from the .pc file's own place (${pcfiledir}), so that the
# file stays right whatever prefix `cmake --install --prefix` picks.
file(RELATIVE_PATH NQ_PC_TO_PREFIX /${CMAKE_INSTALL_LIBDIR}/pkgconfig /)
string(REGEX REPLACE "/$" "" NQ_PC_TO_PREFIX "${NQ_PC_TO_PREFIX}")
configure_file(${PROJECT_SOURCE_DIR}/cmake/nqueens.pc.in ${PROJECT_BINARY_DIR}/nqueens.pc @ONLY)
# nqueens-static: the same with the static library, so that a program built with pkg-config can
# carry the library instead of needing libnqueens.so.0 at run time (plain `--static` would still
# pick the shared library, which is found first).
configure_file(${PROJECT_SOURCE_DIR}/cmake/nqueens-static.pc.in
               ${PROJECT_BINARY_DIR}/nqueens-static.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/nqueens.pc ${PROJECT_BINARY_DIR}/nqueens-static.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# Documentation for people: the man page and the bash completion.
install(FILES ${PROJECT_SOURCE_DIR}/doc/nqueens.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${PROJECT_SOURCE_DIR}/doc/nqueens.bash-completion
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME nqueens)

# The MPI driver, where cmake/mpi.cmake (included before this file) found MPI.
if(TARGET nqueens-mpi)
  install(TARGETS nqueens-mpi RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

# The example program, built with the tests against the library in the build tree and checked by
# tests/cli/example.sh (the install test builds it again against an installed copy, with
# pkg-config and with find_package).
if(NQ_BUILD_TESTS)
  nq_paths(nq_example_files ${NQ_EXAMPLE_SOURCES})
  add_executable(nq_example ${nq_example_files})
  target_link_libraries(nq_example PRIVATE nqueens_shared)
endif()
