#!/usr/bin/env bash
# tests/cli/contrib_join.sh: the research prototype of issue 21 (contrib/join/quadrants.c, the
# whole-board join from quadrants) stays right while it is not in the library: built with 256-bit
# blocks (AVX2) and, where the CPU has AVX512-VPOPCNTDQ and VL, with 512-bit and 256-bit blocks
# counted by VPOPCNTQ, it counts n = 4..16 on one and two threads, odd n by both cuts
# (JOIN_ODD=plain and =middle, which must differ in work), every hot-bit count K = 0..6 at n = 12
# and 13 in both cuts, and each line's total, fundamental and orbit counts must be the table's
# (tests/data/counts.txt). A table with one count changed must make it say WRONG and exit 1
# (the check can fail), and bad arguments exit 2 with the usage line. The prototype needs x86-64
# with AVX2 and BMI2 (pext): elsewhere the test is skipped, saying why.
set -uo pipefail
: "${NQ_SRC:?source dir}" "${NQ_TEST_DATA:?tests/data}"
. "$NQ_SRC/tests/support/skip.bash"
if [ "$(uname -m)" != x86_64 ] || ! grep -qw avx2 /proc/cpuinfo || ! grep -qw bmi2 /proc/cpuinfo; then
    # Not a missing tool: the prototype is written for x86-64-v3 (a real skip, saying why).
    echo "SKIP: contrib/join/quadrants.c needs x86-64 with AVX2 and BMI2; this CPU has not"
    exit 77
fi
need_tools cc || skip_exit 0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }
export JOIN_COUNTS=$NQ_TEST_DATA/counts.txt

builds=(avx2)
cc -O2 -mavx2 -mbmi2 -mpopcnt -fopenmp -Wall -Wextra -Werror -o "$tmp/avx2" \
    "$NQ_SRC/contrib/join/quadrants.c" 2>"$tmp/cc.log" || { echo "FAIL: build: $(cat "$tmp/cc.log")"; exit 1; }
if grep -qw avx512_vpopcntdq /proc/cpuinfo && grep -qw avx512vl /proc/cpuinfo; then
    # 512-bit blocks, and 256-bit ones counted with the 256-bit VPOPCNTQ (AVX512-VL)
    for qb in 512 256; do
        cc -O2 -march=native -DQB=$qb -fopenmp -Wall -Wextra -Werror -o "$tmp/avx512-$qb" \
            "$NQ_SRC/contrib/join/quadrants.c" 2>"$tmp/cc.log" || { echo "FAIL: build: $(cat "$tmp/cc.log")"; exit 1; }
        builds+=("avx512-$qb")
    done
else
    echo "note: no AVX512-VPOPCNTDQ here: the 512-bit build is not tested"
fi

# agree WHAT OUT LINES: OUT has LINES lines, each the table's counts (OK), and none WRONG.
agree() {
    local good
    good=$(grep -c ' OK$' "$2")
    if [ "$good" = "$3" ] && ! grep -q WRONG "$2"; then
        ok "$1: $good lines, total, fundamental and orbit counts the table's"
    else
        fail "$1: $good of $3 lines OK: $(grep -v ' OK$' "$2" | head -3)"
    fi
}

for b in "${builds[@]}"; do
    for t in 1 2; do
        "$tmp/$b" 4 16 "$t" >"$tmp/out" || fail "$b, $t threads: exit $?"
        agree "$b, n = 4..16, $t thread(s)" "$tmp/out" 13
        for cut in plain middle; do
            JOIN_ODD=$cut "$tmp/$b" 5 15 "$t" >"$tmp/out" || fail "$b $cut cut: exit $?"
            agree "$b, the $cut cut for odd n, n = 5..15, $t thread(s)" "$tmp/out" 11
        done
    done
    for cut in plain middle; do
        for k in 0 1 2 3 4 5 6; do
            JOIN_ODD=$cut "$tmp/$b" 12 13 2 "$k" >"$tmp/out" || fail "$b $cut K = $k: exit $?"
            agree "$b, the $cut cut, K = $k, n = 12..13" "$tmp/out" 2
        done
    done
done

# JOIN_ODD chooses the cut: the two count the same with different work (halves listed).
halves() { JOIN_ODD=$1 "$tmp/avx2" 13 13 1 | sed -n 's/.* halves=\([^ ]*\) .*/\1/p'; }
hp=$(halves plain) hm=$(halves middle)
if [ -n "$hp" ] && [ -n "$hm" ] && [ "$hp" != "$hm" ]; then
    ok "JOIN_ODD=plain and =middle are two cuts at n = 13 (halves $hp and $hm)"
else
    fail "JOIN_ODD does not choose the cut at n = 13: halves '$hp' and '$hm'"
fi

# The check can fail: n = 10's orbits4 changed in a copy of the table.
awk '$1 == 10 { $5 = $5 + 1 } { print }' "$JOIN_COUNTS" >"$tmp/bad.txt"
JOIN_COUNTS=$tmp/bad.txt "$tmp/avx2" 10 10 1 >"$tmp/out"
rc=$?
if [ "$rc" = 1 ] && grep -q ' WRONG$' "$tmp/out"; then
    ok "a table with n = 10's orbits4 changed: WRONG, exit 1"
else
    fail "a changed table: exit $rc, '$(cat "$tmp/out")'"
fi

for args in "3" "4 25" "9 8" "12 12 0" "12 12 1 7" "x" "12 12 1 2 5"; do
    # shellcheck disable=SC2086
    "$tmp/avx2" $args >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ "$rc" = 2 ] && grep -q '^usage: quadrants' "$tmp/err" && [ ! -s "$tmp/out" ]; then
        ok "arguments '$args': exit 2 with the usage line"
    else
        fail "arguments '$args': exit $rc, '$(cat "$tmp/out" "$tmp/err")'"
    fi
done

echo "$fails failed"
[ "$fails" -eq 0 ]
