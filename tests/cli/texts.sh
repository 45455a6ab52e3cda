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
# latter 2^128 - 708, the longest a sum may be).
"$NQ" count 8 --checkpoint j8 >/dev/null
for o8 in 10000000000000000000000000000000000000 42535295865117307932921825928971026332; do
    python3 - "$o8" <<'PY'
import sys, zlib
o8 = int(sys.argv[1])
lines = open("j8", "rb").read().split(b"\n")
seed = zlib.crc32(lines[0].rsplit(b" crc=", 1)[0])
f = lines[1].split(b" ")
f[2:8] = [b"%d" % (8 * o8), b"%d" % o8, b"%d" % o8, b"0", b"0", b"0"]
body = b" ".join(f[:-1])
lines[1] = body + b" %08x" % zlib.crc32(body, seed)
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
        grep -qxF "nqueens merge: 'm.x': line 3 says size 2877, but line 4, its split line, says size=${split##*size=}: the file was edited; give the part as it was written" "$tmp/err" &&
        ok "merge $order: the edited size line named" || fail "merge $order: exit $rc, $(cat "$tmp/err")"
done

skip_exit $fails
