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
    # (The probe's own output goes nowhere: a count that ends before the kill would print its
    # total into $size.)
    size=$("$NQ" count "$n" --threads 1 --checkpoint "$tmp/probe$n" >/dev/null 2>&1 &
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

# A full disk, with two threads appending: the message names the failing call's error (it once
# said "Success" in about half the runs, errno being read on another thread). A 64 KiB tmpfs
# fills up part-way through the journal of n = 15 (88 KB; the one of n = 14, 57 KB, fits);
# mounting it needs root, or a user namespace.
full_disk() { # full_disk DIR: 20 runs of count 15 --threads 2 with the journal on a 64 KiB tmpfs
    mount -t tmpfs -o size=64k tmpfs "$1" || return 3
    local i
    for i in $(seq 1 20); do
        rm -f "$1/j"
        "$NQ" count 15 --threads 2 --no-progress --checkpoint "$1/j" 2>&1 | tail -n 1
        echo "exit ${PIPESTATUS[0]}"
    done
    umount "$1"
}
mkdir -p "$tmp/full"
if [ "$(id -u)" -eq 0 ]; then
    full_disk "$tmp/full" >"$tmp/full.out" 2>&1
else
    export -f full_disk
    unshare -rm bash -c "NQ='$NQ'; full_disk '$tmp/full'" >"$tmp/full.out" 2>&1
fi
if [ $? -eq 3 ] || ! grep -q exit "$tmp/full.out"; then
    echo "skip: full disk (cannot mount a tmpfs here: $(head -c 200 "$tmp/full.out"))"
elif [ "$(grep -c "^exit 2$" "$tmp/full.out")" = 20 ] &&
    [ "$(grep -c "^nqueens count: cannot write checkpoint '$tmp/full/j': No space left on device$" "$tmp/full.out")" = 20 ]; then
    ok "full disk: 20 of 20 runs say 'No space left on device' and exit 2"
else
    fail "full disk: $(sort "$tmp/full.out" | uniq -c)"
fi

# The lock: a second count on a journal that a running count holds is refused (exit 2), and the
# first one finishes with the exact count.
j=$tmp/busy
"$NQ" count 16 --threads 1 --no-progress --checkpoint "$j" >"$tmp/busy.out" 2>&1 &
pid=$!
for _ in $(seq 1 200); do [ -s "$j" ] && break; sleep 0.01; done
"$NQ" count 16 --no-progress --checkpoint "$j" >"$tmp/out" 2>"$tmp/err"
rc=$?
wait "$pid"
first=$?
if [ $rc -eq 2 ] && grep -q "checkpoint '$j' is in use by another running count" "$tmp/err" &&
    [ ! -s "$tmp/out" ] && [ $first -eq 0 ] && [ "$(cat "$tmp/busy.out")" = "$(total_of 16)" ]; then
    ok "a journal in use by a running count is refused"
else
    fail "journal in use: second exit $rc ($(cat "$tmp/err")), first exit $first ($(cat "$tmp/busy.out"))"
fi

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
refused "a damaged middle record" "$tmp/n10.bad" 10 \
    "line 3 is not a record of this journal: its check fails .*remove the lines that fail"
printf 'my notes\nkeep them\n' >"$tmp/notes.txt"
refused "a file that is no journal" "$tmp/notes.txt" 10 \
    "'$tmp/notes.txt' is not a checkpoint journal (line 1 is not a journal header)"

# --status of an empty file or of a header cut short (a kill as the journal was created) says that
# nothing is recorded yet and that a count starts it afresh, as the count does: it said "refusing
# to use it: give another FILE" and "line 1 is damaged (not a record of a journal)".
: >"$tmp/empty.nqj"
printf 'nqueens-journal 2 n=1' >"$tmp/torn-header.nqj"
for f in empty torn-header; do
    why="it is empty"
    [ $f = torn-header ] && why="its header was cut short as it was created"
    "$NQ" count --checkpoint "$tmp/$f.nqj" --status >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] &&
        grep -qxF "nqueens count: checkpoint '$tmp/$f.nqj' holds no record yet ($why); a count with it starts from the beginning" "$tmp/err"
    then ok "--status of a journal with no record yet ($f)"; else fail "--status of $f: exit $rc, stderr: $(cat "$tmp/err")"; fi
    out=$("$NQ" count 8 --checkpoint "$tmp/$f.nqj" 2>/dev/null)
    [ "$out" = 92 ] && ok "... and a count starts it ($f)" || fail "count 8 on $f gave '$out'"
done

# A second SIGINT quits at once and says what became of the work (it quit with no word after
# "signal again to quit at once"). A subproblem of n = 27 takes hours: the first signal cannot end
# the count before the second comes.
"$NQ" count 27 --force --threads 1 --checkpoint "$tmp/twice.nqj" --no-progress >"$tmp/out" 2>"$tmp/err" &
pid=$!
for _ in $(seq 100); do [ "$(records "$tmp/twice.nqj")" -ge 0 ] && break; sleep 0.1; done
sleep 0.3
kill -INT $pid
sleep 0.3
kill -INT $pid
wait $pid
rc=$?
if [ $rc -eq 130 ] && [ ! -s "$tmp/out" ] && grep -q "stopping after the subproblems in flight" "$tmp/err" &&
    grep -qx "nqueens count: quitting at once: the subproblems finished so far are saved; run the same command again to resume" "$tmp/err"
then ok "a second SIGINT quits at once, saying so"; else fail "a second SIGINT: exit $rc, stderr: $(cat "$tmp/err")"; fi

# A FIFO is no journal: the count said "Invalid argument" (ftruncate), and --status waited for a
# writer for ever; both now say what it is at once.
mkfifo "$tmp/fifo"
for args in "count 10 --checkpoint $tmp/fifo" "count --checkpoint $tmp/fifo --status"; do
    timeout 20 "$NQ" $args >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] &&
        grep -qx "nqueens count: cannot use checkpoint '$tmp/fifo': it is not a regular file (a FIFO); give the path of a file" "$tmp/err"
    then ok "a FIFO refused: $args"; else fail "a FIFO: $args: exit $rc, stderr: $(cat "$tmp/err")"; fi
done

# Records are tied to their journal (format 2): the n = 12 header followed by 50 records of an
# n = 11 journal gave 13928 (right: 14200) with exit 0 in format 1; now it is refused with the
# first line that fails and how many do. So is one valid record of another journal appended (of
# another n, or of the same n and split), last or not, and a damaged header.
"$NQ" count 11 --checkpoint "$tmp/j11" >/dev/null
"$NQ" count 12 --checkpoint "$tmp/j12" >/dev/null
"$NQ" count 12 --checkpoint "$tmp/j12b" >/dev/null
{ head -n 1 "$tmp/j12"; sed -n '2,51p' "$tmp/j11"; } >"$tmp/spliced"
refused "a spliced journal (n = 12 header, 50 records of n = 11)" "$tmp/spliced" 12 \
    "checkpoint '$tmp/spliced': line 2 is not a record of this journal: its check fails (it is damaged, or was copied from another journal), and so do 49 later lines"
lines12=$(wc -l <"$tmp/j12")
cp "$tmp/j12" "$tmp/app11"
sed -n 5p "$tmp/j11" >>"$tmp/app11"
refused "a record of an n = 11 journal appended" "$tmp/app11" 12 \
    "line $((lines12 + 1)) is not a record of this journal"
cp "$tmp/j12" "$tmp/app12"
sed -n 7p "$tmp/j12b" >>"$tmp/app12"
refused "a record of another journal of the same n and split appended" "$tmp/app12" 12 \
    "line $((lines12 + 1)) is not a record of this journal"
{ head -n 3 "$tmp/j12"; sed -n 9p "$tmp/j12b"; sed -n '4,$p' "$tmp/j12"; } >"$tmp/mid12"
refused "a record of another journal of the same n and split in the middle" "$tmp/mid12" 12 \
    "line 4 is not a record of this journal"
"$NQ" count --checkpoint "$tmp/mid12" --status >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "line 4 is not a record" "$tmp/err" &&
    ok "--status refuses it too" || fail "--status of a spliced journal: $(cat "$tmp/err")"
sed '1s/size=/size=1/' "$tmp/j12" >"$tmp/header12"
refused "a damaged header" "$tmp/header12" 12 \
    "line 1, the journal's header, is damaged (it fails its check), so no record can be trusted"
# Removing the lines that fail, as the message says, resumes from the records that check.
head -n 21 "$tmp/spliced" | sed 2,21d >"$tmp/cleaned"
out=$("$NQ" count 12 --checkpoint "$tmp/cleaned" --no-progress 2>"$tmp/err")
[ "$out" = "$(total_of 12)" ] && ok "the spliced journal without its foreign lines resumes" ||
    fail "cleaned journal gave '$out': $(cat "$tmp/err")"
# A journal of the previous format names the version that can finish it.
printf 'nqueens-journal 1 n=9 size=40 library=0.1.0 split=nq-split/2 corner-edge-bound n=9 depth=4 size=40 crc=1c0d3a5b\nr 0 0 0 0 0 0 0 9 a3c1f2e0\n' >"$tmp/format1"
refused "a journal of format 1" "$tmp/format1" 9 \
    "checkpoint '$tmp/format1' was made by an older version (journal format 1, by nqueens 0.1.0); this version (.*) reads format 2: finish it with nqueens 0.1.0, or start a new journal with another FILE"

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
