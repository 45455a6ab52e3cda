#!/usr/bin/env bash
# tests/cli/edited.sh: an edited file never passes as right (issue 40 item 4). Every statement a
# file makes twice must agree, or the file is refused naming the lines: an export's n (line 2)
# and size (line 3) with its split (line 4), its split a border split's; a journal header's n=
# and size= with its split id's, its format with its split's kind (even with the CRCs signed
# again). An export of format 2 ends with a CRC-32 of its lines, so that an edit that keeps
# every identity and sum is found too; format 1 (no check) is still read, judged by the rest,
# and verify says it has no check. The samples: `sed 's/^n 12$/n 30/'` on the three parts of
# `count 12 --part I/3 --export` (merge printed n = 30, exit 0), and verify of such a whole
# export ("verdict: right" for n = 30).
. "$NQ_SRC/tests/support/clitest.bash"
tmp=$(mktemp -d /tmp/nq-edited.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

for i in 1 2 3; do
  "$NQ" count 12 --part "$i/3" --export "p$i.x" --no-progress >/dev/null
  sed 's/^n 12$/n 30/' "p$i.x" >"e$i.x"
done
"$NQ" count 12 --export w.x --no-progress >/dev/null
sed 's/^n 12$/n 30/' w.x >w30.x
check "the parts merge" 0 14200 -- "$NQ" merge p1.x p2.x p3.x
check "format 2, and the end line's check" 0 "nqueens-export 2 10" -- \
  bash -c "head -1 w.x | tr '\n' ' '; tail -1 w.x | awk '{ print NF }'"
check "an export's check is the CRC-32 of its bytes" 0 ok -- python3 -c "
import zlib
data = open('w.x', 'rb').read()
body, check = data[:-1].rsplit(b' ', 1)
print('ok' if int(check, 16) == zlib.crc32(body) else 'bad')"

# The samples.
check_err "merge: n edited in every part" 2 "^nqueens merge: export 'e1.x': line 2 says n 30, but line 4's split 'nq-split/3 border-mrv n=12 [^']*' is of another n: the file was edited or damaged; count it again$" -- \
  "$NQ" merge e1.x e2.x e3.x
check_err "verify: n edited" 2 "^nqueens verify: export 'w30.x': line 2 says n 30, but line 4's split" -- \
  "$NQ" verify w30.x
sed 's/^size 2876$/size 2877/' w.x >size.x
check_err "size edited" 2 "^nqueens merge: export 'size.x': line 3 says size 2877, but line 4's split '[^']*size=2876' has another size" -- \
  "$NQ" merge size.x
# Edited in both places: the check finds it (format 2); format 1 has none, but no count of
# n = 30 numbers its subproblems so.
sed 's/^n 12$/n 30/; s/ n=12 / n=30 /' w.x >both.x
check_err "merge: n edited in both places" 2 "^nqueens merge: 'both.x' is damaged: its check \(the last field of line 2884, the end line\) is not the CRC-32 of its lines: it was changed after it was written" -- \
  "$NQ" merge both.x
check_err "verify: n edited in both places" 2 "^nqueens verify: 'both.x' numbers the subproblems as 'nq-split/3 border-mrv n=30 depth=1 size=2876', this version as '[^']*': its records cannot be recounted by this version$" -- \
  "$NQ" verify both.x
format1() { sed '1s/^nqueens-export 2$/nqueens-export 1/; $s/ [0-9a-f]*$//' "$1"; }
format1 w.x >w1.x
format1 both.x >both1.x
check "format 1 is still read" 0 14200 -- "$NQ" merge w1.x
check "verify: format 1 has no check" 0 "check: none (an export of format 1 has no CRC-32: an edit that keeps the identities and the sums is not found here)
verdict: right" -- bash -c "'$NQ' verify w1.x --sample 5 --seed 1 | grep -E '^(check|verdict)'"
check_err "format 1, n edited in both places" 2 "^nqueens merge: 'both1.x' numbers the subproblems as 'nq-split/3 border-mrv n=30 depth=1 size=2876', which no count of n = 30 does: the file was edited or damaged$" -- \
  "$NQ" merge both1.x
check_err "verify: format 1, n edited in both places" 2 "^nqueens verify: 'both1.x' numbers the subproblems as 'nq-split/3 border-mrv n=30 " -- \
  "$NQ" verify both1.x
# A record changed within the identities, and the end line's sums with it: only the check
# finds it (a class of 8 more: total +8, unique +1, orbit8 +1).
python3 - w.x forged.x <<'EOF'
import sys
lines = open(sys.argv[1]).read().split("\n")
i = next(k for k in range(7, len(lines)) if lines[k] and not lines[k].startswith("end"))
f = lines[i].split(" ")
f[1], f[2], f[3] = str(int(f[1]) + 8), str(int(f[2]) + 1), str(int(f[3]) + 1)
lines[i] = " ".join(f)
e = lines[-2].split(" ")
e[2], e[3], e[4] = str(int(e[2]) + 8), str(int(e[3]) + 1), str(int(e[4]) + 1)
lines[-2] = " ".join(e)
open(sys.argv[2], "w").write("\n".join(lines))
EOF
check_err "a record and the sums edited: the check" 2 "^nqueens merge: 'forged.x' is damaged: its check " -- \
  "$NQ" merge forged.x
check "verify: the check, identities and sums kept" 1 "identities: every record's hold
sums: the file's are its records'
check: wrong: the end line's CRC-32 is not that of the file's lines (it was changed after it was written)
verdict: WRONG" -- bash -o pipefail -c "'$NQ' verify forged.x --sample 1 --seed 1 | grep -E '^(identities|sums|check|verdict)'"
sed '$s/ [0-9a-f]*$//' w.x >nocheck.x
check_err "format 2 without its check" 2 "^nqueens merge: export 'nocheck.x': line 2884, 'end 2876 .*', is not a record \(index and 7 numbers\) nor an end line of format 2 \(records, 7 sums and a check\)$" -- \
  "$NQ" merge nocheck.x
sed '4s/.*/split nq-split\/4 quadrant n=12 cut=plain size=2876/' w.x >quad.x
check_err "an export of the quadrant split" 2 "^nqueens merge: export 'quad.x': line 4 names the quadrant join's split \('nq-split/4 quadrant n=12 cut=plain size=2876'\), which no count exports" -- \
  "$NQ" merge quad.x
sed '1s/2$/3/' w.x >f3.x
check_err "a newer format" 2 "^nqueens merge: export 'f3.x' is of format 3; this version \([^)]*\) reads formats 1 to 2$" -- \
  "$NQ" merge f3.x

# Journals: a header signed again with n=30 (its split says n=12), or size=, or the other
# split's format, is refused by every reader, naming line 1.
"$NQ" count 12 --checkpoint j.nqj --no-progress >/dev/null
resign() { # resign FILE SED-EXPRESSION: the header edited, it and every record signed again
  python3 - "$1" "$2" <<'EOF'
import re, sys, zlib
path, expr = sys.argv[1], sys.argv[2]
lines = open(path).read().split("\n")
body = lines[0].rsplit(" crc=", 1)[0]
old, new = expr.split("/")
body = re.sub(old, new, body, count=1)
seed = zlib.crc32(body.encode())
out = [f"{body} crc={seed:08x}"]
for line in lines[1:]:
    if line:
        rec = line.rsplit(" ", 1)[0]
        line = f"{rec} {zlib.crc32(rec.encode(), seed):08x}"
    out.append(line)
open(path, "w").write("\n".join(out))
EOF
}
cp j.nqj j30.nqj && resign j30.nqj ' n=12 / n=30 '
cp j.nqj jsize.nqj && resign jsize.nqj ' size=2876 / size=2877 '
cp j.nqj jfmt.nqj && resign jfmt.nqj 'journal 2 /journal 3 '
for f in j30 jsize jfmt; do
  for cmd in "count 12 --checkpoint $f.nqj --status" "count 12 --checkpoint $f.nqj --no-progress" "merge $f.nqj" "verify $f.nqj"; do
    # shellcheck disable=SC2086
    check_err "journal $f: $cmd" 2 "checkpoint '$f.nqj': line 1, the journal's header, contradicts itself \(n=[0-9]+ size=[0-9]+, format [23], but split 'nq-split/3 border-mrv n=12 depth=1 size=2876'\): it was edited" -- \
      "$NQ" $cmd
  done
done
finish
