# The Python package (python/): `import nqueens`, a C extension on the CPython API linked with the
# static library, built into ${PROJECT_BINARY_DIR}/python/nqueens next to a copy of the package's
# Python files, so that the tests import it from the build tree (PYTHONPATH). On by default when
# Python's headers are found (Debian: python3-dev); NQ_PYTHON=OFF leaves it out.
#
# Debian's Python is preferred: a python3 of pyenv or a virtual environment may come first in
# PATH, without the headers or without Debian's pytest (python3-pytest). Python3_EXECUTABLE
# chooses another one.
if(NOT DEFINED Python3_EXECUTABLE AND EXISTS /usr/bin/python3)
  set(Python3_EXECUTABLE /usr/bin/python3)
endif()
find_package(Python3 COMPONENTS Interpreter Development.Module)
if(Python3_Development.Module_FOUND)
  set(NQ_PYTHON_DEFAULT ON)
else()
  set(NQ_PYTHON_DEFAULT OFF)
endif()
# A build whose tests must all run (NQ_TEST_REQUIRE_ALL, as `make` configures it after
# scripts/setup.sh installed python3-dev) does not quietly leave the package out.
if(NQ_TEST_REQUIRE_ALL AND NQ_BUILD_TESTS AND NOT NQ_PYTHON_DEFAULT AND NOT DEFINED NQ_PYTHON)
  message(FATAL_ERROR "Python's headers were not found (Debian: python3-dev, see "
                      "scripts/packages.txt): install them, or configure with -DNQ_PYTHON=OFF")
endif()
option(NQ_PYTHON "Build the Python package nqueens (python/) and its tests" ${NQ_PYTHON_DEFAULT})

if(NQ_PYTHON)
  if(NOT Python3_Development.Module_FOUND)
    message(FATAL_ERROR "NQ_PYTHON=ON needs Python's headers (Debian: python3-dev)")
  endif()
  set(NQ_PY_OUT ${PROJECT_BINARY_DIR}/python/nqueens)
  nq_paths(nq_python_files ${NQ_PYTHON_SOURCES})
  Python3_add_library(nq_python MODULE WITH_SOABI ${nq_python_files})
  set_target_properties(nq_python PROPERTIES OUTPUT_NAME _nqueens LIBRARY_OUTPUT_DIRECTORY
                        ${NQ_PY_OUT} C_VISIBILITY_PRESET hidden)
  target_link_libraries(nq_python PRIVATE nqueens_static Threads::Threads)
  # The package's Python files, copied next to the module (a change re-runs the configuration).
  file(GLOB NQ_PY_FILES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/python/nqueens/*.py
       ${PROJECT_SOURCE_DIR}/python/nqueens/*.pyi ${PROJECT_SOURCE_DIR}/python/nqueens/py.typed)
  foreach(f ${NQ_PY_FILES})
    get_filename_component(name ${f} NAME)
    configure_file(${f} ${NQ_PY_OUT}/${name} COPYONLY)
  endforeach()

  # `make install` puts the package where this Python reads packages under the prefix, decided
  # when it installs (the prefix may be given then: `make install PREFIX=P`, `cmake --install
  # build --prefix P`) by cmake/python_site.py: the user site for ~/.local, PREFIX/lib/python3.X/
  # dist-packages for Debian's /usr/local, site-packages for other prefixes. A non-empty
  # NQ_PYTHON_INSTALL_DIR (relative to the prefix) chooses another place.
  # A build configured before kept the configure-time guess in the cache: it is dropped.
  get_property(nq_help CACHE NQ_PYTHON_INSTALL_DIR PROPERTY HELPSTRING)
  if(nq_help STREQUAL "Where `make install` puts the Python package, relative to the prefix")
    unset(NQ_PYTHON_INSTALL_DIR CACHE)
  endif()
  set(NQ_PYTHON_INSTALL_DIR "" CACHE STRING
      "Where `make install` puts the Python package, relative to the prefix (empty: where the Python looks)")
  install(CODE "
    set(nq_py_dir \"${NQ_PYTHON_INSTALL_DIR}\")
    if(nq_py_dir STREQUAL \"\")
      execute_process(COMMAND \"${Python3_EXECUTABLE}\" \"${PROJECT_SOURCE_DIR}/cmake/python_site.py\"
                      \"\${CMAKE_INSTALL_PREFIX}\" OUTPUT_VARIABLE nq_py_dir
                      OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE nq_py_rc)
      if(NOT nq_py_rc EQUAL 0)
        message(FATAL_ERROR \"cmake/python_site.py failed: set NQ_PYTHON_INSTALL_DIR\")
      endif()
    endif()
    message(STATUS \"The Python package nqueens: \${CMAKE_INSTALL_PREFIX}/\${nq_py_dir}\")
    file(INSTALL DESTINATION \"\${CMAKE_INSTALL_PREFIX}/\${nq_py_dir}/nqueens\" TYPE MODULE
         FILES \"$<TARGET_FILE:nq_python>\")
    file(INSTALL DESTINATION \"\${CMAKE_INSTALL_PREFIX}/\${nq_py_dir}/nqueens\" TYPE FILE
         FILES ${NQ_PY_FILES})")

  if(NQ_BUILD_TESTS)
    # pytest over tests/python against the build tree; the example script runs as a test too.
    # Under the sanitizers the library's objects need the ASan runtime, which a plain python3
    # does not carry: the tests then preload it (tests/python/run.sh says how).
    set(NQ_PY_ENV
        "PYTHONPATH=${PROJECT_BINARY_DIR}/python;NQ=$<TARGET_FILE:nqueens>;NQ_SRC=${PROJECT_SOURCE_DIR};NQ_BUILD=${PROJECT_BINARY_DIR};NQ_PY_INSTALL_DIR=${NQ_PYTHON_INSTALL_DIR};NQ_TEST_DATA=${PROJECT_SOURCE_DIR}/tests/data;NQ_PYTHON=${Python3_EXECUTABLE};NQ_SANITIZE=$<BOOL:${NQ_SANITIZE}>;NQ_C_COMPILER=${CMAKE_C_COMPILER};PYTHONDONTWRITEBYTECODE=1;${NQ_REQUIRE_ALL_ENV}")
    add_test(NAME python COMMAND bash ${PROJECT_SOURCE_DIR}/tests/python/run.sh -q
             ${PROJECT_SOURCE_DIR}/tests/python)
    add_test(NAME python_example COMMAND bash ${PROJECT_SOURCE_DIR}/tests/python/run.sh
             --example ${PROJECT_SOURCE_DIR}/examples/notebook.py)
    # `pip wheel .` and `pip install .` in fresh venvs, as Python users build the package: it
    # compiles the library once (about a minute on two cores).
    add_test(NAME python_pip COMMAND bash ${PROJECT_SOURCE_DIR}/tests/python/run.sh -q
             ${PROJECT_SOURCE_DIR}/tests/python/pip_check.py)
    set_tests_properties(python python_example python_pip PROPERTIES LABELS python
                         SKIP_RETURN_CODE 77 ENVIRONMENT "${NQ_PY_ENV}")
    set_tests_properties(python_pip PROPERTIES TIMEOUT 600)
  endif()
endif()
