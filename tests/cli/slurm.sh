#!/usr/bin/env bash
# tests/cli/slurm.sh (label slurm): the Slurm examples against a real Slurm. A one-machine
# cluster (munged, slurmctld and slurmd, configured in a temporary directory with a munge key
# made for the test, proctrack/linuxproc and task/none, as a VM without systemd allows) runs in a
# network namespace of its own (unshare -n), so that it listens on the loopback only and cannot
# meet another Slurm. Then:
# - examples/slurm/count.sbatch counts n = 15 over 3 MPI ranks (srun --mpi=pmix); rank 0 is
#   killed right after its 300th record (tests/hook/nq_hook.c, first run only: a lost node), the
#   failed job requeued (scontrol requeue), and the requeued run resumes from the journal: its
#   total, fundamental and orbit counts are the table's, and it computed only what the first run
#   had not ("resumed":300, "computed":2010, the journal whole, no subproblem twice);
# - the time limit's path: the same job, stopped at its 300th record, gets the SIGTERM that
#   --signal sends before the limit (scancel --signal=TERM), then resumes: rank 0 stops cleanly,
#   says how far it got, the script requeues itself, and the next run finishes exactly;
# - examples/slurm/array.sbatch counts n = 12 as a job array of 3 parts, merged to the table.
# Everything is stopped at the end. Needs root (slurmd starts jobs as their users) and the
# Debian packages slurm-wlm and munge (scripts/packages.txt).
set -uo pipefail
: "${NQ:?path to the nqueens binary}" "${NQ_BUILD:?build dir}" "${NQ_TEST_DATA:?tests/data}"
: "${NQ_HOOK:?tests/hook library}"
. "$NQ_SRC/tests/support/skip.bash"
. "$NQ_SRC/tests/support/proc.bash"
. "$NQ_SRC/tests/support/journal.bash"
if ! need_tools slurmctld slurmd munged munge sbatch srun scontrol squeue scancel unshare ip; then
    skip_exit 0
fi
if [ "$(id -u)" != 0 ]; then
    # Not a missing tool: a real skip, under NQ_TEST_REQUIRE_ALL=1 too, saying why.
    echo "SKIP: the Slurm test must run as root (slurmd starts every job as its user); run it as root"
    exit 77
fi
MPI_NQ=$NQ_BUILD/nqueens-mpi
if [ ! -x "$MPI_NQ" ]; then
    echo "FAIL: $MPI_NQ was not built (is libopenmpi-dev installed?)"
    exit 1
fi
# Into a network namespace with the loopback only (once).
if [ -z "${NQ_SLURM_NETNS:-}" ]; then
    if ! unshare -n true 2>/dev/null; then
        echo "SKIP: cannot make a network namespace (unshare -n: $(unshare -n true 2>&1)); the test" \
            "keeps its Slurm off the host's network, so it does not run here"
        exit 77
    fi
    NQ_SLURM_NETNS=1 exec unshare -n bash "$0" "$@"
fi
ip link set lo up
# glibc's AI_ADDRCONFIG, with which Slurm looks up the address to listen on, ignores loopback
# addresses: give lo one more (it still reaches nothing outside the namespace).
ip addr add 10.254.0.1/32 dev lo
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
tmp=$(mktemp -d /tmp/nq-slurm.XXXXXX)
chmod 755 "$tmp"
export SLURM_CONF=$tmp/slurm.conf
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }

# The daemons: stopped at the end whatever happens (scontrol shutdown, then their pids).
stop_all() {
    timeout 10 scontrol shutdown >/dev/null 2>&1
    local f pid
    for f in slurmctld.pid slurmd.pid munged.pid; do
        pid=$(cat "$tmp/$f" 2>/dev/null) || continue
        for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; [ "$f" = munged.pid ] && kill "$pid"; sleep 0.1; done
        kill -KILL "$pid" 2>/dev/null
    done
    rm -rf "$tmp"
}
trap stop_all EXIT

mkdir -p "$tmp/state" "$tmp/spool" "$tmp/log" "$tmp/work"
dd if=/dev/urandom of="$tmp/munge.key" bs=1024 count=1 2>/dev/null
chmod 400 "$tmp/munge.key"
munged --force --key-file="$tmp/munge.key" --socket="$tmp/munge.sock" --pid-file="$tmp/munged.pid" \
    --log-file="$tmp/log/munged.log" --seed-file="$tmp/munged.seed" ||
    { echo "FAIL: munged did not start: $(tail -3 "$tmp/log/munged.log")"; exit 1; }
cat >"$SLURM_CONF" <<EOF
ClusterName=nqtest
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=16817
SlurmdPort=16818
AuthType=auth/munge
AuthInfo=socket=$tmp/munge.sock,cred_expire=10
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/builtin
SchedulerParameters=sched_interval=1
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
ReturnToService=2
KillWait=2
MinJobAge=600
InactiveLimit=0
SlurmdParameters=config_overrides
NodeName=nq1 NodeAddr=127.0.0.1 NodeHostname=$(hostname) CPUs=4 State=UNKNOWN
PartitionName=nqtest Nodes=nq1 Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES
EOF
slurmctld -i || { echo "FAIL: slurmctld did not start: $(tail -3 "$tmp/log/slurmctld.log")"; exit 1; }
slurmd -N nq1 || { echo "FAIL: slurmd did not start: $(tail -3 "$tmp/log/slurmd.log")"; exit 1; }
for _ in $(seq 1 100); do
    [ "$(timeout 10 sinfo -h -N -o %T 2>/dev/null)" = idle ] && break
    sleep 0.2
done
[ "$(timeout 10 sinfo -h -N -o %T 2>/dev/null)" = idle ] ||
    { echo "FAIL: the node did not come up: $(tail -n 3 "$tmp/log/slurmctld.log" "$tmp/log/slurmd.log")"; exit 1; }
ok "one-machine Slurm up (loopback only: $(ip -brief link | awk '{ print $1 }' | paste -sd' '))"

# state JOB: the job's state (PENDING, RUNNING, COMPLETED ...).
state() { timeout 10 scontrol show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p'; }
# finished JOB: waits (up to 120 s) for the job to end; 0 if it COMPLETED. A requeued job is held
# for cred_expire (AuthInfo above: 10 s instead of the default 120; it is also how long a step's
# credential is good for, and Slurm takes nothing under 5) while the credential of its last run
# stays revoked, and the scheduler's pass (sched_interval=1 above, not 60) then starts it. The
# test used to force the start at once (scontrol update StartTime=now), inside that time: the
# likeliest cause of the CI run in which the requeued job ended FAILED without running again.
# A job that requeues itself is seen FAILED for a moment: an end counts once it lasts 5 s.
finished() {
    local s ended=0
    for _ in $(seq 1 600); do
        s=$(state "$1")
        case "$s" in
        COMPLETED) return 0 ;;
        FAILED | CANCELLED | TIMEOUT | NODE_FAIL | OUT_OF_MEMORY)
            ended=$((ended + 1))
            [ "$ended" -ge 25 ] && return 1
            ;;
        *) ended=0 ;;
        esac
        sleep 0.2
    done
    return 1
}
# logs JOB: what slurmctld and slurmd logged about the job (for a failure's message).
logs() {
    echo "slurmctld and slurmd on job $1:"
    grep -h -i -E "(JobId=|StepId=|job[ _]?(id)?[ =]?)$1([^0-9]|$)|error" "$tmp/log/slurmctld.log" "$tmp/log/slurmd.log" | tail -n 40
}
# stopped_rank0 J: waits (up to 60 s) until rank 0, stopped by the hook, has written 300 records
# to journal J; prints its pid.
stopped_rank0() {
    local pid
    for _ in $(seq 1 300); do
        for pid in $(pgrep -f -- "count 15 .*--checkpoint $1 "); do
            if stopped "$pid" && [ "$(readlink "/proc/$pid/exe")" = "$(readlink -f "$MPI_NQ")" ]; then
                echo "$pid"
                return 0
            fi
        done
        sleep 0.2
    done
    return 1
}
# term_pending PID: 0 if SIGTERM waits to be delivered to process PID (stopped).
term_pending() {
    local m
    for m in $(awk '/^(SigPnd|ShdPnd):/ { print $2 }' "/proc/$1/status" 2>/dev/null); do
        [ $((0x$m & 0x4000)) -ne 0 ] && return 0
    done
    return 1
}
# The program every rank runs: nqueens-mpi, with the hook in the first run only (at its 300th
# record rank 0 stops, or with HOOK_DO=KILL is killed; the requeued run, SLURM_RESTART_COUNT >= 1,
# runs plain).
cat >"$tmp/nqueens-mpi" <<EOF
#!/bin/sh
if [ "\${SLURM_RESTART_COUNT:-0}" = 0 ]; then
    export LD_PRELOAD='$NQ_HOOK' ASAN_OPTIONS='${ASAN_OPTIONS}:verify_asan_link_order=0'
    export NQ_HOOK_FILE="\$JOURNAL" NQ_HOOK_AT=300 NQ_HOOK_DO="\${HOOK_DO:-STOP}"
fi
exec '$MPI_NQ' "\$@"
EOF
chmod +x "$tmp/nqueens-mpi"

# check_result WHAT OUT J: the last line of OUT is the table's counts of n = 15, resumed from what
# the first run left in J (as the resume message says) and computing the rest; J is whole.
check_result() {
    local what=$1 out=$2 j=$3 json resumed
    json=$(tail -1 "$out")
    resumed=$(sed -n "s/.*resuming from checkpoint '.*': \([0-9]*\) of 2310 subproblems already done/\1/p" "$out")
    read -r total unique o8 o4 o2 o1 < <(awk '$1 == 15 { print $2, $3, $4, $5, $6, $7 }' "$NQ_TEST_DATA/counts.txt")
    local want="\"n\":15,\"total\":$total,\"unique\":$unique,\"orbit8\":$o8,\"orbit4\":$o4,\"orbit2\":$o2,\"orbit1\":$o1,"
    case "$json" in
    "{$want"*) ok "$what: the table's total, fundamental and orbit counts of n = 15" ;;
    *) fail "$what: the result is '$json', not {$want...}"; cat "$out" ;;
    esac
    if [ -n "$resumed" ] && [ "$resumed" -ge 300 ] && [ "$(json_field resumed <<<"$json")" = "$resumed" ] &&
        [ "$(json_field computed <<<"$json")" = $((2310 - resumed)) ] && [ "$(records "$j")" = 2310 ]; then
        ok "$what: the requeued run resumed $resumed subproblems and computed only the other $((2310 - resumed))"
    else
        fail "$what: resumed '$resumed', the result '$json', the journal $(records "$j") records"
        cat "$out"
    fi
    "$NQ" count --checkpoint "$j" --status | grep -q '(complete)' || fail "$what: journal not complete"
}

# 1. A lost node: rank 0 killed (SIGKILL) right after its 300th record; the job fails, and is
# requeued (scontrol requeue, as Slurm's --requeue does after a node failure); the new run
# resumes from exactly those 300.
j=$tmp/work/q15.nqj
job=$(JOURNAL=$j N=15 NQUEENS_MPI=$tmp/nqueens-mpi HOOK_DO=KILL sbatch --parsable --ntasks=3 \
    --output="$tmp/count.out" "$NQ_SRC/examples/slurm/count.sbatch")
for _ in $(seq 1 600); do
    case "$(state "$job")" in FAILED | COMPLETED | CANCELLED) break ;; esac
    sleep 0.2
done
if [ "$(state "$job")" = FAILED ] && [ "$(records "$j")" = 300 ]; then
    ok "job $job: rank 0 killed mid-count, the job failed with 300 of 2310 records saved"
    # Refused while the job is still completing (its processes being reaped): try again.
    for _ in $(seq 1 100); do
        timeout 10 scontrol requeue "$job" 2>"$tmp/requeue.err" && break
        sleep 0.2
    done
    [ -s "$tmp/requeue.err" ] && echo "note: scontrol requeue said: $(cat "$tmp/requeue.err")"
    finished "$job" || fail "requeued job $job did not complete: $(state "$job"); $(cat "$tmp/count.out"); $(logs "$job")"
    grep -q "run 1 of job $job" "$tmp/count.out" || fail "job $job did not run again"
    check_result "killed rank, requeue" "$tmp/count.out" "$j"
    grep -q '"resumed":300,"computed":2010' "$tmp/count.out" ||
        fail "the requeued run did not resume exactly the 300 records: $(tail -1 "$tmp/count.out")"
else
    fail "job $job: $(state "$job") with $(records "$j") records, not FAILED with 300: $(cat "$tmp/count.out" 2>&1); $(logs "$job")"
fi

# 2. The time limit: the SIGTERM of --signal (sent here by scancel --signal=TERM) reaches the
# stopped rank 0, which then continues: it stops cleanly, the script requeues the job.
j=$tmp/work/t15.nqj
job=$(JOURNAL=$j N=15 NQUEENS_MPI=$tmp/nqueens-mpi sbatch --parsable --ntasks=3 \
    --output="$tmp/term.out" "$NQ_SRC/examples/slurm/count.sbatch")
if pid=$(stopped_rank0 "$j"); then
    scancel --signal=TERM "$job"
    for _ in $(seq 1 200); do term_pending "$pid" && break; sleep 0.05; done
    term_pending "$pid" || fail "scancel --signal=TERM did not reach rank 0"
    kill -CONT "$pid"
    finished "$job" || fail "job $job after SIGTERM did not complete: $(timeout 10 scontrol show job "$job"); $(cat "$tmp/term.out"); $(logs "$job")"
    grep -Eq "interrupted by SIGTERM: [0-9]+ of 2310 subproblems done and saved in '$j'" "$tmp/term.out" ||
        fail "rank 0 did not stop cleanly on SIGTERM: $(cat "$tmp/term.out")"
    grep -q "requeueing job $job" "$tmp/term.out" || fail "the script did not requeue job $job"
    check_result "time limit" "$tmp/term.out" "$j"
else
    fail "job $job: rank 0 never stopped at its 300th record: $(cat "$tmp/term.out" 2>&1)"
fi

# 3. A job array of 3 parts of n = 12, merged.
job=$(N=12 DIR=$tmp/work/q12 NQUEENS=$NQ sbatch --parsable --array=1-3 --cpus-per-task=1 \
    --output="$tmp/array-%a.out" "$NQ_SRC/examples/slurm/array.sbatch")
for a in 1 2 3; do finished "${job}_$a" || fail "array task $a: $(state "${job}_$a"); $(cat "$tmp/array-$a.out"); $(logs "$job")"; done
merged=$("$NQ" merge "$tmp"/work/q12/part*.export 2>&1)
[ "$merged" = "$(total_of 12)" ] && ok "job array of 3 parts merged: $merged" ||
    fail "job array merged to '$merged', not $(total_of 12)"
"$NQ" verify "$tmp/work/q12/part2.export" --all | grep -q '^verdict: right$' || fail "verify of part 2"

echo "$fails failed"
[ "$fails" -eq 0 ]
