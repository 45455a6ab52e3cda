#!/usr/bin/env bash
# tests/cli/gpu_emu.sh: `nqueens count --gpu` end to end on every machine, GPU or not: the program
# linked with the CUDA backend itself (src/cuda/gpu_backend.cu, its kernels and host side) on the
# emulated CUDA runtime of tests/cuda_emu/ (nqueens-cuda-emu; NQ_CUDA_EMU_DEVICES devices, 1 by
# default). Both methods' counts with every orbit count against the OEIS table, --json's devices,
# two devices, the refusals when there is no device or no such device, a GPU out of memory and
# a failing one, --part/--export with merge, --progress, journals begun on the CPU and finished
# on the GPU and the other way round, then verified, for both methods (stopped at a fixed record
# by tests/hook/nq_hook.c: SIGINT on the CPU; SIGKILL on the GPU, whose batch in flight would
# otherwise finish the small counts emulated here), and nqueens-mpi --gpu. tests/cli/gpu.sh
# checks the same on a machine with a real GPU, at larger n. The emulation is slow (the join at
# n = 9 takes seconds): small n only.
. "$NQ_SRC/tests/support/clitest.bash"
. "$NQ_SRC/tests/support/proc.bash"
. "$NQ_SRC/tests/support/journal.bash"
: "${NQ_HOOK:?tests/hook library}"
emu=$NQ_BUILD/nqueens-cuda-emu
table="$NQ_TEST_DATA/counts.txt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export NQ_CUDA_EMU_DEVICES=1

# json N METHOD: what `count N --gpu --json --method METHOD` prints for the table's counts, less
# the seconds, nodes and devices.
json() {
  local total unique o8 o4 o2 o1
  read -r total unique o8 o4 o2 o1 < <(awk -v n="$1" '$1 == n { print $2, $3, $4, $5, $6, $7 }' "$table")
  echo "{\"n\":$1,\"total\":$total,\"unique\":$unique,\"orbit8\":$o8,\"orbit4\":$o4,\"orbit2\":$o2,\"orbit1\":$o1,\"threads\":1,\"kernel\":\"cuda\",\"method\":\"$2\"}"
}
strip='s/,"seconds":[0-9.]+,"nodes":[0-9]+//; s/,"devices":\[.*\]//'
for n in $(seq 1 12); do
  check "emulated GPU, backtracking: n=$n" 0 "$(json "$n" backtrack)" -- \
    bash -c "'$emu' count $n --gpu --json --method backtrack | sed -E '$strip'"
done
for n in $(seq 4 8); do # (n = 9 below, in the journals)
  check "emulated GPU, the quadrant join: n=$n" 0 "$(json "$n" quadrant)" -- \
    bash -c "'$emu' count $n --gpu --json --method quadrant | sed -E '$strip'"
done
check "--json names the device and its subproblems (all 2876 of n = 12)" 0 \
  ',"devices":[{"id":0,"name":"CUDA emulated on the host 0","subproblems":2876}]}' -- \
  bash -c "'$emu' count 12 --gpu --json | sed -E 's/.*\"method\":\"backtrack\"//'"
# Two devices: the total, and the subproblems shared between them.
out=$(NQ_CUDA_EMU_DEVICES=2 "$emu" count 12 --devices 0,1 --json)
ok "two devices: the total" test "$(json_field total <<<"$out")" = "$(total_of 12)"
shares=$(grep -o '"subproblems":[0-9]*' <<<"$out" | awk -F: '{ s += $2 } END { print s }')
ok "two devices: both listed, their subproblems adding up to 2876" \
  test "$(grep -o '"id":[01],' <<<"$out" | paste -sd' ')" = '"id":0, "id":1,' -a "$shares" = 2876
check_err "no such device" 2 \
  "^nqueens count: --devices: there is no GPU 2 \(this machine has 2, numbered 0 to 1\)$" -- \
  env NQ_CUDA_EMU_DEVICES=2 "$emu" count 8 --devices 2
check_err "no device at all" 2 \
  "^nqueens count: --gpu: no CUDA GPU found \(it needs an NVIDIA GPU and its driver\); count without --gpu$" -- \
  env NQ_CUDA_EMU_DEVICES=0 "$emu" count 8 --gpu

# stopped J K ACTION PROGRAM ARGS...: `PROGRAM count ARGS --checkpoint J`, ACTION at the K-th
# record; prints how it ended.
stopped() {
  local j=$1 k=$2 what=$3 prog=$4
  shift 4
  # shellcheck disable=SC2046
  exit_status "$tmp/out" "$tmp/err" env $(hook_env "$j" "$k" "$what") "$prog" count "$@" \
    --no-progress --checkpoint "$j"
}
# finished PROGRAM N J WHAT [ARGS]: PROGRAM resumes J: the table's total, and exactly the
# subproblems J did not hold computed.
finished() {
  local prog=$1 n=$2 j=$3 what=$4 before size out
  shift 4
  before=$(done_of "$j")
  size=$(size_of "$j")
  out=$("$prog" count "$n" "$@" --checkpoint "$j" --no-progress --json 2>"$tmp/resume.err")
  ok "$what: $before of $size done before, then the total" \
    test "$(json_field total <<<"$out")" = "$(total_of "$n")" -a "$before" -gt 0 -a "$before" -lt "$size"
  ok "$what: the rest computed" test "$(json_field computed <<<"$out")" = $((size - before))
}
for method in backtrack quadrant; do
  case $method in backtrack) n=12 ;; quadrant) n=9 ;; esac
  j=$tmp/cpu-$method
  r=$(stopped "$j" 20 INT "$NQ" "$n" --threads 1 --method "$method")
  ok "$method: the CPU's count stopped at its 20th record ($r)" test "$r" = "exit 130"
  finished "$emu" "$n" "$j" "$method: begun on the CPU, finished on the GPU" --gpu --method "$method"
  j=$tmp/gpu-$method
  r=$(stopped "$j" 20 KILL "$emu" "$n" --gpu --method "$method")
  ok "$method: the GPU's count killed at its 20th record ($r)" test "$r" = "signal 9"
  finished "$NQ" "$n" "$j" "$method: begun on the GPU, finished on the CPU" --method "$method"
  check "$method: a journal the GPU wrote, verified record by record" 0 "verdict: right" -- \
    bash -c "'$NQ' verify '$j' --all | tail -1"
done
# The GPU out of memory (NQ_CUDA_EMU_FAIL_ALLOC: every device and page-locked allocation fails):
# said as the GPU's, not as the host's lists, with what to do; a journal keeps what it held.
oom="^nqueens count: cannot count n = 9 on the GPU: out of memory"
check_err "the GPU out of memory, the join" 2 \
  "$oom: the quadrant join keeps its lists \([0-9]+ MiB\) in this process and once on each GPU, and up to 4-5 GiB of batches for each host thread that feeds one; count with fewer --threads or without --gpu$" -- \
  env NQ_CUDA_EMU_FAIL_ALLOC=0 "$emu" count 9 --gpu --method quadrant --threads 2
check_err "the GPU out of memory, backtracking" 2 \
  "$oom \(the GPU's, or page-locked host memory for its batches\); count without --gpu$" -- \
  env NQ_CUDA_EMU_FAIL_ALLOC=0 "$emu" count 9 --gpu --method backtrack
j=$tmp/oom
r=$(stopped "$j" 20 INT "$NQ" 9 --threads 1 --method quadrant)
r=$(exit_status "$tmp/out" "$tmp/err" env NQ_CUDA_EMU_FAIL_ALLOC=0 "$emu" count 9 --gpu \
  --checkpoint "$j" --no-progress)
ok "the GPU out of memory, resuming a journal: exit 2, the checkpoint named" test "$r" = "exit 2" -a \
  "$(tail -1 "$tmp/err" | grep -cE "$oom: .*; checkpoint '$j' keeps what was done$")" = 1
finished "$NQ" 9 "$j" "the journal the GPU could not finish ($r)"
# A GPU that fails (NQ_CUDA_EMU_FAIL_LAUNCH: every kernel launch fails as a device fault).
failed="^nqueens count: cannot count n = 9: a GPU failed \(a CUDA error: its driver, a reset or a fault\); count again, or without --gpu"
for method in quadrant backtrack; do
  check_err "a GPU that fails, $method" 2 "$failed$" -- \
    env NQ_CUDA_EMU_FAIL_LAUNCH=0 "$emu" count 9 --gpu --method "$method"
done
r=$(exit_status "$tmp/out" "$tmp/err" env NQ_CUDA_EMU_FAIL_LAUNCH=0 "$emu" count 9 --gpu \
  --checkpoint "$tmp/failed" --no-progress)
ok "a GPU that fails, with a journal: exit 2, the checkpoint named" test "$r" = "exit 2" -a \
  "$(tail -1 "$tmp/err" | grep -cE "$failed; checkpoint '$tmp/failed' keeps what was done$")" = 1

# --part and --export on the GPU (the border split), added up by merge on the CPU.
"$emu" count 12 --gpu --part 1/2 --export "$tmp/p1" >/dev/null &&
  "$emu" count 12 --gpu --part 2/2 --export "$tmp/p2" >/dev/null
check "--part/--export on the GPU, merged" 0 "$(total_of 12)" -- "$NQ" merge "$tmp/p1" "$tmp/p2"

# --progress: the progress line on stderr to the end, the count alone on stdout.
"$emu" count 11 --gpu --progress >"$tmp/progress.out" 2>"$tmp/progress.err"
ok "--progress with --gpu: the count on stdout" test "$(cat "$tmp/progress.out")" = "$(total_of 11)"
ok "--progress with --gpu: the line reaches all 1414 subproblems" \
  grep -q 'n=11: 1414/1414 subproblems, 100.0% of the work' "$tmp/progress.err"

# nqueens-mpi --gpu (one emulated device a rank), both methods, where MPI is installed: the
# counts, a journal it wrote read back by nqueens, and a journal begun by nqueens on the CPU
# finished by it (under auto, the journal's own split: the quadrant join's).
mpi_emu=$NQ_BUILD/nqueens-mpi-cuda-emu
if ! command -v mpirun >/dev/null 2>&1 || [ ! -x "$mpi_emu" ]; then
  skip_part "nqueens-mpi --gpu: no mpirun or no nqueens-mpi (install openmpi-bin, libopenmpi-dev)"
else
  export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
  mpi() { mpirun --allow-run-as-root --oversubscribe -np 3 "$mpi_emu" count "$@"; }
  export mpi_emu
  export -f mpi
  check "nqueens-mpi --gpu, backtracking: n = 11" 0 "$(json 11 backtrack | sed 's/"threads":1/"threads":3/')" -- \
    bash -c "mpi 11 --gpu --json --method backtrack | sed -E '$strip'"
  check "nqueens-mpi --gpu, the quadrant join: n = 9" 0 "$(json 9 quadrant | sed 's/"threads":1/"threads":3/')" -- \
    bash -c "mpi 9 --gpu --json --method quadrant --checkpoint '$tmp/mpi-q' | sed -E '$strip; s/,\"resumed\":0,\"computed\":[0-9]+//'"
  out=$("$NQ" count 9 --checkpoint "$tmp/mpi-q" --no-progress --json)
  ok "its journal read back by nqueens: the total, nothing computed" \
    test "$(json_field total <<<"$out")" = 352 -a "$(json_field computed <<<"$out")" = 0
  j=$tmp/mpi-cpu
  r=$(stopped "$j" 20 INT "$NQ" 9 --threads 1 --method quadrant)
  out=$(mpi 9 --gpu --json --checkpoint "$j" 2>"$tmp/mpi.err")
  ok "a quadrant journal begun on the CPU ($r), finished by nqueens-mpi --gpu" \
    test "$(json_field total <<<"$out")" = 352 -a "$(json_field resumed <<<"$out")" = 20 \
    -a "$(json_field computed <<<"$out")" = $(($(size_of "$j") - 20))
  ok "... under auto, by the journal's method" grep -q '"method":"quadrant"' <<<"$out"
fi
finish
