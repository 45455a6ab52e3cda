#!/usr/bin/env bash
# bench/complete.sh: `nqueens complete` on random excluded-diagonals instances (CSPLib problem 79)
# against MiniZinc with its bundled Gecode on bench/complete.mzn, side by side in one run.
#
#   bash bench/complete.sh          reduced set (the machine is shared): both solvers on
#                                   n = 10..21 (7 sizes x 3 D x 3 seeds); the library alone on
#                                   n = 10..21 x 5 D x 20 seeds (1200 instances) and a few n = 23..25
#   bash bench/complete.sh --full   both solvers on n = 10..23 x 5 D x 40 seeds (2800 instances;
#                                   hours, MiniZinc dominating), then the same as above
#
# Instances: bench/gen_diags.c N 2 SEED (every row and column keeps 2 free cells), the first D
# diagonals with D = n/2, 5n/8, 3n/4, 7n/8, n (the satisfiable fraction drops from ~1 to ~0 there).
# Two ratios, both measured in this run:
# - solver: Gecode's own solveTime (MiniZinc's statistics) / nq_complete_first() timed inside one
#   process (bench/complete_driver.c), both wall-clock;
# - end to end: wall time of `minizinc --solver gecode` / wall time of `nqueens complete`, one
#   process per instance (start-up and MiniZinc's flattening included).
# MiniZinc is stopped after MZN_TIMEOUT seconds (default 20); such a run counts as MZN_TIMEOUT
# seconds, so its ratios are lower bounds. Every instance solved by both must get the same answer.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build=${NQ_BUILD:-$root/build}
NQ=$build/nqueens
full=0
[ "${1:-}" = "--full" ] && full=1
mzn_timeout=${MZN_TIMEOUT:-20}

if ! command -v minizinc >/dev/null 2>&1; then
  echo "installing Debian's minizinc (MiniZinc with Gecode) for the baseline" >&2
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo=sudo
  $sudo apt-get install -y -qq --no-install-recommends minizinc >/dev/null
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gen=$work/gen_diags
drv=$work/complete_driver
cc -O2 -o "$gen" "$here/gen_diags.c"
cc -O2 -I"$root/include" -o "$drv" "$here/complete_driver.c" "$build/libnqueens.a" -fopenmp

now() { date +%s%N; }

# run_nq FILE D -> "seconds answer" (answer sat/unsat)
run_nq() {
  local t0 t1 rc=0
  t0=$(now)
  "$NQ" complete "$1" --diagonals "$2" --format cols </dev/null >/dev/null 2>&1 || rc=$?
  t1=$(now)
  case $rc in 0) a=sat ;; 1) a=unsat ;; *) echo "nqueens failed (exit $rc) on $1 D=$2" >&2; exit 1 ;; esac
  echo "$(( (t1 - t0) / 1000 ))e-6 $a"
}

# run_mzn DZN -> "wall_seconds solve_seconds answer" (answer sat/unsat/timeout)
run_mzn() {
  local t0 t1 out rc=0 st
  t0=$(now)
  out=$(timeout "$mzn_timeout" minizinc --solver gecode -s "$here/complete.mzn" "$1" 2>/dev/null </dev/null) || rc=$?
  t1=$(now)
  if [ $rc = 124 ]; then echo "$mzn_timeout $mzn_timeout timeout"; return; fi
  case $out in *UNSATISFIABLE*) a=unsat ;; *----------*) a=sat ;; *) echo "minizinc failed on $1" >&2; exit 1 ;; esac
  st=$(printf '%s\n' "$out" | sed -n 's/^%%%mzn-stat: solveTime=//p' | head -1)
  echo "$(( (t1 - t0) / 1000 ))e-6 ${st:-0} $a"
}

if [ $full = 1 ]; then
  sizes="10 11 12 13 14 15 16 17 18 19 20 21 22 23"; seeds=40; fractions="4 5 6 7 8"
else
  sizes="10 12 14 16 18 20 21"; seeds=3; fractions="4 6 8"
fi

median='function median(a, k,   i, j, t) { for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
  return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2 }'

echo "side by side: nqueens vs minizinc --solver gecode $(minizinc --version | head -1 | sed 's/.*version //') (timeout ${mzn_timeout}s)"
: >"$work/list"
for n in $sizes; do
  for seed in $(seq 1 $seeds); do
    "$gen" "$n" 2 "$seed" >"$work/i_${n}_$seed"
    for f in $fractions; do
      d=$((n * f / 8))
      "$gen" "$n" 2 "$seed" "$d" >"$work/i_${n}_${seed}_$d.dzn"
      echo "$work/i_${n}_$seed $d" >>"$work/list"
    done
  done
done
"$drv" <"$work/list" >"$work/lib"
: >"$work/all"
i=0
while read -r file d; do
  i=$((i + 1))
  read -r tl al nodes <<<"$(sed -n "${i}p" "$work/lib")"
  read -r tq aq <<<"$(run_nq "$file" "$d")"
  read -r tm ts am <<<"$(run_mzn "${file}_$d.dzn")"
  base=${file##*/i_}
  n=${base%%_*}; seed=${base#*_}
  if [ "$aq" != "$al" ] || { [ "$am" != timeout ] && [ "$am" != "$aq" ]; }; then
    echo "MISMATCH n=$n seed=$seed D=$d: library $al, nqueens $aq, minizinc $am" >&2
    exit 1
  fi
  echo "$n $seed $d $tl $al $nodes $tq $tm $ts $am" >>"$work/all"
done <"$work/list"
printf '%-4s %5s %4s %11s %11s %11s %11s %10s %10s %6s\n' n inst sat lib_median lib_max gecode_med gecode_max solver_x end2end_x tmout
for n in $sizes; do
  awk -v n="$n" "$median"'
    $1 == n { k++; l[k] = $4 + 0; g[k] = $9 + 0; rs[k] = ($9 + 0) / ($4 + 1e-7); re[k] = ($8 + 0) / ($7 + 0)
      sat += ($5 == "sat"); to += ($10 == "timeout"); if ($4 + 0 > lmax) lmax = $4 + 0; if ($9 + 0 > gmax) gmax = $9 + 0 }
    END { printf "%-4s %5d %4d %10.4fs %10.4fs %10.3fs %10.3fs %9.0fx %9.0fx %6d\n", n, k, sat, median(l, k), lmax, median(g, k), gmax, median(rs, k), median(re, k), to }' "$work/all"
done
awk "$median"'
  { k++; rs[k] = ($9 + 0) / ($4 + 1e-7); re[k] = ($8 + 0) / ($7 + 0); tl += $4; tg += $9 }
  END { printf "all %d: median solver ratio %.0fx, median end-to-end ratio %.0fx; total search %.2fs (library) vs %.1fs (Gecode)\n", k, median(rs, k), median(re, k), tl, tg }' "$work/all"
echo "slowest for the library (n seed D: library | Gecode solveTime):"
sort -k4 -g -r "$work/all" | head -5 | awk '{ printf "  n=%s seed=%s D=%s: %.3fs %s (%s nodes) | %.3fs %s\n", $1, $2, $3, $4, $5, $6, $9, $10 }'

solo_seeds=$([ $full = 1 ] && echo 40 || echo 20)
echo "the library alone (in one process): n = 10..21, $solo_seeds seeds x D = n/2, 5n/8, 3n/4, 7n/8, n"
: >"$work/list"
for n in 10 11 12 13 14 15 16 17 18 19 20 21; do
  for seed in $(seq 101 $((100 + solo_seeds))); do
    "$gen" "$n" 2 "$seed" >"$work/s_${n}_$seed"
    for f in 4 5 6 7 8; do echo "$work/s_${n}_$seed $((n * f / 8))"; done >>"$work/list"
  done
done
"$drv" <"$work/list" | paste -d' ' "$work/list" - >"$work/solo"
printf '%-4s %5s %5s %11s %11s %8s\n' n inst sat median max over_1s
for n in 10 11 12 13 14 15 16 17 18 19 20 21; do
  grep "/s_${n}_" "$work/solo" | awk -v n="$n" "$median"'
    { k++; q[k] = $3 + 0; sat += ($4 == "sat"); if ($3 + 0 > mx) mx = $3 + 0; over += ($3 + 0 > 1) }
    END { printf "%-4s %5d %5d %10.4fs %10.4fs %8d\n", n, k, sat, median(q, k), mx, over }'
done
echo "hardest of them:"
sort -k3 -g -r "$work/solo" | head -3 | sed "s|$work/s_||" | awk '{ split($1, p, "_"); printf "  n=%s seed=%s D=%s: %.3fs %s (%s nodes)\n", p[1], p[2], $2, $3, $4, $5 }'

echo "larger boards, the library alone (n seed D: seconds answer nodes):"
big_seeds=$([ $full = 1 ] && echo "1 2 3 4" || echo "1 2")
: >"$work/list"
for n in 23 24 25; do
  for seed in $big_seeds; do
    "$gen" "$n" 2 "$seed" >"$work/b_${n}_$seed"
    for f in 5 6; do echo "$work/b_${n}_$seed $((n * f / 8))"; done >>"$work/list"
  done
done
"$drv" <"$work/list" | paste -d' ' "$work/list" - | sed "s|$work/b_||" |
  awk '{ split($1, p, "_"); printf "  n=%s seed=%s D=%s: %.3fs %s (%s nodes)\n", p[1], p[2], $2, $3, $4, $5 }'
