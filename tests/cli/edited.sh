#!/usr/bin/env bash
# tests/cli/edited.sh: an edited file never passes as right (issue 40 item 4). Every statement a
# file makes twice must agree, or the file is refused naming the lines: an export's n (line 2)
# and size (line 3) with its split (line 4), its split a border split's; a journal header's n=
# and size= with its split id's, its format with its split's kind (even with the CRCs signed
# again). An export of format 2 ends with a CRC-32 of its lines, so that an edit that keeps
# every identity and sum is found too; format 1 (no check) is still read, judged by the rest,
# and verify says it has no check. The samples: `sed 's/^n 12$/n 30/'` on the three parts of
# `count 12 --part I/3 --export` (merge printed n = 30, exit 0), and verify of such a whole
# export ("verdict: right" for n = 30). Issue 35: every other check of the export reader, merge
# and the journals (both splits) fed the one file that fails it alone, parts and journals missing
# their first, a middle or their last subproblem, and the sums over many records (--status, a
# resumed count's counts and nodes).
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
# Issue 35: every check of every file format, each fed a file that fails it and no other (the
# rest made right again: tests/support/edit_export.py recomputes an export's end line and signs
# its check again; a journal's records are signed one by one, so a record removed leaves a
# journal that passes every check). A check whose refusal appears in no test is untested.
edit() { python3 "$NQ_SRC/tests/support/edit_export.py" "$@"; }
edit p2.x same.x none
check "an export edited in no way reads as it was" 0 "" -- cmp p2.x same.x
# An export: the end line that disagrees with its records (its sums, its record count), a record
# forged with the end line kept; records out of order, twice, of another part, after the end
# line, short; header lines missing or not valid.
edit p2.x endsum.x end-total
edit p2.x endcount.x end-records
edit p2.x forgedkept.x forge-middle keep-end
for f in endsum endcount forgedkept; do
  check_err "export: $f: merge" 2 "^nqueens merge: '$f.x' is damaged: its end line's sums are not those of its 959 records; 'nqueens verify $f.x --all' tells which records are wrong$" -- \
    "$NQ" merge p1.x $f.x p3.x
  check "export: $f: verify" 1 "identities: every record's hold
sums: wrong: the file's end line is not the sum of its records
check: the end line's CRC-32 is that of the file's lines
verdict: WRONG" -- bash -o pipefail -c "'$NQ' verify $f.x --sample 1 --seed 1 | grep -E '^(identities|sums|check|verdict)'"
done
edit p2.x dup.x dup-middle
edit p2.x swap.x swap-middle
edit p2.x foreign.x foreign-middle
edit p2.x after.x after-end
edit p2.x short.x short-record
check_err "export: a record twice" 2 "^nqueens merge: export 'dup.x': line 488 records subproblem 1438 after subproblem 1438 \(the records must be in increasing order, each once\)$" -- \
  "$NQ" merge p1.x dup.x p3.x
check_err "export: records out of order" 2 "^nqueens merge: export 'swap.x': line 488 records subproblem 1438 after subproblem 1441 \(the records must be in increasing order, each once\)$" -- \
  "$NQ" merge p1.x swap.x p3.x
check_err "export: a record of another part" 2 "^nqueens merge: export 'foreign.x': line 488 records subproblem 1439, which part 2/3 of 2876 subproblems does not have$" -- \
  "$NQ" merge p1.x foreign.x p3.x
python3 - w.x pastsize.x <<'EOF'
import sys
lines = open(sys.argv[1]).read().split("\n")
f = lines[-3].split(" ")
assert f[0] == "2875", f
lines.insert(-2, "2876 0 0 0 0 0 0 1")
open(sys.argv[2] + ".tmp", "w").write("\n".join(lines))
EOF
edit pastsize.x.tmp pastsize.x none
check_err "export: a record past the size" 2 "^nqueens merge: export 'pastsize.x': line 2884 records subproblem 2876, which part 1/1 of 2876 subproblems does not have$" -- \
  "$NQ" merge pastsize.x
check_err "export: a line after the end line" 2 "^nqueens merge: export 'after.x': line 968 comes after the end line$" -- \
  "$NQ" merge p1.x after.x p3.x
check_err "export: a record without its nodes" 2 "^nqueens merge: export 'short.x': line 487, '1438 0 0 0 0 0 0', is not a record \(index and 7 numbers\)$" -- \
  "$NQ" merge p1.x short.x p3.x
sed '5d' p2.x >nopart.x
check_err "export: the part line missing" 2 "^nqueens merge: export 'nopart.x': line 5 should be the 'part' line$" -- \
  "$NQ" merge p1.x nopart.x p3.x
for bad in "5|part 4/3" "5|part 0/3" "3|size 0" "2|n 0" "7|fields index total unique orbit8 orbit4 orbit2 nodes"; do
  sed "${bad%%|*}s|.*|${bad#*|}|" p2.x >bad.x
  key=$(echo "${bad#*|}" | cut -d' ' -f1)
  check_err "export: line ${bad%%|*} '${bad#*|}'" 2 "^nqueens merge: export 'bad.x': line ${bad%%|*}, '${bad#*|}', is not a valid '$key' line$" -- \
    "$NQ" merge p1.x bad.x p3.x
done
# merge: parts that disagree with each other (each file right on its own).
edit p2.x depth2.x 'split=nq-split/3 border-mrv n=12 depth=2 size=2876'
check_err "merge: another numbering" 2 "^nqueens merge: 'depth2.x' numbers the subproblems as 'nq-split/3 border-mrv n=12 depth=2 size=2876', but 'p1.x' as 'nq-split/3 border-mrv n=12 depth=1 size=2876': parts counted by different versions cannot be added$" -- \
  "$NQ" merge p1.x depth2.x p3.x
for i in 1 2 3; do edit "p$i.x" "old$i.x" 'split=nq-split/2 corner n=12'; done
check "merge: another version's numbering, parts that agree" 0 14200 -- "$NQ" merge old1.x old2.x old3.x
edit old2.x old2size.x size=2877
check_err "merge: another size" 2 "^nqueens merge: 'old2size.x' says 2877 subproblems \(its size line\), but 'old1.x' says 2876: give the parts of one count$" -- \
  "$NQ" merge old1.x old2size.x old3.x
# Parts missing their first, a middle or their last subproblem (each of them holds no solution,
# so that the known total cannot tell): exports (end line and check made right again), journals
# of parts and of a whole count (a record removed), and a quadrant split's journal, which merge
# does not take (a whole count) and a resume completes.
for where in first middle last; do
  edit p2.x "miss-$where.x" "drop-$where"
  check_err "export missing its $where subproblem" 2 "^nqueens merge: 'miss-$where.x' \(part 2/3\) is unfinished: it holds 958 of the part's 959 subproblems; count it again with 'nqueens count 12 --part 2/3 --export miss-$where.x'$" -- \
    "$NQ" merge p1.x "miss-$where.x" p3.x
done
for i in 1 2 3; do "$NQ" count 12 --part "$i/3" --checkpoint "j$i.nqj" --no-progress >/dev/null; done
"$NQ" count 12 --method backtrack --checkpoint whole.nqj --no-progress >/dev/null
check "journal parts merge" 0 14200 -- "$NQ" merge j1.nqj j2.nqj j3.nqj
for where in first middle last; do
  for f in j2 whole; do
    x=$(awk '/^r /{ print $2 }' $f.nqj | sort -n | awk -v w=$where '{ i[NR] = $1 } END { print w == "first" ? i[1] : w == "last" ? i[NR] : i[int(NR / 2)] }')
    grep -v "^r $x " $f.nqj >"miss-$where-$f.nqj"
    [ "$f" = j2 ] && part=2/3 files="j1.nqj miss-$where-$f.nqj j3.nqj" held="958 of the part's 959" ||
      part=1/1 files="miss-$where-$f.nqj" held="2875 of the part's 2876"
    check "journal $f: its $where subproblem ($x) holds no solution" 0 1 -- grep -c "^r $x 0 0 0 0 0 0 " $f.nqj
    # shellcheck disable=SC2086
    check_err "journal $f missing its $where subproblem" 2 "^nqueens merge: 'miss-$where-$f.nqj' \(part ${part}\) is unfinished: it holds $held subproblems; resume it with 'nqueens count 12 --part $part --checkpoint miss-$where-$f.nqj'$" -- \
      "$NQ" merge $files
  done
done
"$NQ" count 4 --part 1/2 --checkpoint half4.nqj --no-progress >/dev/null
check_err "merge: parts that cannot be told" 2 "^nqueens merge: 1 of the 2 subproblems are in none of the files \(the first: 1\): a part is missing or unfinished$" -- \
  "$NQ" merge half4.nqj
qnodes=$("$NQ" count 12 --method quadrant --checkpoint q.nqj --no-progress --json | sed -E 's/.*("nodes":[0-9]+).*/\1/')
check_err "merge: a quadrant split's journal" 2 "^nqueens merge: 'q.nqj' is the journal of a whole count by the quadrant join \('nq-split/4 quadrant n=12 [^']*'\), not a part: its count is 'nqueens count 12 --checkpoint q.nqj'$" -- \
  "$NQ" merge q.nqj
qsize=$(grep -c '^r ' q.nqj)
for x in 0 $((qsize / 2)) $((qsize - 1)); do
  grep -v "^r $x " q.nqj >"qmiss$x.nqj"
  check "quadrant journal missing subproblem $x: verify" 0 "records: $((qsize - 1)) of $qsize subproblems (a part, or an unfinished count)
verdict: right" -- bash -c "'$NQ' verify qmiss$x.nqj --sample 1 --seed 1 | grep -E '^(records|verdict)'"
  check "quadrant journal missing subproblem $x: resumed, only it computed" 0 '"total":14200,"unique":1787,"orbit8":1765,"orbit4":18,"orbit2":4,"orbit1":0,'"$qnodes"' "resumed":'$((qsize - 1))',"computed":1}' -- \
    bash -c "'$NQ' count 12 --checkpoint qmiss$x.nqj --json --no-progress 2>/dev/null | sed -E 's/.*(\"total\"[^}]*\"orbit1\":0),\"seconds\":[0-9.]+,(\"nodes\":[0-9]+).*(\"resumed\".*)/\1,\2 \3/'"
done
# Sums over many records: --status sums every record of a journal (as awk sums its fields), and
# a count resumed from half of a journal's records (every other one) gives the uninterrupted
# count's counts and nodes: the journal's sums and the computed ones added, border and quadrant.
sums() { # sums JOURNAL [so far]: what --status says of its records' sums
  awk -v so="${2:+ so far}" '/^r / { t += $3; u += $4; nd += $9 }
    END { printf "total%s: %d\nunique%s: %d\nnodes%s: %d", so, t, so, u, so, nd }' "$1"
}
check "--status sums a whole border journal's records" 0 "$(sums whole.nqj)" -- \
  bash -c "'$NQ' count --checkpoint whole.nqj --status | grep -E '^(total|unique|nodes):'"
check "--status sums a whole quadrant journal's records" 0 "$(sums q.nqj | grep -v unique)" -- \
  bash -c "'$NQ' count --checkpoint q.nqj --status | grep -E '^(total|nodes):'"
unrun() { sed -E 's/,"seconds":[0-9.]+//; s/,"threads":[0-9]+//; s/,"resumed":[0-9]+,"computed":[0-9]+//'; }
export -f unrun
for m in backtrack quadrant; do
  "$NQ" count 12 --method $m --json --no-progress | unrun >"whole-$m.json"
  "$NQ" count 12 --method $m --checkpoint "every-$m.nqj" --no-progress >/dev/null
  awk 'NR == 1 || NR % 2 == 0' "every-$m.nqj" >"half-$m.nqj"
  held=$(grep -c '^r ' "half-$m.nqj")
  [ $m = backtrack ] && want=$(sums "half-$m.nqj" so) || want=$(sums "half-$m.nqj" so | grep -v unique)
  check "--status sums half a $m journal's records" 0 "$want" -- \
    bash -c "'$NQ' count --checkpoint half-$m.nqj --status | grep -E '^(total|unique|nodes) so far: [0-9]'"
  check "a count resumed from every other record ($m): the whole count, nodes included" 0 "$(cat "whole-$m.json") $held" -- \
    bash -c "'$NQ' count 12 --checkpoint half-$m.nqj --json --no-progress 2>/dev/null | tee half-$m.json | unrun | tr '\n' ' '; sed -E 's/.*\"resumed\":([0-9]+).*/\1/' half-$m.json"
done
# A quadrant journal whose total leaves no whole classes (a record's total one more, signed).
cp q.nqj qplus1.nqj
python3 "$NQ_SRC/tests/support/forge_journal.py" qplus1.nqj 5 1 0 0 0 0 0
check "quadrant journal, a total of no whole classes: verify" 1 "total: wrong: the records' total 14201 leaves no whole classes
verdict: WRONG" -- bash -o pipefail -c "'$NQ' verify qplus1.nqj --sample 1 --seed 1 | grep -E '^(total|verdict)' | sed 's/ (orbit counts.*//'"
check_err "quadrant journal, a total of no whole classes: count" 2 "^nqueens count: the count of n = 12 does not complete into whole symmetry classes: checkpoint 'qplus1.nqj' is likely damaged" -- \
  "$NQ" count 12 --checkpoint qplus1.nqj --no-progress
# Journals that hold no record, and one of a newer format.
: >empty.nqj
printf 'nqueens-journal 2 n=12 si' >tornhead.nqj
check_err "an empty journal: status" 2 "^nqueens count: checkpoint 'empty.nqj' holds no record yet \(it is empty\); a count with it starts from the beginning$" -- \
  "$NQ" count 12 --checkpoint empty.nqj --status
check_err "a torn header: status" 2 "^nqueens count: checkpoint 'tornhead.nqj' holds no record yet \(its header was cut short as it was created\); a count with it starts from the beginning$" -- \
  "$NQ" count 12 --checkpoint tornhead.nqj --status
check_err "a torn header: merge" 2 "^nqueens merge: checkpoint 'tornhead.nqj' holds no record yet \(its header was cut short" -- \
  "$NQ" merge tornhead.nqj
cp j1.nqj j4.nqj && resign j4.nqj 'journal 2 /journal 4 '
for cmd in "count 12 --checkpoint j4.nqj --status" "count 12 --checkpoint j4.nqj --no-progress" "merge j4.nqj" "verify j4.nqj"; do
  # shellcheck disable=SC2086
  check_err "a newer journal format: $cmd" 2 "checkpoint 'j4.nqj' was made by a newer version \(journal format 4, by nqueens [^)]*\); this version \([^)]*\) reads formats 2 to 3: finish it with nqueens " -- \
    "$NQ" $cmd
done
finish
