#!/usr/bin/env bash
# The count of this tree against a base revision (default: main), kernel by kernel: both built the
# same way (Release, NQ_NATIVE=ON: -march=native) in a temporary folder; for each n and each
# kernel this CPU runs (generic, avx2, avx512: NQ_KERNEL), the nodes, the nodes per fundamental
# solution and the single-thread CPU time (user + sys, best of RUNS) of both, side by side in one
# run, then the default kernel of this tree on 2 threads (wall and CPU time: CPU time near one
# thread's shows that the threads do no extra work). Every count is checked against the OEIS
# table (tests/data/counts.txt), and every kernel's nodes against the generic one's.
# With CALLGRIND=1 also the instructions of both on n up to CALLGRIND_MAX (valgrind --tool=
# callgrind, both built for x86-64-v3 with the avx2 kernel: valgrind does not run AVX-512).
# Usage: bash bench/count_base.sh [N...]   (default 15 16 17); RUNS=3 BASE=main CALLGRIND=1
set -euo pipefail
root=${NQ_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
ns=("$@")
[ ${#ns[@]} -gt 0 ] || ns=(15 16 17)
runs=${RUNS:-3}
base=${BASE:-main}
cg=${CALLGRIND:-0}
cg_max=${CALLGRIND_MAX:-16}
table=$root/tests/data/counts.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mkdir -p "$tmp/base-src"
git -C "$root" archive "$base" | tar -x -C "$tmp/base-src"
build() { # SRC DIR CMAKE-ARGS...
  local src=$1 dir=$2
  shift 2
  cmake -S "$src" -B "$dir" -DCMAKE_BUILD_TYPE=Release -DNQ_BUILD_TESTS=OFF -DNQ_WEB=OFF "$@" >/dev/null
  cmake --build "$dir" -j 2 --target nqueens >/dev/null
}
build "$tmp/base-src" "$tmp/base" -DNQ_NATIVE=ON
build "$root" "$tmp/new" -DNQ_NATIVE=ON
if [ "$cg" = 1 ]; then
  build "$tmp/base-src" "$tmp/base-v3" -DNQ_NATIVE=OFF -DCMAKE_C_FLAGS=-march=x86-64-v3
  build "$root" "$tmp/new-v3" -DNQ_NATIVE=OFF -DCMAKE_C_FLAGS=-march=x86-64-v3
fi

field() { awk -v n="$1" -v k="$2" '$1 == n { print $k }' "$table"; } # n, column (2 total, 3 unique)
json() { python3 -c "import json, sys; o = json.load(open(sys.argv[1])); print(o['total'], o['nodes'], o['kernel'])" "$1"; }

# cpu BIN KERNEL N THREADS: best user + sys seconds (and that run's wall seconds) of $runs counts;
# prints "nodes cpu wall kernel", after checking the total.
cpu() {
  local bin=$1 k=$2 n=$3 threads=$4 best="" wall="" t total nodes kern
  for _ in $(seq "$runs"); do
    t=$( { TIMEFORMAT='%R %U %S'; time NQ_KERNEL=$k "$bin" count "$n" --threads "$threads" --json >"$tmp/out.json"; } 2>&1 )
    read -r w c < <(awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' <<<"$t")
    if [ -z "$best" ] || awk -v a="$c" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$c wall=$w; fi
  done
  read -r total nodes kern < <(json "$tmp/out.json")
  [ "$total" = "$(field "$n" 2)" ] || { echo "n=$n $bin $k: total $total, OEIS $(field "$n" 2)" >&2; exit 1; }
  echo "$nodes $best $wall $kern"
}

kernels=(generic)
for k in avx2 avx512; do
  NQ_KERNEL=$k "$tmp/new/nqueens" count 4 >/dev/null 2>&1 && kernels+=("$k")
done
echo "base: $base ($(git -C "$root" rev-parse --short "$base")), new: $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD || echo ' (with uncommitted changes)')"
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| n | kernel | nodes base -> new | per fundamental | CPU s base | CPU s new | new speed |"
echo "|---|---|---|---|---|---|---|"
for n in "${ns[@]}"; do
  u=$(field "$n" 3)
  gen_nodes=""
  for k in "${kernels[@]}"; do
    read -r bn bt _ _ < <(cpu "$tmp/base/nqueens" "$k" "$n" 1)
    read -r nn nt _ _ < <(cpu "$tmp/new/nqueens" "$k" "$n" 1)
    [ -z "$gen_nodes" ] && gen_nodes=$nn
    [ "$nn" = "$gen_nodes" ] || { echo "n=$n $k: nodes $nn, generic $gen_nodes" >&2; exit 1; }
    printf '| %s | %s | %s -> %s | %.1f -> %.1f | %s | %s | %.2fx |\n' "$n" "$k" "$bn" "$nn" \
      "$(echo "$bn / $u" | bc -l)" "$(echo "$nn / $u" | bc -l)" "$bt" "$nt" "$(echo "$bt / $nt" | bc -l)"
  done
done
echo
echo "| n | new, default kernel | 1 thread CPU s (wall) | 2 threads CPU s (wall) | wall speed-up | CPU ratio |"
echo "|---|---|---|---|---|---|"
for n in "${ns[@]}"; do
  read -r _ c1 w1 k1 < <(cpu "$tmp/new/nqueens" auto "$n" 1)
  read -r _ c2 w2 _ < <(cpu "$tmp/new/nqueens" auto "$n" 2)
  printf '| %s | %s | %s (%s) | %s (%s) | %.2fx | %.2f |\n' "$n" "$k1" "$c1" "$w1" "$c2" "$w2" \
    "$(echo "$w1 / $w2" | bc -l)" "$(echo "$c2 / $c1" | bc -l)"
done
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"

if [ "$cg" = 1 ]; then
  echo
  echo "| n | instructions base (avx2, x86-64-v3) | new | ratio |"
  echo "|---|---|---|---|"
  for n in "${ns[@]}"; do
    [ "$n" -le "$cg_max" ] || continue
    ib=$(NQ_KERNEL=avx2 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$tmp/base-v3/nqueens" count "$n" --threads 1 2>&1 | awk '/refs/ { gsub(",", "", $NF); print $NF }')
    in=$(NQ_KERNEL=avx2 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$tmp/new-v3/nqueens" count "$n" --threads 1 2>&1 | awk '/refs/ { gsub(",", "", $NF); print $NF }')
    printf '| %s | %s | %s | %.2fx |\n' "$n" "$ib" "$in" "$(echo "$ib / $in" | bc -l)"
  done
fi
