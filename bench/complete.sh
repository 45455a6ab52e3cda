#!/usr/bin/env bash
# bench/complete.sh: `nqueens complete` on random excluded-diagonals instances (CSPLib problem 79)
# against MiniZinc with its bundled Gecode on bench/complete.mzn, side by side in one run.
#
#   bash bench/complete.sh          reduced set (the machine is shared): both solvers on
#                                   n = 10..21 (7 sizes x 3 D x 3 seeds); the library alone on
#                                   n = 10..21 x 5 D x 20 seeds (1200 instances) and 12 n = 23..25
#   bash bench/complete.sh --full   both solvers on n = 10..23 x 5 D x 40 seeds (2800 instances;
#                                   hours, MiniZinc dominating), then the same as above
#
#   bash bench/complete.sh --csplib DIR
#                                   the published CSPLib problem 79 instances of a CSPLib
#                                   checkout DIR (this script fetches nothing): see below
#
# Instances: bench/gen_diags.c N 2 SEED (every row and column keeps 2 free cells), the first D
# diagonals with D = n/2, 3n/4, n, 5n/4, 3n/2 (the satisfiable fraction drops from ~1 to ~0 there;
# the reduced side-by-side set uses 3n/4, n, 5n/4).
# Gecode runs the model twice: rows in order with the smallest column first (its first solution is
# then the lexicographically first completion, the answer nqueens gives: same task, and the two
# solutions are compared), and first-fail (any completion: less work than nqueens does).
# Ratios, all measured in this run:
# - solver: Gecode's own solveTime (MiniZinc's statistics) / nq_complete_first() timed inside one
#   process (bench/complete_driver.c), both wall-clock;
# - end to end: wall time of `minizinc --solver gecode` (lex) / wall time of `nqueens complete`,
#   one process per instance (start-up and MiniZinc's flattening included).
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

# --csplib DIR: DIR is a checkout of https://github.com/csplib/csplib (Problems/prob079/data/
# diag-N.tar.gz and Problems/prob079/results/run-diags-shiftqueens-processed.txt.gz, the runs of
# the JAIR 2017 bit solver). The HARD (default 100) instances of n = CSPLIB_N (default 19..21)
# that the published solver took longest on, plus the CSPLIB_ALL (default 0) first ids of each n
# at every published D, run through nq_complete_first() in one process (CPU s and nodes; the
# verdict must equal the published one); the SAT (default 10) hardest of them also through
# CaDiCaL (Debian's cadical) on the direct CNF encoding of bench/complete_cnf.c, stopped after
# SAT_TIMEOUT (default 60) s, a stopped run counting as SAT_TIMEOUT (its ratio a lower bound, +).
# THREADS (default 1): the library's threads (complete_driver --threads); the summary gives the
# median, 99th percentile and maximum of both CPU and wall seconds.
# Ratios divide by the library's CPU time floored at 1 ms (below that the clock is noise).
if [ "${1:-}" = "--csplib" ]; then
  dir=${2:?usage: bash bench/complete.sh --csplib DIR (a checkout of github.com/csplib/csplib)}
  p79=$dir/Problems/prob079
  pub=$p79/results/run-diags-shiftqueens-processed.txt.gz
  [ -f "$pub" ] || { echo "complete.sh: no $pub: give the root of a CSPLib checkout" >&2; exit 2; }
  if ! command -v cadical >/dev/null 2>&1; then
    echo "installing Debian's cadical (the SAT solver of the side-by-side runs)" >&2
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo=sudo
    $sudo apt-get install -y -qq --no-install-recommends cadical >/dev/null
  fi
  cmake --build "$build" --target bench_complete_driver bench_complete_cnf bench_cpu_time >/dev/null
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  sizes=${CSPLIB_N:-"19 20 21"} hard=${HARD:-100} nall=${CSPLIB_ALL:-0} nsat=${SAT:-10}
  sat_timeout=${SAT_TIMEOUT:-60}
  # Published lines: "n D 4 id path:Solutions: S Nodes: X Timeout: T Time: SECONDS".
  zcat "$pub" | awk -v sz=" $sizes " 'index(sz, " " $1 " ") {
      s = $0; sub(/.*Solutions: /, "", s); split(s, a, " ")
      t = $0; sub(/.*Timeout: /, "", t); split(t, b, " ")
      u = $0; sub(/.*Time: /, "", u); split(u, c, " ")
      print $1, $2, $4, (b[1] + 0 ? "timeout" : (a[1] + 0 ? "sat" : "unsat")), c[1] + 0 }' >"$work/pub"
  for n in $sizes; do
    tar -xzf "$p79/data/diag-$n.tar.gz" -C "$work"
  done
  { sort -k5 -g -r "$work/pub" | awk -v h="$hard" 'NR <= h'
    awk -v m="$nall" '$3 <= m' "$work/pub"; } | sort -u -k1,3 | sort -k5 -g -r >"$work/set"
  awk -v w="$work" '{ printf "%s/diag-%s/diag-%s-4-%s.param %s\n", w, $1, $1, $3, $2 }' "$work/set" >"$work/list"
  "$build/bench/complete_driver" --threads "${THREADS:-1}" <"$work/list" | paste -d' ' "$work/set" - >"$work/lib"
  # Fields: 1 n, 2 D, 3 id, 4 published verdict, 5 published s, 6 library CPU s, 7 wall s,
  # 8 verdict, 9 nodes, 10 columns.
  bad=$(awk '$4 != "timeout" && $4 != $8' "$work/lib")
  if [ -n "$bad" ]; then
    echo "MISMATCH with the published verdicts (n D id published - library):" >&2
    echo "$bad" | cut -d' ' -f1-4,8 >&2
    exit 1
  fi
  echo "CSPLib prob079, n = $sizes: $(wc -l <"$work/lib") instances (the $hard slowest published, plus ids <= $nall)"
  # The quantiles from one sort (a whole n at every D is 42,000 runs).
  cut -d' ' -f6 "$work/lib" | sort -g >"$work/cpu"
  cut -d' ' -f7 "$work/lib" | sort -g >"$work/wall"
  q() { awk -v p="$2" '{ a[NR] = $1 } END { i = int(p * NR + 0.999999); if (i < 1) i = 1; print a[i] }' "$1"; }
  awk '{ k++; r[k] = $5 / ($6 > 0.001 ? $6 : 0.001); tl += $6; tp += $5; nd += $9; sat += ($8 == "sat")
      if ($6 > mx) mx = $6; over += ($6 > 0.5) }
    END { printf "library: %d sat, total CPU %.2fs (published %.1fs), max %.3fs, %d over 0.5s, %.0f nodes\n", sat, tl, tp, mx, over, nd }' "$work/lib"
  for c in cpu wall; do
    awk -v c="$c" -v m="$(q "$work/$c" 0.5)" -v p99="$(q "$work/$c" 0.99)" '{ x = $1; k++
        if (x > mx) mx = x; a += (x > 0.25); b += (x > 0.5); d += (x > 1) }
      END { printf "  %s (threads %s): median %.5fs, 99th percentile %.4fs, max %.3fs; over 0.25 s %d, over 0.5 s %d, over 1 s %d (of %d)\n", c, ENVIRON["THREADS"] ? ENVIRON["THREADS"] : 1, m, p99, mx, a, b, d, k }' "$work/$c"
  done
  awk '{ print $5 / ($6 > 0.001 ? $6 : 0.001) }' "$work/lib" | sort -g >"$work/ratio"
  echo "  median ratio published/library $(q "$work/ratio" 0.5 | awk '{ printf "%.0f", $1 }')x"
  echo "slowest for the library (n D id: CPU s, answer, nodes | published s):"
  sort -k6 -g -r "$work/lib" | awk 'NR <= 10 { printf "  diag-%s-4-%s D=%s: %.3fs %s %s nodes | %.1fs\n", $1, $3, $2, $6, $8, $9, $5 }'
  echo "side by side with $(cadical --version 2>/dev/null | head -1 | sed 's/^/CaDiCaL /') (direct CNF, timeout ${sat_timeout}s), the $nsat slowest for the library:"
  printf '  %-18s %3s %6s %9s %9s %8s %9s\n' instance D answer lib_cpu sat_cpu sat/lib published
  sort -k6 -g -r "$work/lib" | awk -v h="$nsat" 'NR <= h' | while read -r n d id pv pt lc lw a nodes sol; do
    "$build/bench/complete_cnf" "$work/diag-$n/diag-$n-4-$id.param" "$d" >"$work/f.cnf"
    rc=0
    "$build/bench/cpu_time" timeout "$sat_timeout" cadical -q "$work/f.cnf" >/dev/null 2>"$work/c.err" </dev/null || rc=$?
    sc=$(sed -n 's/^cpu=//p' "$work/c.err")
    case $rc in 10) sa=sat ;; 20) sa=unsat ;; 124) sa=timeout sc=$sat_timeout ;;
      *) echo "cadical failed (exit $rc) on diag-$n-4-$id D=$d" >&2; exit 1 ;; esac
    if [ "$sa" != timeout ] && [ "$sa" != "$a" ]; then
      echo "MISMATCH diag-$n-4-$id D=$d: library $a, CaDiCaL $sa" >&2
      exit 1
    fi
    printf '  diag-%-13s %3s %6s %8.3fs %8.2fs %7.0fx%s %8.1fs\n' "$n-4-$id" "$d" "$a" "$lc" "$sc" \
      "$(echo "$sc $lc" | awk '{ print $1 / ($2 > 0.001 ? $2 : 0.001) }')" "$([ "$sa" = timeout ] && echo + || echo " ")" "$pt"
  done
  exit 0
fi

if ! command -v minizinc >/dev/null 2>&1; then
  echo "installing Debian's minizinc (MiniZinc with Gecode) for the baseline" >&2
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo=sudo
  $sudo apt-get install -y -qq --no-install-recommends minizinc >/dev/null
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The benchmark's programs are targets of the build (cmake/bench.cmake).
cmake --build "$build" --target bench_gen_diags bench_complete_driver bench_cpu_time >/dev/null
gen=$build/bench/gen_diags
drv=$build/bench/complete_driver
cputime=$build/bench/cpu_time

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

# run_gecode DZN LEX -> "wall cpu solve answer cols": wall seconds of MiniZinc's flattening plus
# Gecode, CPU seconds of fzn-gecode (its start-up and FlatZinc parsing, about 0.05 s, included),
# Gecode's own solveTime (wall clock of the search), answer sat/unsat/timeout, and the columns of
# the solution joined by commas (or -).
run_gecode() {
  local t0 t1 out rc=0 st cpu sol a
  t0=$(now)
  minizinc -c --solver gecode -D "lex=$2" "$here/complete.mzn" "$1" --fzn "$work/m.fzn" \
    --ozn "$work/m.ozn" </dev/null >/dev/null 2>&1
  out=$("$cputime" timeout "$mzn_timeout" fzn-gecode -s "$work/m.fzn" 2>"$work/m.err" </dev/null) || rc=$?
  t1=$(now)
  cpu=$(sed -n 's/^cpu=//p' "$work/m.err")
  if [ $rc = 124 ]; then echo "$(( (t1 - t0) / 1000 ))e-6 $cpu $mzn_timeout timeout -"; return; fi
  case $out in *UNSATISFIABLE*) a=unsat ;; *----------*) a=sat ;; *) echo "fzn-gecode failed on $1" >&2; exit 1 ;; esac
  st=$(printf '%s\n' "$out" | sed -n 's/^%%%mzn-stat: solveTime=//p' | head -1)
  sol=$(printf '%s\n' "$out" | sed -n 's/^q = array1d([^[]*\[\(.*\)\]);/\1/p' | head -1 | tr -d ' ')
  echo "$(( (t1 - t0) / 1000 ))e-6 $cpu ${st:-0} $a ${sol:--}"
}

if [ $full = 1 ]; then
  sizes="10 11 12 13 14 15 16 17 18 19 20 21 22 23"; seeds=40; fractions="4 6 8 10 12"
else
  sizes="10 12 14 16 18 20 21"; seeds=3; fractions="6 8 10"
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
  read -r cl wl al nodes sl <<<"$(sed -n "${i}p" "$work/lib")"
  read -r tq aq <<<"$(run_nq "$file" "$d")"
  read -r wg cg sg ag solg <<<"$(run_gecode "${file}_$d.dzn" true)"
  read -r wf cf sf af solf <<<"$(run_gecode "${file}_$d.dzn" false)"
  base=${file##*/i_}
  n=${base%%_*}; seed=${base#*_}
  if [ "$aq" != "$al" ] || { [ "$ag" != timeout ] && [ "$ag $solg" != "$al $sl" ]; } ||
    { [ "$af" != timeout ] && [ "$af" != "$al" ]; }; then
    echo "MISMATCH n=$n seed=$seed D=$d: library $al $sl, nqueens $aq, Gecode lex $ag $solg, first-fail $af" >&2
    exit 1
  fi
  echo "$n $seed $d $cl $wl $al $nodes $tq $wg $cg $sg $ag $cf $sf $af" >>"$work/all"
done <"$work/list"
# Fields: 1 n, 2 seed, 3 D, 4 library CPU s, 5 library wall s, 6 answer, 7 nodes, 8 nqueens
# process wall s, 9 MiniZinc+Gecode lex wall s, 10 Gecode lex CPU s, 11 Gecode lex solveTime,
# 12 its answer, 13 Gecode first-fail CPU s, 14 its solveTime, 15 its answer.
cat <<'TXT'
lib: nq_complete_first() in one process (CPU s); lex: Gecode, rows in order and the smallest
column first, so it finds the same lexicographically first completion (compared); ff: Gecode
first-fail (any completion, less work). Ratios are medians of per-instance ratios:
cpu_x = Gecode CPU (fzn-gecode process) / library CPU; search_x = Gecode solveTime / library
wall; e2e_x = MiniZinc + Gecode (lex) wall / `nqueens complete` process wall.
TXT
printf '%-3s %4s %4s %9s %9s %9s %9s %7s %7s %7s %7s %6s %5s %5s\n' n inst sat lib_med lib_max lex_med lex_max lex_cpu_x ff_cpu_x lex_search_x ff_search_x e2e_x tmlex tmff
for n in $sizes; do
  awk -v n="$n" "$median"'
    $1 == n { k++; l[k] = $4 + 0; g[k] = $10 + 0; a[k] = ($10 + 0) / ($4 + 1e-7); b[k] = ($13 + 0) / ($4 + 1e-7)
      c[k] = ($11 + 0) / ($5 + 1e-7); d[k] = ($14 + 0) / ($5 + 1e-7); e[k] = ($9 + 0) / ($8 + 0)
      sat += ($6 == "sat"); to += ($12 == "timeout"); tf += ($15 == "timeout")
      if ($4 + 0 > lmax) lmax = $4 + 0; if ($10 + 0 > gmax) gmax = $10 + 0 }
    END { printf "%-3s %4d %4d %8.4fs %8.4fs %8.3fs %8.3fs %8.0fx %7.0fx %11.0fx %10.0fx %5.0fx %5d %5d\n", n, k, sat, median(l, k), lmax, median(g, k), gmax, median(a, k), median(b, k), median(c, k), median(d, k), median(e, k), to, tf }' "$work/all"
done
awk "$median"'
  { k++; a[k] = ($10 + 0) / ($4 + 1e-7); b[k] = ($13 + 0) / ($4 + 1e-7); c[k] = ($11 + 0) / ($5 + 1e-7)
    d[k] = ($14 + 0) / ($5 + 1e-7); e[k] = ($9 + 0) / ($8 + 0); tl += $4; tg += $10; tf += $13 }
  END { printf "all %d: median CPU ratio %.0fx vs Gecode lex, %.0fx vs Gecode first-fail; median search-time ratio %.0fx (lex), %.0fx (first-fail); median end-to-end ratio %.0fx\n", k, median(a, k), median(b, k), median(c, k), median(d, k), median(e, k)
    printf "total CPU: library %.2fs, Gecode lex %.1fs, Gecode first-fail %.1fs\n", tl, tg, tf }' "$work/all"
echo "slowest for the library (n seed D: library CPU | Gecode lex CPU | Gecode first-fail CPU):"
sort -k4 -g -r "$work/all" | awk 'NR <= 5 { printf "  n=%s seed=%s D=%s: %.3fs %s (%s nodes) | %.3fs %s | %.3fs %s\n", $1, $2, $3, $4, $6, $7, $10, $12, $13, $15 }'

solo_seeds=$([ $full = 1 ] && echo 40 || echo 20)
echo "the library alone (CPU s in one process): n = 10..21, $solo_seeds seeds x D = n/2, 3n/4, n, 5n/4, 3n/2"
: >"$work/list"
for n in 10 11 12 13 14 15 16 17 18 19 20 21; do
  for seed in $(seq 101 $((100 + solo_seeds))); do
    "$gen" "$n" 2 "$seed" >"$work/s_${n}_$seed"
    for f in 4 6 8 10 12; do echo "$work/s_${n}_$seed $((n * f / 8))"; done >>"$work/list"
  done
done
"$drv" <"$work/list" | cut -d' ' -f1,3,4 | paste -d' ' "$work/list" - >"$work/solo"
printf '%-4s %5s %5s %11s %11s %8s\n' n inst sat median max over_1s
for n in 10 11 12 13 14 15 16 17 18 19 20 21; do
  grep "/s_${n}_" "$work/solo" | awk -v n="$n" "$median"'
    { k++; q[k] = $3 + 0; sat += ($4 == "sat"); if ($3 + 0 > mx) mx = $3 + 0; over += ($3 + 0 > 1) }
    END { printf "%-4s %5d %5d %10.4fs %10.4fs %8d\n", n, k, sat, median(q, k), mx, over }'
done
echo "hardest of them:"
sort -k3 -g -r "$work/solo" | sed "s|$work/s_||" | awk 'NR <= 5 { split($1, p, "_"); printf "  n=%s seed=%s D=%s: %.3fs %s (%s nodes)\n", p[1], p[2], $2, $3, $4, $5 }'

echo "larger boards, the library alone (n seed D: CPU seconds, answer, nodes):"
big_seeds=$([ $full = 1 ] && echo "1 2 3 4" || echo "1 2")
: >"$work/list"
for n in 23 24 25; do
  for seed in $big_seeds; do
    "$gen" "$n" 2 "$seed" >"$work/b_${n}_$seed"
    for f in 5 6 8; do echo "$work/b_${n}_$seed $((n * f / 8))"; done >>"$work/list"
  done
done
while read -r file d; do # one at a time, so that each line shows as soon as it is solved
  base=${file##*/b_}
  read -r c _ a nodes _ <<<"$(echo "$file $d" | "$drv")"
  printf '  n=%s seed=%s D=%s: %.3fs %s (%s nodes)\n' "${base%%_*}" "${base#*_}" "$d" "$c" "$a" "$nodes"
done <"$work/list"
