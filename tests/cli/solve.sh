#!/usr/bin/env bash
# The `solve` and `cases` commands and the usage errors common to all commands.
. "$NQ_SRC/tests/support/clitest.bash"
: "${NQ_VERSION:?the version, set by ctest from include/nqueens.h (cmake/version.cmake)}"
. "$NQ_SRC/tests/support/proc.bash"
nl=$'\n'

check "pairs from stdin (the classic branch-and-bound output)" 0 "0-1, 1-3, 2-0, 3-2, .${nl}0-2, 1-0, 2-3, 3-1, ." -- \
  bash -c "echo 4 | '$NQ' solve --format pairs"
check "pairs is the default" 0 "0-1, 1-3, 2-0, 3-2, .${nl}0-2, 1-0, 2-3, 3-1, ." -- "$NQ" solve 4
check "json (the LeetCode shape)" 0 '[[".Q..","...Q","Q...","..Q."],["..Q.","Q...","...Q",".Q.."]]' -- \
  "$NQ" solve 4 --format json
check "board" 0 ".Q..${nl}...Q${nl}Q...${nl}..Q.${nl}${nl}..Q.${nl}Q...${nl}...Q${nl}.Q.." -- \
  "$NQ" solve 4 --format board
check "cols" 0 "1 3 0 2${nl}2 0 3 1" -- "$NQ" solve 4 --format cols
check "jsonl" 0 '{"n":4,"cols":[1,3,0,2]}'"${nl}"'{"n":4,"cols":[2,0,3,1]}' -- \
  "$NQ" solve 4 --format jsonl
check "perm" 0 "[2 4 1 3 ]${nl}[3 1 4 2 ]" -- "$NQ" solve 4 --format perm
check "grid" 0 "_ Q _ _ ${nl}_ _ _ Q ${nl}Q _ _ _ ${nl}_ _ Q _ ${nl}${nl}_ _ Q _ ${nl}Q _ _ _ ${nl}_ _ _ Q ${nl}_ Q _ _ " -- \
  "$NQ" solve 4 --format grid
check "matrix" 0 "0 1 0 0${nl}0 0 0 1${nl}1 0 0 0${nl}0 0 1 0${nl}${nl}0 0 1 0${nl}1 0 0 0${nl}0 0 0 1${nl}0 1 0 0" -- \
  "$NQ" solve 4 --format matrix
check "limit" 0 "0 4 7 5 2 6 1 3${nl}0 5 7 2 6 3 1 4" -- "$NQ" solve 8 --format cols --limit 2
check "column-major transposes each board" 0 "2 0 3 1${nl}1 3 0 2" -- \
  "$NQ" solve 4 --format cols --column-major
check "matrix column-major first 8-queens board (the 0/1 matrix picture)" 0 \
  "1 0 0 0 0 0 0 0${nl}0 0 0 0 0 0 1 0${nl}0 0 0 0 1 0 0 0${nl}0 0 0 0 0 0 0 1${nl}0 1 0 0 0 0 0 0${nl}0 0 0 1 0 0 0 0${nl}0 0 0 0 0 1 0 0${nl}0 0 1 0 0 0 0 0" -- \
  "$NQ" solve 8 --format matrix --column-major --limit 1
check "n=1 pairs" 0 "0-0, ." -- "$NQ" solve 1
check "n=1 board" 0 "Q" -- "$NQ" solve 1 --format board
check "n=1 perm" 0 "[1 ]" -- "$NQ" solve 1 --format perm
check "n=1 json" 0 '[["Q"]]' -- "$NQ" solve 1 --format json
check "n=2 prints nothing" 0 "" -- "$NQ" solve 2
check "n=3 prints nothing" 0 "" -- "$NQ" solve 3 --format board
check "n=3 json is an empty array" 0 "[]" -- "$NQ" solve 3 --format json
check "options before N" 0 "[2 4 1 3 ]" -- "$NQ" solve --format perm --limit 1 4
check "count of 8 (92 lines)" 0 "92" -- bash -c "'$NQ' solve 8 | wc -l"
check "unique 8 (12 lines)" 0 "12" -- bash -c "'$NQ' solve 8 --unique | wc -l"
check "unique 10 (92 lines)" 0 "92" -- bash -c "'$NQ' solve 10 --unique --format cols | wc -l"
check "unique 4" 0 "1 3 0 2" -- "$NQ" solve 4 --unique --format cols
check "14 pairs count" 0 "365596" -- bash -c "'$NQ' solve 14 --format cols | wc -l"

# --unique beyond n = 4: the fundamental solutions are the solutions (of plain solve) that no
# one of their 8 images, moved cell by cell here in awk, precedes in lexicographic order; as many
# as OEIS A002562 says.
least_of_class() { # stdin: cols lines of n; stdout: those that are the least of their class
  awk '{
    n = NF
    for (r = 0; r < n; r++) c[r] = $(r + 1)
    least = 1
    for (s = 1; s < 8 && least; s++) {
      for (r = 0; r < n; r++) {
        x = c[r]
        if (s == 1) { rr = x; cc = n - 1 - r } else if (s == 2) { rr = n - 1 - r; cc = n - 1 - x }
        else if (s == 3) { rr = n - 1 - x; cc = r } else if (s == 4) { rr = r; cc = n - 1 - x }
        else if (s == 5) { rr = n - 1 - r; cc = x } else if (s == 6) { rr = x; cc = r }
        else { rr = n - 1 - x; cc = n - 1 - r }
        img[rr] = cc
      }
      for (r = 0; r < n && img[r] == c[r]; r++) {}
      if (r < n && img[r] < c[r]) least = 0
    }
    if (least) print
  }'
}
for n in 5 6 7 8 9 10; do
  want=$("$NQ" solve "$n" --format cols | least_of_class)
  check "unique $n: the least of each class, in order" 0 "$want" -- "$NQ" solve "$n" --unique --format cols
  check "unique $n: OEIS A002562" 0 "$(awk -v n="$n" '!/^#/ && $1 == n { print $3 }' "$NQ_TEST_DATA/counts.txt")" -- \
    bash -c "printf '%s\n' '$want' | wc -l"
done
check "n=30 first solution exists (limit 1)" 0 "1" -- bash -c "'$NQ' solve 30 --format cols --limit 1 | wc -l"

# Bad input: exit 2, one line on stderr, nothing on stdout.
check_err "solve 0" 2 "N must be an integer from 1 to 64, got '0'" -- "$NQ" solve 0
check_err "solve -3" 2 "N must be an integer from 1 to 64, got '-3'" -- "$NQ" solve -3
check_err "solve abc" 2 "N must be an integer from 1 to 64, got 'abc'" -- "$NQ" solve abc
check_err "solve 4x" 2 "got '4x'" -- "$NQ" solve 4x
check_err "solve 65" 2 "got '65'" -- "$NQ" solve 65
check_err "solve huge" 2 "got '99999999999999999999'" -- "$NQ" solve 99999999999999999999
check_err "solve ' 4'" 2 "got ' 4'" -- "$NQ" solve " 4"
check_err "unknown format" 2 "unknown format 'xml'" -- "$NQ" solve 4 --format xml
check_err "unknown option" 2 "unknown option '--frobnicate'" -- "$NQ" solve 4 --frobnicate
check_err "missing option value" 2 "option '--format' needs a value" -- "$NQ" solve 4 --format
check_err "two Ns" 2 "expected at most one N" -- "$NQ" solve 4 5
check_err "empty stdin" 2 "expected N on standard input, got nothing" -- \
  bash -c "'$NQ' solve </dev/null"
check_err "bad stdin" 2 "got 'eight'" -- bash -c "echo eight | '$NQ' solve"
check_err "bad limit" 2 "--limit must be an integer" -- "$NQ" solve 4 --limit 0
check_err "negative limit names --limit" 2 "^nqueens solve: --limit must be an integer" -- \
  "$NQ" solve 4 --limit -1
check_err "negative -l names --limit" 2 "^nqueens solve: --limit must" -- "$NQ" solve 4 -ul -1
check_err "negative N after a flag" 2 "N must be an integer from 1 to 64, got '-3'" -- \
  "$NQ" solve --unique -3
check_err "unknown short option in a cluster" 2 "unknown option '-x'" -- "$NQ" solve -xu 4
check_err "short option without value in a cluster" 2 "option '-l' needs a value" -- \
  "$NQ" solve 4 -ul
if ! [ -w /dev/full ]; then
  skip_part "/dev/full is not writable: the full-disk checks do not run"
else
  # One message however many writes fail (the json suffix and the final flush used to repeat it).
  for f in "pairs" "json" "svg --limit 400"; do
    check_err "full disk, $f" 2 "^nqueens (solve|cases): cannot write the output" -- \
      bash -c "'$NQ' solve 12 --format $f >/dev/full"
  done
  check_err "full disk, cases" 2 "^nqueens (solve|cases): cannot write the output" -- \
    bash -c "echo '2 10 11' | '$NQ' cases >/dev/full"
fi
check_err "unknown command" 2 "unknown command 'solv'" -- "$NQ" solv 4
ok "no command: usage on stderr, exit 2" bash -c "'$NQ' 2>&1 >/dev/null | grep -q 'Usage: nqueens' && { '$NQ' 2>/dev/null; [ \$? = 2 ]; }"

# Help and version.
check "version" 0 "nqueens $NQ_VERSION (libnqueens $NQ_VERSION)" -- "$NQ" --version
ok "help lists every command" bash -c "'$NQ' --help | grep -q 'solve' && '$NQ' --help | grep -q 'cases'"
ok "solve --help" bash -c "'$NQ' solve --help | grep -q -- '--column-major'"
ok "help solve" bash -c "'$NQ' help solve | grep -q -- '--unique'"

# cases (judge-style input).
check "cases sample" 0 "[1 ]${nl}[2 4 1 3 ] [3 1 4 2 ]" -- bash -c "printf '2\n1\n4\n' | '$NQ' cases"
check "cases with no solution" 0 "-1${nl}-1${nl}[2 4 1 3 ] [3 1 4 2 ]" -- \
  bash -c "printf '3\n2\n3\n4\n' | '$NQ' cases"
check "cases on one line" 0 "[1 ]" -- bash -c "echo '1 1' | '$NQ' cases"
check "cases n=6" 0 "[2 4 6 1 3 5 ] [3 6 2 5 1 4 ] [4 1 5 2 6 3 ] [5 3 1 6 4 2 ]" -- \
  bash -c "echo '1 6' | '$NQ' cases"
check "cases T=0" 0 "" -- bash -c "echo 0 | '$NQ' cases"
check "cases cols format" 0 "1 3 0 2${nl}2 0 3 1${nl}-1" -- bash -c "echo '2 4 3' | '$NQ' cases --format cols"
check_err "cases missing value" 2 "expected n of test case 2" -- bash -c "printf '2\n4\n' | '$NQ' cases"
check_err "cases bad value" 2 "got 'x'" -- bash -c "printf '2\n4\nx\n' | '$NQ' cases"
check_err "cases n out of range" 2 "got '0'" -- bash -c "printf '1\n0\n' | '$NQ' cases"
check_err "stdin is a directory" 2 "cannot read N from standard input: Is a directory" -- \
  bash -c "'$NQ' solve </"
check_err "cases: stdin is a directory" 2 "cannot read T from standard input" -- \
  bash -c "'$NQ' cases </"
check_err "words after N on stdin" 2 "expected only N on standard input, but 'junk' follows '4'" -- \
  bash -c "printf '4 junk\n' | '$NQ' solve"
check_err "a second N on stdin" 2 "but '5' follows '4'" -- bash -c "printf '4 5\n' | '$NQ' solve"
# Only N's own line is read: a program that writes N and waits for the answer must get it. The
# writer keeps its end open until solve has answered; a solve that read on would wait for ever,
# and the timeout (far beyond any machine's need) only turns that hang into a failure.
check "N's line only" 0 "1 3 0 2" -- bash -c "coproc W { echo 4; exec sleep 600; }
  timeout 300 '$NQ' solve --format cols --limit 1 <&\${W[0]}; rc=\$?; kill \$W_PID; exit \$rc"
check "blank lines after N on stdin" 0 "1 3 0 2${nl}2 0 3 1" -- \
  bash -c "printf '\n4\n\n  \n' | '$NQ' solve --format cols"
# A word of 70 characters used to be cut at 63 and judged as the number it was not.
check_err "a 70-digit N on stdin" 2 "more than 63 characters" -- \
  bash -c "printf '%070d\n' 4 | '$NQ' solve"
check_err "cases: more values than T" 2 "T = 1, but the line of the last case goes on: '5'" -- \
  bash -c "printf '1\n4 5\n' | '$NQ' cases"
# More input after the T-th case, on later lines, is an error too, and nothing is answered (the 5
# was dropped in silence): a judge's input ends with its last case, so T or the file is wrong.
check_err "cases: a value after the last case" 2 \
  "^nqueens cases: T = 1, but more input follows the last case: '5'; answering nothing \(make T the number of cases, or remove what follows\)$" -- \
  bash -c "printf '1\n4\n5\n' | '$NQ' cases"
check_err "cases: a word after the last cases" 2 "T = 2, but more input follows the last case: 'x'" -- \
  bash -c "printf '2\n1\n4\n\n  x\n' | '$NQ' cases"
check "cases: blank lines after the last case are no input" 0 "[2 4 1 3 ] [3 1 4 2 ]" -- \
  bash -c "printf '1\n4\n\n \n' | '$NQ' cases"
# N from a file is read to the file's end (from a pipe, only to the end of N's line: a program
# that writes N and waits for the answer must not be kept waiting).
tmpn=$(mktemp -d)
printf '8\n9\n' >"$tmpn/n89"
check_err "count: N then more lines in a file" 2 "^nqueens count: expected only N on standard input, but '9' follows '8' on a later line$" -- \
  bash -c "'$NQ' count <'$tmpn/n89'"
check_err "solve: N then more lines in a file" 2 "but '9' follows '8' on a later line" -- \
  bash -c "'$NQ' solve <'$tmpn/n89'"
printf '8\n\n \n' >"$tmpn/n8"
check "count: N then blank lines in a file" 0 "92" -- bash -c "'$NQ' count <'$tmpn/n8'"
rm -rf "$tmpn"
check_err "cases: a 70-digit value" 2 "more than 63 characters" -- \
  bash -c "printf '1\n%070d\n' 4 | '$NQ' cases"
check_err "cases empty" 2 "expected the number of test cases" -- bash -c "'$NQ' cases </dev/null"

# A NUL byte hid junk in numbers read from standard input (printf '8\0junk' | nqueens count
# printed 92): every number read there is refused, the NUL shown as \x00.
check_err "a NUL in N" 2 "^nqueens count: N must be an integer, got '8\\\\x00junk' on standard input \\(a NUL byte is no digit\\)$" -- \
  bash -c "printf '8\\0junk' | '$NQ' count"
check_err "a NUL in a case's n" 2 "^nqueens cases: n must be an integer, got '4\\\\x00junk'" -- \
  bash -c "printf '1\\n4\\0junk\\n' | '$NQ' cases"
check_err "a NUL in T" 2 "^nqueens cases: T must be an integer, got '2\\\\x00'" -- \
  bash -c "printf '2\\0\\n4\\n4\\n' | '$NQ' cases"
check_err "a NUL after N on its line" 2 "but '\\\\x00' follows '4'" -- \
  bash -c "printf '4 \\0\\n' | '$NQ' solve"
check_err "other bytes are shown escaped" 2 "got '4\\\\x01'" -- bash -c "printf '4\\001\\n' | '$NQ' solve"
# A UTF-8 byte order mark at the start of standard input is skipped (it was echoed back,
# invisible: "got '8'"); anywhere else it is shown escaped.
check "a BOM before N" 0 "1 3 0 2" -- \
  bash -c "printf '\\357\\273\\2774\\n' | '$NQ' solve --format cols --limit 1"
check "a BOM before T" 0 "[1 ]${nl}[2 4 1 3 ] [3 1 4 2 ]" -- \
  bash -c "printf '\\357\\273\\2772\\n1\\n4\\n' | '$NQ' cases"
check "a BOM on a line of its own" 0 "2" -- \
  bash -c "printf '\\357\\273\\277\\n\\n4\\n' | '$NQ' solve --format cols | wc -l"
check_err "a BOM later is no number" 2 "n must be an integer from 1 to 64, got '\\\\xef\\\\xbb\\\\xbf4'" -- \
  bash -c "printf '1\\n\\357\\273\\2774\\n' | '$NQ' cases"
# Empty standard input: the example names the command that was run.
for c in solve count find; do
  check_err "$c: empty stdin names $c" 2 \
    "^nqueens $c: expected N on standard input, got nothing; give N as an argument \\(e.g. 'nqueens $c 8'\\) or on standard input \\(echo 8 \\| nqueens $c\\)$" -- \
    bash -c "'$NQ' $c </dev/null"
done
check_err "trace: empty stdin names trace" 2 "e.g. 'nqueens trace 4'.*echo 4 \\| nqueens trace" -- \
  bash -c "'$NQ' trace </dev/null"
check_err "complete: empty stdin names complete" 2 \
  "e.g. 'nqueens complete 8 --queens \"3-3, 4-1\"'.*echo 8 \\| nqueens complete --queens" -- \
  bash -c "'$NQ' complete --queens 0-0 </dev/null"
# At a terminal, a command waiting for standard input says so on stderr (it waited in silence);
# through a pipe it says nothing (the checks above see one line of stderr only). `script` gives
# the command a terminal.
if command -v script >/dev/null 2>&1; then
  at_terminal() { # at_terminal INPUT CMD...: the terminal's text (stderr and stdout), \r removed
    local input=$1
    shift
    { sleep 0.5; printf '%b' "$input"; } | timeout 20 script -qec "$*" /dev/null | tr -d '\r'
  }
  out=$(at_terminal '4\n' "'$NQ' solve --format cols")
  ok "solve at a terminal says it reads N" grep -q \
    "^nqueens solve: reading N from standard input (type it, then Enter; or give it on the command line, as in 'nqueens solve 8')$" <<<"$out"
  ok "... and then solves" grep -qx "2 0 3 1" <<<"$out"
  out=$(at_terminal '1\n4\n' "'$NQ' cases")
  ok "cases at a terminal says what it reads" grep -q \
    "^nqueens cases: reading the cases from standard input (T, then T values of n; end with Ctrl-D)$" <<<"$out"
  out=$(at_terminal '.Q..\n\004' "'$NQ' complete 4")
  ok "complete at a terminal says what it reads" grep -q \
    "^nqueens complete: reading the instance from standard input" <<<"$out"
else
  echo "skip: prompts at a terminal (no 'script' command)"
fi

# Listings interrupted by SIGINT or SIGTERM end on a record boundary (a json listing closed, a
# cases line ended) and exit 130 or 143 (they were cut at a buffer boundary: 33 MB of unterminated
# JSON). The signal lands while solutions stream out (the writer busy or between two), or while the
# next solution is far away (n = 35: the listing is idle, and ends at once), or while input is read.
tmpd=$(mktemp -d)
# interrupt SIG DELAY OUT CMD...: runs CMD with stdout to OUT (stdin from $IN, /dev/null if unset),
# sends SIG DELAY seconds after it has installed its handlers; prints the exit status and the
# seconds it took to end after the signal.
interrupt() {
  local sig=$1 delay=$2 out=$3
  shift 3
  "$@" <"${IN:-/dev/null}" >"$out" 2>"$tmpd/err" &
  local pid=$! t0
  caught "$pid"
  sleep "$delay"
  t0=$(date +%s%N)
  kill "-$sig" "$pid" 2>/dev/null
  wait "$pid"
  echo "$? $((($(date +%s%N) - t0) / 1000000000))"
}
r=$(interrupt INT 0.5 "$tmpd/j" "$NQ" solve 16 --format json)
check "solve json, SIGINT: exit 130" 0 "130" -- echo "${r% *}"
ok "... the json listing is closed and every board is whole (check reads it)" \
  bash -c "'$NQ' check --format json '$tmpd/j' >/dev/null && [ \"\$(tail -c 3 '$tmpd/j')\" = ']]' ]"
ok "... and says how many solutions it wrote" \
  grep -Eq "^nqueens solve: interrupted by SIGINT after [0-9]+ solutions$" "$tmpd/err"
r=$(interrupt TERM 0.5 "$tmpd/p" "$NQ" solve 16 --format pairs)
check "solve pairs, SIGTERM: exit 143" 0 "143" -- echo "${r% *}"
ok "... ends with a whole line, every line a solution" \
  bash -c "[ \"\$(tail -c 1 '$tmpd/p' | od -An -c | tr -d ' ')\" = '\\n' ] && '$NQ' check '$tmpd/p' >/dev/null"
r=$(interrupt TERM 0.5 "$tmpd/b" "$NQ" solve 16 --format board)
ok "solve board, SIGTERM: whole boards" \
  bash -c "[ '${r% *}' = 143 ] && '$NQ' check --format board '$tmpd/b' >/dev/null"
r=$(interrupt INT 1 "$tmpd/idle" "$NQ" solve 35 --format json)
check "solve 35 json (no solution yet), SIGINT: '[]' and exit 130, at once" 0 "[] 130 0" -- \
  echo "$(cat "$tmpd/idle") ${r% *} ${r#* }"
printf '2\n8\n16\n' >"$tmpd/in"
r=$(IN=$tmpd/in interrupt INT 0.5 "$tmpd/c" "$NQ" cases)
ok "cases, SIGINT: exit 130, the line of the case closed, every solution whole" \
  bash -c "[ '${r% *}' = 130 ] && [ \"\$(tail -c 1 '$tmpd/c' | od -An -c | tr -d ' ')\" = '\\n' ] &&
           [ \"\$(head -1 '$tmpd/c' | grep -o ']' | wc -l)\" = 92 ] && '$NQ' check --format cases '$tmpd/c' >/dev/null"
mkfifo "$tmpd/fifo"
sleep 30 >"$tmpd/fifo" &
sleeper=$!
r=$(IN=$tmpd/fifo interrupt INT 0.5 "$tmpd/w" "$NQ" cases)
kill "$sleeper" 2>/dev/null
check "cases waiting for its input, SIGINT: exit 130 at once, nothing printed" 0 "130 0 0" -- \
  echo "${r% *} ${r#* } $(wc -c <"$tmpd/w")"
rm -rf "$tmpd"
finish
