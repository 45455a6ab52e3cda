#!/usr/bin/env bash
# Benchmark of `nqueens count` (total + fundamental counts, symmetry-reduced kernel) against the
# classic counter most people write: bench/baseline_mirror.c (recursive bitboards, left-right
# mirror only, total only), both built with -O3, measured side by side in this run.
# Prints, for each n: wall and CPU seconds of both, the speed-up (CPU time, robust on a shared
# machine; wall time as well), nodes per second and per solution, the growth from n to n+1;
# then 2 threads against 1 (wall time) at the largest n.
# Usage: bash bench/count.sh [N...]   (default: 15 16 17); RUNS=k keeps the best of k runs.
set -euo pipefail
root=${NQ_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
build=${NQ_BUILD:-$root/build}
ns=("$@")
[ ${#ns[@]} -gt 0 ] || ns=(15 16 17)
runs=${RUNS:-1}
command -v python3 >/dev/null || bash "$root/scripts/setup.sh" <(echo python3)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O3 -o "$tmp/baseline" "$root/bench/baseline_mirror.c"

# timed OUT CMD...: runs CMD, stdout to OUT; prints "wall cpu" (seconds, cpu = user + sys).
timed() {
  local out=$1 t
  shift
  t=$( { TIMEFORMAT='%R %U %S'; time "$@" >"$out"; } 2>&1 )
  awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' <<<"$t"
}

best() { # best of $runs: prints "wall cpu" with the least cpu
  local out=$1 b="" r
  shift
  for _ in $(seq "$runs"); do
    r=$(timed "$out" "$@")
    if [ -z "$b" ] || awk -v a="$r" -v b="$b" 'BEGIN { split(a, x); split(b, y); exit !(x[2] < y[2]) }'; then b=$r; fi
  done
  echo "$b"
}

echo "count: baseline = classic mirror counter (total only); nqueens = count --threads 1 (total + unique + orbits)"
printf '%3s %10s %10s %10s %10s %8s %8s %14s %12s %10s %10s\n' n base_wall base_cpu ours_wall \
  ours_cpu speedup wall_x ours_nodes nodes/s nodes/sol base_nodes
for n in "${ns[@]}"; do
  read -r bw bc < <(best "$tmp/b.txt" "$tmp/baseline" "$n")
  read -r ow oc < <(best "$tmp/o.txt" "$build/nqueens" count "$n" --json --threads 1)
  read -r _ btotal bnodes _ <"$tmp/b.txt"
  python3 - "$n" "$bw" "$bc" "$ow" "$oc" "$btotal" "$bnodes" "$tmp/o.txt" "$tmp/rows.txt" <<'PY'
import json, sys
n, bw, bc, ow, oc = int(sys.argv[1]), *map(float, sys.argv[2:6])
btotal, bnodes = int(sys.argv[6]), int(sys.argv[7])
o = json.load(open(sys.argv[8]))
assert o["total"] == btotal, "totals differ"
print(f"{n:3d} {bw:10.3f} {bc:10.3f} {ow:10.3f} {oc:10.3f} {bc/oc:7.2f}x {bw/ow:7.2f}x "
      f"{o['nodes']:14d} {o['nodes']/oc:12.3g} {o['nodes']/o['total']:10.2f} {bnodes:10d}")
open(sys.argv[9], "a").write(f"{n} {bc} {oc} {o['total']} {o['unique']}\n")
PY
done
python3 - "$tmp/rows.txt" <<'PY'
import sys
rows = [l.split() for l in open(sys.argv[1])]
for a, b in zip(rows, rows[1:]):
    print(f"growth n={a[0]}->{b[0]}: baseline x{float(b[1])/float(a[1]):.2f}, nqueens x{float(b[2])/float(a[2]):.2f}, solutions x{int(b[3])/int(a[3]):.2f}")
last = rows[-1]
print(f"single thread at n={last[0]}: nqueens is {float(last[1])/float(last[2]):.2f}x faster than the baseline (CPU time; goal >= 4x)")
PY
n=${ns[-1]}
read -r w1 _ < <(best "$tmp/t1.txt" "$build/nqueens" count "$n" --threads 1)
read -r w2 _ < <(best "$tmp/t2.txt" "$build/nqueens" count "$n" --threads 2)
cmp -s "$tmp/t1.txt" "$tmp/t2.txt" || { echo "1 and 2 threads disagree"; exit 1; }
python3 -c "import sys; w1, w2 = map(float, sys.argv[1:]); print(f'threads at n=$n: 1 thread {w1:.3f} s, 2 threads {w2:.3f} s wall, speed-up {w1/w2:.2f}x (goal >= 1.85x on 2 idle cores)')" "$w1" "$w2"
