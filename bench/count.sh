#!/usr/bin/env bash
# Benchmark of `nqueens count` (total + fundamental counts) against the classic counter most
# people write: bench/baseline_mirror.c (recursive bitboards, left-right mirror only, total only),
# built at its best (-O3 -march=native), measured side by side in this run.
# Builds, in a temporary directory, the default build (portable: NQ_NATIVE=OFF) and the native
# one (-DNQ_NATIVE=ON: tuned for this machine); both choose their kernel at run time. For each n
# it runs: the baseline; the default build (its kernel), on 1 and 2 threads; the native build, 1
# and 2 threads; the default build with NQ_KERNEL=generic (the plain C kernel), 1 and 2 threads; and,
# where the CPU has AVX-512, the default build with NQ_KERNEL=avx2, 1 thread. Every total is
# compared with the baseline's, and the node counts of all kernels with each other. Every run
# counts by the default method, auto (the quadrant join from n = 16, backtracking below; the
# method column says which), or by METHOD=backtrack|quadrant; bench/join.sh compares the
# methods with each other and with a public meet-in-the-middle counter.
# Prints wall and CPU seconds (user + sys), nodes per CPU second, nodes per fundamental solution,
# then the ratios against the goals of issue 10 and the load of the machine before and after.
# Usage: bash bench/count.sh [N...]   (default: 15 16 17); RUNS=k keeps the best of k runs (by
# CPU time); KEEP=DIR builds in DIR and keeps it (reused when it exists).
set -euo pipefail
root=${NQ_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
ns=("$@")
[ ${#ns[@]} -gt 0 ] || ns=(15 16 17)
runs=${RUNS:-1}
method=${METHOD:-auto}
command -v python3 >/dev/null || bash "$root/scripts/setup.sh" <(echo python3)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
work=${KEEP:-$tmp}
mkdir -p "$work"
echo "load before: $(uptime)"
echo "machine: $(uname -m), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
for b in default native; do
  flags=-DNQ_NATIVE=OFF
  [ $b = native ] && flags=-DNQ_NATIVE=ON
  cmake -S "$root" -B "$work/$b" -DCMAKE_BUILD_TYPE=Release -DNQ_BUILD_TESTS=OFF -DNQ_WEB=OFF \
    "$flags" >/dev/null
  cmake --build "$work/$b" --target nqueens -j "$(nproc)" >/dev/null
done
# The baseline is a target of the build (cmake/bench.cmake: -O3 -march=native).
cmake --build "$work/default" --target bench_baseline_mirror >/dev/null
cp "$work/default/bench/baseline_mirror" "$work/baseline"
has_avx512=0
NQ_KERNEL=avx512 "$work/default/nqueens" count 4 >/dev/null 2>&1 && has_avx512=1

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

# One line per run in $tmp/rows: n program threads wall cpu total nodes unique kernel
row() { # row N NAME THREADS [ENV=VALUE] BUILD
  local n=$1 name=$2 threads=$3 w c
  shift 3
  read -r w c < <(best "$tmp/o.json" env "$@" count "$n" --json --threads "$threads" --method "$method")
  python3 - "$n" "$name" "$threads" "$w" "$c" "$tmp/o.json" >>"$tmp/rows" <<'PY'
import json, sys
o = json.load(open(sys.argv[6]))
print(*sys.argv[1:6], o["total"], o["nodes"], o["unique"], o["kernel"] + "/" + o["method"])
PY
}

: >"$tmp/rows"
for n in "${ns[@]}"; do
  read -r bw bc < <(best "$tmp/b.txt" "$work/baseline" "$n")
  read -r _ btotal bnodes _ <"$tmp/b.txt"
  echo "$n baseline 1 $bw $bc $btotal $bnodes 0 mirror/-" >>"$tmp/rows"
  for t in 1 2; do
    row "$n" default "$t" NQ_KERNEL= "$work/default/nqueens"
    row "$n" native "$t" NQ_KERNEL= "$work/native/nqueens"
    row "$n" generic "$t" NQ_KERNEL=generic "$work/default/nqueens"
  done
  [ $has_avx512 = 1 ] && row "$n" avx2 1 NQ_KERNEL=avx2 "$work/default/nqueens"
done
echo "load after: $(uptime)"
python3 - "$tmp/rows" <<'PY'
import sys
rows = [l.split() for l in open(sys.argv[1])]
R = {}
for n, name, t, w, c, total, nodes, uniq, kernel in rows:
    R[(int(n), name, int(t))] = dict(wall=float(w), cpu=float(c), total=int(total),
                                     nodes=int(nodes), unique=int(uniq), kernel=kernel)
ns = sorted({k[0] for k in R})
print("count: baseline = classic mirror counter (total only, -O3 -march=native); nqueens = count --json "
      "(total + unique + orbits); default = the default build (portable, NQ_NATIVE=OFF), native = -DNQ_NATIVE=ON")
print(f"{'n':>3} {'program':>9} {'kernel/method':>16} {'thr':>3} {'wall s':>8} {'cpu s':>8} {'x base':>7} "
      f"{'nodes':>14} {'nodes/cpu-s':>12} {'nodes/fund':>10}")
for n in ns:
    base = R[(n, "baseline", 1)]
    order = ["baseline", "default", "native", "generic", "avx2"]
    for (m, name, t), r in sorted(R.items(), key=lambda kv: (kv[0][0], order.index(kv[0][1]), kv[0][2])):
        if m != n:
            continue
        assert r["total"] == base["total"], f"n={n} {name}: totals differ"
        if name != "baseline":
            assert r["nodes"] == R[(n, "generic", 1)]["nodes"], f"n={n} {name}: nodes differ"
        per = f"{r['nodes'] / R[(n, 'generic', 1)]['unique']:10.1f}"
        x = base["cpu"] / r["cpu"] if t == 1 else base["wall"] / r["wall"]
        print(f"{n:3d} {name:>9} {r['kernel']:>16} {t:3d} {r['wall']:8.3f} {r['cpu']:8.3f} {x:6.2f}x "
              f"{r['nodes']:14d} {r['nodes'] / r['cpu']:12.3g} {per}")
print("x base: the baseline's CPU time over this one's (1 thread), or its wall time over this "
      "one's (2 threads)")
for n in ns:
    b, d1, d2 = R[(n, "baseline", 1)], R[(n, "default", 1)], R[(n, "default", 2)]
    p1, g1 = R[(n, "native", 1)], R[(n, "generic", 1)]
    goal = {16: "goal >= 6x", 17: "goal >= 8x, stretch 10x"}.get(n, "no goal")
    print(f"n={n}: 1 thread, default build {b['cpu'] / d1['cpu']:.2f}x the baseline (CPU time; {goal}); "
          f"2 threads {d1['wall'] / d2['wall']:.2f}x one thread (wall; goal >= 1.85x); default "
          f"build {p1['cpu'] / d1['cpu']:.2f}x the native one (CPU time; goal >= 0.98x); generic kernel "
          f"{b['cpu'] / g1['cpu']:.2f}x the baseline")
PY
