# The learners' page (web/, `make web`): libnqueens compiled to WebAssembly by Emscripten together
# with the page's C glue (web/nq_web.c, public API only), and the page's own HTML, JavaScript and
# CSS, all in ${PROJECT_BINARY_DIR}/web, ready for any static server (`make serve`).
# Its tests (tests/web/, ctest label `web`) drive Debian's Chromium headless with playwright-core,
# installed from tests/web/package-lock.json by `npm ci` into ${PROJECT_BINARY_DIR}/web-test-deps.
#
# NQ_WEB defaults to ON where emcc is found (scripts/setup.sh installs it) and OFF in sanitizer
# builds, whose instrumentation emcc does not take. Once NQ_WEB is ON, a missing tool is an error,
# not a silent skip: the Makefile turns it ON, so a machine set up by scripts/setup.sh builds and
# tests the page or fails.
find_program(NQ_EMCC emcc)
find_program(NQ_EMAR emar)
if(NQ_EMCC AND NQ_EMAR AND NOT NQ_SANITIZE)
  set(nq_web_default ON)
else()
  set(nq_web_default OFF)
endif()
option(NQ_WEB "Build the learners' page with Emscripten (web/ -> build/web/) and test it"
       ${nq_web_default})
if(NOT NQ_WEB)
  message(STATUS "The learners' page (web/) is not built: NQ_WEB=OFF (emcc: ${NQ_EMCC})")
  return()
endif()
if(NOT NQ_EMCC OR NOT NQ_EMAR)
  message(FATAL_ERROR "NQ_WEB=ON needs Emscripten's emcc and emar (Debian package emscripten: run "
                      "scripts/setup.sh), or configure with -DNQ_WEB=OFF to leave the page out")
endif()

set(NQ_WEB_DIR ${PROJECT_BINARY_DIR}/web)
set(nq_web_obj ${PROJECT_BINARY_DIR}/web-obj)

# Debian's emscripten runs its JavaScript tools with `node` and finds their modules (acorn) in
# /usr/share/nodejs, which a Node.js from elsewhere (nodesource) does not search by itself.
set(nq_emcc ${CMAKE_COMMAND} -E env "NODE_PATH=/usr/share/nodejs:$ENV{NODE_PATH}" ${NQ_EMCC})
set(nq_emar ${CMAKE_COMMAND} -E env "NODE_PATH=/usr/share/nodejs:$ENV{NODE_PATH}" ${NQ_EMAR})
if(CMAKE_BUILD_TYPE STREQUAL "Debug")
  set(nq_web_opt -O1 -g)
else()
  set(nq_web_opt -O2 -DNDEBUG)
endif()
set(nq_web_cflags ${nq_web_opt} -std=c11 -D_POSIX_C_SOURCE=200809L ${NQ_WARNINGS}
    -I${PROJECT_SOURCE_DIR}/include)

# The library's sources that a page can have (NQ_LIB_CORE_SOURCES of cmake/sources.cmake: not
# the count's threads, yajl's JSON reader, the zlib journal or the GPU driver), with the page's
# stand-in of the JSON reader, as an archive, so that the link takes only what the glue calls.
nq_paths(nq_web_files ${NQ_LIB_CORE_SOURCES} ${NQ_WEB_SOURCES})
set(nq_web_lib_objects)
foreach(src ${nq_web_files})
  get_filename_component(name ${src} NAME_WE)
  set(obj ${nq_web_obj}/${name}.o)
  add_custom_command(OUTPUT ${obj}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${nq_web_obj}
    COMMAND ${nq_emcc} ${nq_web_cflags} -MD -MF ${obj}.d -c ${src} -o ${obj}
    DEPENDS ${src} DEPFILE ${obj}.d
    COMMENT "emcc ${name}.c" VERBATIM)
  if(name STREQUAL "nq_web")
    set(nq_web_glue ${obj})
  else()
    list(APPEND nq_web_lib_objects ${obj})
  endif()
endforeach()
set(nq_web_archive ${nq_web_obj}/libnqueens-wasm.a)
add_custom_command(OUTPUT ${nq_web_archive}
  COMMAND ${CMAKE_COMMAND} -E rm -f ${nq_web_archive}
  COMMAND ${nq_emar} rcs ${nq_web_archive} ${nq_web_lib_objects}
  DEPENDS ${nq_web_lib_objects} COMMENT "emar libnqueens-wasm.a" VERBATIM)

# The module: createNQueens() in nqueens.js loads nqueens.wasm, on the page and in its workers.
# Besides the glue's nqw_* functions (EMSCRIPTEN_KEEPALIVE), the page calls these directly.
set(nq_web_exports _malloc _free _nq_version _nq_strerror _nq_attack_name _nq_svg_picture
    _nq_search_next _nq_search_free)
string(REPLACE ";" "," nq_web_exports "${nq_web_exports}")
add_custom_command(OUTPUT ${NQ_WEB_DIR}/nqueens.js ${NQ_WEB_DIR}/nqueens.wasm
  COMMAND ${CMAKE_COMMAND} -E make_directory ${NQ_WEB_DIR}
  COMMAND ${nq_emcc} ${nq_web_opt} ${nq_web_glue} ${nq_web_archive} -o ${NQ_WEB_DIR}/nqueens.js
    -sMODULARIZE=1 -sEXPORT_NAME=createNQueens -sENVIRONMENT=web,worker -sALLOW_MEMORY_GROWTH=1
    -sFILESYSTEM=0 -sEXPORTED_FUNCTIONS=${nq_web_exports}
    -sEXPORTED_RUNTIME_METHODS=UTF8ToString,stringToUTF8
  DEPENDS ${nq_web_glue} ${nq_web_archive}
  COMMENT "emcc: the page's WebAssembly module (web/nqueens.js, nqueens.wasm)" VERBATIM)

# The page's own files, copied as they are.
file(GLOB nq_web_static CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/web/*.html
     ${PROJECT_SOURCE_DIR}/web/*.js ${PROJECT_SOURCE_DIR}/web/*.css)
set(nq_web_copies)
foreach(f ${nq_web_static})
  get_filename_component(name ${f} NAME)
  add_custom_command(OUTPUT ${NQ_WEB_DIR}/${name}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${NQ_WEB_DIR}
    COMMAND ${CMAKE_COMMAND} -E copy ${f} ${NQ_WEB_DIR}/${name}
    DEPENDS ${f} VERBATIM)
  list(APPEND nq_web_copies ${NQ_WEB_DIR}/${name})
endforeach()
add_custom_target(web ALL DEPENDS ${NQ_WEB_DIR}/nqueens.js ${nq_web_copies})

if(NOT NQ_BUILD_TESTS)
  return()
endif()

# Tests: Node.js runs tests/web/*.test.js against the built page in headless Chromium.
find_program(NQ_NODE node)
find_program(NQ_NPM npm)
set(NQ_CHROMIUM /usr/bin/chromium CACHE FILEPATH "The Chromium the page's tests drive (Debian's)")
if(NOT NQ_NODE OR NOT NQ_NPM OR NOT EXISTS ${NQ_CHROMIUM})
  message(FATAL_ERROR "The tests of the learners' page need node, npm and Chromium (node: "
                      "${NQ_NODE}, npm: ${NQ_NPM}, chromium: ${NQ_CHROMIUM}): run "
                      "scripts/setup.sh, or configure with -DNQ_WEB=OFF to leave the page out")
endif()
set(nq_web_deps ${PROJECT_BINARY_DIR}/web-test-deps)
add_custom_command(OUTPUT ${nq_web_deps}/installed.stamp
  COMMAND ${CMAKE_COMMAND} -E make_directory ${nq_web_deps}
  COMMAND ${CMAKE_COMMAND} -E copy ${PROJECT_SOURCE_DIR}/tests/web/package.json
          ${PROJECT_SOURCE_DIR}/tests/web/package-lock.json ${nq_web_deps}
  COMMAND ${CMAKE_COMMAND} -E chdir ${nq_web_deps}
          ${NQ_NPM} ci --no-audit --no-fund --ignore-scripts --loglevel=error
  COMMAND ${CMAKE_COMMAND} -E touch ${nq_web_deps}/installed.stamp
  DEPENDS ${PROJECT_SOURCE_DIR}/tests/web/package.json
          ${PROJECT_SOURCE_DIR}/tests/web/package-lock.json
  COMMENT "npm ci: the web tests' pinned playwright-core" VERBATIM)
add_custom_target(web_test_deps ALL DEPENDS ${nq_web_deps}/installed.stamp)

file(GLOB nq_web_tests CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/web/*.test.js)
foreach(t ${nq_web_tests})
  get_filename_component(name ${t} NAME_WE)
  add_test(NAME web_${name} COMMAND ${NQ_NODE} ${t})
  set_tests_properties(web_${name} PROPERTIES LABELS web TIMEOUT 300 ENVIRONMENT
    "NODE_PATH=${nq_web_deps}/node_modules;NQ_WEB_DIR=${NQ_WEB_DIR};NQ_CHROMIUM=${NQ_CHROMIUM};\
NQ_WEB_SHOTS=${PROJECT_BINARY_DIR}/web-test;NQ=$<TARGET_FILE:nqueens>;\
NQ_TEST_DATA=${PROJECT_SOURCE_DIR}/tests/data")
endforeach()
