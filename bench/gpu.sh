#!/usr/bin/env bash
# The device check of the CUDA backend (issue 11), one command on a machine with an NVIDIA GPU:
#   bash bench/gpu.sh
# 1. builds with -DNQ_CUDA=ON (and ptxas's report: registers, spills, shared memory) into
#    build-gpu/ (KEEP=DIR: another directory, reused);
# 2. counts n = 8..19 with --gpu and compares total, unique and the orbits with the OEIS table of
#    the repository (tests/data/counts.txt);
# 3. the baseline, in this run: n = 18 on the CPU (all cores) and on the GPU, and their ratio;
# 4. times n = 20, 21, 22 on the GPU (each checked against the table), with the goals of the
#    issue (3 s, 20 s, 160 s on one H200) and the GPU time per subproblem.
# Each count has a timeout, and the whole script stops starting counts when it would pass
# BUDGET seconds (default 530, so that it ends within 9 minutes). Exit status: 0 if every count
# that ran was right, 1 if one was wrong or failed; a machine without nvcc or without a GPU is
# told and skipped (exit 0: bench/run runs every script). DRY=1 runs the script's own logic with
# the counts on the CPU instead (no --gpu), to check the script on a machine without a GPU; its
# figures then say nothing about a GPU.
set -uo pipefail
root=${NQ_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
budget=${BUDGET:-530}
start=$(date +%s)
table="$root/tests/data/counts.txt"
work=${KEEP:-$root/build-gpu}
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
if [ ! -x "$nvcc" ]; then
  echo "gpu.sh: no nvcc (CUDA toolkit) on this machine: the device check is skipped"
  exit 0
fi
gpu=--gpu
if [ "${DRY:-0}" = 1 ]; then
  gpu="--threads $(nproc)"
  echo "gpu.sh: DRY=1: the counts run on the CPU; no figure here is a GPU's"
elif ! command -v nvidia-smi >/dev/null 2>&1 || ! nvidia-smi -L 2>/dev/null | grep -q '^GPU '; then
  echo "gpu.sh: no NVIDIA GPU on this machine: the device check is skipped"
  exit 0
fi
echo "load before: $(uptime)"
echo "machine: $(uname -m), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
if [ "${DRY:-0}" != 1 ]; then
  nvidia-smi -L
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader
fi
"$nvcc" --version | tail -1

elapsed() { echo $(($(date +%s) - start)); }

mkdir -p "$work"
echo "== build (-DNQ_CUDA=ON) in $work"
cmake -S "$root" -B "$work" -DCMAKE_BUILD_TYPE=Release -DNQ_BUILD_TESTS=OFF -DNQ_WEB=OFF \
  -DNQ_CUDA=ON -DNQ_CUDA_VERBOSE=ON -DCMAKE_CUDA_COMPILER="$nvcc" >"$work/gpu-cmake.log" 2>&1 ||
  { tail -20 "$work/gpu-cmake.log"; echo "gpu.sh: cmake failed"; exit 1; }
cmake --build "$work" --target nqueens -j "$(nproc)" >"$work/gpu-build.log" 2>&1 ||
  { tail -30 "$work/gpu-build.log"; echo "gpu.sh: the build failed"; exit 1; }
echo "ptxas (k_solve):"
grep -E "ptxas info +: (Used|Compiling entry)|spill" "$work/gpu-build.log" | sed 's/^/  /' | head -8
nq="$work/nqueens"
echo "build took $(elapsed) s"

fail=0
# want N: "total unique orbit8 orbit4 orbit2 orbit1" from the table.
want() { awk -v n="$1" '$1 == n { print $2, $3, $4, $5, $6, $7 }' "$table"; }
# run_count N TIMEOUT ARGS...: runs one count with --json; sets got (the six counts), secs,
# subs (subproblems on the GPUs) or reports a failure.
run_count() {
  local n=$1 limit=$2 out left
  shift 2
  left=$((budget - $(elapsed)))
  if [ "$left" -lt 5 ]; then
    echo "n=$n: not started (the script's budget of $budget s is spent)"
    return 2
  fi
  [ "$limit" -le "$left" ] || limit=$left
  out=$(timeout "$limit" "$nq" count "$n" --json --no-progress "$@" 2>&1)
  local rc=$?
  if [ $rc -ne 0 ]; then
    echo "n=$n: FAILED (exit $rc$([ $rc = 124 ] && echo ", timeout of $limit s")): $(echo "$out" | tail -2)"
    fail=1
    return 1
  fi
  got=$(echo "$out" | python3 -c 'import json,sys; o=json.load(sys.stdin); print(o["total"],o["unique"],o["orbit8"],o["orbit4"],o["orbit2"],o["orbit1"])')
  secs=$(echo "$out" | python3 -c 'import json,sys; print(json.load(sys.stdin)["seconds"])')
  subs=$(echo "$out" | python3 -c 'import json,sys; o=json.load(sys.stdin); print(sum(d["subproblems"] for d in o.get("devices",[])))')
  devs=$(echo "$out" | python3 -c 'import json,sys; o=json.load(sys.stdin); print(", ".join("%d %s" % (d["id"], d["name"]) for d in o.get("devices",[])))')
  return 0
}

echo "== n = 8..19 on the GPU against OEIS (tests/data/counts.txt)"
for n in $(seq 8 19); do
  if run_count "$n" 60 $gpu; then
    if [ "$got" = "$(want "$n")" ]; then
      printf 'n=%-3s ok    %-40s %8.3f s  (%s subproblems; %s)\n' "$n" "$got" "$secs" "$subs" "$devs"
    else
      echo "n=$n: WRONG: got '$got', want '$(want "$n")'"
      fail=1
    fi
  fi
done

echo "== baseline in this run: n = 18 on the CPU (all $(nproc) cores) and on the GPU"
cpu18="" gpu18=""
if run_count 18 120; then
  [ "$got" = "$(want 18)" ] || { echo "n=18 CPU: WRONG: $got"; fail=1; }
  cpu18=$secs
fi
if run_count 18 60 $gpu; then
  [ "$got" = "$(want 18)" ] || { echo "n=18 GPU: WRONG: $got"; fail=1; }
  gpu18=$secs
fi
if [ -n "$cpu18" ] && [ -n "$gpu18" ]; then
  python3 -c "print('n=18: CPU %.3f s, GPU %.3f s: the GPU %.1fx the CPU' % ($cpu18, $gpu18, $cpu18 / $gpu18))"
fi

echo "== n = 20, 21, 22 on the GPU, timed (goals on one H200: 3 s, 20 s, 160 s)"
declare -A goal=([20]=3 [21]=20 [22]=160) limit=([20]=60 [21]=150 [22]=300)
for n in 20 21 22; do
  if run_count "$n" "${limit[$n]}" $gpu; then
    verdict=WRONG
    [ "$got" = "$(want "$n")" ] && verdict=ok
    [ $verdict = ok ] || fail=1
    python3 -c "
s, g, k = $secs, ${goal[$n]}, $subs
print('n=%d %s total %s: %.2f s (goal %d s: %s), %d subproblems, %.2f us of GPU time per subproblem'
      % ($n, '$verdict', '${got%% *}', s, g, 'met' if s < g else 'NOT met', k, 1e6 * s / max(k, 1)))"
  fi
done
echo "load after: $(uptime)"
echo "gpu.sh took $(elapsed) s; $([ $fail = 0 ] && echo "every count that ran was right" || echo "SOME COUNT FAILED")"
exit $fail
