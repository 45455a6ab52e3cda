#!/usr/bin/env bash
# tests/cli/journal.sh: `nqueens count --checkpoint` survives being killed: SIGKILL and SIGINT at
# random moments, and deterministic kills in the middle of a record write (a file-size limit makes
# the kernel send SIGXFSZ exactly when the journal reaches a random length), each followed by a
# resume that must give the exact OEIS count. Also: torn last line, a journal of another n, a
# damaged middle record, a file that is no journal, unwritable paths, write errors, --status and
# the progress line. Expected counts come from tests/data/counts.txt.
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

interrupted=0 # runs that really stopped part-way (records present, journal incomplete)
for n in 14 15; do
    t0=$(now_ms)
    out=$("$NQ" count "$n" --threads 1 --no-progress --checkpoint "$tmp/full$n")
    full_ms=$(($(now_ms) - t0))
    [ "$out" = "$(total_of "$n")" ] || fail "uninterrupted count $n with a journal gave '$out'"
    size=$(records "$tmp/full$n")
    bytes=$(stat -c %s "$tmp/full$n")
    echo "n=$n: $size subproblems, journal $bytes bytes, one-thread run ${full_ms} ms"

    # SIGKILL at a random moment of a one-thread run, twice; the second resumes the first.
    j=$tmp/kill$n
    for attempt in 1 2; do
        "$NQ" count "$n" --threads 1 --no-progress --checkpoint "$j" >/dev/null 2>&1 &
        pid=$!
        delay=$((RANDOM % (full_ms + 1)))
        sleep "$(printf '%d.%03d' $((delay / 1000)) $((delay % 1000)))"
        kill -KILL "$pid" 2>/dev/null
        wait "$pid" 2>/dev/null
        r=$(records "$j")
        echo "n=$n SIGKILL after ${delay} ms: $r of $size records"
        [ "$r" -gt 0 ] && [ "$r" -lt "$size" ] && interrupted=$((interrupted + 1))
    done
    resume "$n" "$j" "SIGKILL n=$n"

    # SIGXFSZ when the journal reaches a random length: killed inside a write, leaving a torn
    # record (or a torn header) almost every time.
    for attempt in 1 2; do
        j=$tmp/xfsz$n.$attempt
        blocks=$((1 + RANDOM % ((bytes - 1) / 1024))) # bash counts ulimit -f in KiB
        { (ulimit -f "$blocks" && exec "$NQ" count "$n" --threads 1 --no-progress --checkpoint "$j") \
            >/dev/null 2>&1; } 2>/dev/null
        rc=$?
        r=$(records "$j")
        echo "n=$n killed at $((blocks * 1024)) bytes (exit $rc): $r of $size records"
        [ $rc -eq 153 ] || fail "n=$n: expected death by SIGXFSZ (exit 153), got $rc"
        [ "$r" -lt "$size" ] && interrupted=$((interrupted + 1))
        resume "$n" "$j" "SIGXFSZ n=$n at $((blocks * 1024)) bytes"
    done

    # SIGINT at a random moment: a clean stop that says how to resume, then the resume.
    j=$tmp/int$n
    "$NQ" count "$n" --threads 1 --no-progress --checkpoint "$j" >"$tmp/int.out" 2>"$tmp/int.err" &
    pid=$!
    delay=$((RANDOM % (full_ms / 2 + 1) + 10))
    sleep "$(printf '%d.%03d' $((delay / 1000)) $((delay % 1000)))"
    kill -INT "$pid" 2>/dev/null
    wait "$pid"
    rc=$?
    r=$(records "$j")
    echo "n=$n SIGINT after ${delay} ms: exit $rc, $r of $size records"
    if [ $rc -eq 130 ]; then
        interrupted=$((interrupted + 1))
        grep -q "interrupted by SIGINT.*run the same command again to resume" "$tmp/int.err" ||
            fail "SIGINT n=$n: no resume hint: $(cat "$tmp/int.err")"
        [ -s "$tmp/int.out" ] && fail "SIGINT n=$n: printed a count although interrupted"
    elif [ $rc -ne 0 ]; then
        fail "SIGINT n=$n: exit $rc"
    fi
    resume "$n" "$j" "SIGINT n=$n"
done
# Every run above may, by chance, have finished before its signal, except the SIGXFSZ ones.
[ "$interrupted" -ge 4 ] || fail "only $interrupted runs were really interrupted"
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
