# The libFuzzer target of the readers and the checker (tests/fuzz/fuzz_readers.c): built only with
# -DNQ_FUZZ=ON and clang. It compiles the library sources itself with the fuzzer, ASan and UBSan
# instrumentation. Run it with scripts/fuzz.sh (its own build directory, a bounded time).
# With the tests, the same target replays the committed corpus with any compiler (fuzz_replay).
option(NQ_FUZZ "Build the libFuzzer targets (clang only)" OFF)
if(NQ_FUZZ)
  if(NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
    message(WARNING "NQ_FUZZ=ON needs clang (-DCMAKE_C_COMPILER=clang); no fuzz target is built")
  else()
    # The library's sources (cmake/sources.cmake), with the stand-in of the GPU backend (a fuzz
    # build has no CUDA).
    nq_paths(nq_fuzz_files ${NQ_FUZZ_SOURCES} ${NQ_LIB_SOURCES} ${NQ_GPU_NONE_SOURCES})
    add_executable(fuzz_readers ${nq_fuzz_files})
    target_include_directories(fuzz_readers PRIVATE ${PROJECT_SOURCE_DIR}/include)
    target_compile_options(fuzz_readers PRIVATE -fsanitize=fuzzer,address,undefined
                           -fno-sanitize-recover=all -fno-omit-frame-pointer -g)
    target_link_options(fuzz_readers PRIVATE -fsanitize=fuzzer,address,undefined)
    target_link_libraries(fuzz_readers PRIVATE Threads::Threads PkgConfig::YAJL ZLIB::ZLIB m)
    # JSON is given to yajl in chunks of 61 bytes, and a stream's window starts at 64 bytes, so
    # that the fuzzer cuts items at boundaries and slides windows under them.
    target_compile_definitions(fuzz_readers PRIVATE JSON_CHUNK=61 SCAN_WINDOW=64)
  endif()
endif()

if(NQ_BUILD_TESTS)
  nq_paths(nq_replay_files ${NQ_FUZZ_REPLAY_SOURCES} ${NQ_FUZZ_SOURCES})
  add_executable(fuzz_replay ${nq_replay_files})
  target_compile_definitions(fuzz_replay PRIVATE NQ_FUZZ_REPLAY)
  target_link_libraries(fuzz_replay PRIVATE nqueens_static)
  add_test(NAME fuzz_replay COMMAND fuzz_replay ${PROJECT_SOURCE_DIR}/tests/fuzz/corpus)
endif()
