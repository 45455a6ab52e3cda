#!/usr/bin/env bash
# Benchmark of `nqueens solve N --format pairs` (streaming every solution) against a
# straightforward C port of the classic recursive array-based program printing the same lines.
# Usage: bash bench/solve.sh [N] (default 14: 365,596 solutions, 25 MB of output)
set -euo pipefail
root=${NQ_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
build=${NQ_BUILD:-$root/build}
n=${1:-14}
command -v hyperfine >/dev/null || bash "$root/scripts/setup.sh" <(echo hyperfine)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --build "$build" --target bench_baseline_recursive >/dev/null # cmake/bench.cmake
cp "$build/bench/baseline_recursive" "$tmp/baseline"
"$tmp/baseline" "$n" >"$tmp/base.txt"
"$build/nqueens" solve "$n" --format pairs >"$tmp/ours.txt"
cmp "$tmp/base.txt" "$tmp/ours.txt"
echo "same output: $(wc -l <"$tmp/ours.txt") lines, $(wc -c <"$tmp/ours.txt") bytes"
hyperfine -N --warmup 1 --runs "${RUNS:-10}" --export-json "$tmp/h.json" \
  -n baseline "$tmp/baseline $n" \
  -n nqueens "$build/nqueens solve $n --format pairs" --output=null | grep -Ev '^\s*$'
python3 - "$tmp/h.json" <<'PY'
import json, sys
r = {x["command"]: x for x in json.load(open(sys.argv[1]))["results"]}
b, o = r["baseline"]["mean"], r["nqueens"]["mean"]
print(f"solve pairs: baseline {b*1000:.1f} ms, nqueens {o*1000:.1f} ms, speed-up {b/o:.2f}x (goal >= 5x)")
PY
