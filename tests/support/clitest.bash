# clitest.bash: sourced by tests/cli/*.sh. Runs the real nqueens binary ($NQ) and compares its
# stdout and exit status with what is expected; prints a summary line and exits non-zero if any
# check failed.
set -u
: "${NQ:?NQ must name the nqueens binary}"
. "$NQ_SRC/tests/support/skip.bash"
pass=0
fail=0

# check NAME EXPECTED_STATUS EXPECTED_STDOUT -- COMMAND...   (stdin is inherited)
check() {
  local name=$1 want_rc=$2 want_out=$3
  shift 4
  local out rc
  out=$("$@" 2>/tmp/clitest.$$.err)
  rc=$?
  if [ "$rc" = "$want_rc" ] && [ "$out" = "$want_out" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL: $name"
    echo "  command: $*"
    echo "  status: $rc (want $want_rc)"
    echo "  stdout: $(printf '%s' "$out" | head -c 600)"
    echo "  want:   $(printf '%s' "$want_out" | head -c 600)"
    echo "  stderr: $(head -c 400 /tmp/clitest.$$.err)"
  fi
}

# check_err NAME EXPECTED_STATUS STDERR_PATTERN -- COMMAND...: stdout empty, stderr one line
# matching the extended regular expression.
check_err() {
  local name=$1 want_rc=$2 pattern=$3
  shift 4
  local out rc err lines
  out=$("$@" 2>/tmp/clitest.$$.err)
  rc=$?
  err=$(cat /tmp/clitest.$$.err)
  lines=$(printf '%s\n' "$err" | wc -l)
  if [ "$rc" = "$want_rc" ] && [ -z "$out" ] && [ "$lines" = 1 ] &&
    printf '%s' "$err" | grep -Eq -- "$pattern"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL: $name"
    echo "  command: $*"
    echo "  status: $rc (want $want_rc)"
    echo "  stdout: $(printf '%s' "$out" | head -c 300)"
    echo "  stderr: $err (want one line matching $pattern)"
  fi
}

# ok NAME CONDITION-COMMAND...: a check that is any command's success.
ok() {
  local name=$1
  shift
  if "$@"; then pass=$((pass + 1)); else
    fail=$((fail + 1))
    echo "FAIL: $name"
  fi
}

# finish: the summary line, then the exit status (0, 1, or 77 when a part was skipped).
finish() {
  rm -f /tmp/clitest.$$.err
  echo "$pass passed, $fail failed"
  skip_exit "$fail"
}
