#!/usr/bin/env bash
# The `complete` command (n-Queens Completion): Nauck's instance of 1850, the CSPLib
# problem 79 excluded-diagonals example, conflicts, malformed input, and completions cross-checked
# against `solve` filtered by awk.
. "$NQ_SRC/tests/support/clitest.bash"
. "$NQ_SRC/tests/support/proc.bash"
nl=$'\n'
D=$NQ_TEST_DATA/complete

nauck="4 0 7 3 1 6 2 5${nl}4 6 0 3 1 7 5 2"
check "Nauck 1850: exactly two completions" 0 "$nauck" -- "$NQ" complete 8 --queens "3-3, 4-1" --all --format cols
check "Nauck: the first, pairs by default" 0 "0-4, 1-0, 2-7, 3-3, 4-1, 5-6, 6-2, 7-5, ." -- \
  "$NQ" complete 8 --queens "3-3, 4-1"
check "Nauck: count" 0 "2" -- "$NQ" complete 8 --queens "3-3 4-1" --count
check "Nauck: board file" 0 "$nauck" -- "$NQ" complete "$D/nauck.board" --all --format cols
check "Nauck: board file with N" 0 "4 0 7 3 1 6 2 5" -- "$NQ" complete 8 "$D/nauck.board" --format cols
check "Nauck: board on stdin" 0 "4 0 7 3 1 6 2 5" -- bash -c "'$NQ' complete --format cols < '$D/nauck.board'"
check "Nauck: Essence letting/init" 0 "$nauck" -- "$NQ" complete "$D/nauck.param" --all --format cols
check "Nauck: N read from stdin with --queens" 0 "4 0 7 3 1 6 2 5" -- \
  bash -c "echo 8 | '$NQ' complete --queens '3-3, 4-1' --format cols"
check "Nauck: pairs output accepted as --queens" 0 "1" -- \
  "$NQ" complete 8 --queens "0-4, 1-0, 2-7, 3-3, 4-1, 5-6, 6-2, 7-5, ." --count
# One completion in json is the board alone (LeetCode's one board); --all is the list of boards.
check "Nauck: json" 0 '["....Q...","Q.......",".......Q","...Q....",".Q......","......Q.","..Q.....",".....Q.."]' -- \
  "$NQ" complete 8 --queens "3-3, 4-1" --format json
check "Nauck: json --all" 0 '[["....Q...","Q.......",".......Q","...Q....",".Q......","......Q.","..Q.....",".....Q.."],["....Q...","......Q.","Q.......","...Q....",".Q......",".......Q",".....Q..","..Q....."]]' -- \
  "$NQ" complete 8 --queens "3-3, 4-1" --format json --all

# The excluded-diagonals example of the issue: every solution of 6 avoids those diagonals.
want=$("$NQ" solve 6 --format cols | awk '{ ok = 1; for (r = 0; r < 6; r++) { c = $(r + 1);
  if (r + c == 0 || r + c == 10 || r - c == 0) ok = 0 } if (ok) print }')
check "excluded diagonals: all" 0 "$want" -- "$NQ" complete "$D/diags6.param" --all --format cols
check "excluded diagonals: count" 0 "$(printf '%s\n' "$want" | grep -c .)" -- "$NQ" complete 6 "$D/diags6.param" --count
check "excluded diagonals: first" 0 "$(printf '%s\n' "$want" | head -1)" -- \
  bash -c "'$NQ' complete --format cols < '$D/diags6.param'"
check "excluded diagonals: --diagonals 0 is the plain 6-queens" 0 "4" -- "$NQ" complete "$D/diags6.param" --diagonals 0 --count
# Diagonals that leave nothing: on 4 x 4, exclude the anti-diagonals of both solutions' corners.
check_err "excluded diagonals: none left" 1 "no completion exists" -- \
  bash -c "printf 'n = 4; numdiags = 2; diags = [[1, 1], [2, 1]];' | '$NQ' complete"
check "excluded diagonals: count 0" 0 "0" -- \
  bash -c "printf 'n = 4\nnumdiags = 2\ndiags = [[1, 1], [2, 1]]\n' | '$NQ' complete --count"

# Blocked cells: on 4 x 4 with 0-2 blocked only 1 3 0 2 is left.
check "blocked cell" 0 "1 3 0 2" -- bash -c "printf '_ _ x _\n_ _ _ _\n_ _ _ _\n_ _ _ _\n' | '$NQ' complete --all --format cols"

# No completion, and queens that attack each other.
check_err "no completion" 1 "^nqueens complete: no completion exists$" -- "$NQ" complete 4 --queens "0-0"
check_err "no completion with --all prints nothing" 1 "no completion exists" -- "$NQ" complete 4 --queens "0-0" --all --format json
check "no completion: count 0" 0 "0" -- "$NQ" complete 4 --queens "0-0" --count
check_err "conflict: diagonal" 1 "given queens 0-0 and 5-5 attack each other \(same diagonal\)" -- \
  "$NQ" complete 8 --queens "5-5, 0-0"
check_err "conflict: column" 1 "1-2 and 6-2 attack each other \(same column\)" -- "$NQ" complete 8 --queens "1-2, 6-2"
check_err "conflict: anti-diagonal" 1 "0-7 and 7-0 attack each other \(same anti-diagonal\)" -- \
  "$NQ" complete 8 --queens "0-7, 7-0"
check_err "conflict: row" 1 "given queens 2-1 and 2-5 are in the same row" -- "$NQ" complete 8 --queens "2-1, 2-5"
check_err "conflict on a board" 1 "0-0 and 2-2 attack each other" -- \
  bash -c "printf 'Q...\n....\n..Q.\n....\n' | '$NQ' complete"

# Malformed input and bad usage: exit 2 with one line.
check_err "queens: bad pair" 2 "--queens: line 1, column 3: expected a column" -- "$NQ" complete 8 --queens "3-x"
check_err "queens: off the board" 2 "the row must be from 0 to 7" -- "$NQ" complete 8 --queens "9-1"
check_err "queens: 1-based row" 2 "the row must be from 0 to 7, got 8 \\(rows and columns count from 0: subtract 1 from 1-based ones\\)$" -- "$NQ" complete 8 --queens "8-1"
check_err "queens: 1-based column" 2 "column 3: the column must be from 0 to 7, got 8 \\(rows and columns count from 0: subtract 1 from 1-based ones\\)$" -- "$NQ" complete 8 --queens "1-8"
check_err "board: bad cell" 2 "standard input: line 2, column 3: expected a cell" -- \
  bash -c "printf '....\n..z.\n....\n....\n' | '$NQ' complete"
check_err "board: bad cell in row 0" 2 "standard input: line 1, column 1: expected a cell: Q \\(queen\\), . or _ \\(free\\), x \\(blocked\\); found 'q'$" -- \
  bash -c "printf 'q...\n....\n....\n....\n' | '$NQ' complete"
check_err "board: not square" 2 "must be square" -- bash -c "printf '...\n...\n' | '$NQ' complete"
check_err "board: one row, its number said right" 2 "the board has 1 row of 2 cells" -- \
  bash -c "printf 'Q.\n' | '$NQ' complete"
check_err "board: N disagrees" 2 "the board has n = 8, not 9" -- "$NQ" complete 9 "$D/nauck.board"
check_err "diags: N disagrees" 2 "line 1, column 6: the instance has n = 6, not 7" -- "$NQ" complete 7 "$D/diags6.param"
check_err "diags: index out of range" 2 "line 1, column 17: diagonal \[11, 1\]" -- \
  bash -c "printf 'n = 6; diags = [[11, 1]];' | '$NQ' complete"
check_err "diags: numdiags wrong" 2 "numdiags = 4 but diags has 3 pairs" -- \
  bash -c "sed 's/= *3/= 4/' '$D/diags6.param' | '$NQ' complete"
check_err "diags: --diagonals too many" 2 "only 3 diagonal pairs" -- "$NQ" complete "$D/diags6.param" --diagonals 4
# --diagonals D keeps the first D pairs of a 'diags' list: an instance without one (a board, or
# letting init data) has none to keep, and --diagonals was silently ignored there (even 0, which
# the library already refused above 0 for a board only): refused, exit 2, nothing on stdout.
for d in 0 1; do
  check_err "board: --diagonals $d refused" 2 "a board has no excluded diagonals.*no first $d to use" -- \
    "$NQ" complete "$D/nauck.board" --diagonals "$d"
  check_err "board on stdin: --diagonals $d refused" 2 "^nqueens complete: standard input: line 1, column 1: a board has no excluded diagonals" -- \
    bash -c "'$NQ' complete --diagonals $d --count < '$D/nauck.board'"
  check_err "letting init: --diagonals $d refused" 2 "the instance has no excluded diagonals \(no 'diags' list\), so there are no first $d to use" -- \
    "$NQ" complete "$D/nauck.param" --diagonals "$d" --all
done
check "diags = [] (empty list): --diagonals 0 applies" 0 "2" -- \
  bash -c "printf 'n = 4\nnumdiags = 0\ndiags = []\n' | '$NQ' complete --diagonals 0 --count"
check_err "diags: unknown name" 2 "unknown name 'm'" -- bash -c "printf 'm = 6\n' | '$NQ' complete"
check_err "init: 1-based queen" 2 "queen \\[4, 1\\] is off the board \\(rows and columns 0..n-1: subtract 1 from 1-based ones\\)$" -- bash -c "printf 'letting n = 4\\nletting init = [[4, 1]]\\n' | '$NQ' complete"
check_err "no size" 2 "the board size is missing" -- bash -c "printf 'letting init = [[0, 0]]\n' | '$NQ' complete"
check_err "empty input" 2 "empty input" -- bash -c "'$NQ' complete < /dev/null"
check_err "missing file" 2 "cannot open '/nonexistent/x'" -- "$NQ" complete /nonexistent/x
check_err "count and all" 2 "cannot be used together" -- "$NQ" complete 8 --queens "3-3" --count --all
check_err "queens and a file" 2 "cannot be used with an instance file" -- "$NQ" complete 8 "$D/nauck.board" --queens "3-3"
check_err "N out of range" 2 "N must be an integer" -- "$NQ" complete -3 --queens "0-0"
check_err "unknown option" 2 "unknown option '--bogus'" -- "$NQ" complete 8 --bogus
# --count prints a number: a --format or --column-major with it is refused, not ignored.
check_err "--count with --format" 2 "--count prints a number; --format applies to printed completions" -- \
  "$NQ" complete 8 --queens "0-0" --count --format board
check_err "--count with --column-major" 2 "--count prints a number; --column-major applies" -- \
  "$NQ" complete 8 --queens "0-0" --count --column-major
check_err "bad format" 2 "unknown format 'xml'" -- "$NQ" complete 8 --queens "3-3" --format xml
usage='Usage: nqueens complete [N] [FILE] [--queens "r-c, r-c, ..."] [--diagonals D]'
check "--help" 0 "$usage" -- bash -c "'$NQ' complete --help | head -1"
check "-h" 0 "$usage" -- bash -c "'$NQ' complete -h | head -1"

# An excluded difference diagonal (row - col = 3, index 8 of n = 6) that removes two of the four
# solutions of 6, and an anti-diagonal (row + col = 2, index 2, t = 1) that removes the other
# two: the CSPLib example above excludes only diagonals that no solution of 6 uses.
for spec in "8 0 r-c==3" "2 1 r+c==2"; do
  read -r i t rule <<<"$spec"
  want=$("$NQ" solve 6 --format cols |
    awk -v t="$t" '{ ok = 1; for (r = 0; r < 6; r++) { c = $(r + 1)
      if ((t == 0 && r - c == 3) || (t == 1 && r + c == 2)) ok = 0 } if (ok) print }')
  ok "$rule removes some solutions of 6, not all" test "$(printf '%s\n' "$want" | grep -c .)" = 2
  check "excluded diagonal [$i, $t] ($rule): all" 0 "$want" -- \
    bash -c "printf 'n = 6; diags = [[$i, $t]];' | '$NQ' complete --all --format cols"
  check "excluded diagonal [$i, $t] ($rule): first" 0 "$(printf '%s\n' "$want" | head -1)" -- \
    bash -c "printf 'n = 6; diags = [[$i, $t]];' | '$NQ' complete --format cols"
  check "excluded diagonal [$i, $t] ($rule): count" 0 "2" -- \
    bash -c "printf 'n = 6; diags = [[$i, $t]];' | '$NQ' complete --count"
done

# --stats: one line on stderr, stdout unchanged; free rows = n minus the given queens; a search
# that found a completion of k free rows placed at least k queens.
stats_ok() { # stats_ok N FREE ARGS...: runs complete ARGS --stats and checks the line
  local n=$1 free=$2 out err
  shift 2
  out=$("$NQ" complete "$@" --stats 2>"$tmp_stats") || true
  [ "$out" = "$("$NQ" complete "$@" 2>/dev/null)" ] || { echo "stdout differs with --stats"; return 1; }
  err=$(grep -v '^nqueens complete: no completion exists$' "$tmp_stats")
  [ "$(printf '%s\n' "$err" | wc -l)" = 1 ] || { echo "stderr: $err"; return 1; }
  [[ "$err" =~ ^nqueens\ complete:\ n=([0-9]+)\ free=([0-9]+)\ nodes=([0-9]+)\ probes=([0-9]+)$ ]] ||
    { echo "stderr: $err"; return 1; }
  [ "${BASH_REMATCH[1]}" = "$n" ] && [ "${BASH_REMATCH[2]}" = "$free" ] ||
    { echo "stderr: $err, want n=$n free=$free"; return 1; }
  [ -z "$out" ] || [ "${BASH_REMATCH[3]}" -ge "$free" ] || { echo "too few nodes: $err"; return 1; }
}
tmp_stats=$(mktemp)
ok "--stats, Nauck" stats_ok 8 6 8 --queens "3-3, 4-1" --format cols
ok "--stats, Nauck --all" stats_ok 8 6 8 --queens "3-3, 4-1" --all --format cols
ok "--stats, Nauck --count" stats_ok 8 6 8 --queens "3-3, 4-1" --count
ok "--stats, an empty board" stats_ok 12 12 12 --queens "" --format cols
ok "--stats, no completion" stats_ok 4 3 4 --queens "0-0"
rm -f "$tmp_stats"

# Cross-check: completions of a few given queens equal the solutions of `solve` that contain
# them (all in lexicographic order), for boards 5..9.
RANDOM=5
for trial in $(seq 1 16); do
  n=$((5 + RANDOM % 5))
  r1=$((RANDOM % n)); c1=$((RANDOM % n)); r2=$(((r1 + 1 + RANDOM % (n - 1)) % n)); c2=$((RANDOM % n))
  if [ $((trial % 2)) = 0 ]; then spec="$r1-$c1"; else spec="$r1-$c1, $r2-$c2"; fi
  want=$("$NQ" solve $n --format cols | awk -v r1=$r1 -v c1=$c1 -v r2=$r2 -v c2=$c2 -v one=$((trial % 2 == 0)) \
    '$(r1 + 1) == c1 && (one || $(r2 + 1) == c2)')
  got=$("$NQ" complete $n --queens "$spec" --all --format cols 2>/dev/null)
  ok "cross-check n=$n queens $spec" test "$got" = "$want"
done

# svg: the given queens are drawn apart (symbol "g") from the added ones ("q"); the man page said
# svg was refused while it worked. Nauck's two completions: 2 given and 6 added queens each.
svg=$("$NQ" complete 8 --queens "3-3, 4-1" --all --format svg)
check "complete svg: 2 given and 6 added queens in each of the 2 boards" 0 "4 12" -- \
  bash -c "printf '%s' '$svg' | grep -o 'xlink:href=\"#[gq]\" x' | sort | uniq -c | awk '{ printf \"%s%s\", s, \$1; s = \" \" }'"
check "complete svg: the given queens stand on their cells (3-3 and 4-1)" 0 "120 120;40 160;120 120;40 160" -- \
  bash -c "printf '%s' '$svg' | grep -o 'href=\"#g\" x=\"[0-9]*\" y=\"[0-9]*\"' | sed 's/.*x=\"\([0-9]*\)\" y=\"\([0-9]*\)\"/\1 \2/' | paste -sd ';'"
ok "complete svg is valid XML" bash -c "printf '%s' '$svg' | xmllint --noout - 2>/dev/null || ! command -v xmllint >/dev/null"
# --column-major prints each completion transposed, as solve --column-major does.
check "complete --column-major" 0 "$("$NQ" solve 8 --format cols --column-major | grep -Fx -f <(printf '%s\n' "$nauck" | while read -r l; do echo "$l" | awk '{ for (r = 0; r < NF; r++) t[$(r + 1)] = r; for (c = 0; c < NF; c++) printf "%s%d", (c ? " " : ""), t[c]; print "" }'; done))" -- \
  "$NQ" complete 8 --queens "3-3, 4-1" --all --format cols --column-major

# More free rows than the completion search handles: the message says the limit (it said "value
# out of range" alone).
check_err "complete 65536, empty: the limit of free rows" 2 \
  "^nqueens complete: cannot complete the instance: it has 65536 free rows \(rows without a given queen\), and the completion search handles at most 65535; give more queens, or use 'nqueens find N' for an empty board$" -- \
  "$NQ" complete 65536 --queens ""
check_err "complete 65537, one queen: the limit of free rows" 2 \
  "^nqueens complete: cannot complete the instance: it has 65536 free rows \(rows without a given queen\), and the completion search handles at most 65535; give more queens$" -- \
  "$NQ" complete 65537 --queens "0-0" --count

# complete --all interrupted: the output ends on a whole completion, exit 130.
tmpc=$(mktemp -d)
"$NQ" complete 18 --queens "0-1" --all --format json >"$tmpc/out" 2>"$tmpc/err" &
pid=$!
caught "$pid"
sleep 0.5
kill -INT "$pid"
wait "$pid"
rc=$?
ok "complete --all, SIGINT: exit 130, the json closed, every completion whole" \
  bash -c "[ $rc = 130 ] && '$NQ' check --format json --n 18 '$tmpc/out' >/dev/null &&
           grep -Eq '^nqueens complete: interrupted by SIGINT after [0-9]+ completions?$' '$tmpc/err'"

# complete --count follows the signal conventions of `nqueens count` (it was killed with no word,
# and with SIGINT ignored on entry, as in a background job, it could not be stopped at all):
# "interrupted", exit 130 or 143, also while it reads its instance from a pipe that never ends.
# stop_count SIG CMD...: runs CMD with SIGINT ignored on entry and stdin from $IN (/dev/null if
# unset), sends SIG once it has its handlers (or after 10 s), and prints its exit status (137: it
# did not end within 20 s, and was killed).
stop_count() {
  local sig=$1 pid i
  shift
  (trap '' INT; exec "$@" <"${IN:-/dev/null}" >"$tmpc/out" 2>"$tmpc/err") &
  pid=$!
  for i in $(seq 1 200); do catches "$pid" 2 "$NQ" && break; sleep 0.05; done
  kill "-$sig" "$pid"
  for i in $(seq 1 200); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -KILL "$pid" 2>/dev/null
  wait "$pid"
  echo $?
}
for sig in INT TERM; do
  want=130
  [ $sig = TERM ] && want=143
  r=$(stop_count $sig "$NQ" complete 40 --queens "" --count)
  check "complete --count, SIG$sig with SIGINT ignored on entry: exit $want" 0 "$want" -- echo "$r"
  ok "... says so, and prints no count" bash -c "[ ! -s '$tmpc/out' ] &&
    grep -qx 'nqueens complete: interrupted by SIG$sig before the count finished' '$tmpc/err'"
done
mkfifo "$tmpc/fifo"
sleep 60 >"$tmpc/fifo" &
sleeper=$!
r=$(IN=$tmpc/fifo stop_count INT "$NQ" complete --count)
kill "$sleeper" 2>/dev/null
check "complete --count reading a pipe that never ends, SIGINT: exit 130, saying so" 0 "130 1" -- \
  echo "$r $(grep -c 'interrupted by SIGINT' "$tmpc/err")"
# So does every command waiting for N on standard input (solve, count, find, trace could not be
# stopped by SIGINT there when it was ignored on entry; and were killed without a word).
for cmd in solve count find trace; do
  sleep 60 >"$tmpc/fifo" &
  sleeper=$!
  r=$(IN=$tmpc/fifo stop_count INT "$NQ" $cmd)
  kill "$sleeper" 2>/dev/null
  check "$cmd waiting for N on a pipe that never ends, SIGINT: exit 130, saying so" 0 "130 1" -- \
    echo "$r $(grep -cx "nqueens $cmd: interrupted by SIGINT while waiting for N on standard input" "$tmpc/err")"
done
rm -rf "$tmpc"

# --threads (issue 38): searches over 20,000 nodes are split among the threads; the answer, the
# count, the listing and the probes of --stats are those of one thread. gen20-1 D = 20 and
# gen20-5 D = 24 have no completion (one probe of 0.26 M and 0.43 M nodes), gen20-3 D = 14 and
# gen20-1 D = 18 have one (25 and 15 probes, up to 0.69 M nodes in all).
for inst in "gen20-1 20" "gen20-5 24" "gen20-3 14" "gen20-1 18"; do
  set -- $inst
  one=$("$NQ" complete "$D/$1.param" -d "$2" --format cols --stats 2>&1)
  probes=$(printf '%s\n' "$one" | grep -o 'probes=[0-9]*')
  cnt=$("$NQ" complete "$D/$1.param" -d "$2" --count)
  for t in 2 3 8 0; do
    out=$("$NQ" complete "$D/$1.param" -d "$2" --format cols --stats --threads "$t" 2>&1)
    check "--threads $t: $1 D=$2 answers as one thread, with its probes" 0 \
      "$(printf '%s\n' "$one" | grep -v 'nodes=')${nl}$probes" -- \
      bash -c "printf '%s\n' '$out' | grep -v 'nodes='; printf '%s\n' '$out' | grep -o 'probes=[0-9]*'"
    check "--threads $t: $1 D=$2 count" 0 "$cnt" -- "$NQ" complete "$D/$1.param" -d "$2" --count --threads "$t"
  done
done
check "--threads 2 --all: the listing of one thread" 0 \
  "$("$NQ" complete "$D/gen20-3.param" -d 14 --all --format cols | md5sum)" -- \
  bash -c "'$NQ' complete '$D/gen20-3.param' -d 14 --all --format cols --threads 2 | md5sum"
for bad in -1 abc 1025 "" 2x 1e3; do
  check_err "--threads '$bad' is refused" 2 \
    "^nqueens complete: --threads must be an integer from 0 to 1024, got '$bad'" -- \
    "$NQ" complete 8 --queens "3-3, 4-1" --threads "$bad"
done
finish
