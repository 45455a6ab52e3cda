#!/usr/bin/env bash
# Benchmark of the Python package (python/, built into build/python) against the CLI:
#   - every solution of N (default 14: 365,596) iterated in Python as Solution objects, against
#     `nqueens solve N --format cols > /dev/null` (the same search, printing);
#   - nqueens.count(C) (default 17) against `nqueens count C`, both on all cores.
# Each command is a whole process (Python's start-up, about 20 ms, included).
# Usage: bash bench/python.sh [N [C]]
set -euo pipefail
root=${NQ_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
build=${NQ_BUILD:-$root/build}
n=${1:-14}
c=${2:-17}
py=${NQ_PYTHON:-/usr/bin/python3}
command -v hyperfine >/dev/null || bash "$root/scripts/setup.sh" <(echo hyperfine)
[ -d "$build/python/nqueens" ] || { echo "no $build/python/nqueens: build with NQ_PYTHON=ON" >&2; exit 1; }
export PYTHONPATH=$build/python
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The two listings agree before they are timed.
"$py" -c "import nqueens; print('\n'.join(' '.join(map(str, s.cols)) for s in nqueens.solutions($n)))" >"$tmp/py.txt"
"$build/nqueens" solve "$n" --format cols >"$tmp/cli.txt"
cmp "$tmp/py.txt" "$tmp/cli.txt"
echo "same listing: $(wc -l <"$tmp/cli.txt") solutions of n = $n"
[ "$("$py" -c "import nqueens; print(nqueens.count($c).total)")" = "$("$build/nqueens" count "$c")" ]
echo "same count of n = $c"
echo "cpu: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; load: $(uptime | sed 's/.*load average: //')"
hyperfine -N --warmup 1 --runs "${RUNS:-5}" --export-json "$tmp/h.json" \
  -n "python solutions($n)" "$py -c 'import nqueens
for s in nqueens.solutions($n): pass'" \
  -n "cli solve $n --format cols" "$build/nqueens solve $n --format cols" \
  -n "python count($c)" "$py -c 'import nqueens; nqueens.count($c)'" \
  -n "cli count $c" "$build/nqueens count $c" --output=null | grep -Ev '^\s*$'
"$py" - "$tmp/h.json" "$n" "$c" <<'PY'
import json, sys
r = {x["command"]: x for x in json.load(open(sys.argv[1]))["results"]}
n, c = sys.argv[2], sys.argv[3]
def line(a, b):
    x, y = r[a], r[b]
    print(f"{a}: {x['mean']:.3f} s (user {x['user']:.3f} s) against {b}: {y['mean']:.3f} s "
          f"(user {y['user']:.3f} s): {x['mean'] / y['mean']:.2f}x")
line(f"python solutions({n})", f"cli solve {n} --format cols")
line(f"python count({c})", f"cli count {c}")
PY
echo "load after: $(uptime | sed 's/.*load average: //')"
