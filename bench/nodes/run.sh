#!/usr/bin/env bash
# bench/nodes/run.sh: the measurements of bench/nodes/README.md, reproducible.
# Builds the count of a base revision (default: main) and of this tree, each with -march=native
# (NQ_NATIVE=ON) and in the default build, and prints for each n: nodes, nodes per fundamental
# solution and single-thread CPU time (user + sys, best of RUNS) of every build, side by side in
# one run, with the load average. With CALLGRIND=1 also the instructions (valgrind --tool=
# callgrind, builds for x86-64-v3: valgrind does not run AVX-512, which -march=native selects on
# Zen 4) for the n up to CALLGRIND_MAX.
# Usage: bash bench/nodes/run.sh [N...]   (default 14 15 16 17); RUNS=3 BASE=main CALLGRIND=1
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
ns=("$@")
[ ${#ns[@]} -gt 0 ] || ns=(14 15 16 17)
runs=${RUNS:-3}
base=${BASE:-main}
cg=${CALLGRIND:-0}
cg_max=${CALLGRIND_MAX:-16}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mkdir -p "$tmp/base"
git -C "$root" archive "$base" | tar -x -C "$tmp/base"
build() { # SRC DIR CMAKE-ARGS...
  local src=$1 dir=$2
  shift 2
  cmake -S "$src" -B "$dir" -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
  cmake --build "$dir" -j 2 --target nqueens >/dev/null
}
build "$tmp/base" "$tmp/base-native" -DNQ_NATIVE=ON
build "$root" "$tmp/new-native" -DNQ_NATIVE=ON
build "$tmp/base" "$tmp/base-default"
build "$root" "$tmp/new-default"
if [ "$cg" = 1 ]; then
  build "$tmp/base" "$tmp/base-v3" -DCMAKE_C_FLAGS=-march=x86-64-v3
  build "$root" "$tmp/new-v3" -DCMAKE_C_FLAGS=-march=x86-64-v3
fi

unique() { awk -v n="$1" '$1 == n { print $3 }' /work/shared/data/counts.txt; }

# cpu BIN N: best user + sys seconds of $runs single-thread counts; prints "nodes cpu".
cpu() {
  local bin=$1 n=$2 best="" t nodes
  for _ in $(seq "$runs"); do
    t=$( { TIMEFORMAT='%U %S'; time "$bin" count "$n" --threads 1 --json >"$tmp/out.json"; } 2>&1 )
    t=$(awk '{ printf "%.3f", $1 + $2 }' <<<"$t")
    if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
  done
  nodes=$(python3 -c "import json; print(json.load(open('$tmp/out.json'))['nodes'])")
  echo "$nodes $best"
}

echo "base: $base ($(git -C "$root" rev-parse --short "$base")), new: $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet || echo ' (with uncommitted changes)')"
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores"
echo
echo "| n | build | nodes | nodes / fundamental | CPU s base | CPU s new | new / base speed |"
echo "|---|---|---|---|---|---|---|"
for n in "${ns[@]}"; do
  u=$(unique "$n")
  for flavour in native default; do
    read -r bn bt < <(cpu "$tmp/base-$flavour/nqueens" "$n")
    read -r nn nt < <(cpu "$tmp/new-$flavour/nqueens" "$n")
    printf '| %s | %s | %s -> %s | %.1f -> %.1f | %s | %s | %.2fx |\n' "$n" "$flavour" "$bn" "$nn" \
      "$(echo "$bn / $u" | bc -l)" "$(echo "$nn / $u" | bc -l)" "$bt" "$nt" "$(echo "$bt / $nt" | bc -l)"
  done
done
echo
echo "load average during the run: $(cut -d' ' -f1-3 /proc/loadavg)"

if [ "$cg" = 1 ]; then
  echo
  echo "| n | build | instructions base | instructions new | ratio |"
  echo "|---|---|---|---|---|"
  for n in "${ns[@]}"; do
    [ "$n" -le "$cg_max" ] || continue
    for flavour in v3 default; do
      ib=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$tmp/base-$flavour/nqueens" count "$n" --threads 1 2>&1 | awk '/refs/ { gsub(",", "", $NF); print $NF }')
      in=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$tmp/new-$flavour/nqueens" count "$n" --threads 1 2>&1 | awk '/refs/ { gsub(",", "", $NF); print $NF }')
      printf '| %s | %s | %s | %s | %.2fx |\n' "$n" "$flavour" "$ib" "$in" "$(echo "$ib / $in" | bc -l)"
    done
  done
fi
