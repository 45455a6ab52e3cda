#!/usr/bin/env bash
# tests/layout/version.sh: the version is written once, in include/nqueens.h (NQ_VERSION_MAJOR,
# MINOR, PATCH), which CMake reads (cmake/version.cmake) and the header's NQ_VERSION_STRING is
# made of (by the preprocessor: nq_version() and --version show it); the man page's title line
# (.TH ... "nqueens X.Y.Z") and the program's --version must say it.
# Environment: NQ_SRC (the tree), NQ_VERSION (the version CMake read), NQ (the nqueens binary).
set -euo pipefail
src=${NQ_SRC:?the source tree}
want=${NQ_VERSION:?the version CMake read}
fail=0
h=$src/include/nqueens.h
v() { sed -n "s/^#define NQ_VERSION_$1 *\\([0-9]*\\)\$/\\1/p" "$h"; }
header="$(v MAJOR).$(v MINOR).$(v PATCH)"
man=$(sed -n 's/^\.TH NQUEENS 1 "[^"]*" "nqueens \([^"]*\)".*/\1/p' "$src/doc/nqueens.1")
prog=$("$NQ" --version)
for what in "header macros:$header" "doc/nqueens.1 .TH:$man" \
  "nqueens --version:${prog%% (*}"; do
  got=${what##*:} name=${what%:*}
  got=${got#nqueens }
  if [ "$got" = "$want" ]; then
    echo "ok: $name says $want"
  else
    echo "FAIL: $name says '$got', CMake read $want from include/nqueens.h"
    fail=1
  fi
done
exit $fail
