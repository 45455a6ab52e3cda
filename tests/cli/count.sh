#!/usr/bin/env bash
# The `count` command: totals and fundamental counts against the OEIS table, threads,
# JSON, N from stdin, the estimate, and bad input.
. "$NQ_SRC/tests/support/clitest.bash"
. "$NQ_SRC/tests/support/journal.bash"
: "${NQ_VERSION:?the version, set by ctest from include/nqueens.h (cmake/version.cmake)}"
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
    "{\"n\":$n,\"total\":$total,\"unique\":$unique,\"orbit8\":$o8,\"orbit4\":$o4,\"orbit2\":$o2,\"orbit1\":$o1,\"threads\":2,\"method\":\"backtrack\"}" -- \
    bash -c "'$NQ' count $n --json --threads 2 | sed -E 's/,\"seconds\":[0-9.]+,\"nodes\":[0-9]+//; s/,\"kernel\":\"[a-z0-9]+\"//'"
done

check "N from stdin" 0 "92" -- bash -c "echo 8 | '$NQ' count"
check "N from stdin, unique" 0 "12" -- bash -c "echo 8 | '$NQ' count --unique"
check "options before N" 0 "12" -- "$NQ" count -u -t 2 8
check "short options" 0 "2680" -- "$NQ" count 11 -t 1
check "json has seconds, nodes and threads" 0 "1" -- \
  bash -c "'$NQ' count 10 --json --threads 3 | grep -cE '^\{\"n\":10,.*\"seconds\":[0-9]+\.[0-9]{6},\"nodes\":[0-9]+,\"threads\":3,\"kernel\":\"(generic|avx2|avx512)\",\"method\":\"backtrack\"\}$'"
check "help" 0 "Usage: nqueens count [N] [--unique] [--threads T] [--json] [--estimate] [--force]" -- \
  bash -c "'$NQ' count --help | head -1"
check "estimate, without counting" 0 "1" -- \
  bash -c "'$NQ' count 27 --estimate --threads 1 | grep -cE '^counting n = 27 takes about [0-9.e+]+ (seconds|minutes|hours|days|years) on 1 thread \(estimated from n = 1[0-6], [0-9.]+ s of CPU time on this machine, (generic|avx2|avx512) kernel\)$'"
kernel_here=$("$NQ" count 12 --json | sed -E 's/.*"kernel":"([a-z0-9]+)".*/\1/')
check "estimate beyond n = 32: the same kernel (every kernel counts every n >= 4)" 0 "1" -- \
  bash -c "'$NQ' count 40 --estimate --threads 1 | grep -c ', $kernel_here kernel)$'"
# --estimate --json is one JSON object (it printed text), and a small count is "under a second"
# (it was "about 0 seconds").
check "estimate --json" 0 "1" -- \
  bash -c "'$NQ' count 27 --estimate --json --threads 1 | grep -cE '^\{\"n\":27,\"estimated_seconds\":[0-9.e+]+,\"threads\":1,\"measured_n\":1[0-6],\"measured_seconds\":[0-9]+\.[0-9]{6},\"kernel\":\"(generic|avx2|avx512)\",\"method\":\"backtrack\"\}$'"
check "estimate --json is read back by check as no count claim (JSON, parsed)" 0 "1" -- \
  bash -c "'$NQ' count 27 --estimate --json | '$NQ' check --format jsonl 2>/dev/null | grep -c 'malformed: an object with \"cols\" (a solution) or \"total\" (a count) expected'"
check "a small count is under a second" 0 "1" -- \
  bash -c "'$NQ' count 8 --estimate --threads 1 | grep -cE '^counting n = 8 takes under a second on 1 thread '"

# The estimate divides the measured CPU time by the threads that run at once: --threads beyond the
# processors makes no count faster. It divided by --threads itself, so that n = 27 with
# --threads 1024 on 2 cores was "about 46 days" (40 years on 2 threads) and a count of years was
# started without --force. The divisor is recovered from the JSON fields: measured CPU time times
# the growth from measured_n to n (the formula of --estimate), over estimated_seconds.
procs=$("$NQ" count 4 --json | sed -E 's/.*"threads":([0-9]+).*/\1/')
estimate_divisor() {
  "$NQ" count 27 --estimate --json --threads "$1" | awk '{
    gsub(/[{}"]/, ""); k = split($0, f, ","); for (i = 1; i <= k; i++) { split(f[i], kv, ":"); v[kv[1]] = kv[2] }
    L = v["n"] * (log(v["n"]) - 1.942) - v["measured_n"] * (log(v["measured_n"]) - 1.942)
    printf "%d\n", v["measured_seconds"] * exp(L) / v["estimated_seconds"] + 0.5 }'
}
check "estimate on 1 thread divides by 1" 0 "1" -- estimate_divisor 1
check "estimate on 1024 threads divides by the $procs processors, not 1024" 0 "$procs" -- estimate_divisor 1024
check "estimate on more threads than processors names the processors" 0 "1" -- \
  bash -c "'$NQ' count 27 --estimate --threads 1024 | grep -cE '^counting n = 27 takes about .* on 1024 threads \($procs processors?; estimated from n = 1[0-6], '"

check_err "a count of years is refused" 2 \
  "^nqueens count: counting n = 30 takes about [0-9.e+]+ years on 1 thread .*; not started: run it on a cluster with nqueens-mpi and --checkpoint, or add --force" -- \
  timeout -k 5 120 "$NQ" count 30 --threads 1 # bounded: a bug that starts it would run for years
# A finished journal of a count of years is only read: no estimate, nothing refused (`nqueens
# count 27 --checkpoint J` of a finished nqueens-mpi job was refused as 39 years); made by
# finished_journal (tests/support/journal.bash).
j30=$(mktemp -d /tmp/nq-count.XXXXXX)/j30
finished_journal 30 "$j30"
check "a finished journal of n = 30 is read, not refused" 0 "0" -- \
  bash -c "timeout -k 5 120 '$NQ' count 30 --threads 1 --checkpoint '$j30' 2>&1"
rm -rf "$(dirname "$j30")"
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
# --estimate of a count resumed from a journal measures the journal's method, not auto's choice
# for n (n = 12: backtracking without a journal, the quadrant join from its journal).
ej=$(mktemp -d)
"$NQ" count 12 --method backtrack --checkpoint "$ej/b12.nqj" >/dev/null
"$NQ" count 12 --method quadrant --checkpoint "$ej/q12.nqj" >/dev/null
check "--estimate without a journal: auto's method at n = 18" 0 '"quadrant"' -- \
  bash -c "'$NQ' count 18 --estimate --json | grep -o '\"quadrant\"'"
check "--estimate with a backtracking journal of n = 12: backtrack" 0 '"backtrack"' -- \
  bash -c "'$NQ' count 12 --estimate --json --checkpoint '$ej/b12.nqj' | grep -o '\"backtrack\"'"
check "--estimate with a quadrant journal of n = 12: quadrant" 0 '"quadrant"' -- \
  bash -c "'$NQ' count 12 --estimate --json --checkpoint '$ej/q12.nqj' | grep -o '\"quadrant\"'"
rm -rf "$ej"
# A prefix of several options is ambiguous, not unknown (getopt_long takes a unique prefix), and a
# value given to a flag is said so.
check_err "ambiguous prefix" 2 "^nqueens count: ambiguous option '--p' \(it could be --part or --progress\); give more of its name" -- "$NQ" count 8 --p
check "a unique prefix still works" 0 "92" -- "$NQ" count 8 --no-prog
check_err "a flag given a value" 2 "^nqueens count: option '--json' takes no value" -- "$NQ" count 8 --json=yes
check_err "a flag's prefix given a value" 2 "^nqueens count: option '--unique' takes no value" -- "$NQ" count 8 --uniq=1

# Kernels (NQ_KERNEL): each one this CPU runs gives the same JSON, nodes included, and names
# itself; one it lacks, or an unknown name, is refused with exit 2. What this CPU runs is read
# from CPUID by tests/support/cpu_flags.c, independently of the library's check (not from
# /proc/cpuinfo, whose flags a hypervisor chooses: a Zen 4 VM's omit "abm" though CPUID reports
# LZCNT), and what the build has from the list cmake/kernels.cmake writes.
: "${NQ_CPU_FLAGS:?path to the cpu_flags test program}"
cpu=$("$NQ_CPU_FLAGS") || { echo "FAIL: $NQ_CPU_FLAGS failed"; exit 1; }
flags=" $cpu $(sed 's/[a-z0-9][a-z0-9]*/built:&/g' "$NQ_BUILD/kernels-built.txt") "
has_all() { for f in "$@"; do [[ $flags == *" $f "* ]] || return 1; done; }
strip_time() { sed -E 's/,"seconds":[0-9.]+//; s/,"kernel":"[a-z0-9]+"//'; }
export -f strip_time
want=$("$NQ" count 14 --json --threads 2 | strip_time)
for k in generic avx2 avx512; do
  case $k in
    generic) runs=1 ;;
    avx2) has_all avx2 bmi1 bmi2 popcnt abm built:avx2 && runs=1 || runs=0 ;;
    avx512) has_all avx2 bmi1 bmi2 popcnt abm avx512f avx512bw avx512vl avx512_bitalg \
      avx512_vpopcntdq built:avx512 && runs=1 || runs=0 ;;
  esac
  [ "$(uname -m)" = x86_64 ] || [ $k = generic ] || runs=0
  if [ $runs = 1 ]; then
    check "NQ_KERNEL=$k: same counts and nodes" 0 "$want" -- \
      bash -c "NQ_KERNEL=$k '$NQ' count 14 --json --threads 2 | strip_time"
    check "NQ_KERNEL=$k: named in the JSON" 0 "1" -- \
      bash -c "NQ_KERNEL=$k '$NQ' count 12 --json | grep -c '\"kernel\":\"$k\",\"method\":\"backtrack\"}$'"
    check "NQ_KERNEL=$k: n <= 3 is a plain search (generic)" 0 "1" -- \
      bash -c "NQ_KERNEL=$k '$NQ' count 3 --json | grep -c '\"kernel\":\"generic\",\"method\":\"backtrack\"}$'"
  else
    check_err "NQ_KERNEL=$k: not on this CPU" 2 \
      "^nqueens count: NQ_KERNEL=$k: this CPU \(or this build\) cannot run that kernel; it runs: generic" -- \
      env NQ_KERNEL=$k "$NQ" count 8
  fi
  [ $runs = 1 ] && best=$k
done
check "NQ_KERNEL empty: the default" 0 "92" -- env NQ_KERNEL= "$NQ" count 8
# The default is the fastest kernel that this CPU runs (kernel.c's ranks: avx512, avx2, generic).
check "the default kernel is the fastest this CPU runs ($best)" 0 "1" -- \
  bash -c "env -u NQ_KERNEL '$NQ' count 12 --json | grep -c '\"kernel\":\"$best\",\"method\":\"backtrack\"}$'"
check "NQ_KERNEL=auto" 0 "$want" -- bash -c "NQ_KERNEL=auto '$NQ' count 14 --json --threads 2 | strip_time"
check_err "NQ_KERNEL unknown" 2 \
  "^nqueens count: NQ_KERNEL='fast' is not a kernel: use auto, generic, avx2 or avx512 \(this machine runs: generic" -- \
  env NQ_KERNEL=fast "$NQ" count 8
check_err "NQ_KERNEL unknown, with --estimate" 2 "NQ_KERNEL='AVX2' is not a kernel" -- \
  env NQ_KERNEL=AVX2 "$NQ" count 20 --estimate

# A journal written by an earlier numbering of the subproblems (nq-split/2, the corner/edge
# search, in journal format 1; tests/data has one of n = 8, made by nqueens 0.1.0) is refused,
# naming the version that can finish it, never mixed into a count of the current numbering.
tmpj=$(mktemp)
cp "$NQ_TEST_DATA/journal-split2-n8.nqj" "$tmpj"
check_err "a journal of the previous split (journal format 1, nqueens 0.1.0) is refused" 2 \
  "^nqueens count: checkpoint '.*' was made by an older version \(journal format 1, by nqueens 0.1.0\); this version \($NQ_VERSION\) reads formats 2 to 3: finish it with nqueens 0.1.0, or start a new journal with another FILE$" -- \
  "$NQ" count 8 --checkpoint "$tmpj"
check "... and left as it was" 0 "" -- cmp "$tmpj" "$NQ_TEST_DATA/journal-split2-n8.nqj"
rm -f "$tmpj"

# --status prints text about the journal: the options that would change a count's output are
# refused with it (--json was silently ignored).
for o in --json --unique --estimate --gpu; do
  check_err "--status with $o" 2 "^nqueens count: --status prints how far the journal has got, as text; it takes no --json, --unique, --estimate or --gpu" -- \
    "$NQ" count 8 --checkpoint "$NQ_TEST_DATA/journal-split2-n8.nqj" --status "$o"
done

# Signals, without --checkpoint: there is nothing to save, so the first SIGINT or SIGTERM ends the
# count at once (it used to wait for the subproblems in flight, which can take hours at large n),
# saying so, with 128 + the signal number. The signal is sent once the count has installed its
# handler (polled in /proc), never after a fixed sleep. Counts of n >= 25 print an estimate on
# stderr first, and are refused when it exceeds a year unless --force is given.
. "$NQ_SRC/tests/support/proc.bash"
tmp=$(mktemp -d)
trap 'kill -KILL $(jobs -p) 2>/dev/null; rm -rf "$tmp"' EXIT
# interrupt_now SIG N ARGS...: starts count N ARGS, waits for its handlers, sends SIG; prints the
# exit status (after a line saying so if SIG is not caught). The handlers of SIGINT and SIGTERM
# go in together, so the wait is for SIGINT's: a count that never catches SIGTERM fails at once
# instead of being waited for. The stderr seen when the handlers were in place (the estimate, if
# any) is kept in $tmp/err.before.
interrupt_now() {
  local sig=$1 signum
  shift
  signum=$(kill -l "$sig")
  (exec "$NQ" count "$@" --no-progress 2>"$tmp/err" >"$tmp/out") & # exec: $! is the count itself
  local pid=$!
  wait_for "$pid" catches "$pid" 2 "$NQ" || echo "count $* never installed its handlers"
  catches "$pid" "$signum" "$NQ" || echo "count $* does not catch SIG$sig"
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
    "nqueens count: interrupted; nothing was saved (count with --checkpoint FILE to be able to resume)" -- \
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
  "grep -cE '^nqueens count: counting n = 25 takes about [0-9.e+]+ [a-z]+ on 1 thread \(estimated from n = 1[0-6], [0-9.]+ s of CPU time on this machine, (generic|avx2|avx512) kernel\)$' '$tmp/err.before'"
check "count 25 --force: the estimate is the only line before the count" 0 "1" -- \
  bash -c "wc -l <'$tmp/err.before'"
check "count 25 --force started (interrupted by SIGINT)" 0 "exit 130" -- echo "$rc"
rc=$(interrupt_now INT 30 --threads 1 --force)
check "count 30 --force starts although it would take years" 0 "exit 130" -- echo "$rc"
check "count 30 --force: the estimate says years" 0 "1" -- \
  bash -c "grep -cE '^nqueens count: counting n = 30 takes about [0-9.e+]+ years on 1 thread' '$tmp/err.before'"

# Threads are capped at 1024 (NQ_MAX_THREADS), and threads that cannot be started (here: an
# address space too small for 1024 stacks) are a clear error with exit 2, not a message of the
# OpenMP runtime and exit 1. Not under AddressSanitizer or ThreadSanitizer, which need a huge
# address space (TSan's allocator aborts under the limit: "CHECK failed", signal 11).
check_err "threads above the cap" 2 "--threads must be an integer from 1 to 1024, got '1025'" -- \
  "$NQ" count 8 --threads 1025
check "1024 threads" 0 "14200" -- "$NQ" count 12 --threads 1024
if grep -Eq '^(NQ_SANITIZE|NQ_TSAN):BOOL=ON' "$NQ_BUILD/CMakeCache.txt" 2>/dev/null; then
  echo "skip: threads under an address-space limit (sanitizer build)"
else
  check_err "threads that cannot start" 2 \
    "^nqueens count: cannot count n = 12: cannot start 1024 threads \(out of memory, or over this process's limit of threads\); use fewer --threads$" -- \
    bash -c "ulimit -v 300000 && exec '$NQ' count 12 --threads 1024"
fi
# Methods (--method). The join of each border subproblem was retired (issue 37): asked for, in
# any form, it is refused with one line that says so and what to use, before anything starts;
# a journal it wrote (tests/data/journal-join-n10.nqj: 100 of n = 10's 583 records, written by
# `nqueens count 10 --method join --checkpoint` of 0.4.0) is a journal of the border split, and
# auto and backtrack resume it, computing only the rest.
strip_nodes() { sed -E 's/,"seconds":[0-9.]+,"nodes":[0-9]+//; s/,"kernel":"[a-z0-9]+"//; s/,"method":"[a-z]+"//'; }
export -f strip_nodes
retired="^nqueens count: --method join was retired: it never beat backtracking \(2.2 to 4.4 times slower\); use --method auto \(the default\) or backtrack, which also resume its journals$"
check_err "join: retired, and says what to use" 2 "$retired" -- "$NQ" count 12 --method join
check_err "join: retired, with --estimate too" 2 "$retired" -- "$NQ" count 20 --estimate --method join
check_err "join: retired, with --checkpoint too" 2 "$retired" -- \
  "$NQ" count 10 --method join --checkpoint "$NQ_TEST_DATA/journal-join-n10.nqj"
check_err "join: retired, with --gpu too" 2 "$retired" -- "$NQ" count 8 --gpu --method join
check "join: no journal left by a refused count" 0 "absent" -- \
  bash -c "j=\$(mktemp -u); '$NQ' count 8 --method join --checkpoint \"\$j\" 2>/dev/null; [ -e \"\$j\" ] && echo present || echo absent"
for m in auto backtrack; do
  j=$(mktemp -u)
  cp "$NQ_TEST_DATA/journal-join-n10.nqj" "$j"
  check "a journal of the retired join resumes with --method $m" 0 \
    '"total":724,"unique":92,"orbit8":89,"orbit4":3,"orbit2":0,"orbit1":0,"resumed":100,"computed":483' -- \
    bash -c "'$NQ' count 10 --json --method $m --checkpoint '$j' | sed -E 's/,\"seconds\":[0-9.]+,\"nodes\":[0-9]+,\"threads\":[0-9]+,\"kernel\":\"[a-z0-9]+\",\"method\":\"[a-z]+\"//; s/^\\{\"n\":10,//; s/\\}$//'"
  rm -f "$j"
done
check "auto below n = 16 is the search" 0 "1" -- \
  bash -c "'$NQ' count 12 --json --method auto | grep -c '\"method\":\"backtrack\"}$'"
# The quadrant join (--method quadrant, and auto from n = 16): the search's six counts for every
# n it takes, named in the JSON with its own nodes (the pairs of halves weighed), its journal
# (format 3) resumed, read by --status and refused by a method that counts the border split;
# every use it does not take refused with what to do instead.
for n in 4 5 6 7 8 9 10 11 12 13 14 15; do
  check "quadrant n=$n: the counts of the search" 0 "$("$NQ" count $n --json --method backtrack | strip_nodes)" -- \
    bash -c "'$NQ' count $n --json --method quadrant --threads 2 | strip_nodes"
done
check "quadrant: named in the JSON" 0 "1" -- \
  bash -c "'$NQ' count 12 --json --method quadrant | grep -c ',\"method\":\"quadrant\"}$'"
check "auto from n = 16 is the quadrant join, with the OEIS counts" 0 \
  '{"n":16,"total":14772512,"unique":1846955,"orbit8":1846189,"orbit4":734,"orbit2":32,"orbit1":0,"method":"quadrant"}' -- \
  bash -c "'$NQ' count 16 --json | sed -E 's/,\"seconds\":[0-9.]+,\"nodes\":[0-9]+,\"threads\":[0-9]+,\"kernel\":\"[a-z0-9]+\"//'"
check "quadrant: --unique" 0 "1787" -- "$NQ" count 12 --method quadrant --unique
for k in generic avx2 avx512; do
  if NQ_KERNEL=$k "$NQ" count 4 >/dev/null 2>&1; then
    check "quadrant with NQ_KERNEL=$k: the same counts and pairs" 0 "$("$NQ" count 15 --json --method quadrant | strip_time)" -- \
      bash -c "NQ_KERNEL=$k '$NQ' count 15 --json --method quadrant | strip_time"
  fi
done
check "quadrant: the estimate names it" 0 "1" -- \
  bash -c "'$NQ' count 20 --estimate --threads 1 | grep -c ', quadrant join)$'"
# Its estimate scales a count of n = 16 by the quadrant join's own growth (tool/estimate.c: 62.21 s
# / 0.12 s to n = 20, 3098.35 / 0.12 to 22, 30300.98 / 0.12 to 23), not by the solutions'
# (2,642x to n = 20). Prints the measured n (16, other, or any where it may be any) and the
# estimate's growth over the expected one (growth "q": the solutions').
estimate_growth() {
  "$NQ" count "$1" --estimate --json --threads 1 --method "$2" | awk -v want="$3" '{
    gsub(/[{}"]/, ""); k = split($0, f, ","); for (i = 1; i <= k; i++) { split(f[i], kv, ":"); v[kv[1]] = kv[2] }
    m = v["measured_n"] == 16 ? 16 : "other"
    if (want == "q") {
      m = "any"; want = exp(v["n"] * (log(v["n"]) - 1.942) - v["measured_n"] * (log(v["measured_n"]) - 1.942)) }
    printf "%s %.2f\n", m, v["estimated_seconds"] / v["measured_seconds"] / want }'
}
check "quadrant estimate of n = 20: from n = 16 by its own growth" 0 "16 1.00" -- estimate_growth 20 quadrant 518.42
check "quadrant estimate of n = 22: from n = 16 by its own growth" 0 "16 1.00" -- estimate_growth 22 quadrant 25819.58
check "quadrant estimate of n = 23: from n = 16 by its own growth" 0 "16 1.00" -- estimate_growth 23 quadrant 252508.17
check "quadrant estimate of n = 16: by the solutions' growth" 0 "any 1.00" -- estimate_growth 16 quadrant q
check_err "quadrant n=3: out of its range" 2 "--method quadrant counts N = 4 to 23, not 3: use --method auto or backtrack" -- \
  "$NQ" count 3 --method quadrant
check_err "quadrant n=24: out of its range" 2 "--method quadrant counts N = 4 to 23, not 24: use --method auto or backtrack" -- \
  "$NQ" count 24 --method quadrant --force
# auto sizes the quadrant lists against the memory this process may take, not the machine's: under
# ulimit -v (as under a cgroup's memory.max) it counted by the quadrant join and ran out of memory
# (n = 20's lists take 246 MiB, more than half of 100 MB). Not under sanitizers (ASan, UBSan,
# TSan), which need the address space.
if ! grep -qsE "^NQ_(SANITIZE|TSAN):BOOL=ON" "${NQ_BUILD:-/nonexistent}/CMakeCache.txt"; then
  check "auto under ulimit -v 100000 at n = 20: backtracking" 0 '"method":"backtrack"' -- \
    bash -c "ulimit -v 100000; '$NQ' count 20 --estimate --json --threads 1 | grep -o '\"method\":\"[a-z]*\"'"
  check "auto without it at n = 20: the quadrant join" 0 '"method":"quadrant"' -- \
    bash -c "'$NQ' count 20 --estimate --json --threads 1 | grep -o '\"method\":\"[a-z]*\"'"
  check_err "--method quadrant under ulimit -v 100000 at n = 20: out of memory, and what to do" 2 \
    "^nqueens count: cannot count n = 20: out of memory: the quadrant join's tables \(246 MiB\) and its 1 thread \(each with its stack and its halves\) need more than this process may have; count with --method backtrack$" -- \
    bash -c "ulimit -v 100000; '$NQ' count 20 --method quadrant --threads 1"
  # n = 23 (issue 34: in the quadrant join's range since): its tables take 4.1 GiB, more than a
  # 32-bit size; under 4 GB the method is refused before any of it is built, and auto counts by
  # backtracking
  check_err "--method quadrant under ulimit -v 4000000 at n = 23: out of memory, its tables' size" 2 \
    "^nqueens count: cannot count n = 23: out of memory: the quadrant join's tables \(4148 MiB\) and its 1 thread \(each with its stack and its halves\) need more than this process may have; count with --method backtrack$" -- \
    bash -c "ulimit -v 4000000; '$NQ' count 23 --method quadrant --threads 1 --no-progress"
  check "auto under ulimit -v 4000000 at n = 23: backtracking" 0 '"method":"backtrack"' -- \
    bash -c "ulimit -v 4000000; '$NQ' count 23 --estimate --json --threads 1 | grep -o '\"method\":\"[a-z]*\"'"
  # Issue 40 item 7: auto chose the quadrant join by its tables alone (5 MiB at n = 16, under
  # half of ulimit -d 12000), then ran out of memory on two threads (each has a stack of 8 MiB
  # and its halves), where backtracking counts it: the choice counts the threads.
  check "auto under ulimit -d 12000 at n = 16 on 2 threads: backtracking, and the count" 0 \
    "14772512 backtrack" -- bash -c "ulimit -d 12000; '$NQ' count 16 --threads 2 --json | sed -E 's/.*\"total\":([0-9]+).*\"method\":\"([a-z]+)\".*/\1 \2/'"
  check "auto under ulimit -d 12000 at n = 16: its estimate names the method too" 0 \
    '"method":"backtrack"' -- bash -c "ulimit -d 12000; '$NQ' count 16 --threads 2 --estimate --json | grep -o '\"method\":\"[a-z]*\"'"
  check_err "--method quadrant on 2 threads under ulimit -d 12000: the threads named" 2 \
    "^nqueens count: cannot count n = 16: out of memory: the quadrant join's tables \(5 MiB\) and its 2 threads \(each with its stack and its halves\) need more than this process may have; count with fewer --threads or --method backtrack$" -- \
    bash -c "ulimit -d 12000; '$NQ' count 16 --method quadrant --threads 2 --no-progress"
  # A partial quadrant journal out of memory: --method backtrack refuses it, so the advice is
  # not that (it was: a loop), but more memory, or a new count in another file.
  jq20=$(mktemp /tmp/nq-q20.XXXXXX)
  bash -c "ulimit -v 100000; '$NQ' count 20 --method quadrant --threads 1 --checkpoint '$jq20' --no-progress" 2>/dev/null
  python3 -c '
import sys, zlib
path = sys.argv[1]
header = open(path).read().split("\n")[0]
seed = int(header.rsplit("crc=", 1)[1], 16)
rec = "r 1 8 0 0 0 0 0 5"
open(path, "a").write("%s %08x\n" % (rec, zlib.crc32(rec.encode(), seed)))' "$jq20"
  check_err "a partial quadrant journal out of memory: no advice that loops" 2 \
    "^nqueens count: cannot count n = 20: out of memory: .* checkpoint '$jq20' is a journal of the quadrant join, which only it resumes: resume it with more memory \(ulimit, cgroup, another machine\), or count anew with --method backtrack and another FILE$" -- \
    bash -o pipefail -c "ulimit -v 100000; '$NQ' count 20 --threads 1 --checkpoint '$jq20' --no-progress 2>&1 | grep -v '^nqueens count: resuming' >&2"
  check_err "... and --method backtrack refuses that journal" 2 "belongs to another count" -- \
    "$NQ" count 20 --method backtrack --threads 1 --checkpoint "$jq20" --no-progress
  rm -f "$jq20"
  # --estimate on more threads than can be started: the calibration's failure, said as such (it
  # said "cannot count n = 10").
  check_err "--estimate of n = 18 on 64 threads under ulimit -v 200000" 2 \
    "^nqueens count: cannot estimate the count of n = 18: the count of n = 10 it is measured on failed: cannot start 64 threads \(out of memory, or over this process's limit of threads\); use fewer --threads$" -- \
    bash -c "ulimit -v 200000; '$NQ' count 18 --estimate --threads 64"
fi
# The range is checked before the estimate: --estimate of a count it would refuse gave an estimate
# (by backtracking), and n above 24 printed an estimate first (n = 64: "add --force", which then
# was refused by the range).
check_err "quadrant n=24 --estimate: refused, not estimated" 2 "^nqueens count: --method quadrant counts N = 4 to 23, not 24" -- \
  "$NQ" count 24 --method quadrant --estimate
check_err "quadrant n=3 --estimate: refused" 2 "^nqueens count: --method quadrant counts N = 4 to 23, not 3" -- \
  "$NQ" count 3 --method quadrant --estimate
check_err "quadrant n=64: the range refusal alone (one line), no estimate first" 2 "^nqueens count: --method quadrant counts N = 4 to 23, not 64" -- \
  "$NQ" count 64 --method quadrant
check_err "quadrant with --part" 2 "--method quadrant counts one whole count on this machine; --part counts the border split: use --method auto or backtrack" -- \
  "$NQ" count 12 --method quadrant --part 1/2
check_err "quadrant with --export" 2 "--method quadrant counts one whole count on this machine; --export counts the border split: use --method auto or backtrack" -- \
  "$NQ" count 12 --method quadrant --export /dev/null
check "auto with --part counts the border split" 0 "1" -- \
  bash -c "'$NQ' count 16 --part 1/400 --json | grep -c '\"method\":\"backtrack\"'"
q=$(mktemp -u)
check "quadrant with --checkpoint: the counts" 0 "14772512" -- "$NQ" count 16 --method quadrant --checkpoint "$q"
check "its journal is format 3 of the quadrant split" 0 "1" -- \
  bash -c "head -c 200 '$q' | grep -c 'nq-split/4 quadrant n=16 cut=plain size=3300'"
check "a whole quadrant journal resumed by auto: nothing computed" 0 '"resumed":3300,"computed":0' -- \
  bash -c "'$NQ' count 16 --json --checkpoint '$q' | grep -o '\"resumed\":[0-9]*,\"computed\":[0-9]*'"
check "--status of a whole quadrant journal: the classes" 0 "1846955" -- \
  bash -c "'$NQ' count 16 --checkpoint '$q' --status | grep -o '1846955' | head -1"
check_err "a quadrant journal is not resumed by the search" 2 "belongs to another count: its header has size=3300, not 3206; split 'nq-split/4 quadrant n=16 cut=plain size=3300', not 'nq-split/3 border-mrv n=16 depth=0 size=3206'; it is a journal of the quadrant join: resume it with --method quadrant or auto \\(without --gpu, --part or --export\\), or give another file$" -- \
  "$NQ" count 16 --method backtrack --checkpoint "$q"
# It said "give another file" only, where the user has only to name the journal's method.
check_err "... nor by --part, which names what resumes it" 2 "; it is a journal of the quadrant join: resume it with --method quadrant or auto" -- \
  "$NQ" count 16 --part 1/2 --checkpoint "$q"
"$NQ" count 14 --method backtrack --checkpoint "$q.border" >/dev/null
check_err "a border journal is not resumed by --method quadrant, which names what resumes it" 2 \
  "split 'nq-split/3 border-mrv n=14 depth=0 size=1632', not 'nq-split/4 quadrant n=14 cut=plain size=891'; it is a journal of the border split: resume it with --method auto or backtrack, or give another file$" -- \
  "$NQ" count 14 --method quadrant --checkpoint "$q.border"
head -n 50 "$q" >"$q.part"
# verify of a partial quadrant journal printed record 0's classes as the records' unique count
check "verify a partial quadrant journal: unique unknown" 0 "1" -- \
  bash -c "'$NQ' verify '$q.part' --sample 10 --seed 1 | grep -cE '^total: [0-9]+, unique unknown until the journal is complete \\(of the records'"
check "--status of a partial quadrant journal: classes unknown till complete" 0 \
  "unique so far: unknown until the journal is complete (a quadrant split's classes follow from the whole total)" -- \
  bash -c "'$NQ' count 16 --checkpoint '$q.part' --status | grep '^unique so far'"
check "a partial quadrant journal resumed: the OEIS counts" 0 '"total":14772512,"unique":1846955,"orbit8":1846189,"orbit4":734,"orbit2":32' -- \
  bash -c "'$NQ' count 16 --json --checkpoint '$q.part' 2>/dev/null | grep -o '\"total\":[0-9]*,\"unique\":[0-9]*,\"orbit8\":[0-9]*,\"orbit4\":[0-9]*,\"orbit2\":[0-9]*'"
rm -f "$q.part"
check "verify a quadrant journal: its total and classes, by two means" 0 "identities: none per record (the quadrant split's records hold totals; the classes follow from the whole total)
total: 14772512, unique 1846955: the known counts of n = 16 (OEIS A000170, A002562)
recounted: 300 of 3,300 records (sample seed 7), by the generic kernel of the quadrant join; 300 of them also by backtracking
verdict: right" -- bash -c "'$NQ' verify '$q' --sample 300 --seed 7 | grep -E '^(identities|total|recounted|verdict)'"
cp "$q" "$q.forged"
python3 "$NQ_SRC/tests/support/forge_journal.py" "$q.forged" 5 8 0 0 0 0 0
check "verify a forged quadrant journal: wrong" 1 "verdict: WRONG" -- \
  bash -o pipefail -c "'$NQ' verify '$q.forged' --all | tail -1"
# Record 0's classes forged (CRC recomputed): the classes no longer complete. The count said only
# "the result disagrees with the known counts", naming neither the file nor what to do.
cp "$q" "$q.forged"
python3 "$NQ_SRC/tests/support/forge_journal.py" "$q.forged" 1 0 1 0 1 0 0
check_err "a quadrant journal whose record 0 was forged: the file named, and verify" 2 \
  "^nqueens count: the count of n = 16 does not complete into whole symmetry classes: checkpoint '$q.forged' is likely damaged .*'nqueens verify $q.forged --all' finds the records" -- \
  "$NQ" count 16 --checkpoint "$q.forged"
check "... and verify says so, from any sample" 0 "1" -- \
  bash -c "'$NQ' verify '$q.forged' --sample 5 --seed 1 | grep -c '^total: wrong: the records. total 14772512 leaves no whole classes'"
rm -f "$q.forged"
rm -f "$q" "$q.border"
check_err "an unknown method" 2 "--method 'fast' is not a method: use auto \(the faster for N\), backtrack \(the search\) or quadrant \(the quadrant join\)" -- \
  "$NQ" count 8 --method fast
check_err "a method without value" 2 "option '--method' needs a value" -- "$NQ" count 8 --method

# Every message goes to stderr in one write(2): under mpirun, Open MPI forwards a rank's stderr in
# the pieces it reads, and a message written in four pieces (program, text, hint, newline) had the
# abort banner of the job land inside it (CI: "nqueens-mpi count: -----...", the text after the
# banner). A usage error with its hint, a short message and one longer than the 512-byte buffer;
# the preloaded tests/hook/nq_hook.c logs the length of each write() to fd 2.
long=/tmp/$(printf 'd%.0s' $(seq 1 600))/j
for args in "count 8 --threads 0" "count 8 --checkpoint /no/such/dir/j" "count 8 --checkpoint $long"; do
  rm -f /tmp/clitest.$$.writes
  # shellcheck disable=SC2086 # the arguments are words
  LD_PRELOAD=$NQ_HOOK NQ_HOOK_STDERR=/tmp/clitest.$$.writes \
    ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0 "$NQ" $args 2>/tmp/clitest.$$.err
  writes=$(paste -sd, /tmp/clitest.$$.writes 2>/dev/null)
  chars=$(wc -c </tmp/clitest.$$.err)
  ok "one write for the message of '$args' (saw writes of $writes bytes, message $chars)" \
    [ "$writes" = "$chars" ]
done
rm -f /tmp/clitest.$$.writes
# Options that change how, not what (issue 35, kind 6): --threads T runs T threads. A count is
# stopped at its 5th record (tests/hook/nq_hook.c, STOP: every worker is started before the first
# subproblem, and lives until the count ends) and its threads counted in /proc: T - 1 more than
# with --threads 1 (the JSON's "threads" says T whatever ran: it is not the evidence). By
# backtracking and by the quadrant join, with and without --json.
threads_at_record() { # threads_at_record T METHOD: the threads of `count 13 --threads T` at record 5
  local j=$tmp/threads.nqj pid n
  rm -f "$j"
  LD_PRELOAD=$NQ_HOOK NQ_HOOK_FILE=$j NQ_HOOK_AT=5 NQ_HOOK_DO=STOP \
    ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0 \
    "$NQ" count 13 --threads "$1" --method "$2" --checkpoint "$j" --no-progress >/dev/null 2>&1 &
  pid=$!
  if wait_for $pid stopped $pid; then
    n=$(find "/proc/$pid/task" -mindepth 1 -maxdepth 1 | wc -l)
  else
    n="never stopped"
  fi
  kill -CONT $pid 2>/dev/null
  wait $pid
  echo "$n"
}
for m in backtrack quadrant; do
  one=$(threads_at_record 1 $m)
  got=""
  for t in 2 3 5; do
    at=$(threads_at_record $t $m)
    got="$got $((at - one))"
  done
  check "--threads T runs T threads ($m; the threads at record 5 beyond --threads 1's $one)" 0 " 1 2 4" -- echo "$got"
done
finish
