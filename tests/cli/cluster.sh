#!/usr/bin/env bash
# tests/cli/cluster.sh: a count on many machines without MPI, and results anyone can verify
# (issue 24): `count --part I/K` with --export or --checkpoint, `merge` of the parts, and
# `verify` of an export or a journal. Checked against the OEIS table (tests/data/counts.txt):
# n = 1..16 in parts (exports, journals, both) merged to the table's total, fundamental and orbit
# counts; n = 16 in 5 parts, the parts' subproblems interleaved (I-1 modulo K) and balanced;
# the export format line by line; every refusal of merge (a part missing, twice, of another n or
# K, unfinished, damaged) with its message; a resumed part; verify catching one forged record
# (CRC recomputed) with --all and with a seeded --sample whose draw is recomputed here by the
# documented method, and the confidence printed as 1 - 0.99^K.
. "$NQ_SRC/tests/support/clitest.bash"
table="$NQ_TEST_DATA/counts.txt"
tmp=$(mktemp -d /tmp/nq-cluster.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

# merged N FILE...: merge --json without the fields that are not the table's.
merged() {
  local n=$1
  shift
  "$NQ" merge "$@" --json | sed -E 's/,"nodes":[0-9]+,"subproblems":[0-9]+,"files":[0-9]+(,"parts":[0-9]+)?//'
}
want_json() {
  awk -v n="$1" '$1 == n { printf "{\"n\":%d,\"total\":%s,\"unique\":%s,\"orbit8\":%s,\"orbit4\":%s,\"orbit2\":%s,\"orbit1\":%s}", $1, $2, $3, $4, $5, $6, $7 }' "$table"
}

# n = 1..16, each in K parts (K = 3, and 7 for n >= 10: more parts than subproblems for small
# n), every part an export for odd n, a journal for even n; n = 13..16 half and half.
for n in $(seq 1 16); do
  for K in 3 7; do
    [ "$K" = 7 ] && [ "$n" -lt 10 ] && continue
    files=()
    for I in $(seq 1 "$K"); do
      f="$tmp/n$n-$I-of-$K"
      if [ $((n % 2)) = 1 ] || { [ "$n" -ge 13 ] && [ $((I % 2)) = 0 ]; }; then
        "$NQ" count "$n" --part "$I/$K" --export "$f" --no-progress >/dev/null
      else
        "$NQ" count "$n" --part "$I/$K" --checkpoint "$f" --no-progress >/dev/null
      fi
      files+=("$f")
    done
    check "n=$n in $K parts merged" 0 "$(want_json "$n")" -- merged "$n" "${files[@]}"
  done
done
check "merge --unique" 0 "$(awk '$1 == 12 { print $3 }' "$table")" -- \
  "$NQ" merge "$tmp"/n12-*-of-3 --unique
check "merge text" 0 "$(awk '$1 == 12 { print $2 }' "$table")" -- "$NQ" merge "$tmp"/n12-*-of-3

# n = 16 in 5 parts: exports, their JSON, and what they hold.
p=()
for I in 1 2 3 4 5; do
  "$NQ" count 16 --part "$I/5" --export "$tmp/p$I" --json --no-progress >"$tmp/p$I.json"
  p+=("$tmp/p$I")
done
check "n=16 in 5 parts" 0 "$(want_json 16)" -- merged 16 "${p[@]}"
check "n=16 in 5 parts, any order" 0 "$(want_json 16)" -- merged 16 "$tmp/p3" "$tmp/p5" "$tmp/p1" "$tmp/p4" "$tmp/p2"
check "merge json fields" 0 1 -- bash -c "'$NQ' merge ${p[*]} --json | grep -c '\"nodes\":[0-9]*,\"subproblems\":3206,\"files\":5,\"parts\":5}$'"
# The sums over the parts: merge's nodes are every part's (their JSON's, added here) and the
# uninterrupted count's, in whatever order the parts are given.
nodes_of() { sed -E 's/.*"nodes":([0-9]+).*/\1/'; }
export -f nodes_of
whole16=$("$NQ" count 16 --method backtrack --json --no-progress | nodes_of)
check "merge: nodes of 5 parts, as their JSON's added" 0 "$whole16 $whole16" -- \
  bash -c "cat $tmp/p*.json | nodes_of | awk '{ s += \$1 } END { printf \"%d \", s }'; '$NQ' merge $tmp/p5 $tmp/p3 $tmp/p1 $tmp/p4 $tmp/p2 --json | nodes_of"
check "part json says which part" 0 "5" -- bash -c "cat $tmp/p*.json | grep -c '\"computed\":64[12],\"part\":[1-5],\"parts\":5}$'"
check "parts' totals add up" 0 "$(awk '$1 == 16 { print $2 }' "$table")" -- \
  bash -c "cat $tmp/p*.json | sed -E 's/.*\"total\":([0-9]+).*/\1/' | awk '{ s += \$1 } END { print s }'"
# Interleaved slices, in order, each with the part's size; the end line sums the records; the
# parts' nodes are within 10% of each other (balanced).
check "export header" 0 "nqueens-export 2
n 16
size 3206
split nq-split/3 border-mrv n=16 depth=0 size=3206
part 2/5
library $("$NQ" --version | sed 's/.*libnqueens \(.*\))/\1/')
fields index total unique orbit8 orbit4 orbit2 orbit1 nodes" -- head -7 "$tmp/p2"
check "export records interleaved" 0 "641 ok" -- awk -v I=2 -v K=5 'NR > 7 && $1 != "end" {
    if ($1 % K != I - 1 || (k && $1 != last + K)) bad = 1; last = $1; k++
    for (i = 2; i <= 8; i++) s[i] += $i
    if ($2 != 8 * $4 + 4 * $5 + 2 * $6 + $7 || $3 != $4 + $5 + $6 + $7) bad = 1 }
  $1 == "end" { if ($2 != k) bad = 1; for (i = 2; i <= 8; i++) if ($(i + 1) != s[i]) bad = 1 }
  END { print k, bad ? "bad" : "ok" }' "$tmp/p2"
check "parts balanced" 0 "balanced" -- bash -c "cat $tmp/p*.json | sed -E 's/.*\"nodes\":([0-9]+).*/\1/' |
  awk '{ v[NR] = \$1; if (!lo || \$1 < lo) lo = \$1; if (\$1 > hi) hi = \$1 } END { print hi < 1.1 * lo ? \"balanced\" : \"not: \" lo \" .. \" hi }'"

# The same part as a journal, then exported from the journal: the same records as the direct
# export; a whole count's export is part 1/1 and merges alone.
"$NQ" count 16 --part 2/5 --checkpoint "$tmp/j2" --no-progress >/dev/null
"$NQ" count 16 --part 2/5 --checkpoint "$tmp/j2" --export "$tmp/j2.export" --json --no-progress >"$tmp/j2.json"
check "export from a finished part's journal" 0 "" -- diff "$tmp/p2" "$tmp/j2.export"
check "finished part resumed computes nothing" 0 1 -- grep -c '"resumed":641,"computed":0,"part":2,"parts":5' "$tmp/j2.json"
check "journal and exports mixed" 0 "$(want_json 16)" -- merged 16 "$tmp/p1" "$tmp/j2" "$tmp/p3" "$tmp/p4" "$tmp/p5"
"$NQ" count 11 --export "$tmp/whole11" --no-progress >/dev/null
check "whole export is part 1/1" 0 "part 1/1" -- sed -n 5p "$tmp/whole11"
check "whole export merges alone" 0 "$(want_json 11)" -- merged 11 "$tmp/whole11"

# A part interrupted and resumed: its journal cut to its first 100 records is an unfinished
# part (merge says so, and how to resume it); resumed, it computes only the rest.
head -101 "$tmp/j2" >"$tmp/j2cut"
check_err "unfinished part refused" 2 "^nqueens merge: '.*j2cut' \(part 2/5\) is unfinished: it holds 100 of the part's 641 subproblems; resume it with 'nqueens count 16 --part 2/5 --checkpoint .*j2cut'$" -- \
  "$NQ" merge "$tmp/p1" "$tmp/j2cut" "$tmp/p3" "$tmp/p4" "$tmp/p5"
check "unfinished part resumed" 0 1 -- bash -c "'$NQ' count 16 --part 2/5 --checkpoint $tmp/j2cut --json --no-progress 2>$tmp/resume.err | grep -c '\"resumed\":100,\"computed\":541,\"part\":2,\"parts\":5'"
check "resume message counts the part" 0 1 -- grep -c "100 of 641 subproblems already done" "$tmp/resume.err"
check "resumed part merges" 0 "$(want_json 16)" -- merged 16 "$tmp/p1" "$tmp/j2cut" "$tmp/p3" "$tmp/p4" "$tmp/p5"
check_err "journal of another part refused" 2 "^nqueens count: checkpoint '.*j2' holds subproblem 1, which is not in part 3/5 \(it is the journal of another part, or of a whole count\): give this part's own journal$" -- \
  "$NQ" count 16 --part 3/5 --checkpoint "$tmp/j2" --no-progress

# Every refusal of merge, one line each, exit 2.
check_err "part missing" 2 "^nqueens merge: part 4/5 missing \(641 of the 3206 subproblems are in none of the files\): give every part of the count$" -- \
  "$NQ" merge "$tmp/p1" "$tmp/p2" "$tmp/p3" "$tmp/p5"
check_err "parts missing" 2 "^nqueens merge: parts 2/5, 4/5 missing " -- \
  "$NQ" merge "$tmp/p1" "$tmp/p3" "$tmp/p5"
check_err "part twice" 2 "^nqueens merge: part 3/5 is given twice: '.*p3' and '.*p3'$" -- \
  "$NQ" merge "$tmp/p1" "$tmp/p2" "$tmp/p3" "$tmp/p3" "$tmp/p4" "$tmp/p5"
check_err "part twice, export and journal" 2 "^nqueens merge: part 2/5 is given twice: '.*p2' and '.*j2'$" -- \
  "$NQ" merge "$tmp/p1" "$tmp/p2" "$tmp/j2" "$tmp/p3" "$tmp/p4" "$tmp/p5"
"$NQ" count 15 --part 4/5 --export "$tmp/q4" --no-progress >/dev/null
check_err "part of another n" 2 "^nqueens merge: '.*q4' is a part of the count of n = 15, but '.*p1' of n = 16: give the parts of one count$" -- \
  "$NQ" merge "$tmp/p1" "$tmp/p2" "$tmp/p3" "$tmp/q4" "$tmp/p5"
check_err "journal part of another n" 2 "^nqueens merge: '.*n15-2-of-3' is a part of the count of n = 15, but '.*n16-1-of-3' of n = 16" -- \
  "$NQ" merge "$tmp/n16-1-of-3" "$tmp/n15-2-of-3" "$tmp/n16-3-of-3"
"$NQ" count 16 --part 4/6 --export "$tmp/r4" --no-progress >/dev/null
check_err "part of another K" 2 "^nqueens merge: '.*r4' is part 4/6, but '.*p3' is part 3/5: give the parts of one division of the count into K parts$" -- \
  "$NQ" merge "$tmp/p1" "$tmp/p2" "$tmp/p3" "$tmp/r4" "$tmp/p5"
check_err "journals missing a part" 2 "^nqueens merge: part 2/3 missing " -- \
  "$NQ" merge "$tmp/n16-1-of-3" "$tmp/n16-3-of-3"
check_err "journals twice" 2 "^nqueens merge: part 1/3 is given twice" -- \
  "$NQ" merge "$tmp/n16-1-of-3" "$tmp/n16-1-of-3" "$tmp/n16-2-of-3" "$tmp/n16-3-of-3"
check_err "overlapping journals" 2 "^nqueens merge: subproblem 0 is in both '.*n16-1-of-3' and '.*n16-1-of-7': they overlap" -- \
  "$NQ" merge "$tmp/n16-1-of-3" "$tmp/n16-1-of-7"
sed '9s/^\([0-9]*\) \([0-9]*\) /\1 1\2 /' "$tmp/p3" >"$tmp/p3bad"
check_err "damaged export refused" 2 "^nqueens merge: '.*p3bad' is damaged: the record of subproblem [0-9]+ breaks the identities" -- \
  "$NQ" merge "$tmp/p1" "$tmp/p2" "$tmp/p3bad" "$tmp/p4" "$tmp/p5"
check_err "damaged export refused, first of 5" 2 "^nqueens merge: '.*p3bad' is damaged: the record of subproblem [0-9]+ breaks the identities" -- \
  "$NQ" merge "$tmp/p3bad" "$tmp/p1" "$tmp/p2" "$tmp/p4" "$tmp/p5"
check_err "damaged export refused, last of 5" 2 "^nqueens merge: '.*p3bad' is damaged: the record of subproblem [0-9]+ breaks the identities" -- \
  "$NQ" merge "$tmp/p1" "$tmp/p2" "$tmp/p4" "$tmp/p5" "$tmp/p3bad"
head -20 "$tmp/p3" >"$tmp/p3cut"
check_err "cut export refused" 2 "^nqueens merge: export '.*p3cut' has no end line: it is cut short \(after 13 records\)$" -- \
  "$NQ" merge "$tmp/p1" "$tmp/p2" "$tmp/p3cut" "$tmp/p4" "$tmp/p5"
check_err "not an export" 2 "^nqueens merge: '.*counts.txt' is neither an export" -- "$NQ" merge "$table"
check_err "no such file" 2 "^nqueens merge: cannot open '.*nothing': No such file or directory$" -- "$NQ" merge "$tmp/nothing"
# A folder opens but cannot be read: said so (it was called neither an export nor a journal).
mkdir -p "$tmp/folder"
check_err "merge: a folder" 2 "^nqueens merge: cannot read '.*folder': Is a directory$" -- "$NQ" merge "$tmp/p1" "$tmp/folder"
check_err "verify: a folder" 2 "^nqueens verify: cannot read '.*folder': Is a directory$" -- "$NQ" verify "$tmp/folder"
check_err "merge without files" 2 "^nqueens merge: give the files of the parts" -- "$NQ" merge
# A forged part (identities kept, its CRC recomputed) passes every check of the file, but not
# the known total.
cp "$tmp/n16-1-of-3" "$tmp/forged-part"
python3 "$NQ_SRC/tests/support/forge_journal.py" "$tmp/forged-part" 0 8 1 1 0 0 0
check_err "forged part: wrong total" 1 "^nqueens merge: the parts add up to 14772520 solutions \(1846956 fundamental\), but n = 16 has 14772512" -- \
  "$NQ" merge "$tmp/forged-part" "$tmp/n16-2-of-3" "$tmp/n16-3-of-3"

# --part and --export usage.
for bad in 0/5 6/5 1/0 5 x/3 2/ -1/3 1/1000001; do
  check_err "--part $bad" 2 "^nqueens count: --part" -- "$NQ" count 10 --part "$bad"
done
check_err "--part with --status" 2 "takes no --part or --export" -- "$NQ" count 10 --part 1/2 --checkpoint "$tmp/x" --status
check_err "export into a missing directory" 2 "^nqueens count: cannot write export '.*/no/such/e': cannot create" -- \
  "$NQ" count 8 --export "$tmp/no/such/e"
echo old >"$tmp/replaced"
"$NQ" count 8 --export "$tmp/replaced" >/dev/null
check "export replaces the old file whole" 0 "nqueens-export 2 0" -- bash -c "head -1 $tmp/replaced | tr '\n' ' '; ls $tmp | grep -c tmp; true"

# verify: a right export and journal; a forged record caught with --all and with a sample that
# draws it; missed by one that does not (a part: no known total to compare), with the confidence
# of the formula.
check "verify a right export" 0 "verdict: right" -- bash -c "'$NQ' verify $tmp/p2 --all | tail -1"
check "verify a whole journal" 0 "total: 14772512, unique 1846955: the known counts of n = 16 (OEIS A000170, A002562)
verdict: right" -- bash -c "'$NQ' verify $tmp/n16-1-of-3 >/dev/null; '$NQ' count 16 --method backtrack --checkpoint $tmp/w16 >/dev/null; '$NQ' verify $tmp/w16 --sample 100 --seed 1 | grep -E '^(total|verdict)'"
for n in 4 8 11; do
  "$NQ" count "$n" --export "$tmp/e$n" >/dev/null
  check "verify n=$n, reference search on every record" 0 "all $(($(wc -l <"$tmp/e$n") - 8)) records ... by every one
verdict: right" -- bash -c "'$NQ' verify $tmp/e$n --all | tr -d , | sed -nE 's/^recounted: all ([0-9]+) records by the generic kernel; ([0-9]+) of them also by the reference search$/all \1 records ... \2/p; /^verdict/p' | sed -E 's/^(all ([0-9]+) records ... )\2$/\1by every one/'"
done
"$NQ" count 12 --part 1/2 --checkpoint "$tmp/half" --no-progress >/dev/null
cp "$tmp/half" "$tmp/half-forged"
python3 "$NQ_SRC/tests/support/forge_journal.py" "$tmp/half-forged" 0 8 1 1 0 0 0
forged=$(diff "$tmp/half" "$tmp/half-forged" | sed -n 's/^> r \([0-9]*\) .*/\1/p')
check "forged index found" 0 1 -- bash -c "[ -n '$forged' ] && echo 1"
check "verify --all catches the forged record" 1 "wrong: subproblem $forged: recorded total" -- \
  bash -o pipefail -c "'$NQ' verify $tmp/half-forged --all | grep '^wrong' | cut -d' ' -f1-5"
# The sample's draw, by the documented method (splitmix64, partial Fisher-Yates over the
# records in increasing order of index): a seed whose sample of 40 holds the forged record, and
# one whose sample does not.
read -r hit miss < <(python3 - "$tmp/half-forged" "$forged" <<'EOF'
import sys
idx = sorted(int(l.split()[1]) for l in open(sys.argv[1]) if l.startswith("r "))
forged, K, M = int(sys.argv[2]), 40, (1 << 64) - 1
def sample(seed):
    s, pos = seed, list(range(len(idx)))
    for j in range(K):
        s = (s + 0x9e3779b97f4a7c15) & M
        z = s
        z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & M
        z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & M
        z ^= z >> 31
        x = j + z % (len(idx) - j)
        pos[j], pos[x] = pos[x], pos[j]
    return {idx[p] for p in pos[:K]}
hit = next(s for s in range(1, 100000) if forged in sample(s))
miss = next(s for s in range(1, 100000) if forged not in sample(s))
print(hit, miss)
EOF
)
pct=$(python3 -c 'print("%.3f%%" % (100 * (1 - 0.99 ** 40)))')
check "seeded sample that draws the forged record" 1 "wrong: subproblem $forged: recorded total
recounted: 40 of 1,438 records (sample seed $hit), by the generic kernel
confidence: if 1% of records were wrong, a sample of 40 finds one with probability at least $pct
verdict: WRONG" -- bash -o pipefail -c "'$NQ' verify $tmp/half-forged --sample 40 --seed $hit | grep -E '^(wrong|recounted|confidence|verdict)' | sed -E 's/(recorded total).*/\1/; s/(by the generic kernel);.*/\1/'"
check "seeded sample that misses it" 0 "verdict: right" -- \
  bash -c "'$NQ' verify $tmp/half-forged --sample 40 --seed $miss | tail -1"
check "confidence of 1,000" 0 "confidence: if 1% of records were wrong, a sample of 1,000 finds one with probability at least 99.996%" -- \
  bash -c "'$NQ' verify $tmp/w16 --sample 1000 --seed 5 | grep '^confidence'"
check "verify: forged whole journal, wrong total" 1 "total: wrong" -- \
  bash -o pipefail -c "cp $tmp/w16 $tmp/w16f; python3 '$NQ_SRC/tests/support/forge_journal.py' $tmp/w16f 0 8 1 1 0 0 0; '$NQ' verify $tmp/w16f --sample 1 --seed 1 | grep -o '^total: wrong'"
check "verify: damaged export" 1 "identities: 1 record breaks them" -- \
  bash -o pipefail -c "'$NQ' verify $tmp/p3bad --sample 5 --seed 1 | grep '^identities'"
check_err "verify: no file" 2 "^nqueens verify: give the FILE to verify" -- "$NQ" verify
check_err "verify: --all and --sample" 2 "^nqueens verify: --all recounts every record: it takes no --sample" -- "$NQ" verify "$tmp/p1" --all --sample 3
check_err "verify: bad seed" 2 "^nqueens verify: --seed must be an integer from 0 to 2\^64-1, got 'x'" -- "$NQ" verify "$tmp/p1" --seed x
check_err "verify: bad sample" 2 "^nqueens verify: --sample must be" -- "$NQ" verify "$tmp/p1" --sample 0
check_err "verify: not a file of ours" 2 "is neither an export" -- "$NQ" verify "$table"
finish
