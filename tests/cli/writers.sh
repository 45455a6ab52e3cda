#!/usr/bin/env bash
# tests/cli/writers.sh: every path the programs write (nqueens count --export, with and without
# --checkpoint and --part; nqueens count --checkpoint; nqueens-mpi count --checkpoint) against the
# special files, by the one policy of tool/output.h: a character device (private copies made with
# mknod: /dev/null's and /dev/full's) and a FIFO are written in place, never replaced; /dev/stdout
# is the open standard output; a symbolic link is written through (the link stays); a link to
# nothing, a directory, a checkpoint journal, a file a running count holds and the count's own
# journal are refused at once with a one-line message and exit 2, the file unchanged. A journal
# must be a regular file: the devices, the FIFO and /dev/stdout are refused as checkpoints. Then:
# an unwritable folder is found before the count starts, and a finished count whose export cannot
# be written (a full disk: tests/hook/nq_hook.c's NQ_HOOK_FULL, or /dev/full's copy) still prints
# its result before it fails. Python's writer (count(checkpoint=)) is tests/python/test_writers.py.
set -uo pipefail
: "${NQ:?path to the nqueens binary}" "${NQ_HOOK:?tests/hook library}" "${NQ_BUILD:?build tree}"
. "$NQ_SRC/tests/support/skip.bash"
. "$NQ_SRC/tests/support/proc.bash"
. "$NQ_SRC/tests/support/journal.bash"
tmp=$(mktemp -d /tmp/nq-writers.XXXXXX)
trap 'kill -KILL $(jobs -p) 2>/dev/null; rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }
cd "$tmp" || exit 1

# The special files, made afresh for each writer: devices only where mknod works (root).
specials() {
    rm -rf "$tmp/s" && mkdir "$tmp/s"
    if [ -n "$devices" ]; then
        mknod -m 666 "$tmp/s/null" c 1 3 && mknod -m 666 "$tmp/s/full" c 1 7
    fi
    mkfifo "$tmp/s/fifo"
    mkdir "$tmp/s/dir"
    echo "old text" >"$tmp/s/target"
    ln -s target "$tmp/s/link"
    ln -s nowhere "$tmp/s/dangling"
    "$NQ" count 9 --checkpoint "$tmp/s/journal" >/dev/null
}
devices=1
if ! mknod "$tmp/probe" c 1 3 2>/dev/null; then
    devices=
    skip_part "mknod is not allowed here (not root): the character devices are left out"
fi
rm -f "$tmp/probe"

# kind_of FILE: what FILE is now (stat's words), to see that it was not replaced.
kind_of() { stat -c %F "$1" 2>/dev/null; }

# refused WHAT FILE PATTERN COMMAND...: COMMAND must exit 2 at once with nothing on stdout and the
# one-line message PATTERN (grep -E, the whole line), and leave FILE as it was (kind and bytes).
refused() {
    local what=$1 file=$2 pattern=$3 kind sum
    shift 3
    kind=$(kind_of "$file")
    sum=$( ([ -f "$file" ] && ! [ -L "$file" ] && md5sum <"$file") || echo -)
    timeout 60 "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
        grep -Eqx "$pattern" "$tmp/err" && [ "$(kind_of "$file")" = "$kind" ] &&
        [ "$( ([ -f "$file" ] && ! [ -L "$file" ] && md5sum <"$file") || echo -)" = "$sum" ]; then
        ok "$what: refused, left as it was"
    else
        fail "$what: exit $rc, stdout '$(head -c 200 "$tmp/out")', stderr '$(cat "$tmp/err")', now $(kind_of "$file")"
    fi
}

e="nqueens count: cannot write export"
c="nqueens count: cannot use checkpoint"
# The three export writers: a whole count, one with a journal, a part of a count.
for how in "" "--checkpoint $tmp/w.nqj" "--part 2/3"; do
    specials
    rm -f "$tmp/w.nqj"
    args=(count 10 $how)
    label="count 10 ${how:+$how }--export"
    want=$(if [ "$how" = "--part 2/3" ]; then "$NQ" count 10 --part 2/3 2>/dev/null; else echo 724; fi)
    if [ -n "$devices" ]; then
        # /dev/null's copy: written in place, still the device.
        out=$("$NQ" "${args[@]}" --export "$tmp/s/null" 2>"$tmp/err")
        rc=$?
        [ $rc -eq 0 ] && [ "$out" = "$want" ] && [ "$(kind_of "$tmp/s/null")" = "character special file" ] &&
            ok "$label NULL-DEVICE: written in place" ||
            fail "$label NULL-DEVICE: exit $rc, '$out', $(cat "$tmp/err"), now $(kind_of "$tmp/s/null")"
        # /dev/full's copy: no room; the count's result is printed all the same, then exit 2.
        rm -f "$tmp/w.nqj"
        out=$("$NQ" "${args[@]}" --export "$tmp/s/full" 2>"$tmp/err")
        rc=$?
        [ $rc -eq 2 ] && [ "$out" = "$want" ] && [ "$(kind_of "$tmp/s/full")" = "character special file" ] &&
            grep -qx "$e '$tmp/s/full': No space left on device" "$tmp/err" &&
            ok "$label FULL-DEVICE: the result shown, exit 2, the device kept" ||
            fail "$label FULL-DEVICE: exit $rc, '$out', $(cat "$tmp/err"), now $(kind_of "$tmp/s/full")"
    fi
    # A FIFO: written in place for its reader.
    rm -f "$tmp/w.nqj"
    cat "$tmp/s/fifo" >"$tmp/fifo.out" &
    reader=$!
    out=$(timeout 60 "$NQ" "${args[@]}" --export "$tmp/s/fifo" 2>"$tmp/err")
    rc=$?
    wait $reader
    [ $rc -eq 0 ] && [ "$out" = "$want" ] && [ "$(kind_of "$tmp/s/fifo")" = fifo ] &&
        head -n 1 "$tmp/fifo.out" | grep -qx 'nqueens-export 2' && grep -q '^end ' "$tmp/fifo.out" &&
        ok "$label FIFO: written in place to its reader" ||
        fail "$label FIFO: exit $rc, '$out', $(cat "$tmp/err"), read $(wc -c <"$tmp/fifo.out") bytes, now $(kind_of "$tmp/s/fifo")"
    # /dev/stdout: the export, then the result, on the standard output.
    rm -f "$tmp/w.nqj"
    "$NQ" "${args[@]}" --export /dev/stdout >"$tmp/so" 2>"$tmp/err"
    rc=$?
    [ $rc -eq 0 ] && head -n 1 "$tmp/so" | grep -qx 'nqueens-export 2' &&
        [ "$(tail -n 1 "$tmp/so")" = "$want" ] && [ "$(grep -c '^end ' "$tmp/so")" = 1 ] &&
        ok "$label /dev/stdout: the export, then the result" ||
        fail "$label /dev/stdout: exit $rc, $(head -c 300 "$tmp/so"), $(cat "$tmp/err")"
    # A link: what it points to is written; the link stays a link.
    rm -f "$tmp/w.nqj"
    out=$("$NQ" "${args[@]}" --export "$tmp/s/link" 2>"$tmp/err")
    rc=$?
    [ $rc -eq 0 ] && [ "$out" = "$want" ] && [ -L "$tmp/s/link" ] &&
        head -n 1 "$tmp/s/target" | grep -qx 'nqueens-export 2' &&
        ok "$label LINK: written where it points, the link kept" ||
        fail "$label LINK: exit $rc, '$out', $(cat "$tmp/err"), link: $(kind_of "$tmp/s/link")"
    rm -f "$tmp/w.nqj"
    refused "$label LINK-TO-NOTHING" "$tmp/s/dangling" \
        "$e '$tmp/s/dangling': it is a symbolic link to nothing \(No such file or directory\); give the path of a file" \
        "$NQ" "${args[@]}" --export "$tmp/s/dangling"
    refused "$label DIRECTORY" "$tmp/s/dir" \
        "$e '$tmp/s/dir': it is a directory \(an export goes to a file, a FIFO or a terminal\); give the path of a file" \
        "$NQ" "${args[@]}" --export "$tmp/s/dir"
    refused "$label JOURNAL (another count's)" "$tmp/s/journal" \
        "$e '$tmp/s/journal': it is a checkpoint journal, which no export replaces; give another path" \
        "$NQ" "${args[@]}" --export "$tmp/s/journal"
    # A file a running count holds (its lock; here a plain file locked the way a count locks its
    # journal, POSIX record locks being seen by the journal's open file description locks).
    echo "held" >"$tmp/s/held"
    # The last round's "locked" goes first: the background job empties the file only when it
    # starts, and the wait below could read the old word before this locker holds its lock (the
    # sanitizer build's suite failed so once).
    rm -f "$tmp/locker"
    python3 -c 'import fcntl, sys, time
f = open(sys.argv[1], "r+"); fcntl.lockf(f, fcntl.LOCK_EX); print("locked", flush=True); time.sleep(120)' \
        "$tmp/s/held" >"$tmp/locker" &
    locker=$!
    wait_for $locker grep -q locked "$tmp/locker"
    refused "$label HELD (a file locked by a running process)" "$tmp/s/held" \
        "$e '$tmp/s/held': it is in use by a running count; give another path" \
        "$NQ" "${args[@]}" --export "$tmp/s/held"
    kill $locker 2>/dev/null
    wait $locker 2>/dev/null
done

# The count's own journal, named twice: refused before it starts, nothing created.
refused "count 12 --checkpoint same.j --export same.j" "$tmp/same.j" \
    "$e 'same.j': it is the count's checkpoint journal; give the export another path" \
    "$NQ" count 12 --checkpoint same.j --export same.j
[ ! -e "$tmp/same.j" ] || fail "same.j was created"
mkdir -p "$tmp/sub"
refused "the journal named by two paths (sub/../same2.j)" "$tmp/same2.j" \
    "$e 'sub/../same2.j': it is the count's checkpoint journal; give the export another path" \
    "$NQ" count 12 --checkpoint same2.j --export sub/../same2.j
# An empty path is refused before the count: `count 10 --export ''` passed the check (its probe
# made '.tmp.XXXXXX' in the working folder), counted, and failed only at the write.
for args in "--export" "--checkpoint" "--part 1/2 --export" "--checkpoint j10 --export"; do
    what=$(case $args in *export) echo "cannot write export" ;; *) echo "cannot use checkpoint" ;; esac)
    refused "count 10 $args ''" "$tmp/j10" \
        "nqueens count: $what '': the path is empty; give the path of a file" \
        "$NQ" count 10 $args ''
done
refused "count --checkpoint '' --status" "$tmp/j10" \
    "nqueens count: cannot read checkpoint '': the path is empty; give the path of a journal" \
    "$NQ" count --checkpoint '' --status
[ ! -e "$tmp/j10" ] && [ -z "$(find "$tmp" -maxdepth 1 -name '.tmp.*')" ] ||
    fail "an empty path left files: $(ls -A "$tmp")"
# Standard error closed (2>&-): the journal took descriptor 2, and with it the progress lines
# and messages, and was refused as damaged when resumed. Standard output closed: the result is
# still not written into the journal.
"$NQ" count 12 --checkpoint "$tmp/closed.j" --progress 2>&- >/dev/null
"$NQ" count 12 --checkpoint "$tmp/closed.j" --json --no-progress >&- 2>/dev/null
out=$("$NQ" count 12 --checkpoint "$tmp/closed.j" --json 2>"$tmp/err")
[ "$?" -eq 0 ] && grep -q '"total":14200,.*"computed":0' <<<"$out" && ! grep -aqv '^[nr]' "$tmp/closed.j" &&
    ok "count --checkpoint with stderr or stdout closed: the journal holds records only" ||
    fail "count --checkpoint with stderr or stdout closed: '$out', $(cat "$tmp/err"); $(grep -av '^[nr]' "$tmp/closed.j" | head -3)"
# A partial journal of n = 18 (killed), then `count 10 --export` over it: refused, still resumable.
env $(hook_env "$tmp/keep18.j" 5 KILL) "$NQ" count 18 --checkpoint "$tmp/keep18.j" --no-progress \
    >/dev/null 2>&1
refused "count 10 --export over a partial n = 18 journal" "$tmp/keep18.j" \
    "$e '$tmp/keep18.j': it is a checkpoint journal, which no export replaces; give another path" \
    "$NQ" count 10 --export "$tmp/keep18.j"
[ "$(done_of "$tmp/keep18.j")" -ge 4 ] 2>/dev/null && ok "the n = 18 journal keeps its records" ||
    fail "the n = 18 journal: $("$NQ" count --checkpoint "$tmp/keep18.j" --status 2>&1)"

# A journal in use by a running count (stopped at its 3rd record, its lock held): no export
# replaces it, no other count or nqueens-mpi takes it; resumed, the count finishes right.
env $(hook_env "$tmp/run.j" 3 STOP) "$NQ" count 12 --checkpoint "$tmp/run.j" --no-progress \
    >"$tmp/run.out" 2>"$tmp/run.err" &
runner=$!
wait_for $runner stopped $runner
refused "count 10 --export over a running count's journal" "$tmp/run.j" \
    "$e '$tmp/run.j': it is a checkpoint journal, which no export replaces; give another path" \
    "$NQ" count 10 --export "$tmp/run.j"
refused "count 12 --checkpoint of a running count's journal" "$tmp/run.j" \
    "nqueens count: checkpoint '$tmp/run.j' is in use by another running count" \
    "$NQ" count 12 --checkpoint "$tmp/run.j"
kill -CONT $runner
wait $runner
rc=$?
[ $rc -eq 0 ] && [ "$(cat "$tmp/run.out")" = 14200 ] && ok "the running count went on to 14200" ||
    fail "the running count: exit $rc, $(cat "$tmp/run.out" "$tmp/run.err")"

# The journal writer: a regular file only (its records are read back and appended).
specials
for f in fifo ${devices:+null full}; do
    kind=$(case $f in fifo) echo "a FIFO" ;; *) echo "a character device" ;; esac)
    refused "count 10 --checkpoint ${f^^}" "$tmp/s/$f" \
        "$c '$tmp/s/$f': it is not a regular file \($kind\); give the path of a file" \
        "$NQ" count 10 --checkpoint "$tmp/s/$f"
done
# ... judged before anything else: n = 26's estimate takes seconds and prints a line first.
refused "count 26 --checkpoint FIFO (before the estimate)" "$tmp/s/fifo" \
    "$c '$tmp/s/fifo': it is not a regular file \(a FIFO\); give the path of a file" \
    "$NQ" count 26 --checkpoint "$tmp/s/fifo"
refused "count 10 --checkpoint DIRECTORY" "$tmp/s/dir" \
    "$c '$tmp/s/dir': it is not a regular file \(a directory\); give the path of a file" \
    "$NQ" count 10 --checkpoint "$tmp/s/dir"
refused "count 10 --export DIRECTORY/" "$tmp/s/dir" \
    "$e '$tmp/s/dir/': it names a folder \(it ends with '/'\); give the path of a file" \
    "$NQ" count 10 --export "$tmp/s/dir/"
refused "count 10 --checkpoint /dev/stdout" "$tmp/s/dir" \
    "$c '/dev/stdout': it names an open descriptor, not a file; a journal must be a regular file: give the path of a file" \
    "$NQ" count 10 --checkpoint /dev/stdout
refused "count 10 --checkpoint LINK-TO-NOTHING" "$tmp/s/dangling" \
    "$c '$tmp/s/dangling': it is a symbolic link to nothing \(No such file or directory\); give the path of a file" \
    "$NQ" count 10 --checkpoint "$tmp/s/dangling"
refused "count 10 --checkpoint of another count's journal" "$tmp/s/journal" \
    "nqueens count: checkpoint '$tmp/s/journal' belongs to another count: .*" \
    "$NQ" count 10 --checkpoint "$tmp/s/journal"
: >"$tmp/s/target" # an empty file: a journal starts in it
out=$("$NQ" count 10 --checkpoint "$tmp/s/link" 2>"$tmp/err")
[ "$out" = 724 ] && [ -L "$tmp/s/link" ] && head -c 16 "$tmp/s/target" | grep -q '^nqueens-journal' &&
    ok "count 10 --checkpoint LINK: the journal is where it points, the link kept" ||
    fail "count 10 --checkpoint LINK: '$out', $(cat "$tmp/err")"

# nqueens-mpi's one writer, its journal: the same policy and messages (one rank's run).
if [ -x "$NQ_BUILD/nqueens-mpi" ] && command -v mpirun >/dev/null; then
    MPI=(mpirun --allow-run-as-root --oversubscribe -np 2 "$NQ_BUILD/nqueens-mpi")
    m="nqueens-mpi count: cannot use checkpoint"
    for f in fifo dir ${devices:+full}; do
        what=$(case $f in fifo) echo "a FIFO" ;; dir) echo "a directory" ;; *) echo "a character device" ;; esac)
        timeout 120 "${MPI[@]}" count 9 --checkpoint "$tmp/s/$f" >"$tmp/out" 2>"$tmp/err"
        rc=$?
        [ $rc -ne 0 ] && [ ! -s "$tmp/out" ] &&
            grep -qx "$m '$tmp/s/$f': it is not a regular file ($what); give the path of a file" "$tmp/err" &&
            [ "$(kind_of "$tmp/s/$f")" != "regular file" ] && ok "nqueens-mpi --checkpoint ${f^^}: refused" ||
            fail "nqueens-mpi --checkpoint ${f^^}: exit $rc, $(cat "$tmp/out" "$tmp/err")"
    done
    cp "$tmp/s/journal" "$tmp/j9copy"
    timeout 120 "${MPI[@]}" count 10 --checkpoint "$tmp/s/journal" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -ne 0 ] && [ ! -s "$tmp/out" ] && cmp -s "$tmp/s/journal" "$tmp/j9copy" &&
        grep -q "checkpoint '$tmp/s/journal' belongs to another count" "$tmp/err" &&
        ok "nqueens-mpi --checkpoint of another count's journal: refused, untouched" ||
        fail "nqueens-mpi over another journal: exit $rc, $(cat "$tmp/out" "$tmp/err")"
else
    skip_part "nqueens-mpi or mpirun is missing: its journal's writer is not tried"
fi

# An unwritable folder is found before the count starts: n = 26 would take hours.
for bad in "nofolder/e.x" "s/journal/e.x"; do
    timeout 20 "$NQ" count 26 --export "$tmp/$bad" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
        grep -q "^$e '$tmp/$bad': " "$tmp/err" && ok "--export $bad refused before the count" ||
        fail "--export $bad: exit $rc, $(cat "$tmp/out" "$tmp/err")"
done
grep -qx "$e '$tmp/s/journal/e.x': Not a directory" "$tmp/err" || fail "its message: $(cat "$tmp/err")"
# A read-only folder: as root, as the unprivileged user nobody (root writes anywhere).
mkdir "$tmp/ro" && chmod 555 "$tmp/ro"
as_user=()
if [ "$(id -u)" -eq 0 ]; then
    as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
    command -v setpriv >/dev/null || { as_user=(); skip_part "setpriv (util-linux) is missing"; }
    chmod 755 "$tmp"
fi
if [ "$(id -u)" -ne 0 ] || [ ${#as_user[@]} -gt 0 ]; then
    nq=$NQ
    if ! "${as_user[@]}" test -x "$nq"; then # a build tree the user cannot reach
        cp "$NQ" "$tmp/nqueens" && chmod 755 "$tmp/nqueens" && nq=$tmp/nqueens
    fi
    timeout 20 "${as_user[@]}" "$nq" count 26 --export "$tmp/ro/e.x" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] &&
        grep -qx "$e '$tmp/ro/e.x': cannot create a file in folder '$tmp/ro': Permission denied; give a path in a folder you may write" "$tmp/err" &&
        ok "--export into a read-only folder refused before the count" ||
        fail "--export into a read-only folder: exit $rc, $(cat "$tmp/out" "$tmp/err")"
fi

# A full disk at the end: the export's sync fails (NQ_HOOK_FULL), the count's result is still
# printed (the total, or the JSON object), then exit 2; no half export is left behind.
for fmt in "" "--json"; do
    LD_PRELOAD=$NQ_HOOK ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0 \
        NQ_HOOK_FULL=e14.x "$NQ" count 11 $fmt --export "$tmp/e14.x" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -eq 2 ] && grep -q '2680' "$tmp/out" && [ ! -e "$tmp/e14.x" ] &&
        [ -z "$(find "$tmp" -maxdepth 1 -name 'e14.x.tmp.*')" ] &&
        grep -qx "$e '$tmp/e14.x': No space left on device" "$tmp/err" &&
        grep -qx "nqueens count: the count is finished: its result follows on standard output, then the command fails for want of its export" "$tmp/err" &&
        ok "a full disk: count 11 $fmt prints its result, exits 2" ||
        fail "a full disk: count 11 $fmt: exit $rc, $(cat "$tmp/out" "$tmp/err")"
done

# The standard output full: the result goes to stderr after the reason, exit 2 (it was lost).
for fmt in "" "--json"; do
    "$NQ" count 11 $fmt >/dev/full 2>"$tmp/err"
    rc=$?
    [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 2 ] &&
        grep -qx "nqueens count: cannot write the result on standard output: No space left on device; here it is on standard error:" "$tmp/err" &&
        tail -n 1 "$tmp/err" | grep -q '2680' && ok "count 11 $fmt >/dev/full: the result on stderr" ||
        fail "count 11 $fmt >/dev/full: exit $rc, $(cat "$tmp/err")"
done
# (nqueens-mpi prints through the same tool_print_counts(); under mpirun its stdout is mpirun's
# pipe, which cannot be made full from here.)

skip_exit $fails
