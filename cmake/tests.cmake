# Tests (with NQ_BUILD_TESTS): each name of NQ_UNIT_TESTS (cmake/sources.cmake) is a cmocka
# program tests/unit/NAME.c; each name of NQ_CLI_TESTS a script tests/cli/NAME.sh that runs the
# real binary (test cli_NAME); the kernels' comparison (kernel_avx2, kernel_avx512); and the
# layout checks of the tree itself (label `layout`: no import circle, every source listed, one
# version). A test that cannot run a part of itself here exits 77, which ctest reports as skipped
# (never as passed); with NQ_TEST_REQUIRE_ALL the same test fails instead.
if(NOT NQ_BUILD_TESTS)
  return()
endif()
enable_testing()
pkg_check_modules(CMOCKA REQUIRED IMPORTED_TARGET cmocka)
nq_paths(nq_support_files ${NQ_TEST_SUPPORT_SOURCES})
add_library(nq_test_support STATIC ${nq_support_files})
target_include_directories(nq_test_support PUBLIC ${PROJECT_SOURCE_DIR}/tests/support)
target_link_libraries(nq_test_support PUBLIC nqueens_static PkgConfig::CMOCKA m)
target_compile_definitions(nq_test_support PUBLIC NQ_TEST_DATA="${PROJECT_SOURCE_DIR}/tests/data")
if(NQ_TEST_REQUIRE_ALL)
  set(NQ_REQUIRE_ALL_ENV "NQ_TEST_REQUIRE_ALL=1")
else()
  set(NQ_REQUIRE_ALL_ENV "NQ_TEST_REQUIRE_ALL=0")
endif()
# Under ThreadSanitizer: a report fails the test (exit 66), with both threads' stacks.
set(NQ_TSAN_ENV)
if(NQ_TSAN)
  set(NQ_TSAN_ENV "TSAN_OPTIONS=halt_on_error=1 exitcode=66 second_deadlock_stack=1 \
suppressions=${PROJECT_SOURCE_DIR}/tests/tsan.supp")
endif()

# test_gpu_cuda runs the CUDA backend, src/cuda/gpu_backend.cu itself, on the emulated runtime
# of tests/cuda_emu/ (C++: its threads and the kernels' templates), in every build.
enable_language(CXX)
set(CMAKE_CXX_STANDARD 17)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
set(CMAKE_CXX_EXTENSIONS OFF)
foreach(name ${NQ_UNIT_TESTS})
  nq_paths(nq_extra ${NQ_TEST_${name}_SOURCES})
  add_executable(${name} ${PROJECT_SOURCE_DIR}/tests/unit/${name}.c ${nq_extra})
  target_link_libraries(${name} PRIVATE nq_test_support)
  add_test(NAME ${name} COMMAND ${name})
  set_tests_properties(${name} PROPERTIES SKIP_RETURN_CODE 77 ENVIRONMENT
    "${NQ_REQUIRE_ALL_ENV};${NQ_TSAN_ENV}")
endforeach()
target_include_directories(test_gpu_cuda BEFORE PRIVATE ${PROJECT_SOURCE_DIR}/tests/cuda_emu
                           ${PROJECT_SOURCE_DIR}/src/cuda)
# nqueens-cuda-emu: the command-line program with that backend on the emulated runtime in place
# of the library's (the executable's objects come first: the archive's backend is not linked),
# so that tests/cli/gpu_emu.sh runs the checks of a machine with a GPU (tests/cli/gpu.sh) on every
# machine. NQ_CUDA_EMU_DEVICES sets its devices.
nq_paths(nq_emu_files ${NQ_TEST_test_gpu_cuda_SOURCES})
add_executable(nqueens-cuda-emu ${nq_cli_files} ${nq_emu_files})
target_include_directories(nqueens-cuda-emu BEFORE PRIVATE ${PROJECT_SOURCE_DIR}/tests/cuda_emu
                           ${PROJECT_SOURCE_DIR}/src/cuda)
target_link_libraries(nqueens-cuda-emu PRIVATE nqueens_tool m)
if(TARGET nqueens-mpi) # and nqueens-mpi --gpu likewise
  add_executable(nqueens-mpi-cuda-emu ${nq_mpi_files} ${nq_emu_files})
  target_include_directories(nqueens-mpi-cuda-emu BEFORE PRIVATE
                             ${PROJECT_SOURCE_DIR}/tests/cuda_emu ${PROJECT_SOURCE_DIR}/src/cuda)
  target_link_libraries(nqueens-mpi-cuda-emu PRIVATE nqueens_tool MPI::MPI_C)
endif()
# The tool library's progress line and signals.
target_link_libraries(test_progress PRIVATE nqueens_tool)
target_link_libraries(test_signals PRIVATE nqueens_tool)
target_link_libraries(test_estimate PRIVATE nqueens_tool)
# test_nomem fails the library's allocations one by one, through its wrappers of the allocator.
target_link_options(test_nomem PRIVATE
  "LINKER:--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free")
# test_memory measures what the lists of a split allocate, through the same wrappers' kind.
target_link_options(test_memory PRIVATE
  "LINKER:--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free")
# Under the sanitizers, LeakSanitizer's exit-time check of test_journal crashed in about one
# run in three on Debian 12 (clang 14, glibc 2.36): "Tracer caught signal 11", with a bogus
# dynamic TLS range of the main thread, after every test had passed. Not tracking
# __tls_get_addr avoids it (0 crashes in 5 runs against 1 to 5 in 4 to 6); leaks are still
# checked.
if(NQ_SANITIZE)
  set_tests_properties(test_journal PROPERTIES ENVIRONMENT
    "ASAN_OPTIONS=intercept_tls_get_addr=0;${NQ_REQUIRE_ALL_ENV}")
endif()

# One vector kernel against the generic one (a kernel this CPU or build lacks: skipped, 77).
nq_paths(nq_kernels_files ${NQ_KERNELS_TEST_SOURCES})
add_executable(kernels ${nq_kernels_files})
target_link_libraries(kernels PRIVATE nq_test_support)
foreach(k avx2 avx512)
  add_test(NAME kernel_${k} COMMAND kernels ${k})
  set_tests_properties(kernel_${k} PROPERTIES SKIP_RETURN_CODE 77 ENVIRONMENT "${NQ_TSAN_ENV}")
endforeach()

# The fixed kill points of the CLI tests (tests/hook/nq_hook.c), preloaded into the program
# under test; built without the sanitizers, which the program brings itself.
nq_paths(nq_hook_files ${NQ_HOOK_SOURCES})
add_library(nq_hook MODULE ${nq_hook_files})
target_link_libraries(nq_hook PRIVATE ${CMAKE_DL_LIBS})
if(NQ_SANITIZE OR NQ_TSAN)
  target_compile_options(nq_hook PRIVATE -fno-sanitize=all)
  target_link_options(nq_hook PRIVATE -fno-sanitize=all)
endif()

# What this CPU offers, read from CPUID (tests/support/cpu_flags.c): the CLI tests' own view of
# which kernels it runs, not /proc/cpuinfo's.
nq_paths(nq_cpu_flags_files ${NQ_CPU_FLAGS_SOURCES})
add_executable(cpu_flags ${nq_cpu_flags_files})

foreach(name ${NQ_CLI_TESTS})
  add_test(NAME cli_${name} COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/${name}.sh)
  set_tests_properties(cli_${name} PROPERTIES SKIP_RETURN_CODE 77 ENVIRONMENT
    "NQ=$<TARGET_FILE:nqueens>;NQ_SRC=${PROJECT_SOURCE_DIR};NQ_BUILD=${PROJECT_BINARY_DIR};\
NQ_TEST_DATA=${PROJECT_SOURCE_DIR}/tests/data;NQ_HOOK=$<TARGET_FILE:nq_hook>;NQ_CPU_FLAGS=$<TARGET_FILE:cpu_flags>;\
NQ_VERSION=${PROJECT_VERSION};${NQ_REQUIRE_ALL_ENV};${NQ_TSAN_ENV}")
endforeach()

# The tree's own layout, checked by scripts that read the files (no build needed).
find_program(NQ_PYTHON3 python3 REQUIRED)
add_test(NAME layout_includes COMMAND ${NQ_PYTHON3} ${PROJECT_SOURCE_DIR}/scripts/check_includes.py
         ${PROJECT_SOURCE_DIR})
add_test(NAME layout_includes_selftest COMMAND bash
         ${PROJECT_SOURCE_DIR}/tests/layout/check_includes.sh)
add_test(NAME layout_sources COMMAND bash ${PROJECT_SOURCE_DIR}/tests/layout/sources.sh)
add_test(NAME layout_version COMMAND bash ${PROJECT_SOURCE_DIR}/tests/layout/version.sh)
add_test(NAME layout_api_docs COMMAND bash ${PROJECT_SOURCE_DIR}/tests/layout/api_docs.sh)
set_tests_properties(layout_includes layout_includes_selftest layout_sources layout_version
  layout_api_docs PROPERTIES LABELS layout ENVIRONMENT
  "NQ_SRC=${PROJECT_SOURCE_DIR};NQ_VERSION=${PROJECT_VERSION};NQ_PYTHON3=${NQ_PYTHON3};\
NQ=$<TARGET_FILE:nqueens>")
# The quick start stays quick: what `make run` installs and builds (tests/layout/make.sh, make -n).
add_test(NAME layout_make COMMAND bash ${PROJECT_SOURCE_DIR}/tests/layout/make.sh)
set_tests_properties(layout_make PROPERTIES LABELS layout ENVIRONMENT "NQ_SRC=${PROJECT_SOURCE_DIR}")
