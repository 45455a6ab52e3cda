#!/usr/bin/env bash
# The device check of the quadrant join on the GPU (issue 39), one command on a machine with an
# NVIDIA GPU, with binaries built elsewhere (the GPU machines of this project have nvcc but no
# libyajl, so the build is made on a CPU machine and carried):
#   NQ=build-gpu/nqueens [YGCH=DIR | YGCH_SRC=CHECKOUT] [GPU_HOST=build-gpu/bench/gpu_host] \
#     [BUDGET=S] bash bench/gpu_quadrant.sh
# NQ: an nqueens built with -DNQ_CUDA=ON (bench/gpu.sh shows how); LD_LIBRARY_PATH must find
# what it links (libyajl.so.2). YGCH: a directory with the public GPU counter ygch/n_queens
# (MIT, arXiv:2511.12009, commit dba7b01) built for this GPU at its two best settings:
#   nvcc -gencode arch=compute_90,code=sm_90 -cudart static n_queens_cuda.cu n_queens.cpp \
#     utils.cpp main.cpp -O3 -Xcompiler -fopenmp -D_USE_CONFIG3_ -o n_queens_c3   (and CONFIG2)
# (its README: for N <= 22 on one card, 5 pre-placed rows under configuration 3); or YGCH_SRC: a
# checkout of https://github.com/ygch/n_queens, which the script builds so into a temporary
# directory (this needs nvcc; the script fetches nothing); without either that column is left out. What it runs, in this order, each count under its own timeout and
# checked against the OEIS table (tests/data/counts.txt), the script stopping before BUDGET
# seconds (default 420):
# 1. --gpu --method quadrant for n = 4..18 (all six counts);
# 2. n = 19, 20, 21: --gpu --method quadrant, --gpu --method backtrack (to 20), and ygch's
#    counter, side by side; wall time of the whole command (hyperfine is not used: one run each,
#    the GPU's time is scarce);
# 3. n = 20 with one host thread feeding the device instead of up to 4 (how much the host
#    weighs), the CPU's quadrant join on every core at n = 19, the baseline of this machine, and
#    with GPU_HOST (bench/gpu_host.c, built with `--target bench`) the host's work a subproblem at
#    n = 20 and 21 on one core;
# 4. with N22=1, n = 22 on the GPU.
# Exit status 0 if every count that ran was right, 1 otherwise.
# A rehearsal without a GPU (the script's steps, limits and checks, not its figures):
#   SHIFT=10 NQ=build/nqueens-cuda-emu BUDGET=300 bash bench/gpu_quadrant.sh
# runs every step at n - SHIFT on the CUDA backend over the emulated runtime (cmake/tests.cmake).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
nq=${NQ:-$root/build-gpu/nqueens}
ygch=${YGCH:-}
budget=${BUDGET:-420}
shift_n=${SHIFT:-0} # every n below is n - SHIFT
table=$root/tests/data/counts.txt
start=$(date +%s.%N)
fail=0
if [ -z "$ygch" ] && [ -n "${YGCH_SRC:-}" ]; then
  ygch=$(mktemp -d)
  trap 'rm -rf "$ygch"' EXIT
  for c in 2 3; do
    (cd "$YGCH_SRC/src" && nvcc -gencode arch=compute_90,code=sm_90 -cudart static n_queens_cuda.cu \
      n_queens.cpp utils.cpp main.cpp -O3 -Xcompiler -fopenmp -D_USE_CONFIG${c}_ \
      -o "$ygch/n_queens_c$c") || { echo "ygch: the build failed: its column is left out"; ygch=""; break; }
  done
fi

now() { python3 -c "import time; print('%.3f' % (time.time() - $start))"; }
left() { python3 -c "import time; print(int($budget - (time.time() - $start)))"; }
want() { awk -v n="$1" '$1 == n { print $2, $3, $4, $5, $6, $7 }' "$table"; }

echo "load before: $(uptime)"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader ||
  echo "nvidia-smi: none here"
[ "$shift_n" = 0 ] || echo "REHEARSAL: every n lowered by $shift_n (figures not to be reported)"
"$nq" --version | head -1

# count N LIMIT ARGS...: one count with --json; prints a line, sets wall.
count() {
  local n=$(($1 - shift_n)) limit=$2 l
  shift 2
  l=$(left)
  if [ "$l" -lt 10 ]; then
    echo "n=$n $*: not started (budget spent)"
    return 2
  fi
  [ "$limit" -le "$l" ] || limit=$l
  local t0 out rc
  t0=$(date +%s.%N)
  out=$(timeout "$limit" "$nq" count "$n" --json --no-progress "$@" 2>&1)
  rc=$?
  wall=$(python3 -c "print('%.3f' % ($(date +%s.%N) - $t0))")
  if [ $rc -ne 0 ]; then
    echo "n=$n $*: FAILED (exit $rc): $(echo "$out" | tail -2)"
    fail=1
    return 1
  fi
  local got secs nodes
  got=$(echo "$out" | python3 -c 'import json,sys; o=json.load(sys.stdin); print(o["total"],o["unique"],o["orbit8"],o["orbit4"],o["orbit2"],o["orbit1"])')
  secs=$(echo "$out" | python3 -c 'import json,sys; print(json.load(sys.stdin)["seconds"])')
  nodes=$(echo "$out" | python3 -c 'import json,sys; print(json.load(sys.stdin)["nodes"])')
  local verdict=ok
  [ "$got" = "$(want "$n")" ] || { verdict=WRONG; fail=1; }
  printf 'n=%-3s %-5s %-34s wall %8.3f s  count %8.3f s  nodes %s  (%s)\n' "$n" "$verdict" \
    "$*" "$wall" "$secs" "$nodes" "$got"
}

# ygch N ROWS BINARY LIMIT: the public counter; prints its total and wall time.
ygch_run() {
  local n=$(($1 - shift_n)) rows=$2 bin=$3 limit=$4 l t0 out
  l=$(left)
  if [ "$l" -lt 10 ]; then
    echo "n=$n ygch: not started (budget spent)"
    return 2
  fi
  [ "$limit" -le "$l" ] || limit=$l
  t0=$(date +%s.%N)
  out=$(timeout "$limit" "$bin" "$n" "$rows" 2>&1)
  local rc=$? wall
  wall=$(python3 -c "print('%.3f' % ($(date +%s.%N) - $t0))")
  local total
  total=$(echo "$out" | sed -n 's/.*queens result \([0-9]*\).*/\1/p' | tail -1)
  local verdict=ok
  [ $rc = 0 ] && [ "$total" = "$(want "$n" | cut -d' ' -f1)" ] || { verdict=WRONG; fail=1; }
  printf 'n=%-3s %-5s ygch %s rows %-19s wall %8.3f s  (%s; %s)\n' "$n" "$verdict" "$(basename "$bin")" \
    "$rows" "$wall" "$total" "$(echo "$out" | grep -o 'calc time: \[[0-9.]*ms\]' | tail -1)"
}

echo "== 1. --gpu --method quadrant, n = 4..18, against the table ($(now) s)"
for n in $(seq $((4 + shift_n)) 18); do
  count "$n" 60 --gpu --method quadrant
done

echo "== 2. side by side, n = 19..21 ($(now) s)"
for n in 19 20 21; do
  case $n in 19) lim=60 ;; 20) lim=90 ;; 21) lim=150 ;; esac
  count "$n" "$lim" --gpu --method quadrant
  [ $n -le 20 ] && count "$n" "$lim" --gpu --method backtrack
  if [ -n "$ygch" ]; then
    ygch_run "$n" 5 "$ygch/n_queens_c3" "$lim"
  fi
done

echo "== 3. the host's share: n = 20 with one host thread; the CPU's join on all $(nproc) cores ($(now) s)"
count 20 60 --gpu --method quadrant --threads 1
count 19 60 --method quadrant
if [ -n "${GPU_HOST:-}" ]; then
  for n in 20 21; do
    timeout 60 "$GPU_HOST" $((n - shift_n)) 200 20 || echo "gpu_host $((n - shift_n)): failed or timed out"
  done
fi

if [ "${N22:-0}" = 1 ]; then
  echo "== 4. n = 22 ($(now) s)"
  count 22 300 --gpu --method quadrant
fi

echo "done in $(now) s; $([ $fail = 0 ] && echo 'every count right' || echo 'SOME COUNT FAILED')"
exit $fail
