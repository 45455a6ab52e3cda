#!/usr/bin/env bash
# tests/layout/api_docs.sh: scripts/check_api_docs.py passes the tree's two public headers and
# fails each way a header can break the rule (issue 37): an exported call with no comment, a
# comment that does not name it, one that says nothing beyond the name, a call declared twice,
# the simple tier including the advanced one; a shared comment naming each call passes.
# Environment: NQ_SRC (the tree), NQ_PYTHON3 (python3).
set -euo pipefail
src=${NQ_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
py=${NQ_PYTHON3:-python3}
tmp=$(mktemp -d /tmp/nq-apidocs.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail=0

# tree NAME SIMPLE ADVANCED: a tree whose two headers hold these texts.
tree() {
  mkdir -p "$tmp/$1/include"
  printf '%s\n' "$2" >"$tmp/$1/include/nqueens.h"
  printf '%s\n' "$3" >"$tmp/$1/include/nqueens_advanced.h"
}
# run NAME WANT_RC PATTERN: the check on tree NAME exits WANT_RC and prints PATTERN (grep -E).
run() {
  local rc=0 out
  out=$("$py" "$src/scripts/check_api_docs.py" "$tmp/$1" 2>&1) || rc=$?
  if [ "$rc" = "$2" ] && grep -Eq -- "$3" <<<"$out"; then
    echo "ok: $1 (exit $rc)"
  else
    echo "FAIL: $1: exit $rc (want $2), output:"
    echo "$out"
    fail=1
  fi
}

good_adv='#include "nqueens.h"

/* nq_split_new() :
 * Makes the split of n into numbered subproblems. */
NQ_API int nq_split_new(int n, nq_split **out);'
tree good '/* nq_count() :
 * Counts the solutions of n.
 * @return NQ_OK or NQ_EINVAL. */
NQ_API int nq_count(int n,
                    nq_counts *out);

/* nq_format_name(), nq_format_parse() :
 * The name of a format, and the format of a name. */
NQ_API const char *nq_format_name(nq_format fmt);
NQ_API int nq_format_parse(const char *name, nq_format *fmt);' "$good_adv"
run good 0 '^check_api_docs: 4 exported calls, each documented$'

tree bare '/* nq_count() : Counts the solutions of n. */
NQ_API int nq_count(int n, nq_counts *out);

NQ_API int nq_find_first(int n, int *cols, uint64_t *nodes);' "$good_adv"
run bare 1 'include/nqueens.h:4: nq_find_first\(\) has no comment right above it'

tree gap '/* nq_count() : Counts the solutions of n. */

NQ_API int nq_count(int n, nq_counts *out);' "$good_adv"
run gap 1 'nq_count\(\) has no comment right above it'

tree other '/* nq_count() : Counts the solutions of n. */
NQ_API int nq_count(int n, nq_counts *out);' '#include "nqueens.h"

/* nq_split_new() : Makes the split of n into numbered subproblems. */
NQ_API int nq_split_new(int n, nq_split **out);
NQ_API int nq_split_free(nq_split *s);'
run other 1 'include/nqueens_advanced.h:5: the comment above nq_split_free\(\) does not name it'

tree empty '/* nq_count() : */
NQ_API int nq_count(int n, nq_counts *out);' "$good_adv"
run empty 1 'the comment above nq_count\(\) says no sentence about it'

tree twice '/* nq_count() : Counts the solutions of n. */
NQ_API int nq_count(int n, nq_counts *out);' '#include "nqueens.h"

/* nq_count() : Counts the solutions of n, again. */
NQ_API int nq_count(int n, nq_counts *out);'
run twice 1 'nq_count\(\) is declared 2 times'

tree circle '#include "nqueens_advanced.h"
/* nq_count() : Counts the solutions of n. */
NQ_API int nq_count(int n, nq_counts *out);' "$good_adv"
run circle 1 'include/nqueens.h includes nqueens_advanced.h'

rc=0
"$py" "$src/scripts/check_api_docs.py" "$src" || rc=$?
[ $rc = 0 ] && echo "ok: the tree's headers" || { echo "FAIL: the tree's headers: exit $rc"; fail=1; }
exit $fail
