# proc.bash: sourced by tests/cli/*.sh that signal a running program. They wait for a state of
# the process (a signal handler installed, a stopped process) by polling, never for a fixed time,
# so that a slow or loaded machine changes how long they take, not what they see.

# catches PID SIGNUM PROGRAM: 0 if process PID runs PROGRAM (not yet the shell that is about to
# exec it, whose own handlers would be seen) and has a handler for signal SIGNUM (SigCgt).
catches() {
  local mask
  [ "$(readlink "/proc/$1/exe" 2>/dev/null)" = "$(readlink -f "$3")" ] || return 1
  mask=$(awk '/^SigCgt:/ { print $2 }' "/proc/$1/status" 2>/dev/null)
  [ -n "$mask" ] && (((16#$mask >> ($2 - 1)) & 1))
}

# caught PID: waits (up to 20 s) until process PID catches SIGINT, i.e. has installed its handlers
# (before that, a background job of a script ignores SIGINT, and the signal would be lost).
caught() {
  local i mask
  for i in $(seq 1 400); do
    mask=$(sed -n 's/^SigCgt:[[:space:]]*//p' "/proc/$1/status" 2>/dev/null)
    [ -n "$mask" ] && [ $((0x$mask & 2)) -ne 0 ] && return 0
    sleep 0.05
  done
  return 1
}

# stopped PID: 0 if process PID is stopped (state T).
stopped() {
  [ "$(awk '{ print $3 }' "/proc/$1/stat" 2>/dev/null)" = T ]
}

# wait_for PID COMMAND...: runs COMMAND every 20 ms until it succeeds (0), or until process PID
# is gone or 300 s have passed (1). The limit is a safety net for a broken program, far beyond
# what any machine needs.
wait_for() {
  local pid=$1 i
  shift
  for ((i = 0; i < 15000; i++)); do
    "$@" && return 0
    kill -0 "$pid" 2>/dev/null || return 1
    sleep 0.02
  done
  return 1
}

# exit_status OUT ERR COMMAND...: runs COMMAND with stdout to file OUT and stderr to file ERR, and
# prints "exit N" or "signal N": how it ended, which $? cannot tell apart (a death by SIGINT and
# exit(130) both give 130).
exit_status() {
  perl -e 'my ($out, $err) = splice @ARGV, 0, 2;
    my $pid = fork // die "fork: $!";
    if (!$pid) {
      open STDOUT, ">", $out or die "$out: $!";
      open STDERR, ">", $err or die "$err: $!";
      exec { $ARGV[0] } @ARGV or exit 127;
    }
    waitpid $pid, 0;
    print $? & 127 ? "signal " . ($? & 127) : "exit " . ($? >> 8), "\n"' "$@"
}
