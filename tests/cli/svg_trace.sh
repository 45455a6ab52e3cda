#!/usr/bin/env bash
# Pictures and the traced search: `--format svg` is valid XML and, rendered by a real
# renderer (librsvg's rsvg-convert), shows a dark queen exactly on the cells that `--format cols`
# lists and the plain square colour everywhere else; `nqueens trace` agrees with its own totals,
# with `solve`, and with the indentation rule.
. "$NQ_SRC/tests/support/clitest.bash"
. "$NQ_SRC/tests/support/proc.bash"
nl=$'\n'
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The svg part needs libxml2-utils, librsvg2-bin and netpbm (scripts/packages.txt).
svg_tools=1
need_tools xmllint rsvg-convert pngtopnm pnmtoplainpnm || svg_tools=0
if [ "$svg_tools" = 1 ]; then

# --- svg: validity ------------------------------------------------------------------------------
"$NQ" solve 8 --format svg --limit 12 >"$tmp/s8.svg"
ok "solve 8 --format svg --limit 12 exits 0" test $? = 0
ok "svg is well-formed XML" xmllint --noout "$tmp/s8.svg"
ok "svg root element is <svg> in the SVG namespace" \
  bash -c "xmllint --xpath 'namespace-uri(/*)' '$tmp/s8.svg' | grep -qx 'http://www.w3.org/2000/svg'"
check "twelve boards in one picture" 0 "12" -- \
  bash -c "grep -o '<use xlink:href=\"#b\"/>' '$tmp/s8.svg' | wc -l"
check "96 queens, drawn as a path symbol" 0 "96 1" -- \
  bash -c "echo \$(grep -o 'xlink:href=\"#q\"' '$tmp/s8.svg' | wc -l) \$(grep -c '<symbol id=\"q\" viewBox=\"0 0 40 40\"><path d=\"M' '$tmp/s8.svg')"
# No solution (n = 2, 3): a valid picture that says so, as json prints [] (it was an empty file,
# which no viewer opens), with any of --unique, --limit, --column-major; it renders. find and
# complete, a negative answer (a message, exit 1), still print nothing in any format.
for n in 2 3; do
  "$NQ" solve "$n" --format svg >"$tmp/none$n.svg"
  ok "solve $n --format svg: exit 0" test $? = 0
  ok "solve $n: the picture of no solution is valid" xmllint --noout "$tmp/none$n.svg"
  check "solve $n: it says there is no solution" 0 "1" -- grep -c "No solution for n = $n\." "$tmp/none$n.svg"
  ok "solve $n: it renders" rsvg-convert -o "$tmp/none$n.png" "$tmp/none$n.svg"
  ok "solve $n --unique --limit 1 --column-major: the same picture" \
    bash -c "'$NQ' solve $n --format svg --unique --limit 1 --column-major | cmp -s - '$tmp/none$n.svg'"
done
check "find 3: no svg, exit 1" 1 "" -- "$NQ" find 3 --format svg
check "complete with no completion: no svg, exit 1" 1 "" -- "$NQ" complete 4 --queens 0-0 --all --format svg
"$NQ" solve 1 --format svg >"$tmp/s1.svg"
ok "n = 1 picture is valid" xmllint --noout "$tmp/s1.svg"
"$NQ" solve 8 --format svg --limit 12 --column-major >"$tmp/t8.svg"
ok "column-major picture is valid" xmllint --noout "$tmp/t8.svg"
check "--format svg without --limit draws every solution" 0 "10" -- \
  bash -c "'$NQ' solve 5 --format svg | grep -o '<use xlink:href=\"#b\"/>' | wc -l"
# More boards than one picture holds: the error alone, nothing on stdout (the first million
# boards used to be drawn anyway: 1.1 GB of svg after the message, exit 2).
check_err "svg refuses more than NQ_SVG_MAX_BOARDS boards, printing nothing" 2 \
  "^nqueens solve: the svg format draws at most 1000000 boards in one picture; give --limit K with K <= 1000000\$" -- \
  bash -c "set -o pipefail; '$NQ' solve 16 --format svg --limit 1000001 | head -c 100"
# Without --limit, more than 1000 boards is refused at once (solve 12 silently wrote 12 MB).
check_err "svg without --limit: at most 1000 boards" 2 \
  "^nqueens solve: n = 12 has 14200 solutions: the svg format draws at most 1000 boards without --limit .*; add --limit K" -- \
  "$NQ" solve 12 --format svg
check_err "svg --unique without --limit: the fundamental count decides" 2 \
  "n = 12 has 1787 fundamental solutions" -- "$NQ" solve 12 --format svg --unique
check "svg --unique of n = 10 (92 boards) needs no --limit" 0 "92" -- \
  bash -c "'$NQ' solve 10 --unique --format svg | grep -o '<use xlink:href=\"#b\"/>' | wc -l"
check "svg --limit 2000 is drawn" 0 "2000" -- \
  bash -c "'$NQ' solve 12 --format svg --limit 2000 | grep -o '<use xlink:href=\"#b\"/>' | wc -l"
# Each board of a grid is numbered under it; a single board is not.
check "svg boards are numbered" 0 "1 2 3 12" -- \
  bash -c "grep -o 'fill=\"#4a4a4a\">[0-9]*</text>' '$tmp/s8.svg' | sed 's/.*>\([0-9]*\)<.*/\1/' | sed -n '1p;2p;3p;\$p' | xargs"
check "a single board has no number" 0 "0" -- \
  bash -c "'$NQ' find 8 --format svg | grep -c 'text-anchor=\"middle\" fill=\"#4a4a4a\">1</text>' || true"

# --- svg: rendered pixels -----------------------------------------------------------------------
# pixels FILE.png N K COLS_FILE [t]: renders nothing, reads the PNG and checks the centre pixel of
# every cell of the K boards against the solutions in COLS_FILE (one `cols` line each). Geometry
# from nqueens.h: cells of 40 px for n <= 16, else max(4, 640 / n); a margin of one cell (at least
# 10 px) each side of a board; ceil(sqrt(K)) boards a line. A queen's cell is dark (sum of RGB < 150); any other cell has exactly its square's
# colour: light #f0d9b5 where row + col is even, dark #b58863 where it is odd. With t, the boards
# are transposed (queen of row r drawn at row cols[r], column r).
pixels() {
  local png=$1 n=$2 k=$3 colsfile=$4 transposed=${5:-}
  pngtopnm "$png" | pnmtoplainpnm | awk -v n="$n" -v k="$k" -v t="$transposed" '
    NR == FNR { for (r = 0; r < n; r++) q[FNR - 1, r] = $(r + 1); next }
    {
      for (f = 1; f <= NF; f++) {
        tok++
        if (tok == 1) continue
        if (tok == 2) { W = $f; continue }
        if (tok == 3) {
          H = $f; per = 1; while (per * per < k) per++
          s = n <= 16 ? 40 : int(640 / n); if (s < 4) s = 4
          m = s < 10 ? 10 : s
          for (b = 0; b < k; b++)
            for (r = 0; r < n; r++)
              for (c = 0; c < n; c++) {
                x = (b % per) * (n * s + 2 * m) + m + c * s + int(s / 2)
                y = int(b / per) * (n * s + 2 * m) + m + r * s + int(s / 2)
                want[y * W + x] = b SUBSEP r SUBSEP c
              }
          continue
        }
        if (tok == 4) continue
        v = tok - 5; p = int(v / 3); ch = v % 3
        if (p in want) { rgb[p, ch] = $f; if (ch == 2) { seen++; judge(p) } }
      }
    }
    function judge(p,   parts, b, r, c, queen, sum) {
      split(want[p], parts, SUBSEP); b = parts[1]; r = parts[2]; c = parts[3]
      queen = t ? (q[b, c] == r) : (q[b, r] == c)
      sum = rgb[p, 0] + rgb[p, 1] + rgb[p, 2]
      if (queen && sum >= 150) { bad++; print "board " b " cell " r "-" c ": queen expected, pixel " rgb[p,0] "," rgb[p,1] "," rgb[p,2] }
      if (!queen) {
        if ((r + c) % 2 == 0) { R = 240; G = 217; B = 181 } else { R = 181; G = 136; B = 99 }
        if (rgb[p,0] != R || rgb[p,1] != G || rgb[p,2] != B) { bad++; print "board " b " cell " r "-" c ": empty square expected, pixel " rgb[p,0] "," rgb[p,1] "," rgb[p,2] }
      }
    }
    END { if (seen != k * n * n) { print "saw " seen " of " k * n * n " cells"; bad++ } exit bad > 0 }
  ' "$colsfile" -
}

"$NQ" solve 8 --format cols --limit 12 >"$tmp/s8.cols"
rsvg-convert "$tmp/s8.svg" -o "$tmp/s8.png"
ok "rsvg-convert renders the 12 boards" test -s "$tmp/s8.png"
ok "12 rendered boards: dark on each queen of 'cols', plain squares elsewhere" \
  pixels "$tmp/s8.png" 8 12 "$tmp/s8.cols"
rsvg-convert "$tmp/t8.svg" -o "$tmp/t8.png"
ok "12 transposed boards (--column-major) rendered right" pixels "$tmp/t8.png" 8 12 "$tmp/s8.cols" t
"$NQ" solve 6 --format cols >"$tmp/s6.cols"
"$NQ" solve 6 --format svg >"$tmp/s6.svg" && rsvg-convert "$tmp/s6.svg" -o "$tmp/s6.png"
ok "all 4 boards of n = 6 rendered right" pixels "$tmp/s6.png" 6 4 "$tmp/s6.cols"
rsvg-convert "$tmp/s1.svg" -o "$tmp/s1.png"
ok "n = 1 rendered right" pixels "$tmp/s1.png" 1 1 <(echo 0)
"$NQ" solve 20 --format cols --limit 2 >"$tmp/s20.cols"
"$NQ" solve 20 --format svg --limit 2 | rsvg-convert -o "$tmp/s20.png"
ok "2 boards of n = 20 (37 px cells) rendered right" pixels "$tmp/s20.png" 20 2 "$tmp/s20.cols"
# Small cells (n > 53) draw the queen as a disc; find gives such boards at once. `find N --format
# svg` draws one board: the picture of its answer, for the lexicographically first solution (whose
# columns are checked against solve's) and for the construction.
"$NQ" find 100 --method construct --format cols >"$tmp/f100.cols"
ok "find 100 --method construct --format cols" test -s "$tmp/f100.cols"
"$NQ" find 100 --method construct --format svg | rsvg-convert -o "$tmp/f100.png"
ok "find 100 --format svg (6 px cells, queens as discs) rendered right" \
  pixels "$tmp/f100.png" 100 1 "$tmp/f100.cols"
"$NQ" find 12 --format svg >"$tmp/f12.svg"
ok "find 12 --format svg is valid" xmllint --noout "$tmp/f12.svg"
check "find 12 --format svg: one board" 0 "1" -- \
  bash -c "grep -o '<use xlink:href=\"#b\"/>' '$tmp/f12.svg' | wc -l"
rsvg-convert "$tmp/f12.svg" -o "$tmp/f12.png"
"$NQ" solve 12 --format cols --limit 1 >"$tmp/f12.cols"
ok "find 12 --format svg shows the first solution of solve" pixels "$tmp/f12.png" 12 1 "$tmp/f12.cols"
"$NQ" find 12 --format svg --column-major | rsvg-convert -o "$tmp/f12t.png"
ok "find 12 --format svg --column-major shows it transposed" \
  pixels "$tmp/f12t.png" 12 1 "$tmp/f12.cols" t
# The checker itself must fail on a wrong picture: the 12 boards against shifted solutions.
tail -n +2 "$tmp/s8.cols" >"$tmp/wrong.cols" && head -1 "$tmp/s8.cols" >>"$tmp/wrong.cols"
not_pixels() { ! pixels "$@" >/dev/null; }
ok "the pixel check rejects a picture of other solutions" \
  not_pixels "$tmp/s8.png" 8 12 "$tmp/wrong.cols"
fi # svg_tools

# --- trace --------------------------------------------------------------------------------------
check "trace 4: the branch-and-bound search, first steps" 0 \
"branch and bound for n = 4: rows top to bottom, columns left to right; r-c is the cell at row r, column c
try 0-0
place 0-0
  try 1-0
  attacked 1-0 by 0-0 (column)
  try 1-1
  attacked 1-1 by 0-0 (diagonal)
  try 1-2
  place 1-2
    try 2-0
    attacked 2-0 by 0-0 (column)
    try 2-1
    attacked 2-1 by 1-2 (anti-diagonal)
    try 2-2
    attacked 2-2 by 1-2 (column)
    try 2-3
    attacked 2-3 by 1-2 (diagonal)
    dead end at row 2
  backtrack 1-2 (row 2 is a dead end)" -- bash -c "'$NQ' trace 4 | head -19"
check "trace 4: first solution reached, in the pairs notation" 0 \
"      try 3-2
      place 3-2
        solution 1: 0-1, 1-3, 2-0, 3-2, .
      backtrack 3-2 (solution found; on to the next)" -- bash -c "'$NQ' trace 4 | grep -B2 -A1 'solution 1:'"
check "trace 4 totals" 0 "tried: 60${nl}attacked: 44${nl}nodes: 16${nl}dead ends: 4${nl}backtracks: 16${nl}solutions: 2" -- \
  bash -c "'$NQ' trace 4 | tail -6"
check "trace --summary prints the totals only" 0 "$("$NQ" trace 7 | tail -6)" -- "$NQ" trace 7 --summary
# Every backtrack says why (a bare "backtrack" after a row ran out left learners guessing): the row
# below was a dead end, its columns were all tried, or a solution was found.
check "trace 6: every backtrack has its reason" 0 "0" -- \
  bash -c "'$NQ' trace 6 | grep 'backtrack ' | grep -cvE '^ *backtrack [0-9]+-[0-9]+ \((row [0-9]+ is a dead end|every column of row [0-9]+ was tried|solution found; on to the next)\)\$' || true"
# Each of the 4 dead ends and 2 solutions of n = 4 is followed by one backtrack; the other 10 of the
# 16 backtracks end a row whose columns were all tried.
check "trace 4: why each queen went" 0 "4 10 2" -- bash -c "'$NQ' trace 4 | awk '
  /backtrack .*dead end/ { d++ } /backtrack .*was tried/ { t++ } /backtrack .*solution found/ { s++ }
  END { print d + 0, t + 0, s + 0 }'"
# --limit K stops after the K-th solution, --events E after E lines; the totals are those so far.
# The totals so far are counted from the lines of the whole trace up to its first solution.
sofar=$("$NQ" trace 6 | sed '/solution 1:/q' | awk '/^ *try / { t++ } /^ *attacked / { a++ }
  /^ *place / { p++ } /^ *dead end / { d++ } /^ *backtrack / { b++ } /^ *solution / { s++ }
  END { printf "tried: %d\nattacked: %d\nnodes: %d\ndead ends: %d\nbacktracks: %d\nsolutions: %d", t, a, p, d, b, s }')
check "trace --limit 1: the lines of the whole trace up to solution 1, and the totals so far" 0 \
  "$("$NQ" trace 6 | sed '/solution 1:/q')
stopped after solution 1 (--limit); the totals are those so far
$sofar" -- "$NQ" trace 6 --limit 1
check "trace --limit 2 of n = 4 is the whole search, stopped at its last solution" 0 "solutions: 2" -- \
  bash -c "'$NQ' trace 4 --limit 2 | tail -1"
check "trace --events 3" 0 "branch and bound for n = 4: rows top to bottom, columns left to right; r-c is the cell at row r, column c
try 0-0
place 0-0
  try 1-0
stopped after event 3 (--events); the totals are those so far
tried: 2
attacked: 0
nodes: 1
dead ends: 0
backtracks: 0
solutions: 0" -- "$NQ" trace 4 --events 3
check "trace --events with --summary" 0 "stopped after event 3 (--events); the totals are those so far" -- \
  bash -c "'$NQ' trace 12 --events 3 --summary | head -1"
check_err "trace --limit 0" 2 "--limit must be an integer from 1" -- "$NQ" trace 4 --limit 0
check_err "trace --events x" 2 "--events must be an integer from 1" -- "$NQ" trace 4 --events x
check "trace reads N from stdin" 0 "$("$NQ" trace 5)" -- bash -c "echo 5 | '$NQ' trace"

# Every event line against the totals, the solutions against `solve`, indentation against rows.
for n in 1 2 3 5 6 8; do
  "$NQ" trace "$n" >"$tmp/trace.$n"
  ok "trace $n: event counts equal the printed totals" awk -v n="$n" '
    NR == 1 { next }
    /^ *try / { tried++ } /^ *attacked / { attacked++ } /^ *place / { nodes++ }
    /^ *dead end / { dead++ } /^ *backtrack / { back++ } /^ *solution / { sols++ }
    /^tried: / { T = $2 } /^attacked: / { A = $2 } /^nodes: / { N = $2 }
    /^dead ends: / { D = $3 } /^backtracks: / { B = $2 } /^solutions: / { S = $2 }
    END { exit !(tried == T && attacked == A && nodes == N && dead + 0 == D && back == B &&
                 sols + 0 == S && nodes == back && tried == attacked + nodes) }' "$tmp/trace.$n"
  check "trace $n: solutions are solve's, in order" 0 "$("$NQ" solve "$n" --format pairs)" -- \
    bash -c "sed -n 's/^ *solution [0-9]*: //p' '$tmp/trace.$n'"
  ok "trace $n: each line indented two spaces per row" awk -v n="$n" '
    NR == 1 || /^[a-z]+s?( [a-z]+)?: [0-9]+$/ { next }
    { match($0, /^ */); ind = RLENGTH
      if ($1 == "solution") row = n
      else if ($1 == "dead") row = $5
      else { split($2, cell, "-"); row = cell[1] }
      if (ind != 2 * row) { print "bad indent: " $0; bad = 1 } }
    END { exit bad }' "$tmp/trace.$n"
done
check "trace 8: 2056 nodes (queens placed) and 92 solutions" 0 "nodes: 2056${nl}solutions: 92" -- \
  bash -c "grep -E '^(nodes|solutions):' '$tmp/trace.8'"

check_err "trace 13 refused with the reason" 2 "N is limited to 12, got '13'" -- "$NQ" trace 13
check_err "trace 99999999999999999999 refused" 2 "N is limited to 12" -- "$NQ" trace 99999999999999999999
check_err "trace 0" 2 "N must be an integer from 1 to 12, got '0'" -- "$NQ" trace 0
check_err "trace -4" 2 "N must be an integer from 1 to 12, got '-4'" -- "$NQ" trace -4
check_err "trace abc" 2 "got 'abc'" -- "$NQ" trace abc
check_err "trace 13 from stdin" 2 "from 1 to 12, got '13'" -- bash -c "echo 13 | '$NQ' trace"
check_err "trace with two Ns" 2 "expected at most one N" -- "$NQ" trace 4 5
check_err "trace unknown option" 2 "unknown option '--fast'" -- "$NQ" trace 4 --fast
ok "trace --help" bash -c "'$NQ' trace --help | grep -q 'Usage: nqueens trace'"

# trace interrupted: stdout ends with a whole line, exit 130 (143 for SIGTERM).
"$NQ" trace 12 >"$tmp/tr.out" 2>"$tmp/tr.err" &
pid=$!
caught "$pid"
sleep 0.3
kill -TERM "$pid"
wait "$pid"
rc=$?
ok "trace, SIGTERM: exit 143, the last line whole" \
  bash -c "[ $rc = 143 ] && [ \"\$(tail -c 1 '$tmp/tr.out' | od -An -c | tr -d ' ')\" = '\\n' ] &&
           grep -Eq '^nqueens trace: interrupted by SIGTERM after [0-9]+ events$' '$tmp/tr.err'"
finish
