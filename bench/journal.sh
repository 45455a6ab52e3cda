#!/usr/bin/env bash
# bench/journal.sh: what the checkpoint journal and the MPI layer cost, measured side by side in one
# run at n = 17 (NQ_BENCH_N): `nqueens count --threads 2` (the baseline), the same with
# --checkpoint (a fresh journal each time), and `nqueens-mpi` with 2 ranks x 1 thread. The runs
# are interleaved and repeated (NQ_BENCH_REPS, default 3) and the medians compared, because other
# work on the machine moves single timings. Times are the counts' own "seconds" (--json); for
# MPI the wall time of the whole mpirun, start-up included, is shown too.
# Then the per-core rate and the growth factor from n-1 to n give a time estimate for n = 20..27.
set -euo pipefail
root=${NQ_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
build=${NQ_BUILD:-$root/build}
NQ=$build/nqueens
MPI_NQ=$build/nqueens-mpi
n=${NQ_BENCH_N:-17}
reps=${NQ_BENCH_REPS:-3}
tmp=$(mktemp -d /tmp/nq-bench-journal.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
[ -x "$NQ" ] || { echo "build first: make build" >&2; exit 1; }
have_mpi=1
if ! command -v mpirun >/dev/null 2>&1 || [ ! -x "$MPI_NQ" ]; then
    have_mpi=0
    echo "note: mpirun or nqueens-mpi missing: the MPI comparison is skipped"
fi
MPIRUN=(mpirun --allow-run-as-root --oversubscribe)
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0

seconds_of() { sed -n 's/.*"seconds":\([0-9.]*\).*/\1/p'; }
nodes_of() { sed -n 's/.*"nodes":\([0-9]*\).*/\1/p'; }
now() { date +%s.%N; }
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

: >"$tmp/base"
: >"$tmp/ckpt"
: >"$tmp/mpi"
: >"$tmp/mpiwall"
for r in $(seq 1 "$reps"); do
    out=$("$NQ" count "$n" --threads 2 --json --no-progress)
    echo "$out" | seconds_of >>"$tmp/base"
    echo "$out" | nodes_of >"$tmp/nodes"
    rm -f "$tmp/j"
    out=$("$NQ" count "$n" --threads 2 --json --no-progress --checkpoint "$tmp/j")
    echo "$out" | seconds_of >>"$tmp/ckpt"
    if [ $have_mpi -eq 1 ]; then
        t0=$(now)
        out=$("${MPIRUN[@]}" -np 2 "$MPI_NQ" count "$n" --threads 1 --json --no-progress)
        t1=$(now)
        echo "$out" | seconds_of >>"$tmp/mpi"
        awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f\n", b - a }' >>"$tmp/mpiwall"
    fi
    echo "rep $r: count --threads 2 $(tail -1 "$tmp/base") s, --checkpoint $(tail -1 "$tmp/ckpt") s$(
        [ $have_mpi -eq 1 ] && echo ", nqueens-mpi 2x1 $(tail -1 "$tmp/mpi") s ($(tail -1 "$tmp/mpiwall") s with mpirun)")"
done
base=$(median <"$tmp/base")
ckpt=$(median <"$tmp/ckpt")
records=$(($(wc -l <"$tmp/j") - 1))
bytes=$(stat -c %s "$tmp/j")
echo "n=$n, medians of $reps: count --threads 2: $base s"
awk -v b="$base" -v c="$ckpt" -v r="$records" -v by="$bytes" 'BEGIN {
    printf "  --checkpoint: %.3f s, overhead %+.2f%% (%d records, %d bytes)\n", c, 100 * (c / b - 1), r, by }'
if [ $have_mpi -eq 1 ]; then
    mpi=$(median <"$tmp/mpi")
    wall=$(median <"$tmp/mpiwall")
    awk -v b="$base" -v m="$mpi" -v w="$wall" 'BEGIN {
        printf "  nqueens-mpi 2 ranks x 1 thread: %.3f s, ratio to count --threads 2: %.3f (%+.1f%%); with mpirun start-up %.3f s\n", m, m / b, 100 * (m / b - 1), w }'
fi

# Time estimate: per-core rate from the two-thread runs, growth factor from a count of n - 1.
prev=$("$NQ" count $((n - 1)) --threads 2 --json --no-progress)
tprev=$(echo "$prev" | seconds_of)
nodes=$(cat "$tmp/nodes")
awk -v n="$n" -v t="$base" -v tp="$tprev" -v nodes="$nodes" -v data="$root/tests/data/counts.txt" 'BEGIN {
    while ((getline line < data) > 0) { split(line, f, " "); if (f[1] ~ /^[0-9]+$/) total[f[1]] = f[2] }
    g = t / tp; cs = 2 * t   # core-seconds at n
    printf "per-core rate at n=%d: %.1f Mnodes/s; growth factor n=%d -> %d: %.2f (solutions: %.2f)\n",
        n, nodes / cs / 1e6, n - 1, n, g, total[n] / total[n - 1]
    printf "estimate (A: constant growth factor %.2f; B: time per solution of n=%d times the known count):\n", g, n
    printf "  n   cores=1 A / B             cores=100 A / B           cores=10000 A / B\n"
    for (m = 20; m <= 27; m++) {
        a = cs * g ^ (m - n); b = cs * total[m] / total[n]
        printf "  %d  %-24s  %-24s  %s\n", m, fmt(a) " / " fmt(b), fmt(a / 100) " / " fmt(b / 100), fmt(a / 1e4) " / " fmt(b / 1e4)
    }
}
function fmt(s) {
    if (s < 120) return sprintf("%.0f s", s)
    if (s < 7200) return sprintf("%.0f min", s / 60)
    if (s < 2 * 86400) return sprintf("%.1f h", s / 3600)
    if (s < 2 * 365.25 * 86400) return sprintf("%.0f days", s / 86400)
    return sprintf("%.1f years", s / (365.25 * 86400))
}'
