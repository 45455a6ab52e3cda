#!/usr/bin/env bash
# bench/journal.sh: what the checkpoint journal and the MPI layer cost, measured side by side in one
# run at n = 17 (NQ_BENCH_N): `nqueens count --threads 2` (the baseline), the same with
# --checkpoint (a fresh journal each time), and `nqueens-mpi` with 2 ranks x 1 thread. The runs
# are interleaved and repeated (NQ_BENCH_REPS, default 3) and the medians compared, because other
# work on the machine moves single timings. Each run reports its wall time, its CPU time (user +
# system of every process: on a shared machine the scheduler may give two processes more CPU than
# one process with two threads, so CPU time is the fair measure of overhead) and the count's own
# "seconds" (--json, without process or MPI start-up).
# Then the per-core rate (nodes per CPU second) and the growth factor of the nodes from n - 1 to n
# give a time estimate for n = 20..27.
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
if [ ! -x /usr/bin/time ]; then # GNU time, for the CPU time of every process of a run
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo=sudo
    $sudo apt-get install -y -qq --no-install-recommends time >/dev/null
fi
MPIRUN=(mpirun --allow-run-as-root --oversubscribe)
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0

seconds_of() { sed -n 's/.*"seconds":\([0-9.]*\).*/\1/p'; }
nodes_of() { sed -n 's/.*"nodes":\([0-9]*\).*/\1/p'; }
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

: >"$tmp/base"
: >"$tmp/ckpt"
: >"$tmp/mpi"
# run NAME CMD...: appends "wall cpu seconds" of one run to $tmp/NAME: wall clock of the whole
# command, CPU (user + system, all processes, mpirun included) and the count's own --json seconds.
run() {
    local name=$1
    shift
    /usr/bin/time -f "%e %U %S" -o "$tmp/time" "$@" >"$tmp/out"
    local secs
    secs=$(seconds_of <"$tmp/out")
    nodes_of <"$tmp/out" >"$tmp/nodes"
    awk -v s="$secs" '{ printf "%.3f %.3f %s\n", $1, $2 + $3, s }' "$tmp/time" >>"$tmp/$name"
}
for r in $(seq 1 "$reps"); do
    run base "$NQ" count "$n" --threads 2 --json --no-progress
    cp "$tmp/nodes" "$tmp/nodes.base"
    rm -f "$tmp/j"
    run ckpt "$NQ" count "$n" --threads 2 --json --no-progress --checkpoint "$tmp/j"
    [ $have_mpi -eq 1 ] &&
        run mpi "${MPIRUN[@]}" -np 2 "$MPI_NQ" count "$n" --threads 1 --json --no-progress
    echo "rep $r (wall s, CPU s, count's own s): count --threads 2: $(tail -1 "$tmp/base");" \
        "--checkpoint: $(tail -1 "$tmp/ckpt")$([ $have_mpi -eq 1 ] &&
            echo "; nqueens-mpi 2x1: $(tail -1 "$tmp/mpi")")"
done
col() { awk -v c="$2" '{ print $c }' "$tmp/$1" | median; }
records=$(($(wc -l <"$tmp/j") - 1))
bytes=$(stat -c %s "$tmp/j")
base=$(col base 3)
echo "n=$n, medians of $reps runs (wall = the whole command; CPU = user + system of every process):"
report() { # report LABEL NAME
    awk -v l="$1" -v bw="$(col base 1)" -v bc="$(col base 2)" -v bs="$(col base 3)" \
        -v w="$(col "$2" 1)" -v c="$(col "$2" 2)" -v s="$(col "$2" 3)" 'BEGIN {
        printf "  %-34s wall %8.3f s (x%.3f)  CPU %8.3f s (x%.3f)  own %8.3f s (x%.3f)\n",
            l, w, w / bw, c, c / bc, s, s / bs }'
}
report "count --threads 2 (baseline)" base
report "count --threads 2 --checkpoint" ckpt
echo "  (the journal: $records records, $bytes bytes)"
# The journal alone (bench/journal_append.c): the same number of records appended with nothing
# else running, which resolves what the noise of whole counts cannot.
if cmake --build "$build" --target bench_journal_append >"$tmp/cc.err" 2>&1; then
    for r in 1 2 3; do "$build/bench/journal_append" "$n" "$tmp/ja"; done >"$tmp/ja.out"
    awk -v bc="$(col base 2)" -v w="$(awk '{ print $2 }' "$tmp/ja.out" | median)" \
        -v c="$(awk '{ print $3 }' "$tmp/ja.out" | median)" -v k="$(awk 'NR == 1 { print $1 }' "$tmp/ja.out")" 'BEGIN {
        printf "  journal alone (bench/journal_append.c, median of 3): %d records in %.3f s wall, %.3f s CPU = %.2f%% of the count CPU time\n",
            k, w, c, 100 * c / bc }'
else
    echo "  (bench/journal_append.c did not build: $(grep -m1 -i error "$tmp/cc.err"))"
fi
[ $have_mpi -eq 1 ] && report "nqueens-mpi 2 ranks x 1 thread" mpi

# Time estimate. The work of a count is its nodes, the same on every run; its cost per core is
# the CPU time of the baseline (wall time on a shared machine says more about the neighbours).
# Growth factor: the nodes of n over the nodes of n - 1.
nodes=$(cat "$tmp/nodes.base")
run prev "$NQ" count $((n - 1)) --threads 2 --json --no-progress
prev_nodes=$(cat "$tmp/nodes")
awk -v n="$n" -v cs="$(col base 2)" -v nodes="$nodes" -v pn="$prev_nodes" \
    -v data="$root/tests/data/counts.txt" 'BEGIN {
    while ((getline line < data) > 0) { split(line, f, " "); if (f[1] ~ /^[0-9]+$/) total[f[1]] = f[2] }
    g = nodes / pn
    printf "per-core rate at n=%d: %.1f Mnodes per CPU second (%.0f nodes in %.2f CPU s); %.2f nodes per solution\n",
        n, nodes / cs / 1e6, nodes, cs, nodes / total[n]
    printf "growth factor n=%d -> %d: %.2f in nodes (%.2f in solutions)\n", n - 1, n, g, total[n] / total[n - 1]
    printf "estimate, perfect scaling over cores (A: nodes grow by %.2f per n; B: CPU time per solution\n", g
    printf "of n=%d times the known number of solutions):\n", n
    printf "  n   1 core: A / B              100 cores: A / B           10,000 cores: A / B\n"
    for (m = 20; m <= 27; m++) {
        a = cs * g ^ (m - n); b = cs * total[m] / total[n]
        printf "  %d  %-25s  %-25s  %s\n", m, fmt(a) " / " fmt(b), fmt(a / 100) " / " fmt(b / 100), fmt(a / 1e4) " / " fmt(b / 1e4)
    }
}
function fmt(s) {
    if (s < 120) return sprintf("%.0f s", s)
    if (s < 7200) return sprintf("%.0f min", s / 60)
    if (s < 2 * 86400) return sprintf("%.1f h", s / 3600)
    if (s < 2 * 365.25 * 86400) return sprintf("%.0f days", s / 86400)
    return sprintf("%.0f years", s / (365.25 * 86400))
}'
