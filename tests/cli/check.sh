#!/usr/bin/env bash
# CLI tests of `nqueens check`: the real binary, stdout and exit code compared exactly, on the
# wrong answers people really produce. Env: NQ (the binary), NQ_TEST_DATA, NQ_SRC.
set -u
NQ=${NQ:?path to the nqueens binary}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
. "$NQ_SRC/tests/support/proc.bash"

# expect NAME CODE EXPECTED_STDOUT_FILE -- COMMAND...: runs COMMAND (stdin from $tmp/in).
expect() {
  local name=$1 code=$2 want=$3
  shift 4
  "$@" <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  if [ "$rc" -ne "$code" ]; then
    echo "FAIL $name: exit $rc, expected $code; stderr: $(cat "$tmp/err")"
    failures=$((failures + 1))
  elif ! diff -u "$want" "$tmp/out" >"$tmp/diff"; then
    echo "FAIL $name: stdout differs:"
    cat "$tmp/diff"
    failures=$((failures + 1))
  fi
}

# input TEXT: what the next command reads (printf format).
input() { printf "$@" >"$tmp/in"; }

# want: the expected stdout, from the here-document.
want() { cat >"$tmp/want"; }

# A complete list, in every format, detected: all good.
for f in cols pairs board json jsonl grid perm matrix; do
  "$NQ" solve 6 --format "$f" >"$tmp/in"
  want <<'EOF'
list, n = 6: 4 items, 4 valid solutions, 0 wrong
  complete: all 4 solutions of n = 6 (OEIS A000170)
  in lexicographic order
all good
EOF
  expect "complete-$f" 0 "$tmp/want" -- "$NQ" check --all
  expect "complete-$f-forced" 0 "$tmp/want" -- "$NQ" check --all --format "$f" --n 6
done

# The eight-queens list missing one solution (the fifth).
"$NQ" solve 8 | sed '5d' >"$tmp/in"
want <<'EOF'
list, n = 8: 91 items, 91 valid solutions, 0 wrong
  incomplete: 91 of the 92 solutions of n = 8 (OEIS A000170) listed, 1 missing, the first missing: 1 3 5 7 2 0 6 4
  in lexicographic order
something is wrong
EOF
expect missing-one 1 "$tmp/want" -- "$NQ" check --all
# Without --all the 91 are all valid.
want <<'EOF'
list, n = 8: 91 items, 91 valid solutions, 0 wrong
all good
EOF
expect missing-one-no-all 0 "$tmp/want" -- "$NQ" check

# One solution twice (the list is then also out of order where the copy stands).
{ "$NQ" solve 6 --format pairs; "$NQ" solve 6 --format pairs | sed -n 2p; } >"$tmp/in"
want <<'EOF'
line 5: solution 5 is a duplicate of solution 2 (line 2)
list, n = 6: 5 items, 4 valid solutions, 0 wrong, 1 duplicate
  not complete: all 4 solutions of n = 6 (OEIS A000170) are listed, but so are 1 duplicate and 0 wrong items
  not in lexicographic order: item 5 (line 5) does not come after the one before it
something is wrong
EOF
expect twice 1 "$tmp/want" -- "$NQ" check --all

# The 8x8 main-diagonal "solution".
input '0 1 2 3 4 5 6 7\n'
want <<'EOF'
line 1: solution 1 is wrong: queens 0-0 and 1-1 share a diagonal
list, n = 8: 1 item, 0 valid solutions, 1 wrong
something is wrong
EOF
expect main-diagonal 1 "$tmp/want" -- "$NQ" check
# As a board, the report names the lines of the two queens, not the board's first line.
input 'Q.......\n.Q......\n..Q.....\n...Q....\n....Q...\n.....Q..\n......Q.\n.......Q\n'
sed -i '1s/^line 1:/lines 1 and 2:/' "$tmp/want"
expect main-diagonal-board 1 "$tmp/want" -- "$NQ" check

# Two queens in a column; two in a row (and an empty row).
input '.Q..\n...Q\nQ...\n.Q..\n'
want <<'EOF'
lines 1 and 4: solution 1 is wrong: queens 0-1 and 3-1 share a column
list, n = 4: 1 item, 0 valid solutions, 1 wrong
something is wrong
EOF
expect column 1 "$tmp/want" -- "$NQ" check
input '_ Q _ Q \n_ _ _ _ \nQ _ _ _ \n_ _ Q _ \n'
want <<'EOF'
line 1: solution 1 is wrong: queens 0-1 and 0-3 share a row
list, n = 4: 1 item, 0 valid solutions, 1 wrong
something is wrong
EOF
expect row 1 "$tmp/want" -- "$NQ" check

# The sample of issue 37: the clashing queens of the first solution of n = 8 moved are on lines 5
# and 6 of the board; in a list, on the lines of the second board (rows 1 and 5 of the board that
# starts on line 10); read --column-major, on the lines of their columns (drawn rows 4 and 5);
# an empty row is named by its line; every board format alike.
"$NQ" solve 8 --format board --limit 1 | sed '6s/.*/.Q....../' >"$tmp/in"
want <<'EOF'
lines 5 and 6: solution 1 is wrong: queens 4-2 and 5-1 share an anti-diagonal
list, n = 8: 1 item, 0 valid solutions, 1 wrong
something is wrong
EOF
expect board-lines 1 "$tmp/want" -- "$NQ" check
for f in grid matrix; do
  "$NQ" solve 8 --format $f --limit 1 >"$tmp/one"
  "$NQ" solve 8 --format $f --limit 2 | tail -n +10 | sed "6s/.*/$(sed -n 7p "$tmp/one")/" >"$tmp/two"
  cat "$tmp/one" "$tmp/two" >"$tmp/in"
  want <<'EOF'
lines 11 and 15: solution 2 is wrong: queens 1-5 and 5-1 share an anti-diagonal
list, n = 8: 2 items, 1 valid solution, 1 wrong
something is wrong
EOF
  expect $f-lines 1 "$tmp/want" -- "$NQ" check
done
"$NQ" solve 8 --format board --limit 1 --column-major | sed '6s/.*/.Q....../' >"$tmp/in"
want <<'EOF'
lines 5 and 6: solution 1 is wrong: queens 1-4 and 1-5 share a row
list, n = 8: 1 item, 0 valid solutions, 1 wrong
something is wrong
EOF
expect board-lines-column-major 1 "$tmp/want" -- "$NQ" check --column-major
input '\n.Q..\n...Q\n....\n..Q.\n'
want <<'EOF'
line 4: solution 1 is incomplete: row 2 has no queen
list, n = 4: 1 item, 0 valid solutions, 1 wrong
something is wrong
EOF
expect board-empty-row-line 1 "$tmp/want" -- "$NQ" check
want <<'EOF'
{"format":"board","problems":[
  {"item":1,"line":2,"column":1,"kind":"incomplete","row":2,"row_line":4}
],
"groups":[
  {"case":1,"line":2,"n":4,"items":1,"valid":0,"wrong":1,"duplicates":0,"unchecked":0,"ordered":true,"order_item":null,"known":true,"expected":"2","complete":false,"missing":"2","first_missing":[1,3,0,2],"ok":false}
],
"ok":false}
EOF
expect board-empty-row-json 1 "$tmp/want" -- "$NQ" check --json --all

# A count of 48042 for n = 8 (a search that forgot the column test), and the right count.
input '48042\n'
want <<'EOF'
line 1: count 48042 for n = 8: wrong, n = 8 has 92 solutions (OEIS A000170)
list, n = 8: 1 item, 1 wrong
something is wrong
EOF
expect count-48042 1 "$tmp/want" -- "$NQ" check --n 8
input '92\n'
want <<'EOF'
line 1: count 92 for n = 8: right
list, n = 8: 1 item, 0 wrong
all good
EOF
expect count-92 0 "$tmp/want" -- "$NQ" check --n 8
input '8 92\n10 724\n12 14200\n'
want <<'EOF'
line 1: count 92 for n = 8: right
line 2: count 724 for n = 10: right
line 3: count 14200 for n = 12: right
list: 3 items, 0 wrong
all good
EOF
expect count-lines 0 "$tmp/want" -- "$NQ" check --format count
# `N COUNT` lines are detected (printf '8 92\n' | nqueens check called it a malformed board).
expect count-lines-detected 0 "$tmp/want" -- "$NQ" check
input '8 48042\n'
want <<'EOF'
line 1: count 48042 for n = 8: wrong, n = 8 has 92 solutions (OEIS A000170)
list: 1 item, 1 wrong
something is wrong
EOF
expect count-line-wrong-detected 1 "$tmp/want" -- "$NQ" check
input '{"n":8,"total":"92","unique":"11","seconds":0.01}\n'
want <<'EOF'
line 1: count 92 (fundamental 11) for n = 8: wrong, n = 8 has 92 solutions, 12 fundamental (OEIS A000170, A002562); the counts contradict each other (a class of solutions has 1 to 8 members: unique <= total <= 8 unique); (not judged: seconds)
list: 1 item, 1 wrong
something is wrong
EOF
expect count-json 1 "$tmp/want" -- "$NQ" check
: >"$tmp/want"
input '48042\n'
expect count-without-n 2 "$tmp/want" -- "$NQ" check
# Standard input closed (<&-): an error, not an empty list (the report's temporary file took
# descriptor 0, and check read its own report: "list, n = 4: 0 items ... all good", exit 0).
for args in "--n 4" ""; do
  "$NQ" check $args <&- >"$tmp/out" 2>"$tmp/err"
  rc=$?
  if [ "$rc" -ne 2 ] || [ -s "$tmp/out" ] ||
    [ "$(cat "$tmp/err")" != "nqueens check: cannot read 'standard input': Bad file descriptor" ]; then
    echo "FAIL closed-stdin '$args': exit $rc, stdout '$(cat "$tmp/out")', stderr '$(cat "$tmp/err")'"
    failures=$((failures + 1))
  fi
done
# One solution is one ("n = 1 has 1 solutions").
input '1 92\n'
want <<'EOF'
line 1: count 92 for n = 1: wrong, n = 1 has 1 solution (OEIS A000170)
list: 1 item, 1 wrong
something is wrong
EOF
expect count-n1-singular 1 "$tmp/want" -- "$NQ" check
# A claim for another n than --n insists on is of another list, as a board of another size is
# (printf '8 92\n' | nqueens check --n 9 said "all good"); one for the n insisted on is judged.
input '8 92\n9 352\n'
want <<'EOF'
line 1: count 92 is for n = 8, but the list is for n = 9
line 2: count 352 for n = 9: right
list, n = 9: 2 items, 1 wrong
something is wrong
EOF
expect count-line-other-n 1 "$tmp/want" -- "$NQ" check --n 9
input '{"n":8,"total":92}\n'
want <<'EOF'
{"format":"jsonl","problems":[
  {"item":1,"line":1,"column":1,"case":1,"kind":"size","n":8,"list_n":9}
],
"groups":[
  {"case":1,"line":1,"n":9,"items":1,"valid":0,"wrong":1,"duplicates":0,"unchecked":0,"ordered":true,"order_item":null,"known":true,"expected":"352","complete":false,"missing":"352","first_missing":[0,2,5,7,1,3,8,6,4],"ok":false}
],
"ok":false}
EOF
expect count-json-other-n 1 "$tmp/want" -- "$NQ" check --n 9 --json
# --all asks a list of solutions to be complete and in order; count claims are no list, and --all
# was silently ignored for them ("8 92" with --all said "all good"): refused, with nothing on
# stdout, whether the claims are lines (detected or --format count) or what `count --json` prints.
: >"$tmp/want"
"$NQ" count 8 --json >"$tmp/count8.json"
for claims in '8 92\n' '92\n' '8 48042\n' "$(cat "$tmp/count8.json")\n"; do
  input "$claims"
  for args in "--all" "--all --n 8" "--all --json" "--all --format count --n 8"; do
    # A lone count needs its n; json claims are jsonl, not --format count.
    case "$claims$args" in "92\n--all" | "92\n--all --json" | "{"*"--format count"*) continue ;; esac
    expect "count-all ($claims, $args)" 2 "$tmp/want" -- "$NQ" check $args
    if ! grep -q -- "--all requires a list of solutions.*count claims only" "$tmp/err"; then
      echo "FAIL count-all ($claims, $args): stderr: $(cat "$tmp/err")"
      failures=$((failures + 1))
    fi
  done
done
# A count claim among solutions no longer lets the list skip --all: 3 of the 92 solutions of n = 8
# and a right claim were "all good" with --all; now the list is held to --all, the claim judged.
"$NQ" solve 8 --format jsonl --limit 3 >"$tmp/in"
echo '{"n":8,"total":92}' >>"$tmp/in"
want <<'EOF'
line 4: count 92 for n = 8: right
list, n = 8: 4 items, 3 valid solutions, 0 wrong
  incomplete: 3 of the 92 solutions of n = 8 (OEIS A000170) listed, 89 missing, the first missing: 0 6 4 7 1 3 5 2
  in lexicographic order
something is wrong
EOF
expect count-among-solutions-all 1 "$tmp/want" -- "$NQ" check --all
"$NQ" solve 8 --format jsonl >"$tmp/in"
echo '{"n":8,"total":92}' >>"$tmp/in"
want <<'EOF'
line 93: count 92 for n = 8: right
list, n = 8: 93 items, 92 valid solutions, 0 wrong
  complete: all 92 solutions of n = 8 (OEIS A000170)
  in lexicographic order
all good
EOF
expect count-among-all-solutions-all 0 "$tmp/want" -- "$NQ" check --all

# Every count of a claim is judged (issue 20 item 2): orbit8 edited in `count 12 --json` and a
# claim whose orbits sum to 7 were both called right.
"$NQ" count 12 --json | sed 's/"orbit8":1765/"orbit8":1000/' >"$tmp/in"
want <<'EOF'
line 1: count 14200 (fundamental 1787, orbit8 1000, orbit4 18, orbit2 4, orbit1 0) for n = 12: wrong, n = 12 has 14200 solutions, 1787 fundamental, orbit8 1765, orbit4 18, orbit2 4, orbit1 0 (OEIS A000170, A002562); wrong: orbit8; the counts contradict each other (total = 8 orbit8 + 4 orbit4 + 2 orbit2 + orbit1, unique = orbit8 + orbit4 + orbit2 + orbit1, orbit1 = 0 for n > 1); (not judged: seconds, nodes, threads, kernel, method)
list: 1 item, 1 wrong
something is wrong
EOF
expect claim-orbit8-edited 1 "$tmp/want" -- "$NQ" check
input '{"n":8,"total":92,"unique":12,"orbit8":0,"orbit4":0,"orbit2":0,"orbit1":7}\n'
want <<'EOF'
line 1: count 92 (fundamental 12, orbit8 0, orbit4 0, orbit2 0, orbit1 7) for n = 8: wrong, n = 8 has 92 solutions, 12 fundamental, orbit8 11, orbit4 1, orbit2 0, orbit1 0 (OEIS A000170, A002562); wrong: orbit8 orbit4 orbit1; the counts contradict each other (total = 8 orbit8 + 4 orbit4 + 2 orbit2 + orbit1, unique = orbit8 + orbit4 + orbit2 + orbit1, orbit1 = 0 for n > 1)
list: 1 item, 1 wrong
something is wrong
EOF
expect claim-orbits-sum-7 1 "$tmp/want" -- "$NQ" check
# The program's own claims, n = 1..14: right, every field, and the unjudged ones named.
for n in $(seq 1 14); do
  "$NQ" count "$n" --json | "$NQ" check --json >"$tmp/out" 2>"$tmp/err"
  rc=$?
  if [ "$rc" -ne 0 ] || ! grep -q '"verdict":"right"' "$tmp/out" ||
    ! grep -q '"unjudged_other":"seconds, nodes, threads, kernel, method"' "$tmp/out"; then
    echo "FAIL claim-own-$n: exit $rc: $(cat "$tmp/out" "$tmp/err")"
    failures=$((failures + 1))
  fi
done

# Claims beyond n = 27 and past 2^64, up to 2^128 - 1, read exactly (printed back as given) and
# held to the identities in 128 bits; the values are computed here by Python's integers.
read -r t64 u64 o64 t64low t128 u128 o128 wrap max over <<<"$(python3 -c '
o = 2**61 + 3; O = 2**125 - 1
print(8*o + 4*5, o + 5, o, (8*o + 4*5) % 2**64, 8*O + 4 + 2, O + 2, O, 2**125 + 1, 2**128 - 1,
      2**128)')"
input '{"n":30,"total":"%s","unique":"%s","orbit8":"%s","orbit4":5,"orbit2":0,"orbit1":0}\n' \
  "$t64" "$u64" "$o64"
want <<EOF
line 1: count $t64 (fundamental $u64, orbit8 $o64, orbit4 5, orbit2 0, orbit1 0) for n = 30: not checked, the number of solutions is known only up to n = 27
list: 1 item, 0 wrong, 1 unchecked
all good
EOF
expect claim-across-2^64 0 "$tmp/want" -- "$NQ" check
# The same claim with its total taken modulo 2^64 contradicts itself.
input '{"n":30,"total":"%s","unique":"%s","orbit8":"%s","orbit4":5,"orbit2":0,"orbit1":0}\n' \
  "$t64low" "$u64" "$o64"
want <<EOF
line 1: count $t64low (fundamental $u64, orbit8 $o64, orbit4 5, orbit2 0, orbit1 0) for n = 30: wrong, the counts contradict each other (total = 8 orbit8 + 4 orbit4 + 2 orbit2 + orbit1, unique = orbit8 + orbit4 + orbit2 + orbit1, orbit1 = 0 for n > 1)
list: 1 item, 1 wrong
something is wrong
EOF
expect claim-total-mod-2^64 1 "$tmp/want" -- "$NQ" check
input '{"n":40,"total":"%s","unique":"%s","orbit8":"%s","orbit4":1,"orbit2":1,"orbit1":0}\n' \
  "$t128" "$u128" "$o128"
want <<EOF
line 1: count $t128 (fundamental $u128, orbit8 $o128, orbit4 1, orbit2 1, orbit1 0) for n = 40: not checked, the number of solutions is known only up to n = 27
list: 1 item, 0 wrong, 1 unchecked
all good
EOF
expect claim-near-2^128 0 "$tmp/want" -- "$NQ" check
# 8 * (2^125 + 1) wraps to 8 in 128 bits: it must not pass for a total of 8.
input '{"n":40,"total":8,"orbit8":"%s","orbit4":0,"orbit2":0,"orbit1":0}\n' "$wrap"
want <<EOF
line 1: count 8 (orbit8 $wrap, orbit4 0, orbit2 0, orbit1 0) for n = 40: wrong, the counts contradict each other (total = 8 orbit8 + 4 orbit4 + 2 orbit2 + orbit1, unique = orbit8 + orbit4 + orbit2 + orbit1, orbit1 = 0 for n > 1)
list: 1 item, 1 wrong
something is wrong
EOF
expect claim-sum-wraps 1 "$tmp/want" -- "$NQ" check
input '40 %s\n' "$max"
want <<EOF
line 1: count $max for n = 40: not checked, the number of solutions is known only up to n = 27
list: 1 item, 0 wrong, 1 unchecked
all good
EOF
expect claim-2^128-1 0 "$tmp/want" -- "$NQ" check
# 2^128 is refused, in each notation, as a number too large.
for claim in "40 $over" "{\"n\":40,\"total\":\"$over\"}" "{\"n\":40,\"total\":1,\"orbit8\":$over}"; do
  input '%s\n' "$claim"
  "$NQ" check <"$tmp/in" >"$tmp/out" 2>&1
  rc=$?
  if [ "$rc" -ne 1 ] || ! grep -q 'too large for 128 bits' "$tmp/out"; then
    echo "FAIL claim-over-2^128 ($claim): exit $rc: $(cat "$tmp/out")"
    failures=$((failures + 1))
  fi
done

# What nqueens itself writes is never misjudged (issue 20 item 3: `printf '2\n1\n1\n' | nqueens
# cases | nqueens check --all` said "duplicate"): every command that prints solutions or claims,
# in every text format, n = 1..5, checked with the format detected and given, and with --all
# where the output is a whole list. Each must be "all good" (exit 0).
own() { # own NAME ALL N -- COMMAND...: the output of COMMAND, checked.
  local name=$1 all=$2 n=$3 f
  shift 4
  "$@" >"$tmp/own" 2>/dev/null
  for f in "" "--all"; do
    [ -z "$f" ] || [ "$all" = all ] || continue
    local rc
    if [ "$n" -gt 0 ]; then # n = 0: cases of several sizes
      "$NQ" check $f --n "$n" <"$tmp/own" >"$tmp/out" 2>&1
      rc=$?
      if [ "$rc" -ne 0 ]; then
        echo "FAIL own $name (check $f --n $n): exit $rc: $(head -3 "$tmp/out")"
        failures=$((failures + 1))
      fi
    fi
    # Without --n, where the output says n: a list that is not empty (json's is "[]").
    if [ -s "$tmp/own" ] && [ "$(cat "$tmp/own")" != "[]" ]; then
      "$NQ" check $f <"$tmp/own" >"$tmp/out" 2>&1
      rc=$?
      if [ "$rc" -ne 0 ]; then
        echo "FAIL own $name (check $f): exit $rc: $(head -3 "$tmp/out")"
        failures=$((failures + 1))
      fi
    fi
  done
}
own_checked=0
for n in 1 2 3 4 5; do
  for fmt in cols pairs board json jsonl grid perm matrix; do
    own "solve-$n-$fmt" all "$n" -- "$NQ" solve "$n" --format "$fmt"
    own "solve-$n-$fmt-unique" one "$n" -- "$NQ" solve "$n" --format "$fmt" --unique
    own "solve-$n-$fmt-limit" one "$n" -- "$NQ" solve "$n" --format "$fmt" --limit 1
    own "find-$n-$fmt" one "$n" -- "$NQ" find "$n" --format "$fmt"
    own "find-$n-$fmt-construct" one "$n" -- "$NQ" find "$n" --format "$fmt" --method construct
    own "complete-$n-$fmt" one "$n" -- "$NQ" complete "$n" --queens "" --format "$fmt"
    own "complete-$n-$fmt-all" all "$n" -- "$NQ" complete "$n" --queens "" --format "$fmt" --all
    own_checked=$((own_checked + 7))
  done
  own "count-$n-json" one "$n" -- "$NQ" count "$n" --json
  own "count-$n-unique-json" one "$n" -- "$NQ" count "$n" --json --unique
  own_checked=$((own_checked + 2))
done
# `cases`, several cases, repeated sizes included: in perm (its default) one case a line; in the
# other formats its cases follow each other, told apart by "-1", a change of size or the order
# starting again: read so with --format cases, or detected as cases by a "-1" line.
for cases in "1 1" "2 1 1" "3 1 1 1" "2 1 2" "2 2 3" "3 1 2 3" "2 1 4" "2 4 1" "2 4 4" \
  "4 1 4 1 4" "3 3 1 5" "2 6 6" "5 1 2 3 4 5" "3 2 4 4" "4 5 3 5 1"; do
  printf '%s\n' $cases >"$tmp/cases-in"
  name=cases-$(echo $cases | tr ' ' '-')
  own "$name" all 0 -- sh -c '"$1" cases <"$2"' sh "$NQ" "$tmp/cases-in"
  for fmt in perm cols pairs jsonl board grid matrix; do
    "$NQ" cases --format "$fmt" <"$tmp/cases-in" >"$tmp/own"
    for opt in "--format cases" ""; do
      # Detected: perm always; the others where a "-1" line shows them to be cases.
      [ -n "$opt" ] || [ "$fmt" = perm ] || grep -qx -- -1 "$tmp/own" || continue
      for all in "" --all; do
        "$NQ" check $opt $all <"$tmp/own" >"$tmp/out" 2>&1
        rc=$?
        if [ "$rc" -ne 0 ] || ! grep -q '^all good$' "$tmp/out"; then
          echo "FAIL own $name-$fmt (check $opt $all): exit $rc: $(head -3 "$tmp/out")"
          failures=$((failures + 1))
        fi
        own_checked=$((own_checked + 1))
      done
    done
  done
  own_checked=$((own_checked + 1))
done
# A cases output read as cases still has its faults found: a case with a duplicate, one with a
# solution missing, one out of order (each in cols).
for bad in "1 3 0 2\n1 3 0 2\n2 0 3 1\n" "-1\n1 3 0 2\n" "2 0 3 1\n1 3 0 2\n-1\n"; do
  printf -- "$bad" | "$NQ" check --format cases --all >"$tmp/out" 2>&1
  rc=$?
  if [ "$rc" -ne 1 ]; then
    echo "FAIL cases with a fault ($bad): exit $rc: $(cat "$tmp/out")"
    failures=$((failures + 1))
  fi
done
echo "ok: the output of $own_checked commands judged right"

# A list out of order.
"$NQ" solve 6 | tac >"$tmp/in"
want <<'EOF'
list, n = 6: 4 items, 4 valid solutions, 0 wrong
  complete: all 4 solutions of n = 6 (OEIS A000170)
  not in lexicographic order: item 2 (line 2) does not come after the one before it
something is wrong
EOF
expect out-of-order 1 "$tmp/want" -- "$NQ" check --all

# [1 ]: the one solution of n = 1, as perm and as a cases output.
input '[1 ]\n'
want <<'EOF'
list, n = 1: 1 item, 1 valid solution, 0 wrong
  complete: all 1 solution of n = 1 (OEIS A000170)
  in lexicographic order
all good
EOF
expect one 0 "$tmp/want" -- "$NQ" check --all

# A whole cases output; -1 is judged only with --n.
printf '3\n1\n2\n4\n' | "$NQ" cases >"$tmp/in"
want <<'EOF'
line 2: case 2: -1 (no solution): not checked, n is unknown (give --n N; -1 is right only for n = 2 and 3)
case 1 (line 1), n = 1: 1 item, 1 valid solution, 0 wrong
  complete: all 1 solution of n = 1 (OEIS A000170)
  in lexicographic order
case 2 (line 2): 1 item, 0 wrong, 1 unchecked
case 3 (line 3), n = 4: 2 items, 2 valid solutions, 0 wrong
  complete: all 2 solutions of n = 4 (OEIS A000170)
  in lexicographic order
all good
EOF
expect cases 0 "$tmp/want" -- "$NQ" check --all
input '[2 4 1 3 ] [3 1 4 2 ]\n-1\n'
want <<'EOF'
line 2: case 2: -1 (no solution) for n = 4: wrong, n = 4 has solutions
case 1 (line 1), n = 4: 2 items, 2 valid solutions, 0 wrong
case 2 (line 2), n = 4: 1 item, 1 wrong
something is wrong
EOF
expect cases-wrong-none 1 "$tmp/want" -- "$NQ" check --n 4

# Trailing spaces and \r\n line ends; no blank line after the last board.
"$NQ" solve 5 --format grid | sed 's/$/   \r/' >"$tmp/in"
want <<'EOF'
list, n = 5: 10 items, 10 valid solutions, 0 wrong
  complete: all 10 solutions of n = 5 (OEIS A000170)
  in lexicographic order
all good
EOF
expect crlf 0 "$tmp/want" -- "$NQ" check --all
"$NQ" solve 5 --format board | head -n -1 >"$tmp/in"
expect no-final-blank 0 "$tmp/want" -- "$NQ" check --all

# A malformed line, with its line and column; reading goes on.
input '1 3 0 2\n1 3 x 2\n2 0 3 1\n'
want <<'EOF'
line 2, column 5: item 2 is malformed: expected a column number, got 'x'
list, n = 4: 3 items, 2 valid solutions, 1 wrong
something is wrong
EOF
expect malformed 1 "$tmp/want" -- "$NQ" check
want <<'EOF'
{"format":"cols","problems":[
  {"item":2,"line":2,"column":5,"kind":"malformed","error":"expected a column number, got 'x'"}
],
"groups":[
  {"case":1,"line":1,"n":4,"items":3,"valid":2,"wrong":1,"duplicates":0,"unchecked":0,"ordered":true,"order_item":null,"known":true,"expected":"2","complete":false,"missing":"0","ok":false}
],
"ok":false}
EOF
expect malformed-json 1 "$tmp/want" -- "$NQ" check --json

# A JSON Lines object whose string token the reader's 4096-byte chunks cut after its '/': the
# error is at the string's opening quote, column 7, read whole or as a stream (column 9, inside
# the string, when yajl's position fell back to the chunk's start).
{ printf '\n%.0s' $(seq 1 4087); printf '{"n":6"l/"}\n'; } >"$tmp/in"
want <<'EOF'
line 4088, column 7: item 1 is malformed: malformed JSON: after key and value, inside map, I expect ',' or '}'
list: 1 item, 1 wrong
something is wrong
EOF
expect json-token-cut-by-chunk 1 "$tmp/want" -- "$NQ" check
cp "$tmp/in" "$tmp/cut.jsonl"
expect json-token-cut-by-chunk-file 1 "$tmp/want" -- "$NQ" check "$tmp/cut.jsonl"
# A token glued to the one before it: the error is at the token (column 10), not the one before.
input '{"y":null5}\n'
want <<'EOF'
line 1, column 10: item 1 is malformed: malformed JSON: after key and value, inside map, I expect ',' or '}'
list: 1 item, 1 wrong
something is wrong
EOF
expect json-token-glued 1 "$tmp/want" -- "$NQ" check

# Attacks in JSON.
input '{"n":4,"cols":[0,2,1,3]}\n'
want <<'EOF'
{"format":"jsonl","problems":[
  {"item":1,"line":1,"column":1,"kind":"attack","how":"anti-diagonal","queens":[[1,2],[2,1]],"queen_lines":[1,1]}
],
"groups":[
  {"case":1,"line":1,"n":4,"items":1,"valid":0,"wrong":1,"duplicates":0,"unchecked":0,"ordered":true,"order_item":null,"known":true,"expected":"2","complete":false,"missing":"2","first_missing":[1,3,0,2],"ok":false}
],
"ok":false}
EOF
expect attack-json 1 "$tmp/want" -- "$NQ" check --json --all

# Input that cannot be read: nothing on stdout, exit 2.
: >"$tmp/want"
input 'hello\n'
expect undetectable 2 "$tmp/want" -- "$NQ" check
input '[[".Q..","...Q"'
expect broken-json 2 "$tmp/want" -- "$NQ" check
input ''
expect missing-file 2 "$tmp/want" -- "$NQ" check "$tmp/no-such-file"
expect empty-all-without-n 2 "$tmp/want" -- "$NQ" check --all
# Empty input without --n used to be "0 items ... all good", exit 0: a program that printed
# nothing passed. Blank lines are empty too; with --n an empty list is judged (right for 2, 3).
expect empty-without-n 2 "$tmp/want" -- "$NQ" check
input '\n  \n\r\n'
expect blank-without-n 2 "$tmp/want" -- "$NQ" check
expect empty-cases-without-n 2 "$tmp/want" -- "$NQ" check --format cases
input ''
want <<'EOF'
list, n = 2: 0 items, 0 wrong
all good
EOF
expect empty-n2 0 "$tmp/want" -- "$NQ" check --n 2
: >"$tmp/want"
expect bad-format 2 "$tmp/want" -- "$NQ" check --format svg
expect bad-n 2 "$tmp/want" -- "$NQ" check --n 0
expect two-files 2 "$tmp/want" -- "$NQ" check a b
want <<'EOF'
list, n = 3: 0 items, 0 wrong
  complete: all 0 solutions of n = 3 (OEIS A000170)
  in lexicographic order
all good
EOF
expect empty-n3 0 "$tmp/want" -- "$NQ" check --all --n 3

# A file argument, and --n insisting on a size.
"$NQ" solve 4 --format cols >"$tmp/list.txt"
input ''
want <<'EOF'
line 1: solution 1 is for n = 4, but the list is for n = 5
line 2: solution 2 is for n = 4, but the list is for n = 5
list, n = 5: 2 items, 0 valid solutions, 2 wrong
something is wrong
EOF
expect file-and-n 1 "$tmp/want" -- "$NQ" check "$tmp/list.txt" --n 5

# Boards printed transposed (solve --column-major): read back with --column-major.
"$NQ" solve 8 --format board --column-major >"$tmp/in"
want <<'EOF'
list, n = 8: 92 items, 92 valid solutions, 0 wrong
  complete: all 92 solutions of n = 8 (OEIS A000170)
  in lexicographic order
all good
EOF
expect column-major 0 "$tmp/want" -- "$NQ" check --all --column-major
want <<'EOF'
list, n = 8: 92 items, 92 valid solutions, 0 wrong
  complete: all 92 solutions of n = 8 (OEIS A000170)
  not in lexicographic order: item 2 (line 10) does not come after the one before it
something is wrong
EOF
expect column-major-unflagged 1 "$tmp/want" -- "$NQ" check --all

# The human report shows 50 problems, then how many more; --json lists them all.
for i in $(seq 60); do echo "0 0 0 0"; done >"$tmp/in"
"$NQ" check <"$tmp/in" >"$tmp/out"
if [ "$(grep -c 'share a column' "$tmp/out")" -ne 50 ] ||
  ! grep -qx '\.\.\. and 10 more problems (--json lists them all)' "$tmp/out"; then
  echo "FAIL problem-limit"; failures=$((failures + 1))
fi
if [ "$("$NQ" check --json <"$tmp/in" | grep -c '"kind":"attack"')" -ne 60 ]; then
  echo "FAIL problem-limit-json"; failures=$((failures + 1))
fi
if ! "$NQ" check --help | grep -q '^Usage: nqueens check'; then
  echo "FAIL help"; failures=$((failures + 1))
fi

# pairs: the same queen twice (a row attack of a queen with itself).
input '0-1, 0-1, 1-3, 2-0, 3-2, .\n'
want <<'EOF'
line 1: solution 1 is wrong: queen 0-1 is listed twice
list, n = 4: 1 item, 0 valid solutions, 1 wrong
something is wrong
EOF
expect pairs-twice 1 "$tmp/want" -- "$NQ" check --n 4

# 1-based columns written as cols (a common slip): malformed, with a hint that names the format
# that reads the line as written (issue 37: a learner's "1 5 8 6 3 7 2 4" had no hint of perm).
input '2 4 1 3\n'
want <<'EOF'
line 1, column 3: item 1 is malformed: column number '4' is off the 4x4 board; the line looks 1-based: use the perm format '[2 4 1 ...]' or subtract 1
list: 1 item, 1 wrong
something is wrong
EOF
expect one-based-cols 1 "$tmp/want" -- "$NQ" check
input '1 5 8 6 3 7 2 4\n'
want <<'EOF'
line 1, column 5: item 1 is malformed: column number '8' is off the 8x8 board; the line looks 1-based: use the perm format '[1 5 8 ...]' or subtract 1
list: 1 item, 1 wrong
something is wrong
EOF
expect one-based-cols-8 1 "$tmp/want" -- "$NQ" check
sed -i 's/^list: /list, n = 8: /' "$tmp/want"
expect one-based-cols-8-n 1 "$tmp/want" -- "$NQ" check --n 8
# Only one number is the slip (a 0 is there too): the short hint; "an 8x8", "an 11x11".
input '8 3 0 2 1 1 1 1\n'
want <<'EOF'
line 1, column 1: item 1 is malformed: column number '8' is off the board: 8 queens make an 8x8 board (cols columns are 0-based)
list: 1 item, 1 wrong
something is wrong
EOF
expect cols-an-8x8 1 "$tmp/want" -- "$NQ" check
input '0 1 2 3 4 5 6 7 8 9 11\n'
want <<'EOF'
line 1, column 21: item 1 is malformed: column number '11' is off the board: 11 queens make an 11x11 board (cols columns are 0-based)
list: 1 item, 1 wrong
something is wrong
EOF
expect cols-an-11x11 1 "$tmp/want" -- "$NQ" check
input '0 1 2 3 4 5 6 7 8 10\n'
want <<'EOF'
line 1, column 19: item 1 is malformed: column number '10' is off the board: 10 queens make a 10x10 board (cols columns are 0-based)
list: 1 item, 1 wrong
something is wrong
EOF
expect cols-a-10x10 1 "$tmp/want" -- "$NQ" check
# The same slip the other way (0-based columns in perm), in 1-based pairs and in jsonl.
input '[0 4 7 5 2 6 1 3 ]\n'
want <<'EOF'
line 1, column 2: item 1 is malformed: 1-based column number '0' is off the 8x8 board; the line looks 0-based: use the cols format '0 4 7 ...' or add 1
list: 1 item, 1 wrong
something is wrong
EOF
expect zero-based-perm 1 "$tmp/want" -- "$NQ" check
input '1-1, 2-5, 3-8, 4-6, 5-3, 6-7, 7-2, 8-4, .\n'
want <<'EOF'
line 1, column 11: item 1 is malformed: queen 3-8 is off the 8x8 board; the line looks 1-based: subtract 1 from each row and column
list: 1 item, 1 wrong
something is wrong
EOF
expect one-based-pairs 1 "$tmp/want" -- "$NQ" check
input '{"n":8,"cols":[1,5,8,6,3,7,2,4]}\n'
want <<'EOF'
line 1, column 15: item 1 is malformed: column 8 of row 2 is off the 8x8 board; "cols" look 1-based: subtract 1 from each
list: 1 item, 1 wrong
something is wrong
EOF
expect one-based-jsonl 1 "$tmp/want" -- "$NQ" check

# n = 1 in every format, from solve and find, reads back as the one solution (the matrix "1"
# and its blank line used to be taken for a count claim without its n).
want <<'EOF'
list, n = 1: 1 item, 1 valid solution, 0 wrong
  complete: all 1 solution of n = 1 (OEIS A000170)
  in lexicographic order
all good
EOF
for f in cols pairs board json jsonl grid perm matrix; do
  "$NQ" solve 1 --format "$f" >"$tmp/in"
  expect "n1-solve-$f" 0 "$tmp/want" -- "$NQ" check --all
  "$NQ" find 1 --format "$f" >"$tmp/in"
  expect "n1-find-$f" 0 "$tmp/want" -- "$NQ" check --all
done

# --- A stream of any length --------------------------------------------------------------------
# check streams its input (it kept all of it in memory: 1 GB of input took 1.05 GB): memory is
# bounded by one item and the distinct solutions, whatever the length of the input. 150 MB of
# solutions of n = 12 (every one repeated) are judged in under 64 MB; so are 150 MB of spaces.
# (Peak RSS from GNU time; not under AddressSanitizer, whose shadow memory has its own size.)
fail_here() { echo "FAIL $*"; failures=$((failures + 1)); }
"$NQ" solve 12 --format cols >"$tmp/s12"
if [ -x /usr/bin/time ] && ! grep -q '^NQ_SANITIZE:BOOL=ON' "${NQ_BUILD:-/nonexistent}/CMakeCache.txt" 2>/dev/null; then
  big() { local i; for i in $(seq 1 280); do cat "$tmp/s12"; done; }
  big | /usr/bin/time -f "%M" -o "$tmp/rss" "$NQ" check >"$tmp/out" 2>"$tmp/err"
  rc=$?
  kib=$(tail -1 "$tmp/rss")
  if [ $rc -eq 1 ] && grep -q "^list, n = 12: 3976000 items, 14200 valid solutions, 0 wrong, 3961800 duplicates$" "$tmp/out" &&
    [ "$kib" -lt 65536 ]; then
    echo "ok: 150 MB of solutions judged in $kib KiB"
  else
    fail_here "big input: exit $rc, $kib KiB: $(head -c 300 "$tmp/out") $(cat "$tmp/err")"
  fi
  # The distinct solutions are kept packed (issue 20 item 8: 170 to 270 bytes each, 79 MB for
  # these 365,596): at most 1.5 bytes a queen, 7.7 MB, above the 6 MiB of the process itself.
  "$NQ" solve 14 --format cols | /usr/bin/time -f "%M" -o "$tmp/rss" "$NQ" check --all >"$tmp/out" 2>"$tmp/err"
  rc=$?
  kib=$(tail -1 "$tmp/rss")
  if [ $rc -eq 0 ] && grep -q "complete: all 365596 solutions of n = 14" "$tmp/out" &&
    [ "$kib" -lt $((365596 * 14 * 3 / 2 / 1024 + 6144)) ]; then
    echo "ok: the 365596 solutions of n = 14 kept in $kib KiB"
  else
    fail_here "n = 14 kept: exit $rc, $kib KiB: $(head -c 300 "$tmp/out") $(cat "$tmp/err")"
  fi
  head -c 150000000 /dev/zero | tr '\0' ' ' | /usr/bin/time -f "%M" -o "$tmp/rss" "$NQ" check >"$tmp/out" 2>"$tmp/err"
  rc=$?
  kib=$(tail -1 "$tmp/rss")
  if [ $rc -eq 2 ] && grep -q "the input holds nothing to check" "$tmp/err" && [ "$kib" -lt 65536 ]; then
    echo "ok: 150 MB of spaces read in $kib KiB"
  else
    fail_here "spaces: exit $rc, $kib KiB: $(cat "$tmp/err")"
  fi
  # A line longer than NQ_READ_LINE_MAX (512 MiB) is no item: refused with exit 2, not held.
  { printf '1 3 0 2\n'; head -c 600000000 /dev/zero | tr '\0' '7'; printf '\n'; } |
    /usr/bin/time -f "%M" -o "$tmp/rss" "$NQ" check >"$tmp/out" 2>"$tmp/err"
  rc=$?
  kib=$(tail -1 "$tmp/rss")
  if [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] &&
    grep -q "^nqueens check: line 2, column 1: a line longer than 512 MiB: no list item is that long" "$tmp/err" &&
    [ "$kib" -lt 600000 ]; then
    echo "ok: a line over 512 MiB refused ($kib KiB)"
  else
    fail_here "long line: exit $rc, $kib KiB: $(cat "$tmp/err")"
  fi
else
  echo "skip: memory of a long input (no /usr/bin/time, or an AddressSanitizer build)"
fi
# A broken JSON structure found part-way through a stream prints nothing but the error, as a
# text read whole did.
{ "$NQ" solve 10 --format json | sed 's/]$/,[1]]/'; } >"$tmp/in"
: >"$tmp/want"
expect json-broken-late 2 "$tmp/want" -- "$NQ" check
grep -q "^nqueens check: line 1, column [0-9]*: expected a quoted board row, got a number" "$tmp/err" ||
  fail_here "json-broken-late message: $(cat "$tmp/err")"
# A file that cannot be read.
: >"$tmp/in"
expect directory 2 "$tmp/want" -- "$NQ" check "$tmp"
grep -q "^nqueens check: cannot read '$tmp': Is a directory$" "$tmp/err" ||
  fail_here "directory message: $(cat "$tmp/err")"
expect missing-file 2 "$tmp/want" -- "$NQ" check "$tmp/no-such-file"
grep -q "^nqueens check: cannot open '$tmp/no-such-file': No such file or directory$" "$tmp/err" ||
  fail_here "missing file message: $(cat "$tmp/err")"

# --- Interrupted ---------------------------------------------------------------------------------
# SIGINT or SIGTERM while check waits for more input: it judges what it has read, says so, and
# exits 130 or 143; a --json report is closed, with "interrupted":true.
mkfifo "$tmp/fifo"
for sig in INT TERM; do
  for json in "" --json; do
    { cat "$tmp/s12"; exec sleep 30; } >"$tmp/fifo" &
    writer=$!
    "$NQ" check $json "$tmp/fifo" >"$tmp/out" 2>"$tmp/err" &
    pid=$!
    caught "$pid"
    sleep 1.5
    kill "-$sig" "$pid"
    wait "$pid"
    rc=$?
    kill "$writer" 2>/dev/null
    wait "$writer" 2>/dev/null
    want_rc=$([ $sig = INT ] && echo 130 || echo 143)
    if [ -n "$json" ]; then
      tail -c 40 "$tmp/out" | grep -q '"interrupted":true,"ok":false}$'
    else
      grep -q "^list, n = 12: 14200 items, 14200 valid solutions, 0 wrong$" "$tmp/out" &&
        tail -1 "$tmp/out" | grep -q "^interrupted: only the first 14200 items were read and judged$"
    fi
    report=$?
    if [ $rc -eq "$want_rc" ] && [ $report -eq 0 ] &&
      grep -q "^nqueens check: interrupted by SIG$sig after 14200 items: the report covers those only$" "$tmp/err"; then
      echo "ok: SIG$sig $json: the 14200 items read are judged"
    else
      fail_here "SIG$sig $json: exit $rc; $(tail -3 "$tmp/out"); $(cat "$tmp/err")"
    fi
  done
done

# ... and before anything came: exit 130, no report.
exec 7<>"$tmp/fifo" # a writer that never writes: the read blocks
"$NQ" check "$tmp/fifo" >"$tmp/out" 2>"$tmp/err" &
pid=$!
caught "$pid"
sleep 0.5
kill -INT "$pid"
wait "$pid"
rc=$?
exec 7>&-
if [ $rc -eq 130 ] && [ ! -s "$tmp/out" ] &&
  grep -q "^nqueens check: interrupted by SIGINT before anything was read$" "$tmp/err"; then
  echo "ok: SIGINT before any input: exit 130"
else
  fail_here "SIGINT before any input: exit $rc; $(cat "$tmp/out"); $(cat "$tmp/err")"
fi

if [ "$failures" -ne 0 ]; then
  echo "$failures check test(s) failed"
  exit 1
fi
echo "all check tests passed"

