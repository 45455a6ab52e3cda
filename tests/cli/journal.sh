#!/usr/bin/env bash
# tests/cli/journal.sh: `nqueens count --checkpoint` survives being killed: SIGKILL and SIGINT at
# random moments (after a random number of finished subproblems), and a kill in the middle of a
# record write (a file-size limit makes the kernel send SIGXFSZ when the journal reaches a random
# length), each run resuming the one before, the last one giving the exact OEIS count. Also: torn
# last line, a journal of another n, a damaged middle record, a file that is no journal,
# unwritable paths, write errors, --status and the progress line. Expected counts come from
# tests/data/counts.txt.
set -uo pipefail
: "${NQ:?path to the nqueens binary}" "${NQ_TEST_DATA:?tests/data}"
tmp=$(mktemp -d /tmp/nq-journal-cli.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }
total_of() { awk -v n="$1" '$1 == n { print $2 }' "$NQ_TEST_DATA/counts.txt"; }
unique_of() { awk -v n="$1" '$1 == n { print $3 }' "$NQ_TEST_DATA/counts.txt"; }
records() { if [ -f "$1" ]; then echo $(($(wc -l <"$1") - 1)); else echo -1; fi; }
now_ms() { echo $(($(date +%s%N) / 1000000)); }
RANDOM=$$ # different kill moments on every run; the seed is printed to reproduce a failure
echo "random seed: $$"

# resume N J CONTEXT: the count resumed from J must be the OEIS total, and J must then be complete.
resume() {
    local n=$1 j=$2 what=$3 out
    out=$("$NQ" count "$n" --checkpoint "$j" --no-progress 2>"$tmp/resume.err")
    local rc=$?
    if [ $rc -ne 0 ] || [ "$out" != "$(total_of "$n")" ]; then
        fail "$what: resumed count of $n gave '$out' (exit $rc), expected $(total_of "$n")"
        cat "$tmp/resume.err"
        return
    fi
    "$NQ" count "$n" --checkpoint "$j" --status >"$tmp/resume.status" 2>&1
    grep -q '(complete)' "$tmp/resume.status" || fail "$what: journal not complete after resume"
    ok "$what: resumed to $out"
}

# kill_at N J SIG: runs the count of N on one thread on journal J and sends SIG once the journal
# holds a random number of new records (at most a third of those left: the first subproblems are
# the largest, so the signal lands part-way); prints the exit status. A count of n = 14 lasts a
# tenth of a second, so the watch loop uses builtins only (no fork, no sleep).
kill_at() {
    local n=$1 j=$2 sig=$3 before target pid lines
    before=$(records "$j")
    [ "$before" -lt 0 ] && before=0
    target=$((before + 1 + RANDOM % ((size - before) / 3 + 1)))
    NQ_KERNEL=generic "$NQ" count "$n" --threads 1 --no-progress --checkpoint "$j" \
        >"$tmp/kill.out" 2>"$tmp/kill.err" &
    pid=$!
    while kill -0 "$pid" 2>/dev/null; do
        lines=()
        [ -f "$j" ] && mapfile -t lines <"$j"
        [ $((${#lines[@]} - 1)) -ge "$target" ] && break
    done
    kill "-$sig" "$pid" 2>/dev/null
    wait "$pid"
    echo $?
}

# One journal per n goes through a chain of interruptions, each run resuming the one before:
# SIGXFSZ inside a write, SIGINT, SIGKILL twice; then the last run must give the exact count.
# The interrupted runs use the generic kernel, which is slow enough for the signals to land
# part-way; the resume uses the fastest one (a journal does not depend on the kernel).
interrupted=0 # runs that really stopped part-way
for n in 14 15; do
    j=$tmp/chain$n
    # SIGXFSZ when the journal reaches a random length below its final one (every record takes at
    # least 27 bytes): the process dies inside a write, leaving a torn record or header.
    size=$("$NQ" count "$n" --threads 1 --checkpoint "$tmp/probe$n" 2>/dev/null &
        pid=$!
        for _ in $(seq 1 500); do [ -s "$tmp/probe$n" ] && break; sleep 0.01; done
        kill -KILL $pid 2>/dev/null
        wait $pid 2>/dev/null
        "$NQ" count --checkpoint "$tmp/probe$n" --status | sed -n 's/^done: [0-9]* of \([0-9]*\).*/\1/p')
    [ -n "$size" ] || { fail "n=$n: cannot learn the number of subproblems"; continue; }
    kib=$((size * 27 / 1024 - 1))
    [ "$kib" -ge 1 ] || kib=1
    limit=$((1 + RANDOM % kib)) # bash counts ulimit -f in KiB
    { (ulimit -f "$limit" && NQ_KERNEL=generic exec "$NQ" count "$n" --no-progress --checkpoint "$j") \
        >/dev/null 2>&1; } 2>/dev/null
    rc=$?
    echo "n=$n ($size subproblems): killed at $limit KiB: exit $rc, $(records "$j") records"
    [ $rc -eq 153 ] && interrupted=$((interrupted + 1)) ||
        fail "n=$n: expected death by SIGXFSZ (exit 153), got $rc"
    for sig in INT KILL KILL; do
        rc=$(kill_at "$n" "$j" "$sig")
        r=$(records "$j")
        echo "n=$n SIG$sig: exit $rc, $r of $size records"
        case "$sig:$rc" in
        KILL:137) [ "$r" -lt "$size" ] && interrupted=$((interrupted + 1)) ;;
        INT:130)
            interrupted=$((interrupted + 1))
            grep -q "interrupted by SIGINT: $r of $size subproblems done and saved in '$j'; run the same command again to resume" \
                "$tmp/kill.err" || fail "SIGINT n=$n: no resume hint: $(cat "$tmp/kill.err")"
            [ -s "$tmp/kill.out" ] && fail "SIGINT n=$n: printed a count although interrupted"
            ;;
        *:0) echo "n=$n: the run finished before SIG$sig" ;;
        *) fail "n=$n SIG$sig: exit $rc: $(cat "$tmp/kill.err")" ;;
        esac
    done
    resume "$n" "$j" "n=$n after SIGXFSZ, SIGINT, SIGKILL, SIGKILL"
done
# The SIGXFSZ kills always land part-way; a signal may miss when a stalled machine lets the run
# finish between two looks at the journal, but not most of them.
[ "$interrupted" -ge 6 ] || fail "only $interrupted runs were really interrupted"
ok "$interrupted runs were interrupted part-way and resumed exactly"

# A write error (file-size limit with SIGXFSZ ignored: write fails with EFBIG) stops the count
# with a clear message and exit 2; the resume then completes it.
j=$tmp/efbig
(trap '' XFSZ && ulimit -f 2 && exec "$NQ" count 12 --threads 1 --no-progress --checkpoint "$j") \
    >"$tmp/efbig.out" 2>"$tmp/efbig.err"
rc=$?
if [ $rc -eq 2 ] && grep -q "cannot write checkpoint '$j': File too large" "$tmp/efbig.err" &&
    [ ! -s "$tmp/efbig.out" ]; then ok "write error: exit 2 with a message"; else
    fail "write error: exit $rc, stderr: $(cat "$tmp/efbig.err")"
fi
resume 12 "$j" "after a write error"

# A torn last line is reported by --status, ignored and counted again.
j=$tmp/torn
"$NQ" count 10 --checkpoint "$j" >/dev/null
truncate -s -7 "$j"
"$NQ" count 10 --checkpoint "$j" --status >"$tmp/st" 2>&1
grep -q '^torn last record: yes' "$tmp/st" || fail "torn: --status does not say so: $(cat "$tmp/st")"
out=$("$NQ" count 10 --checkpoint "$j" 2>"$tmp/err")
[ "$out" = "$(total_of 10)" ] || fail "torn: count gave '$out'"
grep -q "ignored a torn last record" "$tmp/err" || fail "torn: no note on stderr"
out=$("$NQ" count 10 --checkpoint "$j" --unique 2>/dev/null)
[ "$out" = "$(unique_of 10)" ] && ok "torn last line ignored and recounted" ||
    fail "torn: unique gave '$out'"

# Refusals leave the file untouched and exit 2 with a message: another n, a damaged middle record,
# a file that is not a journal.
refused() { # refused WHAT FILE N PATTERN
    cp "$2" "$tmp/before"
    "$NQ" count "$3" --checkpoint "$2" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "$4" "$tmp/err" && cmp -s "$2" "$tmp/before"
    then ok "$1 refused"; else fail "$1: exit $rc, stderr: $(cat "$tmp/err")"; fi
}
j=$tmp/n10
"$NQ" count 10 --checkpoint "$j" >/dev/null
refused "a journal of another n" "$j" 11 "belongs to another count (n = 10"
"$NQ" count 11 --checkpoint "$j" --status >/dev/null 2>&1 && fail "--status of another n accepted"
cp "$j" "$tmp/n10.bad"
sed -i '3s/^r \([0-9]*\) \([0-9]\)/r \1 9\2/' "$tmp/n10.bad" # one more digit in a total
cmp -s "$j" "$tmp/n10.bad" && fail "the corruption did not change the file"
refused "a damaged middle record" "$tmp/n10.bad" 10 "damaged or is not a journal"
printf 'my notes\nkeep them\n' >"$tmp/notes.txt"
refused "a file that is no journal" "$tmp/notes.txt" 10 "damaged or is not a journal"

# Unwritable or unusable paths.
"$NQ" count 8 --checkpoint "$tmp/no/such/dir/j" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && grep -q "cannot use checkpoint.*No such file or directory" "$tmp/err" &&
    ok "missing directory refused" || fail "missing directory: exit $rc, $(cat "$tmp/err")"
"$NQ" count 8 --checkpoint "$tmp" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "Is a directory" "$tmp/err" && ok "directory refused" ||
    fail "directory as checkpoint: $(cat "$tmp/err")"
if [ "$(id -u)" -ne 0 ]; then
    mkdir "$tmp/ro" && chmod 500 "$tmp/ro"
    "$NQ" count 8 --checkpoint "$tmp/ro/j" >"$tmp/out" 2>"$tmp/err"
    [ $? -eq 2 ] && grep -q "Permission denied" "$tmp/err" && ok "read-only directory refused" ||
        fail "read-only directory: $(cat "$tmp/err")"
else
    echo "skip: read-only directory (root writes anywhere)"
fi

# --status: partial and complete journals; bad uses.
j=$tmp/status
"$NQ" count 11 --checkpoint "$j" >/dev/null
head -n 4 "$j" >"$tmp/partial"
"$NQ" count --checkpoint "$tmp/partial" --status >"$tmp/st"
grep -q '^done: 3 of [0-9]* subproblems (incomplete)$' "$tmp/st" && grep -q '^n: 11$' "$tmp/st" &&
    ok "--status of a partial journal" || fail "--status partial: $(cat "$tmp/st")"
"$NQ" count 11 --checkpoint "$j" --status >"$tmp/st"
grep -q "^total: $(total_of 11)$" "$tmp/st" && grep -q "^unique: $(unique_of 11)$" "$tmp/st" &&
    ok "--status of a complete journal" || fail "--status complete: $(cat "$tmp/st")"
"$NQ" count 11 --status >/dev/null 2>&1
[ $? -eq 2 ] && ok "--status without --checkpoint refused" || fail "--status alone accepted"
"$NQ" count --checkpoint "$tmp/missing" --status >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "does not exist" "$tmp/err" && ok "--status of a missing file" ||
    fail "--status missing: $(cat "$tmp/err")"

# The progress line goes to stderr only (one line a second when stderr is not a terminal), never
# into stdout; a run that lasts over a second and a half must have shown at least one line.
t0=$(now_ms)
out=$("$NQ" count 14 --progress --threads 1 2>"$tmp/err")
took=$(($(now_ms) - t0))
[ "$out" = "$(total_of 14)" ] || fail "--progress changed stdout: '$out'"
if grep -vq '^n=14: [0-9]*/[0-9]* subproblems, [0-9.]*% of the work, .*ETA' "$tmp/err"; then
    fail "--progress wrote something else: $(cat "$tmp/err")"
elif [ "$took" -gt 1500 ] && [ ! -s "$tmp/err" ]; then
    fail "--progress showed nothing in $took ms"
else
    ok "--progress: $(wc -l <"$tmp/err") line(s) in $took ms, stdout intact"
fi
out=$("$NQ" count 12 --no-progress 2>"$tmp/err")
[ "$out" = "$(total_of 12)" ] && [ ! -s "$tmp/err" ] && ok "--no-progress is silent" ||
    fail "--no-progress: '$out', $(cat "$tmp/err")"

[ $fails -eq 0 ] && echo "all journal CLI tests passed" || echo "$fails failure(s)"
[ $fails -eq 0 ]
