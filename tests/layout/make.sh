#!/usr/bin/env bash
# tests/layout/make.sh: the quick start stays quick (issue 37, item 7). `make run` asks
# scripts/setup.sh for the packages of the library and the program only (no Slurm, MPI,
# Emscripten, Chromium, test or Python packages), configures a fresh build folder without the
# tests and the page, and builds only the program; `make test` asks for every part;
# `make web`/`make serve` build only the page; `make docs` only the guide. Read from `make -n`
# (what make would run) and `setup.sh --list` (what it would install): nothing is built or
# installed here.
set -uo pipefail
src=${NQ_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$src" || exit 1
# Run from `make test`, make's own flags would reach the make -n calls below.
unset MAKEFLAGS MFLAGS MAKELEVEL
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
expect() { # expect NAME TEXT PATTERN: TEXT holds a line matching the extended regex PATTERN
  if grep -qE -- "$3" <<<"$2"; then echo "ok: $1"; else echo "FAIL: $1 (no line matches: $3)"; fail=1; fi
}
refuse() { # refuse NAME TEXT PATTERN: no line of TEXT matches PATTERN
  if grep -qE -- "$3" <<<"$2"; then echo "FAIL: $1 (a line matches: $3)"; grep -E -- "$3" <<<"$2" | head -3; fail=1
  else echo "ok: $1"; fi
}
run_pkgs=$(bash scripts/setup.sh --list run)
for p in cmake make gcc pkg-config libyajl-dev zlib1g-dev; do
  expect "make run installs $p" "$run_pkgs" "^$p\$"
done
for p in slurm-wlm munge libopenmpi-dev openmpi-bin emscripten chromium npm nodejs libcmocka-dev \
  python3-dev python3-pytest clang python3-sphinx doxygen; do
  refuse "make run does not install $p" "$run_pkgs" "^$p\$"
done
# Every package of the list belongs to some part, and `setup.sh` alone (make test, make setup)
# asks for all of them.
all_pkgs=$(bash scripts/setup.sh --list | sort -u)
listed=$(sed 's/#.*//' scripts/packages.txt | awk 'NF && $1 !~ /^\[/ { print $1 }' | sort -u)
if [ "$all_pkgs" = "$listed" ]; then echo "ok: setup.sh with no part installs every package listed"
else echo "FAIL: setup.sh with no part differs from scripts/packages.txt"; diff <(echo "$listed") <(echo "$all_pkgs"); fail=1; fi
for part in run web docs test; do
  [ -n "$(bash scripts/setup.sh --list "$part")" ] && echo "ok: part $part names packages" ||
    { echo "FAIL: part $part of scripts/packages.txt is empty"; fail=1; }
done
bash scripts/setup.sh nonsense >/dev/null 2>&1
[ $? = 2 ] && echo "ok: an unknown part is refused (exit 2)" || { echo "FAIL: setup.sh nonsense"; fail=1; }

fresh=$tmp/fresh # a build folder not configured yet
run=$(make -n --no-print-directory run BUILD="$fresh")
expect "make run sets up part run only" "$run" 'scripts/setup\.sh run$'
expect "make run configures without the tests and the page" "$run" \
  'cmake -S \. -B .*-DNQ_BUILD_TESTS=OFF -DNQ_TEST_REQUIRE_ALL=OFF -DNQ_WEB=OFF'
expect "make run builds the program only" "$run" "cmake --build .* --target nqueens"
builds=$(grep -oE 'cmake --build [^;&|]*' <<<"$run")
if [ "$(grep -c . <<<"$builds")" = 1 ] && grep -q -- '--target nqueens *$' <<<"$builds"; then
  echo "ok: make run builds nothing else"
else echo "FAIL: make run builds more than the program: $builds"; fail=1; fi
expect "make run tells how to type nqueens" "$run" 'export PATH='
test_cmds=$(make -n --no-print-directory test BUILD="$fresh")
expect "make test sets up every part" "$test_cmds" 'scripts/setup\.sh$'
serve=$(make -n --no-print-directory serve BUILD="$fresh")
expect "make serve builds the page only" "$serve" "cmake --build .* --target web$"
refuse "make serve builds no other target" "$serve" "cmake --build [^ ]+ -j [0-9]+\$"
expect "make serve shows the URL" "$serve" 'The page: http://127\.0\.0\.1:8000/'
docs=$(make -n --no-print-directory docs BUILD="$fresh")
expect "make docs sets up parts run and docs" "$docs" 'scripts/setup\.sh run docs$'
expect "make docs builds the guide only" "$docs" "cmake --build .* --target docs$"
exit $fail
