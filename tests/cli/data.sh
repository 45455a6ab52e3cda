#!/usr/bin/env bash
# tests/cli/data.sh: the whole counts kept in data/ (data/README.md) are what that page says, checked
# the way it tells anyone to check them: each journal (xz-compressed) is whole, `nqueens count N
# --checkpoint` reads the known total and fundamental count back from it without counting
# anything, and `nqueens verify` finds its sums right and a sample of its records recounted by
# other means equal (seed 1; a small sample: the tables of n = 22 take 2.1 GiB and half a minute
# to build, more under the sanitizers, which skip the recount of n >= 21). Expected counts come
# from tests/data/counts.txt (OEIS A000170, A002562), read by tests/support/journal.bash.
set -uo pipefail
: "${NQ:?path to the nqueens binary}" "${NQ_SRC:?source tree}" "${NQ_TEST_DATA:?tests/data}"
. "$NQ_SRC/tests/support/skip.bash"
. "$NQ_SRC/tests/support/journal.bash"
command -v xz >/dev/null || skip "xz is missing (Debian's xz-utils, scripts/packages.txt)"
tmp=$(mktemp -d /tmp/nq-data-cli.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }
sanitized=0
grep -qsE "^NQ_(SANITIZE|TSAN):BOOL=ON" "${NQ_BUILD:-/nonexistent}/CMakeCache.txt" && sanitized=1

files=("$NQ_SRC"/data/quadrant-n*.journal.xz)
[ "${#files[@]}" -ge 3 ] && [ -f "${files[0]}" ] && ok "data/ holds ${#files[@]} journals" ||
    fail "data/ should hold the journals of n = 20, 21 and 22: ${files[*]}"
for f in "${files[@]}"; do
    [ -f "$f" ] || continue
    n=$(basename "$f" | sed -E 's/^quadrant-n([0-9]+)\.journal\.xz$/\1/')
    total=$(total_of "$n") unique=$(unique_of "$n")
    j=$tmp/n$n.journal
    if ! xz -dc "$f" >"$j"; then
        fail "n = $n: $f does not decompress"
        continue
    fi
    got=$("$NQ" count "$n" --checkpoint "$j" --json --no-progress 2>"$tmp/err")
    [ "$(json_field total <<<"$got")" = "$total" ] && [ "$(json_field unique <<<"$got")" = "$unique" ] &&
        [ "$(json_field computed <<<"$got")" = 0 ] && grep -q '"method":"quadrant"' <<<"$got" &&
        ok "n = $n: the journal gives the known counts, nothing counted" ||
        fail "n = $n: count --checkpoint read back '$got' $(cat "$tmp/err"), want total $total, unique $unique"
    sample=3
    [ "$n" -ge 21 ] && sample=1
    if [ "$sanitized" = 1 ] && [ "$n" -ge 21 ]; then
        continue
    fi
    "$NQ" verify "$j" --sample "$sample" --seed 1 --threads 2 >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ "$rc" -eq 0 ] && grep -qx "verdict: right" "$tmp/out" &&
        grep -q "^records: .* (the whole count)$" "$tmp/out" &&
        grep -qx "total: $total, unique $unique: the known counts of n = $n (OEIS A000170, A002562)" "$tmp/out" &&
        grep -q "^recounted: $sample of .* records (sample seed 1), by the generic kernel" "$tmp/out" &&
        ok "n = $n: nqueens verify --sample $sample: right" ||
        fail "n = $n: verify exit $rc: $(cat "$tmp/out" "$tmp/err")"
done
# The check can fail: one record's total changed (its line's CRC made right again, as an editor
# of the data would) is found by the recount of every record of a small journal.
if [ -f "$NQ_SRC/data/quadrant-n20.journal.xz" ]; then
    j=$tmp/n20.journal
    xz -dc "$NQ_SRC/data/quadrant-n20.journal.xz" | head -n 200 >"$j"
    python3 "$NQ_SRC/tests/support/forge_journal.py" "$j" 150 8 0 0 0 0 0 &&
        { "$NQ" verify "$j" --all --threads 2 >"$tmp/out" 2>&1; rc=$?; } &&
        [ "$rc" -eq 1 ] && grep -q "^wrong: subproblem " "$tmp/out" &&
        ok "a forged record of n = 20 is found (exit 1)" || fail "forged record: exit ${rc:-?}: $(cat "$tmp/out")"
fi
[ "$fails" -eq 0 ] || exit 1
