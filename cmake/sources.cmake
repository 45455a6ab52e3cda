# Every source file of the project, named once. The host build (CMakeLists.txt), the fuzz build
# (cmake/fuzz.cmake), the page (cmake/web.cmake) and the benchmarks (cmake/bench.cmake) all take
# their files from these lists; a new file is added here, to the list of its part, and nowhere
# else (tests/layout/sources.sh fails on a file of src/, tool/, cli/, mpi/, tests/unit/ or
# tests/cli/ that no list names, and on a listed one that does not exist). Paths are relative to
# the top of the tree.

# The library, libnqueens (src/): what every build of it has, the page's included ...
set(NQ_LIB_CORE_SOURCES
  src/board.c
  src/check.c
  src/check_text.c
  src/complete.c
  src/complete_trail.c
  src/complete_word.c
  src/complete_word_avx2.c
  src/complete_word_avx512.c
  src/construct.c
  src/count.c
  src/count_avx2.c
  src/count_avx512.c
  src/count_generic.c
  src/counts.c
  src/detect.c
  src/format.c
  src/instance.c
  src/kernel.c
  src/method.c
  src/minconflicts.c
  src/quadrant.c
  src/quadrant_avx2.c
  src/quadrant_avx512.c
  src/quadrant_buf.c
  src/quadrant_generic.c
  src/read_boards.c
  src/read_lines.c
  src/reader.c
  src/scan.c
  src/search.c
  src/sink.c
  src/split.c
  src/split_quadrant.c
  src/status.c
  src/svg.c
  src/symmetry.c
  src/trace.c
)
# ... and what only the host build has: threads (parallel.c), the GPU driver (gpu.c), zlib's
# CRC-32 (journal.c) and yajl (read_json.c; the page has web/read_json_none.c instead).
set(NQ_LIB_HOST_SOURCES
  src/complete_par.c
  src/drive.c
  src/gpu.c
  src/gpu_quadrant.c
  src/journal.c
  src/parallel.c
  src/read_json.c
)
set(NQ_LIB_SOURCES ${NQ_LIB_CORE_SOURCES} ${NQ_LIB_HOST_SOURCES})
# The GPU backend: the CUDA one (-DNQ_CUDA=ON, cmake/cuda.cmake) or the stand-in that says there
# is no device.
set(NQ_GPU_CUDA_SOURCES src/cuda/gpu_backend.cu)
set(NQ_GPU_NONE_SOURCES src/cuda/gpu_none.c)

# The tool library (tool/): what the two programs share, on the public API only.
set(NQ_TOOL_SOURCES
  tool/estimate.c
  tool/export.c
  tool/gpu_options.c
  tool/kernel_env.c
  tool/message.c
  tool/options.c
  tool/output.c
  tool/progress.c
  tool/report.c
  tool/session.c
  tool/signals.c
)

# The nqueens program (cli/).
set(NQ_CLI_SOURCES
  cli/checkpoint.c
  cli/cmd_cases.c
  cli/cmd_check.c
  cli/cmd_complete.c
  cli/cmd_count.c
  cli/cmd_find.c
  cli/cmd_merge.c
  cli/cmd_solve.c
  cli/cmd_trace.c
  cli/cmd_verify.c
  cli/listing.c
  cli/main.c
  cli/readfile.c
  cli/stdin.c
  cli/stdout.c
  cli/usage.c
  cli/writer.c
)

# The nqueens-mpi program (mpi/), built where MPI is found (cmake/mpi.cmake).
set(NQ_MPI_SOURCES
  mpi/mpi_main.c
  mpi/mpi_master.c
  mpi/mpi_rank.c
  mpi/mpi_worker.c
)

# The Python package's C extension (python/, cmake/python.cmake).
set(NQ_PYTHON_SOURCES
  python/nqueens/_nq_board.c
  python/nqueens/_nq_check.c
  python/nqueens/_nq_common.c
  python/nqueens/_nq_complete.c
  python/nqueens/_nq_count.c
  python/nqueens/_nq_find.c
  python/nqueens/_nq_format.c
  python/nqueens/_nq_journal.c
  python/nqueens/_nq_trace.c
  python/nqueens/_nqueens.c
)

# The learners' page's C (web/): its glue and the stand-in of the JSON reader.
set(NQ_WEB_SOURCES
  web/nq_web.c
  web/read_json_none.c
)

# Tests (cmake/tests.cmake): the support library, the cmocka programs (each tests/unit/NAME.c is
# the test NAME; extra sources of one test in NQ_TEST_<NAME>_SOURCES), the kernels' comparison,
# and the CLI tests (each tests/cli/NAME.sh is the test cli_NAME).
set(NQ_TEST_SUPPORT_SOURCES tests/support/support.c)
set(NQ_UNIT_TESTS
  test_board
  test_check
  test_check_text
  test_complete
  test_construct
  test_count
  test_detect
  test_enums
  test_format
  test_gpu
  test_gpu_cuda
  test_gpu_pairs
  test_gpu_search
  test_instance
  test_journal
  test_minconflicts
  test_nomem
  test_memory
  test_estimate
  test_parallel
  test_progress
  test_quadrant
  test_reader
  test_search
  test_signals
  test_split_quadrant
  test_split_queens
  test_svg
  test_symmetry
  test_trace
)
set(NQ_TEST_test_gpu_SOURCES tests/unit/gpu_emulator.c)
# The CUDA backend's own source compiled by the C++ compiler against an emulated runtime.
set(NQ_TEST_test_gpu_cuda_SOURCES tests/cuda_emu/gpu_backend_emu.cpp tests/cuda_emu/cuda_emu.cpp)
set(NQ_KERNELS_TEST_SOURCES tests/unit/kernels.c)
set(NQ_CLI_TESTS
  check
  cluster
  complete
  count
  data
  edited
  example
  find
  gpu
  gpu_emu
  install
  journal
  mpi
  readme
  slurm
  solve
  stop
  svg_trace
  texts
  writers
)
set(NQ_HOOK_SOURCES tests/hook/nq_hook.c)
set(NQ_CPU_FLAGS_SOURCES tests/support/cpu_flags.c)
set(NQ_FUZZ_SOURCES tests/fuzz/fuzz_readers.c)
set(NQ_FUZZ_REPLAY_SOURCES tests/fuzz/replay.c)
set(NQ_EXAMPLE_SOURCES examples/example.c)

# Benchmarks (cmake/bench.cmake): each bench/NAME.c is the program bench_NAME.
set(NQ_BENCH_PROGRAMS
  baseline_mirror
  baseline_recursive
  complete_cnf
  complete_driver
  cpu_time
  gen_diags
  gpu_host
  journal_append
  journal_crc
  quadrant_sample
)
