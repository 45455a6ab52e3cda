#!/usr/bin/env bash
# bench/journal_crc.sh: the journal's CRC-32 through zlib's crc32() against the bit-by-bit loop of
# journal format 1, on 2,000,000 realistic records, in one process (bench/journal_crc.c).
set -euo pipefail
root=${NQ_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
build=${NQ_BUILD:-$root/build}
cmake --build "$build" --target bench_journal_crc >/dev/null # cmake/bench.cmake
"$build/bench/journal_crc" "${NQ_BENCH_RECORDS:-2000000}"
