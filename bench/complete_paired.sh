#!/usr/bin/env bash
# bench/complete_paired.sh: two builds of the completion side by side on the published CSPLib
# problem 79 instances, interleaved, so that a loaded or drifting machine weighs on both alike.
#
#   bash bench/complete_paired.sh DIR BEFORE AFTER [ROUNDS]
#
# DIR: a checkout of github.com/csplib/csplib (this script fetches nothing); BEFORE and AFTER: two
# builds of bench/complete_driver (e.g. one built from the commit before a change, copied aside,
# and build/bench/complete_driver). Three sets, each run ROUNDS times (default 3), instance by
# instance, BEFORE and AFTER one after the other (AFTER first in even rounds): the five instances
# issue 38 names (diag-21-4-518 D = 14, 15, 16, 698 D = 14, 110 D = 17), ids 1..100 of diag-21
# at D = 14..17 (the threshold at n = 21), and the 100 runs of n = 19..21 that the published
# solver took longest on (bench/complete.sh --csplib's HARD set).
# Per instance the median CPU time of the rounds; per set the sums, medians, maxima, how many
# take over 0.5 s and 0.25 s, the nodes, and every instance where AFTER is slower on the median
# (by more than 10% and 2 ms) or searches more nodes. Both verdicts must equal the published one,
# and both completions must be the same. Environment: CLOCK=wall compares wall-clock seconds
# instead of CPU (e.g. one build on 1 and 2 threads: BEFORE and AFTER may be scripts that run
# `complete_driver --threads T`); SETS="five hard" runs only those sets (default: all three), and
# SETS may name a fourth, gen: the instances of bench/gen_diags.c (CSPLib's rule) at n = 22..25,
# seeds 1..3, D = 3n/4, 7n/8, n (36, no published verdicts: the two builds must agree; GEN_DIAGS
# names the generator, default build/bench/gen_diags; the slowest takes half a minute a round).
set -euo pipefail
if [ $# -lt 3 ]; then # bench/run runs every bench/*.sh without arguments: nothing to compare then
  echo "complete_paired.sh: skipped (usage: bash bench/complete_paired.sh DIR BEFORE AFTER [ROUNDS])"
  exit 0
fi
dir=${1:?usage: bash bench/complete_paired.sh DIR BEFORE AFTER [ROUNDS]}
before=${2:?usage: bash bench/complete_paired.sh DIR BEFORE AFTER [ROUNDS]}
after=${3:?usage: bash bench/complete_paired.sh DIR BEFORE AFTER [ROUNDS]}
rounds=${4:-3}
p79=$dir/Problems/prob079
pub=$p79/results/run-diags-shiftqueens-processed.txt.gz
[ -f "$pub" ] || { echo "complete_paired.sh: no $pub: give the root of a CSPLib checkout" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for n in 19 20 21; do tar -xzf "$p79/data/diag-$n.tar.gz" -C "$work"; done
# Published lines: "n D 4 id path:Solutions: S Nodes: X Timeout: T Time: SECONDS".
zcat "$pub" | awk 'index(" 19 20 21 ", " " $1 " ") {
    s = $0; sub(/.*Solutions: /, "", s); split(s, a, " ")
    t = $0; sub(/.*Timeout: /, "", t); split(t, b, " ")
    u = $0; sub(/.*Time: /, "", u); split(u, c, " ")
    print $1, $2, $4, (b[1] + 0 ? "timeout" : (a[1] + 0 ? "sat" : "unsat")), c[1] + 0 }' >"$work/pub"
printf '21 14 518\n21 15 518\n21 14 698\n21 17 110\n21 16 518\n' >"$work/five"
for id in $(seq 1 100); do for d in 14 15 16 17; do echo "21 $d $id"; done; done >"$work/sample"
sort -k5 -g -r "$work/pub" | awk 'NR <= 100 { print $1, $2, $3 }' >"$work/hard"
case " ${SETS:-} " in
*" gen "*)
  gen=${GEN_DIAGS:-$(cd "$(dirname "$0")/.." && pwd)/build/bench/gen_diags}
  for n in 22 23 24 25; do
    for seed in 1 2 3; do
      mkdir -p "$work/diag-$n"
      "$gen" "$n" 2 "$seed" >"$work/diag-$n/diag-$n-4-g$seed.param"
      for d in $((3 * n / 4)) $((7 * n / 8)) "$n"; do echo "$n $d g$seed"; done
    done
  done >"$work/gen"
  ;;
esac
med='function med(x, k,   i, j, t) { for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (x[j] < x[i]) { t = x[i]; x[i] = x[j]; x[j] = t }
  return k % 2 ? x[(k + 1) / 2] : (x[k / 2] + x[k / 2 + 1]) / 2 }'
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
field=1 # complete_driver's output: 1 CPU, 2 wall
[ "${CLOCK:-cpu}" = wall ] && field=2
echo "time compared: ${CLOCK:-cpu}"
for set in ${SETS:-five sample hard}; do
  awk -v w="$work" '{ printf "%s/diag-%s/diag-%s-4-%s.param %s\n", w, $1, $1, $3, $2 }' "$work/$set" >"$work/list"
  for r in $(seq 1 "$rounds"); do
    # Instance by instance, the two builds one after the other (which goes first alternates with
    # the rounds): this VM's speed drifts by 10-30% within minutes, which a whole set run by one
    # build and then by the other turned into differences of 20% on equal nodes (stop 53).
    : >"$work/b$r"
    : >"$work/a$r"
    while read -r line; do
      if [ $((r % 2)) = 1 ]; then
        echo "$line" | "$before" >>"$work/b$r"
        echo "$line" | "$after" >>"$work/a$r"
      else
        echo "$line" | "$after" >>"$work/a$r"
        echo "$line" | "$before" >>"$work/b$r"
      fi
    done <"$work/list"
    paste -d' ' "$work/b$r" "$work/a$r" | awk '$5 != $10 { print "MISMATCH: completions " $5 " and " $10; bad = 1 } END { exit bad }' >&2
  done
  # Per instance: the median CPU of the rounds, the verdict, the nodes.
  for x in b a; do
    paste -d' ' "$work/$x"[0-9]* | awk -v R="$rounds" -v F="$field" "$med"'
      { for (r = 0; r < R; r++) c[r + 1] = $(F + 5 * r); print med(c, R), $3, $4 }' >"$work/$x"
  done
  # Fields: 1 n, 2 D, 3 id, 4 CPU before, 5 verdict, 6 nodes, 7 CPU after, 8 verdict, 9 nodes.
  paste -d' ' "$work/$set" "$work/b" "$work/a" >"$work/all"
  awk 'NR == FNR { p[$1 " " $2 " " $3] = $4; next }
    { v = p[$1 " " $2 " " $3]; if ($5 != $8 || (v != "" && v != "timeout" && v != $5)) {
        printf "MISMATCH diag-%s-4-%s D=%s: published %s, before %s, after %s\n", $1, $3, $2, v, $5, $8; bad = 1 } }
    END { exit bad }' "$work/pub" "$work/all" >&2
  echo "== $set: $(wc -l <"$work/all") instances, $rounds rounds (${CLOCK:-cpu} s, median of the rounds per instance)"
  awk "$med"'{ k++; b[k] = $4; a[k] = $7; tb += $4; ta += $7; nb += $6; na += $9
      if ($4 > mb) mb = $4; if ($7 > ma) ma = $7; ob += ($4 > 0.5); oa += ($7 > 0.5); qb += ($4 > 0.25); qa += ($7 > 0.25) }
    END { printf "  before: sum %.3fs median %.4fs max %.3fs, %d over 0.5s, %d over 0.25s, %d nodes\n", tb, med(b, k), mb, ob, qb, nb
          printf "  after:  sum %.3fs median %.4fs max %.3fs, %d over 0.5s, %d over 0.25s, %d nodes\n", ta, med(a, k), ma, oa, qa, na }' "$work/all"
  awk '$7 > $4 * 1.1 && $7 > $4 + 0.002 || $9 > $6 { printf "  after slower or more nodes: diag-%s-4-%s D=%s %s: %.4fs %d nodes -> %.4fs %d nodes\n", $1, $3, $2, $5, $4, $6, $7, $9 }' "$work/all"
  case $set in five | gen) ;; *) continue ;; esac
  awk '{ printf "  diag-%s-4-%s D=%s %s: %.3fs %d nodes -> %.3fs %d nodes\n", $1, $3, $2, $5, $4, $6, $7, $9 }' "$work/all"
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
