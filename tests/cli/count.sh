#!/usr/bin/env bash
# The `count` command: totals and fundamental counts against the OEIS table, threads,
# JSON, N from stdin, the estimate, and bad input.
. "$NQ_SRC/tests/support/clitest.bash"
table="$NQ_TEST_DATA/counts.txt"

# Every n from 1 to 13 against the table, total and --unique, on 1, 2 and 3 threads.
for n in $(seq 1 13); do
  read -r total unique o8 o4 o2 o1 < <(awk -v n="$n" '$1 == n { print $2, $3, $4, $5, $6, $7 }' "$table")
  check "total n=$n" 0 "$total" -- "$NQ" count "$n"
  check "unique n=$n" 0 "$unique" -- "$NQ" count "$n" --unique
  if [ "$n" -ge 10 ] || [ "$n" -le 2 ]; then
    for t in 1 3; do
      check "total n=$n threads=$t" 0 "$total" -- "$NQ" count "$n" --threads "$t"
    done
  fi
  check "json n=$n" 0 \
    "{\"n\":$n,\"total\":$total,\"unique\":$unique,\"orbit8\":$o8,\"orbit4\":$o4,\"orbit2\":$o2,\"orbit1\":$o1,\"threads\":2}" -- \
    bash -c "'$NQ' count $n --json --threads 2 | sed -E 's/,\"seconds\":[0-9.]+,\"nodes\":[0-9]+//'"
done

check "N from stdin" 0 "92" -- bash -c "echo 8 | '$NQ' count"
check "N from stdin, unique" 0 "12" -- bash -c "echo 8 | '$NQ' count --unique"
check "options before N" 0 "12" -- "$NQ" count -u -t 2 8
check "short options" 0 "2680" -- "$NQ" count 11 -t 1
check "json has seconds, nodes and threads" 0 "1" -- \
  bash -c "'$NQ' count 10 --json --threads 3 | grep -cE '^\{\"n\":10,.*\"seconds\":[0-9]+\.[0-9]{6},\"nodes\":[0-9]+,\"threads\":3\}$'"
check "help" 0 "Usage: nqueens count [N] [--unique] [--threads T] [--json] [--estimate] [--force]" -- \
  bash -c "'$NQ' count --help | head -1"
check "estimate, without counting" 0 "1" -- \
  bash -c "'$NQ' count 27 --estimate --threads 1 | grep -cE '^counting n = 27 takes about [0-9.e+]+ (seconds|minutes|hours|days|years) on 1 thread \(estimated from n = 1[0-5], [0-9.]+ s on this machine\)$'"

check_err "a count of years is refused" 2 \
  "^nqueens: counting n = 30 takes about [0-9.e+]+ years on 1 thread .*; not started: run it on a cluster with nqueens-mpi and --checkpoint, or add --force" -- \
  "$NQ" count 30 --threads 1
check_err "N = 0" 2 "N must be an integer from 1 to 64, got '0'" -- "$NQ" count 0
check_err "N = 65" 2 "N must be an integer from 1 to 64, got '65'" -- "$NQ" count 65
check_err "N negative" 2 "N must be an integer from 1 to 64, got '-4'" -- "$NQ" count -4
check_err "N not a number" 2 "N must be an integer from 1 to 64, got 'eight'" -- "$NQ" count eight
check_err "N missing on stdin" 2 "expected N on standard input" -- bash -c "'$NQ' count < /dev/null"
check_err "two N" 2 "expected at most one N" -- "$NQ" count 8 9
check_err "threads 0" 2 "--threads must be an integer from 1 to 1024, got '0'" -- "$NQ" count 8 --threads 0
check_err "threads not a number" 2 "--threads must be an integer from 1 to 1024, got 'many'" -- "$NQ" count 8 --threads many
check_err "threads without value" 2 "option '--threads' needs a value" -- "$NQ" count 8 --threads
check_err "unknown option" 2 "unknown option '--fast'" -- "$NQ" count 8 --fast

# Signals, without --checkpoint: there is nothing to save, so the first SIGINT or SIGTERM ends the
# count at once (it used to wait for the subproblems in flight, which can take hours at large n),
# saying so, with 128 + the signal number. The signal is sent once the count has installed its
# handler (polled in /proc), never after a fixed sleep. Counts of n >= 25 print an estimate on
# stderr first, and are refused when it exceeds a year unless --force is given.
. "$NQ_SRC/tests/support/proc.bash"
tmp=$(mktemp -d)
trap 'kill -KILL $(jobs -p) 2>/dev/null; rm -rf "$tmp"' EXIT
# interrupt_now SIG N ARGS...: starts count N ARGS, waits for its handler, sends SIG; prints the
# exit status, then the stderr seen when the handler was in place (the estimate, if any), then
# the whole stderr.
interrupt_now() {
  local sig=$1 signum
  shift
  signum=$(kill -l "$sig")
  (exec "$NQ" count "$@" --no-progress 2>"$tmp/err" >"$tmp/out") & # exec: $! is the count itself
  local pid=$!
  wait_for "$pid" catches "$pid" "$signum" "$NQ" || echo "count $* never installed its $sig handler"
  cp "$tmp/err" "$tmp/err.before"
  kill "-$sig" "$pid"
  wait "$pid"
  echo "exit $?"
}
for sig in INT TERM; do
  rc=$(interrupt_now "$sig" 20 --threads 1)
  want=$((128 + $(kill -l "$sig")))
  check "SIG$sig without a checkpoint stops at once with $want" 0 "exit $want" -- echo "$rc"
  check "SIG$sig without a checkpoint says nothing was saved" 0 \
    "nqueens: interrupted; nothing was saved (count with --checkpoint FILE to be able to resume)" -- \
    grep -v '^$' "$tmp/err"
  check "SIG$sig: no count on stdout" 0 "" -- cat "$tmp/out"
done
# N = 24 starts without an estimate; N = 25 and above print one on stderr before starting
# (--force starts it whatever the estimate says).
rc=$(interrupt_now INT 24 --threads 1)
check "count 24 starts without an estimate" 0 "" -- cat "$tmp/err.before"
check "count 24 interrupted" 0 "exit 130" -- echo "$rc"
rc=$(interrupt_now INT 25 --threads 1 --force)
check "count 25 prints its estimate on stderr before starting" 0 "1" -- bash -c \
  "grep -cE '^nqueens: counting n = 25 takes about [0-9.e+]+ [a-z]+ on 1 thread \(estimated from n = 1[0-5], [0-9.]+ s on this machine\)$' '$tmp/err.before'"
check "count 25 --force: the estimate is the only line before the count" 0 "1" -- \
  bash -c "wc -l <'$tmp/err.before'"
check "count 25 --force started (interrupted by SIGINT)" 0 "exit 130" -- echo "$rc"
rc=$(interrupt_now INT 30 --threads 1 --force)
check "count 30 --force starts although it would take years" 0 "exit 130" -- echo "$rc"
check "count 30 --force: the estimate says years" 0 "1" -- \
  bash -c "grep -cE '^nqueens: counting n = 30 takes about [0-9.e+]+ years on 1 thread' '$tmp/err.before'"
finish
