#!/usr/bin/env bash
# Builds the libFuzzer target of the readers (tests/fuzz/fuzz_readers.c) with clang in its own
# build directory and runs it for a bounded time: scripts/fuzz.sh [SECONDS] (default 60).
# Exits non-zero if an input crashes, leaks, trips a sanitizer or hangs (-timeout); the input
# is then saved as crash-*/leak-*/timeout-* in the build directory.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
build=${NQ_FUZZ_BUILD:-build-fuzz}
cmake -S . -B "$build" -DCMAKE_C_COMPILER=clang -DNQ_FUZZ=ON -DNQ_BUILD_TESTS=OFF \
  -DCMAKE_BUILD_TYPE=Debug >/dev/null
cmake --build "$build" --target fuzz_readers -j "${JOBS:-2}"
mkdir -p "$build/fuzz-corpus"
cd "$build"
# New inputs go to fuzz-corpus; the committed seeds are read only.
./fuzz_readers -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
  -print_final_stats=1 fuzz-corpus ../tests/fuzz/corpus
