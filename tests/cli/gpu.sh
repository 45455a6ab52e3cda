#!/usr/bin/env bash
# `nqueens count --gpu [--devices LIST]`: what every build checks (the options, their errors in
# one line, --help, no journal made by a refused count), then by what this build and machine
# have: without CUDA, or with CUDA and no GPU, a one-line refusal with exit status 2; with a GPU,
# the counts against the OEIS table, --json's devices, and a journal started on the CPU and
# finished on the GPU.
. "$NQ_SRC/tests/support/clitest.bash"
table="$NQ_TEST_DATA/counts.txt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cuda=$(sed -n 's/^NQ_CUDA:BOOL=//p' "$NQ_BUILD/CMakeCache.txt")
gpus=0
if [ "$cuda" = ON ] && command -v nvidia-smi >/dev/null 2>&1; then
  gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ')
fi
echo "CUDA build: ${cuda:-OFF}, GPUs: $gpus"

# Options, in every build.
check "help lists --gpu" 0 "1" -- bash -c "'$NQ' count --help | grep -c '^  -g, --gpu '"
check "help lists --devices" 0 "1" -- bash -c "'$NQ' count --help | grep -c '^  -D, --devices LIST '"
check "help's usage names --gpu" 0 "1" -- bash -c "'$NQ' count --help | grep -cF '[--gpu [--devices LIST]]'"
for bad in x 0,x ,0 0, -1 +1 1024 0,,1 ' 1'; do
  check_err "--devices '$bad' refused" 2 "^nqueens count: --devices must be a list of GPU numbers like 0,1, got '" -- \
    "$NQ" count 8 --devices "$bad"
done
check_err "--devices lists one twice" 2 "^nqueens count: --devices lists GPU 1 twice$" -- \
  "$NQ" count 8 --devices 1,0,1
check_err "--devices: at most 16" 2 "^nqueens count: --devices: at most 16 GPUs$" -- \
  "$NQ" count 8 --devices 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16
check_err "--gpu --estimate refused" 2 "^nqueens count: --estimate measures a count on this CPU; it has no --gpu form" -- \
  "$NQ" count 8 --gpu --estimate
check_err "--devices needs a value" 2 "devices" -- "$NQ" count 8 --devices

if [ "$cuda" != ON ]; then
  no_gpu="^nqueens count: --gpu: this build has no CUDA backend \(rebuild with cmake -DNQ_CUDA=ON\); count without --gpu$"
elif [ "$gpus" = 0 ]; then
  no_gpu="^nqueens count: --gpu: no CUDA GPU found \(it needs an NVIDIA GPU and its driver\); count without --gpu$"
fi
# nqueens-mpi --gpu: documented in its --help; refused in one line by rank 0 without a GPU.
mpi_nq=$NQ_BUILD/nqueens-mpi
if command -v mpirun >/dev/null 2>&1 && [ -x "$mpi_nq" ]; then
  export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
  check "nqueens-mpi help lists --gpu" 0 "1" -- bash -c "'$mpi_nq' count --help | grep -c '^  -g, --gpu '"
  if [ -n "${no_gpu:-}" ]; then
    mpi_no_gpu=${no_gpu/nqueens count/nqueens-mpi count}
    mpirun --allow-run-as-root --oversubscribe -np 2 "$mpi_nq" count 9 --gpu >"$tmp/mpi.out" 2>"$tmp/mpi.err"
    rc=$?
    ok "nqueens-mpi --gpu without a GPU: exit 2, nothing on stdout, rank 0's one line" \
      test "$rc" = 2 -a ! -s "$tmp/mpi.out" -a "$(grep -c '^nqueens-mpi' "$tmp/mpi.err")" = 1
    ok "nqueens-mpi --gpu without a GPU: the line says why" grep -Eq "$mpi_no_gpu" "$tmp/mpi.err"
  else
    total14=$(awk '$1 == 14 { print $2 }' "$table")
    check "nqueens-mpi --gpu, 2 ranks: n = 14" 0 "$total14" -- \
      mpirun --allow-run-as-root --oversubscribe -np 2 "$mpi_nq" count 14 --gpu
  fi
fi

if [ -n "${no_gpu:-}" ]; then
  check_err "no GPU: --gpu refused" 2 "$no_gpu" -- "$NQ" count 8 --gpu
  check_err "no GPU: --devices refused" 2 "$no_gpu" -- "$NQ" count 8 --devices 0
  check_err "no GPU: --gpu --json refused" 2 "$no_gpu" -- "$NQ" count 10 --gpu --json
  check_err "no GPU: --gpu with a journal refused" 2 "$no_gpu" -- \
    "$NQ" count 10 --gpu --checkpoint "$tmp/j"
  ok "no GPU: no journal made by the refused count" test ! -e "$tmp/j"
  check_err "no GPU: N from stdin, refused" 2 "$no_gpu" -- bash -c "echo 9 | '$NQ' count --gpu"
  check_err "no GPU: --gpu --method quadrant refused for want of a GPU alone" 2 "$no_gpu" -- \
    "$NQ" count 12 --gpu --method quadrant
  finish
  exit
fi

# A GPU: the counts against the table, total and unique.
for n in $(seq 1 16); do
  read -r total unique o8 o4 o2 o1 < <(awk -v n="$n" '$1 == n { print $2, $3, $4, $5, $6, $7 }' "$table")
  check "gpu total n=$n" 0 "$total" -- "$NQ" count "$n" --gpu
  check "gpu unique n=$n" 0 "$unique" -- "$NQ" count "$n" --gpu --unique --devices 0
  check "gpu json n=$n" 0 \
    "{\"n\":$n,\"total\":$total,\"unique\":$unique,\"orbit8\":$o8,\"orbit4\":$o4,\"orbit2\":$o2,\"orbit1\":$o1,\"threads\":1,\"kernel\":\"cuda\",\"method\":\"backtrack\"}" -- \
    bash -c "'$NQ' count $n --json --devices 0 | sed -E 's/,\"seconds\":[0-9.]+,\"nodes\":[0-9]+//; s/,\"devices\":\[.*\]//'"
done
# The quadrant join on the GPU (gpu_quadrant.c): n = 4..18 against the table, all the counts.
for n in $(seq 4 18); do
  read -r total unique o8 o4 o2 o1 < <(awk -v n="$n" '$1 == n { print $2, $3, $4, $5, $6, $7 }' "$table")
  check "gpu quadrant json n=$n" 0 \
    "{\"n\":$n,\"total\":$total,\"unique\":$unique,\"orbit8\":$o8,\"orbit4\":$o4,\"orbit2\":$o2,\"orbit1\":$o1,\"threads\":1,\"kernel\":\"cuda\",\"method\":\"quadrant\"}" -- \
    bash -c "'$NQ' count $n --json --devices 0 --method quadrant | sed -E 's/,\"seconds\":[0-9.]+,\"nodes\":[0-9]+//; s/,\"devices\":\[.*\]//'"
done
q=$tmp/q16
check "gpu quadrant with a journal" 0 "14772512" -- "$NQ" count 16 --gpu --method quadrant --checkpoint "$q" --no-progress
check "... read back on the CPU" 0 "14772512" -- "$NQ" count 16 --method quadrant --checkpoint "$q" --no-progress
check "gpu json: the devices and their subproblems" 0 "1" -- \
  bash -c "'$NQ' count 12 --json --devices 0 | grep -cE ',\"devices\":\[\{\"id\":0,\"name\":\"[^\"]+\",\"subproblems\":[0-9]+\}\]\}$'"
check_err "no such GPU" 2 "^nqueens count: --devices: there is no GPU 1023 \(this machine has $gpus, numbered 0 to $((gpus - 1))\)$" -- \
  "$NQ" count 8 --devices 1023
check_err "n above 32" 2 "^nqueens count: --gpu counts N up to 32, got 33; count without --gpu$" -- \
  "$NQ" count 33 --gpu
# A journal begun on the CPU (stopped by a signal; by backtracking: a GPU counts the border split)
# and finished on the GPU, and the other way round: the answer of an uninterrupted count.
total17=$(awk '$1 == 17 { print $2 }' "$table")
"$NQ" count 17 --threads 1 --method backtrack --checkpoint "$tmp/a" --no-progress >/dev/null 2>&1 &
pid=$!
sleep 1
kill -INT "$pid" 2>/dev/null
wait "$pid"
check "journal from the CPU, finished on the GPU" 0 "$total17" -- \
  "$NQ" count 17 --gpu --checkpoint "$tmp/a" --no-progress
check "a finished journal read back without --gpu" 0 "$total17" -- \
  "$NQ" count 17 --checkpoint "$tmp/a" --no-progress
finish
