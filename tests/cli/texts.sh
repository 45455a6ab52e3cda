#!/usr/bin/env bash
# tests/cli/texts.sh: texts that are long or end their lines in any way. Every fixed-size text
# buffer holding 128-bit numbers, paths or a user's text is sized by what it holds: verify's
# 'total: wrong' line with sums of 38 and 39 digits (it was formatted into the middle of one
# 256-byte buffer, garbling the first text and able to write past it). Messages name the line and
# the value that disagree (merge of a part whose size line was edited named the same split twice).
# Line ends: LF, CRLF, a bare CR and none at the end get one answer in every reader.
set -uo pipefail
: "${NQ:?path to the nqueens binary}"
. "$NQ_SRC/tests/support/skip.bash"
tmp=$(mktemp -d /tmp/nq-texts.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }
cd "$tmp" || exit 1

# verify with long sums: record 0 of a whole n = 8 journal made to hold orbit8 = O (its
# identities kept, the journal signed again as the format says): totals of 38 and 39 digits (the
# latter 2^128 - 708, the longest a sum may be). The threads write the records in the order they
# finish, so subproblem 0's is looked for (this once took the first line, some other subproblem's
# when another thread finished first).
"$NQ" count 8 --checkpoint j8 >/dev/null
for o8 in 10000000000000000000000000000000000000 42535295865117307932921825928971026332; do
    python3 - "$o8" <<'PY'
import sys, zlib
o8 = int(sys.argv[1])
lines = open("j8", "rb").read().split(b"\n")
seed = zlib.crc32(lines[0].rsplit(b" crc=", 1)[0])
at = [i for i, l in enumerate(lines) if l.startswith(b"r 0 ")][0]
f = lines[at].split(b" ")
f[2:8] = [b"%d" % (8 * o8), b"%d" % o8, b"%d" % o8, b"0", b"0", b"0"]
body = b" ".join(f[:-1])
lines[at] = body + b" %08x" % zlib.crc32(body, seed)
open("long.j", "wb").write(b"\n".join(lines))
PY
    want="total: wrong: the records add up to total $(python3 -c "print(8*$o8+92)") unique $(python3 -c "print($o8+12)") orbit8 $(python3 -c "print($o8+11)") orbit4 1 orbit2 0 orbit1 0; n = 8 has total 92 unique 12 orbit8 11 orbit4 1 orbit2 0 orbit1 0 (OEIS A000170, A002562)"
    "$NQ" verify long.j >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -eq 1 ] && grep -qxF "$want" "$tmp/out" &&
        grep -qxF "wrong: subproblem 0: recorded total $(python3 -c "print(8*$o8)") unique $o8 orbit8 $o8 orbit4 0 orbit2 0 orbit1 0; recounted total 0 unique 0 orbit8 0 orbit4 0 orbit2 0 orbit1 0" "$tmp/out" &&
        ok "verify: sums of ${#o8}-digit orbits written whole" ||
        fail "verify of long sums: exit $rc, $(grep -e total -e 'subproblem 0' "$tmp/out") $(cat "$tmp/err")"
done

# merge of a part whose size line was edited: the file, the line and both values.
for i in 1 2; do "$NQ" count 12 --part $i/2 --export p$i.x >/dev/null; done
split=$(sed -n 's/^split //p' p1.x)
sed 's/^size .*/size 2877/' p1.x >m.x
for order in "m.x p2.x" "p2.x m.x"; do
    "$NQ" merge $order >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] &&
        grep -qxF "nqueens merge: export 'm.x': line 3 says size 2877, but line 4's split '$split' has another size: the file was edited or damaged; count it again" "$tmp/err" &&
        ok "merge $order: the edited size line named" || fail "merge $order: exit $rc, $(cat "$tmp/err")"
done

# A user's long text in a message is cut with "..." at its end, never shown cut as if whole (an
# option's value of 200 digits was shown as 91 of them; NQ_KERNEL's as 40 characters).
long=$(printf '7%.0s' $(seq 1 200))
"$NQ" count 8 --threads "$long" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && grep -Eqx "nqueens count: --threads must be an integer from 1 to [0-9]+, got '7{20,}\.\.\.' \(out of range\)" "$tmp/err" &&
    ok "a 200-digit --threads shown cut with '...'" || fail "a long --threads: exit $rc, $(cat "$tmp/err")"
NQ_KERNEL=$(printf 'x%.0s' $(seq 1 200)) "$NQ" count 8 >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && grep -Eq "^nqueens count: NQ_KERNEL='x{20,}\.\.\.' is not a kernel" "$tmp/err" &&
    ok "a 200-character NQ_KERNEL shown cut with '...'" || fail "a long NQ_KERNEL: exit $rc, $(cat "$tmp/err")"
{ head -n 7 p1.x; printf '%s\n' "$long"; } >"$tmp/longline.x"
"$NQ" verify "$tmp/longline.x" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && grep -Eqx "nqueens verify: export '$tmp/longline.x': line 8, '7{20,}\.\.\.', is not a record \(index and 7 numbers\)" "$tmp/err" &&
    ok "an export's long bad line shown cut with '...'" || fail "an export's long line: exit $rc, $(cat "$tmp/err")"

printf 'n = 8\n%s = 3\n' "$(printf 'a%.0s' $(seq 1 50))" >"$tmp/longname.param"
"$NQ" complete "$tmp/longname.param" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && grep -qx "nqueens complete: $tmp/longname.param: line 2, column 1: unknown name 'aaaaaaaaaaaaaaaaaaaaaaaaaaaa...' (expected n, numdiags, diags or init)" "$tmp/err" &&
    ok "a 50-character name in an instance shown cut with '...'" || fail "a long name: exit $rc, $(cat "$tmp/err")"

# Line ends: every reader gets each text in four styles, LF, CR LF, a bare CR and LF but none at
# the end, and must give the same answer for all four (and, for a damaged line, name that line).
D=$NQ_SRC/tests/data/complete
styles="lf crlf cr none"
# restyle STYLE: stdin (LF ends) to stdout in STYLE.
restyle() {
    case $1 in
    lf) cat ;;
    crlf) sed 's/$/\r/' ;;
    cr) tr '\n' '\r' ;;
    none) perl -pe 'chomp if eof' ;;
    esac
}
# same WHAT FILE COMMAND...: COMMAND run on FILE in each style (the path of the restyled file is
# put in place of the word @ in COMMAND, or it is given on stdin when there is no @) must print
# and exit as on the LF file.
same() {
    local what=$1 src=$2 style want got rc0 rc
    shift 2
    for style in $styles; do
        restyle $style <"$src" >"$tmp/in.$style"
        local args=() a stdin=1
        for a in "$@"; do
            if [ "$a" = @ ]; then args+=("$tmp/in.$style"); stdin=0; else args+=("$a"); fi
        done
        if [ $stdin = 1 ]; then got=$("${args[@]}" <"$tmp/in.$style" 2>&1); else got=$("${args[@]}" 2>&1); fi
        rc=$?
        got=${got//"$tmp/in.$style"/FILE} # the file's name is no part of the answer
        if [ $style = lf ]; then
            want=$got rc0=$rc
        elif [ "$got" != "$want" ] || [ $rc -ne $rc0 ]; then
            fail "$what, $style line ends: exit $rc, '$got'; with LF: exit $rc0, '$want'"
            return
        fi
    done
    ok "$what: one answer for every line end (exit $rc0)"
}

for f in cols pairs board json jsonl grid perm matrix; do
    "$NQ" solve 6 --format $f >"$tmp/s6.$f"
    same "check --all of a $f listing (file)" "$tmp/s6.$f" "$NQ" check --all @
    same "check --all of a $f listing (stdin)" "$tmp/s6.$f" "$NQ" check --all
done
grep -q 'all good' <<<"$("$NQ" check --all "$tmp/in.lf" 2>&1)" || fail "the matrix listing is not all good"
# A damaged third line is named as line 3 in every style.
printf '1 3 0 2\n2 0 3 1\n1 1 0 2\n' >"$tmp/bad.cols"
same "check of a cols listing with line 3 damaged" "$tmp/bad.cols" "$NQ" check @
out=$("$NQ" check "$tmp/bad.cols" 2>&1)
grep -q '^line 3: ' <<<"$out" || fail "check does not name line 3: $out"
printf '2\n4\n6\n' >"$tmp/judge"
same "cases (judge input on stdin)" "$tmp/judge" "$NQ" cases
"$NQ" cases <"$tmp/judge" >"$tmp/cases.out"
same "check --all of a cases output" "$tmp/cases.out" "$NQ" check --all @
echo 92 >"$tmp/count92"
same "check --n 8 of a bare count" "$tmp/count92" "$NQ" check --n 8 @
echo 8 >"$tmp/n8"
same "count with N on stdin" "$tmp/n8" "$NQ" count
for f in nauck.board nauck.param diags6.param gen20-1.param; do
    same "complete of $f (file)" "$D/$f" "$NQ" complete @
    same "complete of $f (stdin)" "$D/$f" "$NQ" complete
done
# Exports (merge, verify) and journals (status, resume, verify); the CR LF export was refused as
# 'of format 1\x0d'.
same "merge of a part export and an LF part" "$tmp/p1.x" "$NQ" merge @ p2.x
same "verify of an export" "$tmp/p1.x" "$NQ" verify --seed 1 @
"$NQ" count 10 --export "$tmp/e10.x" >/dev/null
same "verify of a whole export" "$tmp/e10.x" "$NQ" verify @
# A journal's last line with no line end is the one exception, by the journal's format: it is a
# record a kill cut short (a torn record), ignored and counted again (tests/cli/journal.sh).
"$NQ" count 10 --checkpoint "$tmp/j10" >/dev/null
styles="lf crlf cr"
same "count --status of a journal" "$tmp/j10" "$NQ" count --status --checkpoint @
same "a resumed journal" "$tmp/j10" "$NQ" count 10 --checkpoint @
same "verify of a journal" "$tmp/j10" "$NQ" verify @
perl -pe 'chomp if eof' "$tmp/j10" >"$tmp/j10.none"
out=$("$NQ" count --status --checkpoint "$tmp/j10.none" 2>&1)
grep -qx 'torn last record: yes (ignored; counted again on resume)' <<<"$out" &&
    grep -qx 'done: 582 of 583 subproblems (incomplete)' <<<"$out" &&
    ok "a journal's last line with no line end: a torn record" || fail "a journal with no last LF: $out"

skip_exit $fails
