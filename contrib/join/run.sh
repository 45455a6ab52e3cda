#!/usr/bin/env bash
# contrib/join/run.sh: the whole-board quadrant join of quadrants.c against the library's count
# (backtracking, the default method), one thread each, n = NMIN..NMAX, side by side in one run;
# then both on THREADS threads. Every count of the prototype (total, fundamental, orbits) is
# checked against tests/data/counts.txt (its lines end in OK), the library checks its own.
# Usage: bash contrib/join/run.sh [NMIN [NMAX [THREADS]]]   (default 14 16 2; build/nqueens
# must exist: make build). n = 18 takes about 2 s joined and 7 s backtracked on a Zen 5, n = 20
# minutes. The prototype is built with 512-bit blocks (-DQB=512) where the CPU has
# AVX512-VPOPCNTDQ, else with 256-bit ones. With KLUEV_BIN=DIR, DIR/nqueens-N (Kluev's counter,
# built for board size N as bench/join.sh builds it) runs too, on 1 thread, its total checked.
# Ratios are printed where both CPU times are at least 0.05 s (/usr/bin/time measures 10 ms).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$here/../..
export JOIN_COUNTS=$root/tests/data/counts.txt
nmin=${1:-14}
nmax=${2:-$((nmin > 16 ? nmin : 16))}
threads=${3:-2}
nq=${NQUEENS:-$root/build/nqueens}
[ -x /usr/bin/time ] || { echo "run.sh: /usr/bin/time not found (Debian package time)" >&2; exit 2; }
[ -x "$nq" ] || { echo "run.sh: $nq not found: run make build first (or set NQUEENS)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
qb=256
grep -qw avx512_vpopcntdq /proc/cpuinfo && qb=512
cc -O3 -march=native -fopenmp -DQB=$qb -o "$tmp/quadrants" "$here/quadrants.c"
echo "join built with QB=$qb"
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)," \
  "family $(grep -m1 'cpu family' /proc/cpuinfo | cut -d: -f2 | xargs)" \
  "model $(grep -m1 '^model' /proc/cpuinfo | cut -d: -f2 | xargs), load: $(cut -d' ' -f1-3 /proc/loadavg)"
cpu() { # COMMAND...: its CPU seconds (user + sys) on stdout, its output in $tmp/out
  /usr/bin/time -o "$tmp/time" -f '%U %S' "$@" >"$tmp/out"
  awk '{printf "%.3f", $1 + $2}' "$tmp/time"
}
for t in 1 "$threads"; do
  for ((n = nmin; n <= nmax; n++)); do
    j=$(cpu "$tmp/quadrants" "$n" "$n" "$t")
    grep -q ' OK$' "$tmp/out" || { echo "join n=$n: wrong total: $(cat "$tmp/out")" >&2; exit 1; }
    jw=$(sed -E 's/.* wall=([0-9.]+).*/\1/' "$tmp/out")
    b=$(cpu "$nq" count "$n" --threads "$t" --method backtrack --json)
    bw=$(sed -E 's/.*"seconds":([0-9.]+).*/\1/' "$tmp/out")
    awk -v n="$n" -v t="$t" -v j="$j" -v b="$b" -v jw="$jw" -v bw="$bw" 'BEGIN {
      printf "n=%-3d threads=%d  backtrack %8.3f s CPU %8.3f s wall   join %8.3f s CPU %8.3f s wall   backtrack CPU / join CPU %s\n",
        n, t, b, bw, j, jw, (b >= 0.05 && j >= 0.05) ? sprintf("%.2f", b / j) : "-" }'
    if [ "$t" = 1 ] && [ -n "${KLUEV_BIN:-}" ] && [ -x "$KLUEV_BIN/nqueens-$n" ]; then
      k=$(cpu "$KLUEV_BIN/nqueens-$n" 1)
      want=$(awk -v n="$n" '$1 == n { t = $2 } END { print t }' "$JOIN_COUNTS")
      grep -q "^Result: $want\$" "$tmp/out" || { echo "kluev n=$n: wrong total: $(cat "$tmp/out")" >&2; exit 1; }
      awk -v n="$n" -v k="$k" -v j="$j" -v b="$b" 'BEGIN {
        printf "n=%-3d threads=1  kluev %8.3f s CPU   kluev CPU / join CPU %s   kluev CPU / backtrack CPU %s\n",
          n, k, (k >= 0.05 && j >= 0.05) ? sprintf("%.2f", k / j) : "-", (k >= 0.05 && b >= 0.05) ? sprintf("%.2f", k / b) : "-" }'
    fi
  done
done
