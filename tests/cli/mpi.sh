#!/usr/bin/env bash
# tests/cli/mpi.sh: nqueens-mpi over 3 ranks on this machine gives the output of `nqueens count`
# (and the OEIS counts) for n = 8..14, with one rank and with threads per rank too; rank 0 killed
# with SIGKILL at fixed records (tests/hook/nq_hook.c, preloaded into the ranks), then the job
# rerun from its journal, gives the exact count and computes only what the journal lacked;
# refusals exit 2. Without mpirun the test is skipped (exit 77), and fails where scripts/setup.sh
# installs everything (NQ_TEST_REQUIRE_ALL=1).
set -uo pipefail
: "${NQ:?path to the nqueens binary}" "${NQ_BUILD:?build dir}" "${NQ_TEST_DATA:?tests/data}"
: "${NQ_HOOK:?tests/hook library}"
. "$NQ_SRC/tests/support/skip.bash"
. "$NQ_SRC/tests/support/proc.bash"
. "$NQ_SRC/tests/support/journal.bash"
if ! need_tools mpirun; then
    skip_exit 0
fi
MPI_NQ=$NQ_BUILD/nqueens-mpi
if [ ! -x "$MPI_NQ" ]; then
    # A configuration without MPI's library skips the driver (cmake/mpi.cmake says so); with
    # NQ_TEST_REQUIRE_ALL it would have stopped, and a missing binary fails here.
    skip_part "mpirun is installed but $MPI_NQ was not built (MPI's library not found: install libopenmpi-dev)"
    skip_exit 0
fi
# As root (containers, CI) Open MPI needs --allow-run-as-root; 3 ranks on 2 cores --oversubscribe.
MPIRUN=(mpirun --allow-run-as-root --oversubscribe)
mpi() { "${MPIRUN[@]}" "$@"; }
# Open MPI keeps allocations until exit; the sanitizer build must not count them as leaks.
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
tmp=$(mktemp -d /tmp/nq-mpi-test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }

for n in 8 9 10 11 12 13 14; do
    want=$("$NQ" count "$n")
    got=$(mpi -np 3 "$MPI_NQ" count "$n")
    [ "$got" = "$want" ] && [ "$got" = "$(total_of "$n")" ] && ok "-np 3 count $n = $got" ||
        fail "-np 3 count $n gave '$got', nqueens count '$want', OEIS $(total_of "$n")"
done
got=$(mpi -np 3 "$MPI_NQ" count 12 --unique --threads 2)
[ "$got" = "$("$NQ" count 12 --unique)" ] && ok "--unique, 3 ranks x 2 threads" ||
    fail "--unique gave '$got'"
strip() { sed 's/"seconds":[0-9.]*,//; s/,"threads":[0-9]*//'; }
got=$(mpi -np 1 "$MPI_NQ" count 11 --json --threads 2)
want=$("$NQ" count 11 --json)
[ "$(strip <<<"$got")" = "$(strip <<<"$want")" ] && grep -q '"threads":2,"kernel":"[a-z0-9]*","method":"backtrack"}' <<<"$got" &&
    ok "--json, one rank x 2 threads" || fail "--json: '$got' vs '$want'"
# NQ_KERNEL reaches every rank: the generic kernel gives the same counts and nodes.
got=$(NQ_KERNEL=generic mpi -np 2 -x NQ_KERNEL "$MPI_NQ" count 12 --json)
want=$("$NQ" count 12 --json)
[ "$(strip <<<"$got" | sed 's/,"kernel":"[a-z0-9]*"//')" = "$(strip <<<"$want" | sed 's/,"kernel":"[a-z0-9]*"//')" ] &&
    grep -q '"kernel":"generic","method":"backtrack"}' <<<"$got" && ok "NQ_KERNEL=generic over 2 ranks" ||
    fail "NQ_KERNEL=generic: '$got' vs '$want'"

# --method join, retired (issue 37), is refused before anything starts, with the message of
# nqueens count (what to use instead); the methods that remain reach every rank (below).
err=$(mpi -np 2 "$MPI_NQ" count 10 --method join 2>&1 >/dev/null)
rc=$?
[ "$rc" -ne 0 ] && grep -q '^nqueens-mpi count: --method join was retired: it never beat backtracking (2.2 to 4.4 times slower); use --method auto (the default) or backtrack, which also resume its journals$' <<<"$err" &&
    ok "--method join refused as retired" || fail "--method join: exit $rc, '$err'"
# The quadrant join over the ranks (auto from n = 16, or asked for): rank 0 picks the split and
# every rank builds it from its id; the counts of nqueens count, its journal resumed by both.
got=$(mpi -np 3 "$MPI_NQ" count 16 --json)
want=$("$NQ" count 16 --json)
[ "$(strip <<<"$got" | sed 's/,"kernel":"[a-z0-9]*"//')" = "$(strip <<<"$want" | sed 's/,"kernel":"[a-z0-9]*"//')" ] &&
    grep -q '"method":"quadrant"}' <<<"$got" && ok "auto at n = 16 over 3 ranks: the quadrant join" ||
    fail "auto n = 16: '$got' vs '$want'"
"$NQ" count 14 --method quadrant --checkpoint "$tmp/q14" >/dev/null
head -n 300 "$tmp/q14" >"$tmp/q14.part"
got=$(mpi -np 3 "$MPI_NQ" count 14 --json --checkpoint "$tmp/q14.part")
[ "$(json_field total <<<"$got")" = "$(total_of 14)" ] && grep -q '"method":"quadrant"' <<<"$got" &&
    [ "$(json_field resumed <<<"$got")" = 299 ] && ok "a quadrant journal of nqueens count finished over 3 ranks" ||
    fail "quadrant journal over 3 ranks: '$got'"
got=$("$NQ" count 14 --json --checkpoint "$tmp/q14.part")
[ "$(json_field computed <<<"$got")" = 0 ] && [ "$(json_field unique <<<"$got")" = "$(unique_of 14)" ] &&
    ok "... and read back by nqueens count" || fail "quadrant journal read back: '$got'"
# --gpu takes the quadrant join too (tests/cli/gpu_emu.sh counts by it on an emulated GPU): here
# it is refused for want of a GPU alone, or, on a machine with one, counts right.
got=$(mpi -np 2 "$MPI_NQ" count 10 --method quadrant --gpu 2>"$tmp/qgpu.err")
rc=$?
{ [ "$rc" -eq 2 ] && grep -Eq 'nqueens-mpi count: --gpu: (this build has no CUDA backend|no CUDA GPU found)' "$tmp/qgpu.err"; } ||
    { [ "$rc" -eq 0 ] && [ "$got" = "$(total_of 10)" ]; } && ok "--method quadrant --gpu: no GPU, or the count" ||
    fail "--method quadrant --gpu: exit $rc, '$got', $(cat "$tmp/qgpu.err")"
err=$(mpi -np 2 "$MPI_NQ" count 24 --method quadrant 2>&1 >/dev/null)
rc=$?
[ "$rc" -eq 2 ] && [ "$(grep -c 'method quadrant counts N = 4 to 23, not 24' <<<"$err")" -eq 1 ] &&
    ok "--method quadrant beyond 23 refused, once" || fail "--method quadrant 24: exit $rc, '$err'"
# ... and before the estimate of n above 24 (it printed the estimate of a count it then refused)
err=$(timeout -k 5 120 "${MPIRUN[@]}" -np 2 "$MPI_NQ" count 30 --method quadrant --force 2>&1 >/dev/null)
rc=$?
[ "$rc" -eq 2 ] && grep -q 'method quadrant counts N = 4 to 23, not 30' <<<"$err" && ! grep -q 'takes about' <<<"$err" &&
    ok "--method quadrant at n = 30 refused before any estimate" || fail "--method quadrant 30: exit $rc, '$err'"
err=$(mpi -np 2 "$MPI_NQ" count 10 --method quick 2>&1 >/dev/null)
rc=$?
[ "$rc" -ne 0 ] && grep -q "'quick' is not a method" <<<"$err" && ok "an unknown --method refused" ||
    fail "--method quick: exit $rc, '$err'"

# Rank 0 killed at its 300th and then 700th record (the hook acts in the rank that writes the
# journal, rank 0, which kills itself with SIGKILL right after the record): the job dies, the
# journal keeps every record written, and the rerun completes it computing only the rest.
n=15
j=$tmp/j15
"$NQ" count "$n" --checkpoint "$tmp/full" >/dev/null
size=$(records "$tmp/full")
before=0 # records() of a missing journal is -1
for k in 300 700; do
    hook=()
    for v in $(hook_env "$j" "$k" KILL); do hook+=(-x "$v"); done
    r=$(exit_status "$tmp/out" "$tmp/err" "${MPIRUN[@]}" "${hook[@]}" -np 3 "$MPI_NQ" count "$n" \
        --checkpoint "$j")
    d=$(done_of "$j")
    echo "rank 0 killed at its ${k}th record: job $r, $d of $size records"
    [ "$r" != "exit 0" ] || fail "the job with rank 0 killed exited 0"
    [ -s "$tmp/out" ] && fail "a killed job printed a count: $(cat "$tmp/out")"
    [ "$d" = $((before + k)) ] || fail "after the kill at record $k: $d records, not $((before + k))"
    before=$d
done
# The resume reads the journal once (issue 37): rank 0's method choice and open share one
# reading (the preloaded hook logs the bytes of each read of the journal).
jbytes=$(stat -c %s "$j")
hook=()
for v in $(hook_env "$j" 0 NONE) NQ_HOOK_READS="$tmp/reads"; do hook+=(-x "$v"); done
got=$("${MPIRUN[@]}" "${hook[@]}" -np 3 "$MPI_NQ" count "$n" --checkpoint "$j" --json 2>"$tmp/err")
read_bytes=$(awk '{ s += $1 } END { print s + 0 }' "$tmp/reads" 2>/dev/null || echo 0)
[ "$read_bytes" = "$jbytes" ] && ok "the resumed job read its journal ($jbytes bytes) once" ||
    fail "the resumed job read $read_bytes bytes of its $jbytes-byte journal"
[ "$(json_field total <<<"$got")" = "$(total_of "$n")" ] &&
    [ "$(json_field resumed <<<"$got")" = "$before" ] &&
    [ "$(json_field computed <<<"$got")" = $((size - before)) ] &&
    ok "rank 0 killed twice, resumed from $before of $size to $(total_of "$n")" ||
    fail "resume after rank-0 kills gave '$got': $(cat "$tmp/err")"
"$NQ" count --checkpoint "$j" --status | grep -q "(complete)" || fail "journal incomplete"
numbering_ok "$n" "$j" || fail "the MPI journal does not number the subproblems as recorded"
got=$(mpi -np 2 "$MPI_NQ" count "$n" --checkpoint "$j" --json 2>"$tmp/err")
[ "$(json_field total <<<"$got")" = "$(total_of "$n")" ] &&
    [ "$(json_field resumed <<<"$got")" = "$size" ] && [ "$(json_field computed <<<"$got")" = 0 ] &&
    ok "a finished journal: nothing computed" || fail "finished journal resumed as '$got'"
got=$("$NQ" count "$n" --checkpoint "$j")
[ "$got" = "$(total_of "$n")" ] && ok "nqueens count reads the MPI journal" ||
    fail "nqueens count on the MPI journal gave '$got'"
# The other way round: half of a journal written by nqueens count, finished by nqueens-mpi.
head -n $((1 + size / 2)) "$tmp/full" >"$tmp/half"
got=$(mpi -np 3 "$MPI_NQ" count "$n" --checkpoint "$tmp/half" --json 2>"$tmp/err")
[ "$(json_field total <<<"$got")" = "$(total_of "$n")" ] &&
    [ "$(json_field resumed <<<"$got")" = $((size / 2)) ] &&
    [ "$(json_field computed <<<"$got")" = $((size - size / 2)) ] &&
    ok "nqueens-mpi finishes a half journal of nqueens count" || fail "half journal: '$got'"

# Refusals: exit 2 with a message on rank 0 only.
mpi -np 2 "$MPI_NQ" count 14 --checkpoint "$j" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && [ "$(grep -c 'belongs to another count' "$tmp/err")" -eq 1 ] && [ ! -s "$tmp/out" ] &&
    ok "journal of another n refused" || fail "another n: exit $rc, $(cat "$tmp/err")"
mpi -np 2 "$MPI_NQ" count 99 >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && [ "$(grep -c 'N must be an integer from 1 to 64' "$tmp/err")" -eq 1 ] &&
    ok "bad N refused" || fail "bad N: exit $rc, $(cat "$tmp/err")"
NQ_KERNEL=fast mpi -np 2 -x NQ_KERNEL "$MPI_NQ" count 8 >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && [ "$(grep -c "NQ_KERNEL='fast' is not a kernel" "$tmp/err")" -eq 1 ] &&
    ok "unknown NQ_KERNEL refused" || fail "unknown NQ_KERNEL: exit $rc, $(cat "$tmp/err")"
mpi -np 1 "$MPI_NQ" count 8 --checkpoint "$tmp/no/such/dir/j" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "cannot use checkpoint" "$tmp/err" && ok "unwritable checkpoint refused" ||
    fail "unwritable checkpoint: $(cat "$tmp/err")"

# A stopped worker (SIGSTOP) hung the job silently: with --heartbeat 2, rank 0 ends the job
# within seconds, naming the silent rank and the journal to resume from; the rerun finishes it.
# The job is n = 17 by backtracking with the generic kernel (about 2 s on two workers, far
# longer than finding a
# worker to stop takes), so a job that ends before a worker is stopped is a failure, not a note
# (n = 16 with the fastest kernel took a quarter of a second and could end first).
j=$tmp/hb
NQ_KERNEL=generic "${MPIRUN[@]}" -np 3 "$MPI_NQ" count 17 --method backtrack --checkpoint "$j" --heartbeat 2 \
    >"$tmp/out" 2>"$tmp/err" &
mp=$!
stopped=""
for _ in $(seq 1 600); do # find rank 1 among mpirun's children, once the job has started working
    kill -0 "$mp" 2>/dev/null || break
    for k in $(pgrep -P "$mp"); do
        tr '\0' '\n' <"/proc/$k/environ" 2>/dev/null | grep -qx 'OMPI_COMM_WORLD_RANK=1' &&
            [ "$(records "$j")" -ge 1 ] && stopped=$k
    done
    [ -n "$stopped" ] && break
    sleep 0.05
done
if [ -z "$stopped" ]; then
    wait "$mp"
    fail "stopped worker: the job of n = 17 ended before a worker could be stopped ($(head -c 200 "$tmp/err"))"
else
    kill -STOP "$stopped"
    t0=$(date +%s)
    # Rank 0's message and exit are what is tested; then the stopped rank is killed, as an
    # operator would, and mpirun is killed should it hang while cleaning up a stopped child
    # (Open MPI 4.1.4 does so in about 1 run in 5 here, every rank gone: doc/cluster.md, "MPI").
    for _ in $(seq 1 600); do
        grep -q "has sent nothing for" "$tmp/err" 2>/dev/null && break
        kill -0 "$mp" 2>/dev/null || break
        sleep 0.05
    done
    took=$(($(date +%s) - t0))
    # The stopped rank is let go on (SIGCONT) before it is killed: it must not blame rank 0 for
    # a silence that was its own (issue 20, item 11: rank 2 said "rank 0 has not answered",
    # 1 run in 4, after rank 0 had named it). One diagnosis: the rank that stopped.
    kill -CONT "$stopped" 2>/dev/null
    for _ in $(seq 1 30); do kill -0 "$mp" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$stopped" 2>/dev/null
    for _ in $(seq 1 200); do kill -0 "$mp" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$mp" 2>/dev/null && echo "note: mpirun hung after the job ended; killed"
    kill -KILL "$mp" 2>/dev/null
    wait "$mp"
    rc=$?
    if [ $rc -ne 0 ] && [ "$took" -le 30 ] && [ ! -s "$tmp/out" ] &&
        grep -q "^nqueens-mpi count: rank 1 has sent nothing for [0-9]* s (stopped, hung, or its node lost): ending the job; the finished subproblems are in '$j': run the same command to resume$" "$tmp/err"; then
        ok "a stopped worker ends the job in $took s (exit $rc), with the rank named"
        grep -q "rank 0 has not answered" "$tmp/err" &&
            fail "the stopped rank, let go on, blamed rank 0 as well: $(cat "$tmp/err")"
    else
        fail "stopped worker: exit $rc after $took s; stderr: $(cat "$tmp/err")"
    fi
    got=$(mpi -np 3 "$MPI_NQ" count 17 --checkpoint "$j" 2>"$tmp/err")
    [ "$got" = "$(total_of 17)" ] && ok "... and the rerun resumes to $got" ||
        fail "resume after a stopped worker gave '$got': $(cat "$tmp/err")"
fi
mpi -np 2 "$MPI_NQ" count 8 --heartbeat 0 >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "heartbeat must be an integer from 1 to 86400" "$tmp/err" &&
    ok "--heartbeat 0 refused" || fail "--heartbeat 0: $(cat "$tmp/err")"

# Distributed totals under forced timings (issue 25): every worker's send waits a random 0..40 ms
# (rank 2 ten times as long), so results arrive late and out of order and the workers send
# heartbeats (--heartbeat 1: one every 0.25 s) while they wait; on 3 and 4 ranks, threads 1 and
# 2. The total, fundamental and orbit counts must be the table's, and the journal's sums
# (--status) those printed.
for setup in "3 1" "4 2"; do
    np=${setup% *}
    th=${setup#* }
    j=$tmp/timing-$np
    rm -f "$j"
    rm -f "$tmp/sends"
    out=$(NQ_KERNEL=generic "${MPIRUN[@]}" -x NQ_KERNEL -x LD_PRELOAD="$NQ_HOOK" \
        -x NQ_HOOK_MPI_DELAY_MS=40 -x NQ_HOOK_MPI_SLOW_RANK=2 -x NQ_HOOK_MPI_LOG="$tmp/sends" \
        -x ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" -np "$np" \
        "$MPI_NQ" count 15 --threads "$th" --heartbeat 1 --checkpoint "$j" --json 2>"$tmp/err")
    want=$(awk '!/^#/ && $1 == 15 { printf "%s %s %s %s %s %s", $2, $3, $4, $5, $6, $7 }' "$NQ_TEST_DATA/counts.txt")
    got=""
    for f in total unique orbit8 orbit4 orbit2 orbit1; do got="$got $(echo "$out" | json_field $f)"; done
    st_total=$("$NQ" count --checkpoint "$j" --status | sed -n 's/^total: //p')
    st_unique=$("$NQ" count --checkpoint "$j" --status | sed -n 's/^unique: //p')
    # Every worker sent results, and messages without any (requests, heartbeats, the last).
    worked=$(awk '$2 > 0 { r[$1] = 1 } END { print length(r) }' "$tmp/sends" 2>/dev/null)
    empty=$(awk '$2 == 0' "$tmp/sends" 2>/dev/null | wc -l)
    [ "$worked" = $((np - 1)) ] && [ "$empty" -ge $((np - 1)) ] ||
        fail "forced timings, $np ranks: $worked workers sent results, $empty empty messages"
    [ "${got# }" = "$want" ] && [ "$st_total" = "$(echo "$out" | json_field total)" ] &&
        [ "$st_unique" = "$(echo "$out" | json_field unique)" ] &&
        [ "$(done_of "$j")" = "$(size_of "$j")" ] &&
        ok "late, out-of-order results on $np ranks x $th threads: the table's counts, the journal's sums" ||
        fail "forced timings, $np ranks: counts '${got# }' (table '$want'), journal $st_total/$st_unique; $(cat "$tmp/err")"
done

# A worker busy for longer than a heartbeat (issue 35 kind 1): at n = 15 every subproblem takes
# milliseconds, so no worker above ever sent a heartbeat with nothing else, its queue full, and then
# its results. The test hook of mpi_worker.c (NQ_TEST_HOLD_MS) holds rank 1's count 2.5 s (10
# quarters of --heartbeat 1) on its first numbers, its queue full, and again on the number that
# empties its queue, when rank 0 has handed out everything: rank 1 must send at least 3 messages
# with nothing (its request and heartbeats) before its first results, and the job must give the
# table's total, fundamental and orbit counts, with the journal's sums those printed, on 2 and 3
# ranks.
for np in 2 3; do
    j=$tmp/busy-$np
    rm -f "$j" "$tmp/sends"
    out=$("${MPIRUN[@]}" -x NQ_TEST_HOLD_MS=2500 -x LD_PRELOAD="$NQ_HOOK" \
        -x NQ_HOOK_MPI_LOG="$tmp/sends" \
        -x ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" -np "$np" \
        "$MPI_NQ" count 15 --heartbeat 1 --checkpoint "$j" --json 2>"$tmp/err")
    want=$(awk '!/^#/ && $1 == 15 { printf "%s %s %s %s %s %s", $2, $3, $4, $5, $6, $7 }' "$NQ_TEST_DATA/counts.txt")
    got=""
    for f in total unique orbit8 orbit4 orbit2 orbit1; do got="$got $(echo "$out" | json_field $f)"; done
    st_total=$("$NQ" count --checkpoint "$j" --status | sed -n 's/^total: //p')
    st_unique=$("$NQ" count --checkpoint "$j" --status | sed -n 's/^unique: //p')
    beats=$(awk '$1 == 1 { if ($2 > 0) { print n + 0; exit } n++ }' "$tmp/sends" 2>/dev/null)
    [ "${beats:-0}" -ge 3 ] && [ "${got# }" = "$want" ] &&
        [ "$st_total" = "$(echo "$out" | json_field total)" ] &&
        [ "$st_unique" = "$(echo "$out" | json_field unique)" ] &&
        [ "$(done_of "$j")" = "$(size_of "$j")" ] &&
        ok "a worker busy past a heartbeat ($beats empty messages first), $np ranks: the table's counts, the journal's sums" ||
        fail "busy worker, $np ranks: ${beats:-no} empty messages before its results; counts '${got# }' (table '$want'), journal $st_total/$st_unique; $(cat "$tmp/err")"
done

# SIGINT to rank 0 with a journal: rank 0 hands out nothing more, records what the ranks had in
# flight, says how far it got and exits 130 (mpirun passes that on); the journal resumes to the
# exact count, computing only the rest. SIGINT to mpirun (a Ctrl-C), which sends SIGTERM to every
# rank: the same clean stop on rank 0 (mpirun then exits with its own status). The job is n = 17
# with the generic kernel (seconds of work), held until it has written its 20th record.
for target in rank0 mpirun; do
    j=$tmp/int-$target
    rm -f "$j"
    # mpirun sends SIGTERM odls_base_sigkill_timeout seconds (default 1) after its SIGCONT, and
    # SIGKILL as long again after that (also to the job it aborts when rank 0 exits 130): 5 s for
    # the sanitizer build's ranks, which stop within about 0.1 s (doc/cluster.md). It was 30 s,
    # when rank 0 waited for the subproblems in flight: 90 s of the suite spent waiting.
    NQ_KERNEL=generic "${MPIRUN[@]}" --mca odls_base_sigkill_timeout 5 -np 3 -x NQ_KERNEL \
        "$MPI_NQ" count 17 --checkpoint "$j" --json >"$tmp/out" 2>"$tmp/err" &
    mp=$!
    victim=""
    for _ in $(seq 1 600); do
        kill -0 "$mp" 2>/dev/null || break
        if [ "$(records "$j")" -ge 20 ]; then
            if [ $target = mpirun ]; then victim=$mp; else
                for k in $(pgrep -P "$mp"); do
                    tr '\0' '\n' <"/proc/$k/environ" 2>/dev/null | grep -qx 'OMPI_COMM_WORLD_RANK=0' &&
                        victim=$k
                done
            fi
        fi
        [ -n "$victim" ] && break
        sleep 0.05
    done
    if [ -z "$victim" ]; then
        wait "$mp"
        fail "SIGINT to $target: the job ended before the signal ($(head -c 300 "$tmp/err"))"
        continue
    fi
    kill -INT "$victim"
    wait "$mp"
    rc=$?
    d=$(done_of "$j")
    size=$(size_of "$j")
    if [ $target = rank0 ]; then want_rc=130; sig=SIGINT; else want_rc=$rc; sig=SIGTERM; fi
    if [ $rc -eq $want_rc ] && [ $rc -ne 0 ] && [ ! -s "$tmp/out" ] && [ "$d" -lt "$size" ] &&
        grep -q "^nqueens-mpi count: interrupted by $sig: $d of $size subproblems done and saved in '$j'; run the same command again to resume$" "$tmp/err"; then
        ok "SIGINT to $target: exit $rc, $d of $size subproblems saved"
    elif [ $target = mpirun ] && [ "$d" = "$size" ] && [ ! -s "$tmp/err" ] &&
        [ "$(json_field total <"$tmp/out")" = "$(total_of 17)" ]; then
        # mpirun passes a SIGINT on as SIGTERM when it gets to it: on a loaded machine (CI) it was
        # seen to do so only after the job of a few seconds had finished, which then printed its
        # exact total. That is mpirun's timing, not a lost stop; rank 0's own stop is tested above.
        echo "note: mpirun passed SIGINT on only after the job had finished (exact total $(total_of 17))"
    else
        fail "SIGINT to $target: exit $rc, $d of $size; stdout '$(cat "$tmp/out")'; stderr: $(cat "$tmp/err")"
    fi
    out=$(mpi -np 3 "$MPI_NQ" count 17 --checkpoint "$j" --json 2>"$tmp/err")
    [ "$(echo "$out" | json_field total)" = "$(total_of 17)" ] &&
        [ "$(echo "$out" | json_field unique)" = "$(unique_of 17)" ] &&
        [ "$(echo "$out" | json_field resumed)" = "$d" ] &&
        [ "$(echo "$out" | json_field computed)" = $((size - d)) ] &&
        ok "... resumed from $d: the exact count, computing only the other $((size - d))" ||
        fail "resume after SIGINT to $target: $out $(cat "$tmp/err")"
done

# A stop is bounded at every n (issue 40 item 6), on every rank as in `nqueens count`
# (tests/cli/stop.sh): rank 0 used to wait for the subproblems the ranks had in flight, a day each
# at n = 30. Now rank 0's signal reaches every rank's count (TAG_STOP), whose subproblems in flight
# give up within about 0.1 s: rank 0 says "interrupted" within seconds (asserted: under 10 s, for
# a busy machine and the sanitizers), exits 130 (a worker as well: mpirun passes it on), and the
# journal holds no partial subproblem. A job that hangs is killed after 60 s and fails. With
# mpirun's default odls_base_sigkill_timeout of 1 s: Open MPI 4.1's mpirun sends SIGCONT, then
# SIGTERM 1 s later, then SIGKILL 1 s after that (to the ranks of a job it aborts because a rank
# exited non-zero, and on a Ctrl-C of its own), so the ranks get 1 s to stop, which the old rank 0
# never did at n = 30 (it was killed without a word).
for target in rank0 mpirun; do
    j=$tmp/stop30-$target
    rm -f "$j"
    "${MPIRUN[@]}" -np 3 "$MPI_NQ" count 30 --force \
        --checkpoint "$j" --no-progress >"$tmp/out" 2>"$tmp/err" &
    mp=$!
    victim=""
    for _ in $(seq 1 1200); do
        kill -0 "$mp" 2>/dev/null || break
        if [ -s "$j" ]; then
            if [ $target = mpirun ]; then victim=$mp; else
                for k in $(pgrep -P "$mp"); do
                    tr '\0' '\n' <"/proc/$k/environ" 2>/dev/null | grep -qx 'OMPI_COMM_WORLD_RANK=0' &&
                        victim=$k
                done
            fi
        fi
        [ -n "$victim" ] && break
        sleep 0.05
    done
    if [ -z "$victim" ]; then
        kill -KILL "$mp" 2>/dev/null
        wait "$mp"
        fail "stop at n = 30 ($target): the job never started ($(head -c 300 "$tmp/err"))"
        continue
    fi
    sleep 1 # every rank deep in its first subproblems
    t0=$(date +%s%N)
    kill -INT "$victim"
    said="" gone=""
    for _ in $(seq 1 3000); do
        [ -z "$said" ] && grep -q "interrupted by" "$tmp/err" && said=$((($(date +%s%N) - t0) / 1000000))
        kill -0 "$mp" 2>/dev/null || { gone=$((($(date +%s%N) - t0) / 1000000)); break; }
        sleep 0.02
    done
    if [ -z "$gone" ]; then
        for k in $(pgrep -P "$mp"); do kill -KILL "$k" 2>/dev/null; done
        kill -KILL "$mp" 2>/dev/null
    fi
    wait "$mp"
    rc=$?
    if [ $target = rank0 ]; then want_rc=130; sig=SIGINT; else want_rc=$rc; sig=SIGTERM; fi
    if [ -n "$gone" ] && [ -n "$said" ] && [ "$said" -lt 10000 ] && [ $rc -eq $want_rc ] &&
        [ $rc -ne 0 ] && [ ! -s "$tmp/out" ] && [ "$(done_of "$j")" = 0 ] &&
        grep -q "^nqueens-mpi count: interrupted by $sig: 0 of $(size_of "$j") subproblems done and saved in '$j'; run the same command again to resume$" "$tmp/err"; then
        ok "n = 30, SIGINT to $target: 'interrupted' after $said ms, exit $rc after $gone ms, no partial subproblem saved"
    else
        fail "n = 30, SIGINT to $target: message after '${said:-never}' ms, exit $rc after '${gone:-more than 60 s: killed}' ms, $(done_of "$j") saved; stdout '$(cat "$tmp/out")'; stderr: $(cat "$tmp/err")"
    fi
done

# A clean stop must not throw away finished work (issue 35 kind 3): rank 1's first message with
# results is held on its way (tests/hook/nq_hook.c, NQ_HOOK_MPI_HOLD) until rank 0 has been
# stopped, so that finished work certainly reaches rank 0 after its stop; each subproblem that
# message carries must be in the journal, and the job must end as a clean stop (exit 130, the
# message) and resume to the exact count (n = 17 by backtracking: seconds of work, so that the
# stop leaves some). A test that accepted "some records saved" could not
# see a rank 0 that drops what arrives after the stop.
j=$tmp/held
rm -f "$j" "$tmp/go" "$tmp/go.held"
"${MPIRUN[@]}" -x NQ_HOOK_MPI_HOLD="$tmp/go" -x LD_PRELOAD="$NQ_HOOK" \
    -x ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" -np 2 "$MPI_NQ" count 17 \
    --method backtrack --checkpoint "$j" --no-progress >"$tmp/out" 2>"$tmp/err" &
mp=$!
r0=""
for _ in $(seq 1 1200); do
    kill -0 "$mp" 2>/dev/null || break
    if [ -s "$tmp/go.held" ]; then
        for k in $(pgrep -P "$mp"); do
            tr '\0' '\n' <"/proc/$k/environ" 2>/dev/null | grep -qx 'OMPI_COMM_WORLD_RANK=0' && r0=$k
        done
    fi
    [ -n "$r0" ] && break
    sleep 0.05
done
if [ -z "$r0" ]; then
    touch "$tmp/go"
    wait "$mp"
    fail "held results: rank 1 never held a message ($(head -c 300 "$tmp/err"))"
else
    kill -INT "$r0"
    for _ in $(seq 1 1000); do grep -q "stopping after" "$tmp/err" && break; sleep 0.02; done
    touch "$tmp/go" # rank 0 has stopped: the held results go on to it now
    wait "$mp"
    rc=$?
    held=$(tr '\n' ' ' <"$tmp/go.held")
    missing=""
    for i in $held; do
        awk -v i="$i" '$1 == "r" && $2 == i { f = 1 } END { exit !f }' "$j" || missing="$missing $i"
    done
    d=$(done_of "$j")
    size=$(size_of "$j")
    if [ $rc -eq 130 ] && [ -n "$held" ] && [ -z "$missing" ] &&
        grep -q "^nqueens-mpi count: interrupted by SIGINT: $d of $size subproblems done and saved in '$j'; run the same command again to resume$" "$tmp/err"; then
        ok "results that reach rank 0 after its stop are saved (subproblems $held)"
    else
        fail "held results: exit $rc, subproblems '$held' held, missing from the journal: '$missing'; stderr: $(cat "$tmp/err")"
    fi
    out=$(mpi -np 2 "$MPI_NQ" count 17 --checkpoint "$j" --json 2>"$tmp/err")
    [ "$(echo "$out" | json_field total)" = "$(total_of 17)" ] &&
        [ "$(echo "$out" | json_field computed)" = $((size - d)) ] &&
        ok "... resumed from $d: the exact count" || fail "resume after held results: $out $(cat "$tmp/err")"
fi

# Durability (issue 35 kind 5), as tests/cli/journal.sh checks `nqueens count`: rank 0's 5th
# record, after which rank 0 is held 3.5 s before it records the next (tests/hook/nq_hook.c,
# SLEEP, outside the journal's lock), must be synced within the journal's period of 2 s
# (asserted under 3 s) by the session's timer, not only by the next append.
j=$tmp/durable
rm -f "$j" "$tmp/fsyncs"
hook=()
for v in $(hook_env "$j" 5 SLEEP:3500) NQ_HOOK_FSYNC_LOG="$tmp/fsyncs"; do hook+=(-x "$v"); done
got=$("${MPIRUN[@]}" "${hook[@]}" -np 2 "$MPI_NQ" count 13 --method backtrack --checkpoint "$j" \
    --no-progress 2>"$tmp/err")
ms=$(awk '$1 == 5 { print $2; exit }' "$tmp/fsyncs" 2>/dev/null)
[ "$got" = "$(total_of 13)" ] && [ -n "$ms" ] && [ "$ms" -le 3000 ] &&
    ok "rank 0's 5th record, with nothing recorded after it, synced $ms ms after it was written" ||
    fail "durability on rank 0: '$got'; fsyncs (records, ms since the last): $(tr '\n' ';' <"$tmp/fsyncs" 2>/dev/null); $(cat "$tmp/err")"

# A forged journal record (counts changed within the identities, CRC recomputed) makes the
# finished count disagree with the known counts: no result, exit 2, the journal named.
j=$tmp/forged
rm -f "$j"
mpi -np 2 "$MPI_NQ" count 10 --checkpoint "$j" >/dev/null 2>&1
python3 "$NQ_SRC/tests/support/forge_journal.py" "$j" 0 8 1 1 0 0 0
mpi -np 2 "$MPI_NQ" count 10 --checkpoint "$j" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && [ ! -s "$tmp/out" ] &&
    grep -q "^nqueens-mpi count: the count of n = 10 came to total 732, but the known total is 724 (OEIS A000170, A002562): checkpoint '$j' is likely damaged" "$tmp/err" &&
    ok "a forged journal record is an error, not a result" ||
    fail "forged record: exit $rc, '$(cat "$tmp/out")', $(cat "$tmp/err")"

# A value given to a flag is said so, as the CLI says it (it was "unknown option").
mpi -np 2 "$MPI_NQ" count 8 --json=1 >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && [ ! -s "$tmp/out" ] &&
    grep -q "^nqueens-mpi count: option '--json' takes no value (try 'nqueens-mpi count --help')" "$tmp/err" &&
    ok "a flag given a value is said so" || fail "--json=1: exit $rc, $(cat "$tmp/out" "$tmp/err")"

# A negative N is said as the CLI says it (it was "unknown option '-1'"); a count of years is
# refused with the estimate, as `nqueens count` refuses it, unless --force.
mpi -np 2 "$MPI_NQ" count -1 >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && [ "$(grep -c '^nqueens-mpi count: N must be an integer from 1 to 64' "$tmp/err")" -eq 1 ] &&
    ok "count -1 refused as a bad N" || fail "count -1: exit $rc, $(cat "$tmp/err")"
# Bounded: a bug that starts the count would otherwise run for years (the planted split mutants
# held the whole suite until its time limit, 15 minutes); the refusal takes seconds.
timeout -k 5 120 "${MPIRUN[@]}" -np 2 "$MPI_NQ" count 30 >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && [ ! -s "$tmp/out" ] &&
    grep -q "^nqueens-mpi count: counting n = 30 takes about [0-9.e+]* years on 2 ranks of 1 thread .*; not started: use more ranks, or add --force to start it anyway$" "$tmp/err" &&
    ok "count 30 refused with its estimate" || fail "count 30: exit $rc, $(cat "$tmp/err")"
# ... but a finished journal of it is only read (as nqueens count reads it; tests/cli/count.sh).
finished_journal 30 "$tmp/j30"
timeout -k 5 120 "${MPIRUN[@]}" -np 2 "$MPI_NQ" count 30 --checkpoint "$tmp/j30" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && [ "$(cat "$tmp/out")" = 0 ] && [ ! -s "$tmp/err" ] &&
    ok "count 30 of a finished journal: read, not refused" ||
    fail "count 30 of a finished journal: exit $rc, $(cat "$tmp/out" "$tmp/err")"
rm -f "$tmp/j30"

[ $fails -eq 0 ] && echo "all MPI tests passed" || echo "$fails failure(s)"
skip_exit "$fails"
