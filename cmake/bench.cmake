# The benchmarks' programs (bench/*.c, NQ_BENCH_PROGRAMS of cmake/sources.cmake): each
# bench/NAME.c is the program bench/NAME in the build directory, built by `cmake --build BUILD
# --target bench` (not by default), which the scripts bench/*.sh run instead of compiling
# programs of their own. The drivers of the library link it like any user program.
set(nq_bench_targets)
foreach(name ${NQ_BENCH_PROGRAMS})
  add_executable(bench_${name} EXCLUDE_FROM_ALL ${PROJECT_SOURCE_DIR}/bench/${name}.c)
  set_target_properties(bench_${name} PROPERTIES OUTPUT_NAME ${name}
                        RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/bench)
  list(APPEND nq_bench_targets bench_${name})
endforeach()
# The flags each had when its script compiled it by hand, so that the figures stay comparable.
foreach(name baseline_mirror journal_crc)
  target_compile_options(bench_${name} PRIVATE -O3 -march=native)
endforeach()
foreach(name baseline_recursive complete_cnf complete_driver cpu_time gen_diags journal_append)
  target_compile_options(bench_${name} PRIVATE -O2)
endforeach()
target_link_libraries(bench_complete_driver PRIVATE nqueens_static m)
target_link_libraries(bench_complete_cnf PRIVATE nqueens_static)
target_link_libraries(bench_journal_append PRIVATE nqueens_static)
# The sampler times subproblems as the CLI counts them: the build's flags (-O3 of Release).
target_link_libraries(bench_quadrant_sample PRIVATE nqueens_static m)
target_include_directories(bench_quadrant_sample PRIVATE ${PROJECT_SOURCE_DIR}/src)
target_link_libraries(bench_gpu_host PRIVATE nqueens_static m)
target_include_directories(bench_gpu_host PRIVATE ${PROJECT_SOURCE_DIR}/src)
target_link_libraries(bench_journal_crc PRIVATE ZLIB::ZLIB)
# wait4(), the child's own rusage, is a BSD call that glibc offers under _DEFAULT_SOURCE.
target_compile_definitions(bench_cpu_time PRIVATE _DEFAULT_SOURCE)
add_custom_target(bench DEPENDS ${nq_bench_targets})
