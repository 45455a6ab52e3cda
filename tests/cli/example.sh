#!/usr/bin/env bash
# The example program (examples/example.c, built in the build tree as nq_example): its whole
# output against what is known independently: the library version of `nqueens --version`, the
# first three solutions of the eight-queens puzzle (the lexicographically first ones, as listed
# in the classic write-ups), the counts of n = 1..9 and 12 from the OEIS table, the first solution
# of 6 drawn as a board, and the verdicts on a wrong placement and an incomplete list.
. "$NQ_SRC/tests/support/clitest.bash"
table="$NQ_TEST_DATA/counts.txt"
version=$("$NQ" --version | sed -n 's/.*(libnqueens \(.*\))$/\1/p')
counts=$(awk '!/^#/ && $1 >= 1 && $1 <= 9 { print "n = " $1 ": " $2 " solutions, " $3 " fundamental" }' "$table")
count12=$(awk '!/^#/ && $1 == 12 { print "count of 12: " $2 " solutions, " $3 " fundamental" }' "$table")
want="libnqueens $version
solution 1 of 8: 0 4 7 5 2 6 1 3
solution 2 of 8: 0 5 7 2 6 3 1 4
solution 3 of 8: 0 6 3 5 7 1 4 2
$counts
the first solution of 6:
.Q....
...Q..
.....Q
Q.....
..Q...
....Q.

constructed 1000000 queens: a solution
$count12
0 1 2 3 4 5 6 7 is not a solution: 0-0 and 1-1 share a diagonal
item 1: a solution
the list for n = 4 has 1 of the 2 solutions: incomplete"
ok "the version is known" test -n "$version"
ok "the table has n = 1..9" test "$(printf '%s\n' "$counts" | wc -l)" = 9
check "the example's output" 0 "$want" -- "$NQ_BUILD/nq_example"
finish
