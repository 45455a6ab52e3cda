#!/usr/bin/env bash
# Benchmark of `nqueens find` on huge boards: the construction and min-conflicts
# search against the speed and memory goals, with output in cols format to /dev/null, and against
# a constraint solver a user might reach for: Debian's minizinc with its bundled solver (Gecode) on
# the standard all_different model, measured in the same run at the same n, each minizinc run
# bounded by a timeout (MZN_TIMEOUT seconds, default 60).
# Usage: bash bench/find.sh (or bash bench/run find). Needs NQ_BUILD (default: build).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
NQ=${NQ_BUILD:-$root/build}/nqueens
MZN_TIMEOUT=${MZN_TIMEOUT:-60}
[ -x "$NQ" ] || { echo "find.sh: build first (make build): no $NQ" >&2; exit 2; }

# Benchmark-only Debian packages, installed only if missing.
need=()
[ -x /usr/bin/time ] || need+=(time)
command -v minizinc >/dev/null || need+=(minizinc)
if [ ${#need[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get install -y "${need[@]}" >&2 || echo "find.sh: could not install ${need[*]}" >&2
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run_time LABEL CMD...: wall seconds and peak resident memory (GNU time), output to /dev/null.
run_time() {
  local label=$1
  shift
  /usr/bin/time -f "%e %U %S %M" -o "$tmp/time" "$@" >/dev/null
  read -r secs user sys kb <"$tmp/time"
  printf '%-52s %7.2f s wall %7.2f s cpu %7.1f MB peak\n' "$label" "$secs" \
    "$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" "$(awk -v k="$kb" 'BEGIN { print k / 1024 }')"
  echo "$secs" >"$tmp/last"
}

# Clock readings: $EPOCHREALTIME (bash >= 5), read without starting a process.
[ -n "${EPOCHREALTIME:-}" ] || { echo "find.sh: needs bash >= 5 (EPOCHREALTIME)" >&2; exit 2; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", b - a }'; }

echo "-- goals: construct 10^7 < 1 s; random 10^6 < 2 s, 10^7 < 30 s, 500 < 10 ms; 10^7 < 200 MB"
run_time "find 10000000 --method construct --format cols" \
  "$NQ" find 10000000 --method construct --format cols
run_time "find 1000000 --method random --seed 1 --format cols" \
  "$NQ" find 1000000 --method random --seed 1 --format cols
run_time "find 10000000 --method random --seed 1 --format cols" \
  "$NQ" find 10000000 --method random --seed 1 --format cols

# n = 500: 21 runs (seeds 1..21); the time inside the process (--verbose: solved, verified and
# printed) and the whole process (start-up included, which a loaded machine inflates).
for s in $(seq 1 21); do
  t0=${EPOCHREALTIME/,/.}
  "$NQ" find 500 --method random --seed "$s" --format cols --verbose 2>"$tmp/verbose" >/dev/null
  t1=${EPOCHREALTIME/,/.}
  inside=$(sed -n 's/.*done in \([0-9.]*\) ms.*/\1/p' "$tmp/verbose")
  echo "$inside $(elapsed "$t0" "$t1")"
done >"$tmp/small"
median() { sort -n | awk '{ v[NR] = $1 } END { printf "%.3f (min %.3f, max %.3f)", v[int((NR + 1) / 2)], v[1], v[NR] }'; }
printf '%-52s %s ms in process\n' "find 500 --method random, median of 21 seeds" "$(cut -d' ' -f1 "$tmp/small" | median)"
printf '%-52s %s ms whole process\n' "" "$(cut -d' ' -f2 "$tmp/small" | awk '{ print $1 * 1000 }' | median)"
for s in $(seq 1 21); do
  t0=${EPOCHREALTIME/,/.}
  /bin/true
  t1=${EPOCHREALTIME/,/.}
  elapsed "$t0" "$t1"
  echo
done | awk '{ print $1 * 1000 }' >"$tmp/true"
printf '%-52s %s ms (the machine'"'"'s process start-up)\n' "/bin/true, median of 21" "$(median <"$tmp/true")"

echo "-- minizinc (Gecode, all_different_int model, timeout ${MZN_TIMEOUT} s) vs nqueens, same n"
if ! command -v minizinc >/dev/null; then
  echo "minizinc is not installed: no comparison"
  exit 0
fi
cat >"$tmp/queens.mzn" <<'EOF'
% The standard n-queens model: one variable per row, three all_different constraints.
include "all_different_int.mzn";
int: n;
array[0..n-1] of var 0..n-1: q;
constraint all_different_int(q);
constraint all_different_int([q[i] + i | i in 0..n-1]);
constraint all_different_int([q[i] - i | i in 0..n-1]);
solve satisfy;
output [show(q)];
EOF
printf '%6s %12s %12s %12s %14s %14s\n' n minizinc_s random_s construct_s ratio_random ratio_construct
for n in 50 100 200 500 1000; do
  t0=${EPOCHREALTIME/,/.}
  set +e
  timeout "$MZN_TIMEOUT" minizinc --solver gecode -D "n=$n" "$tmp/queens.mzn" >"$tmp/mzn.out" 2>/dev/null
  rc=$?
  set -e
  t1=${EPOCHREALTIME/,/.}
  mzn=$(elapsed "$t0" "$t1")
  done_mark=""
  if [ "$rc" -eq 124 ]; then
    done_mark=">"
  elif ! grep -q '^\[' "$tmp/mzn.out"; then
    echo "minizinc failed at n = $n (exit $rc)"
    continue
  fi
  t0=${EPOCHREALTIME/,/.}
  "$NQ" find "$n" --method random --seed 1 --format cols >/dev/null
  t1=${EPOCHREALTIME/,/.}
  rnd=$(elapsed "$t0" "$t1")
  t0=${EPOCHREALTIME/,/.}
  "$NQ" find "$n" --method construct --format cols >/dev/null
  t1=${EPOCHREALTIME/,/.}
  con=$(elapsed "$t0" "$t1")
  r1=$(awk -v a="$mzn" -v b="$rnd" 'BEGIN { printf "%.0fx", a / b }')
  r2=$(awk -v a="$mzn" -v b="$con" 'BEGIN { printf "%.0fx", a / b }')
  printf '%6d %12s %12s %12s %14s %14s\n' "$n" "$done_mark$mzn" "$rnd" "$con" "$done_mark$r1" \
    "$done_mark$r2"
done
echo "(times are whole processes, start-up included; '>' marks a minizinc run stopped by the timeout)"
