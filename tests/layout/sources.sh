#!/usr/bin/env bash
# tests/layout/sources.sh: cmake/sources.cmake names every source file once. Each .c/.cu file of
# src/, tool/, cli/, mpi/, web/ and bench/, each tests/unit/*.c and each tests/cli/*.sh must be
# named by one of its lists (a file that no list names is never built or run: a test that
# silently does not exist), and every name in the lists must be a file that exists.
# Environment: NQ_SRC, the top of the tree (default: this script's ../..).
set -euo pipefail
src=${NQ_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
lists=$src/cmake/sources.cmake
fail=0
# The names in the lists: paths (src/x.c), and the bare names of tests and benchmarks.
words=$(sed 's/#.*//' "$lists" | tr ' ()\t' '\n\n\n\n' | grep -E '^[A-Za-z0-9_./-]+$' | sort)
named() { grep -qxF -- "$1" <<<"$words"; }
cd "$src"
for f in src/*.c src/cuda/*.c src/cuda/*.cu tool/*.c cli/*.c mpi/*.c web/*.c tests/cuda_emu/*.cpp; do
  [ -e "$f" ] || continue
  named "$f" || { echo "FAIL: $f is in no list of cmake/sources.cmake"; fail=1; }
done
for f in tests/unit/*.c; do
  name=$(basename "$f" .c)
  named "$f" || named "$name" || { echo "FAIL: $f is in no list of cmake/sources.cmake"; fail=1; }
done
for f in tests/cli/*.sh; do
  named "$(basename "$f" .sh)" || { echo "FAIL: $f is not in NQ_CLI_TESTS"; fail=1; }
done
for f in bench/*.c; do
  named "$(basename "$f" .c)" || { echo "FAIL: $f is not in NQ_BENCH_PROGRAMS"; fail=1; }
done
# Every path listed exists, and is listed once.
for w in $(grep -E '\.(c|cu|cpp)$' <<<"$words"); do
  [ -f "$w" ] || { echo "FAIL: cmake/sources.cmake names $w, which does not exist"; fail=1; }
done
dups=$(grep -E '/' <<<"$words" | uniq -d)
[ -z "$dups" ] || { echo "FAIL: cmake/sources.cmake names these more than once: $dups"; fail=1; }
# No part of the build globs for C sources again.
if grep -nE 'file\(GLOB[^)]*\.(c|cu)\b' CMakeLists.txt cmake/*.cmake; then
  echo "FAIL: a glob of C sources (above): name the files in cmake/sources.cmake"
  fail=1
fi
[ $fail = 0 ] && echo "every source file is named once in cmake/sources.cmake"
exit $fail
