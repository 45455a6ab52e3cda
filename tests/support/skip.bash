# skip.bash: sourced by tests/cli/*.sh. A part of a test that cannot run here (a tool that is not
# installed) is skipped with skip_part; the test then ends with status 77, which ctest reports as
# skipped, never as passed. Where scripts/setup.sh has installed everything (`make test`, CI:
# NQ_TEST_REQUIRE_ALL=1), a skipped part is a failure instead.
nq_skipped=0
nq_required=0

# skip_part WHY: this part of the test does not run here.
skip_part() {
  if [ "${NQ_TEST_REQUIRE_ALL:-0}" = 1 ]; then
    nq_required=$((nq_required + 1))
    echo "FAIL: $1 (NQ_TEST_REQUIRE_ALL=1: scripts/setup.sh installs everything the tests use)"
  else
    nq_skipped=$((nq_skipped + 1))
    echo "SKIP: $1"
  fi
}

# skip_exit FAILURES: exits 1 if there were failures or required parts were missing, 77 if parts
# were skipped, else 0.
skip_exit() {
  if [ "$1" -ne 0 ] || [ "$nq_required" -ne 0 ]; then exit 1; fi
  if [ "$nq_skipped" -ne 0 ]; then
    echo "$nq_skipped part(s) skipped"
    exit 77
  fi
  exit 0
}

# need_tools TOOL...: 0 if every tool is installed; otherwise skips the part that needs them.
need_tools() {
  local t missing=()
  for t in "$@"; do command -v "$t" >/dev/null 2>&1 || missing+=("$t"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  skip_part "not installed: ${missing[*]}"
  return 1
}
