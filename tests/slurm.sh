#!/usr/bin/env bash
# slurm.sh: mpigauge under a real Slurm of two nodes on this one machine
# (munged, slurmctld and two slurmd, each in its own UTS namespace where
# the machine allows one, so that every rank sees its node's name; the
# recipe of docs/clusters.md).  srun with the library's PMI runs to
# `complete` on 2 nodes with the job in run.json; a plain srun (no PMI)
# is refused, exit 2, nothing written; salloc + mpirun runs; the shipped
# sbatch script, at its time limit, keeps the records measured and reads
# `interrupted` from run.json.  Every daemon is started here and stopped
# by its pid, also when a check fails.  Skips, with the reason, where
# Slurm or munge is not installed or this is not root.
# Prints "N passed, N failed, N skipped".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=$(realpath -m tests/tmp/slurm)
scratch "$T"
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"
CHECKS=21
for tool in munged slurmctld slurmd srun salloc sbatch sinfo squeue; do
    if ! command -v $tool > /dev/null 2>&1 && [ ! -x /usr/sbin/$tool ]; then
        skip $CHECKS "no $tool (apt-get install slurm-wlm slurmctld slurmd slurm-client munge)"
        summary slurm
        exit $?
    fi
done
if [ "$(id -u)" != 0 ] || [ ! -r /etc/munge/munge.key ]; then
    skip $CHECKS "the daemons run as root here, with /etc/munge/munge.key"
    summary slurm
    exit $?
fi
# the MPI under test: its PMI for srun, its launcher for salloc
if $MPIRUN --version 2>&1 | grep -qE 'Open MPI|OpenRTE'; then pmi=pmix; else pmi=pmi2; fi

S=$T/conf
pids=()
stop_all() {   # every daemon by its pid: the nodes' slurmd first (their
    # pid files: under unshare the wrapper's pid is not slurmd's), then
    # slurmctld, the wrappers and munged
    local p f
    for f in "$S/slurmd-n1.pid" "$S/slurmd-n2.pid"; do
        [ -s "$f" ] && pids=("$(cat "$f")" "${pids[@]}")
    done
    for p in "${pids[@]}"; do
        kill "$p" 2> /dev/null
        for _ in $(seq 50); do kill -0 "$p" 2> /dev/null || break; sleep 0.1; done
        kill -9 "$p" 2> /dev/null
    done
    wait 2> /dev/null
    pids=()
}
trap stop_all EXIT

# ---- munge: its own socket and pid file, so that a system's munged is
# left alone
mkdir -p "$S/munge" "$S/spool/n1" "$S/spool/n2" "$S/state" "$S/log" "$S/tmp/n1" "$S/tmp/n2"
chown munge: "$S/munge" && chmod 755 "$S/munge"   # munged: execute for all on its socket folder
runuser -u munge -- /usr/sbin/munged --socket="$S/munge/socket" \
    --pid-file="$S/munge/munged.pid" --log-file="$S/munge/munged.log" \
    --seed-file="$S/munge/seed" --key-file=/etc/munge/munge.key 2> "$T/munged.err"
for _ in $(seq 50); do [ -s "$S/munge/munged.pid" ] && break; sleep 0.1; done
[ -s "$S/munge/munged.pid" ] && pids+=("$(cat "$S/munge/munged.pid")")

host=$(hostname)
cat > "$S/slurm.conf" <<CONF
ClusterName=gauge
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$S/munge/socket
CredType=cred/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
ReturnToService=2
SlurmctldPort=16817
SlurmctldPidFile=$S/slurmctld.pid
SlurmdPidFile=$S/slurmd-%n.pid
SlurmdSpoolDir=$S/spool/%n
StateSaveLocation=$S/state
SlurmctldLogFile=$S/log/slurmctld.log
SlurmdLogFile=$S/log/slurmd-%n.log
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
KillWait=30
TmpFS=$S/tmp/%n
InactiveLimit=0
MinJobAge=300
NodeName=n1 NodeHostname=$host NodeAddr=127.0.0.1 Port=17001 CPUs=2 RealMemory=1000 State=UNKNOWN
NodeName=n2 NodeHostname=$host NodeAddr=127.0.0.1 Port=17002 CPUs=2 RealMemory=1000 State=UNKNOWN
PartitionName=debug Nodes=n1,n2 Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES
CONF
export SLURM_CONF=$S/slurm.conf
/usr/sbin/slurmctld -D -f "$SLURM_CONF" > "$S/log/slurmctld.out" 2>&1 &
pids+=($!)
# each node in its own UTS namespace (its name as host name) where the
# machine allows it; otherwise both under the machine's name
uts=0
unshare --uts true 2> /dev/null && uts=1
for n in n1 n2; do
    if [ $uts = 1 ]; then
        unshare --uts --fork --kill-child sh -c "hostname $n; exec /usr/sbin/slurmd -D -f '$SLURM_CONF' -N $n" \
            > "$S/log/slurmd-$n.out" 2>&1 &
    else
        /usr/sbin/slurmd -D -f "$SLURM_CONF" -N $n > "$S/log/slurmd-$n.out" 2>&1 &
    fi
    pids+=($!)
done
up=0
for _ in $(seq 100); do
    [ "$(timeout 5 sinfo -h -o '%D %t' 2> /dev/null)" = "2 idle" ] && { up=1; break; }
    sleep 0.2
done
check "two idle nodes (munged, slurmctld, 2 slurmd)" [ $up = 1 ]
if [ $up = 0 ]; then
    tail -5 "$S/log/slurmctld.log" "$T/munged.err" >&2 2> /dev/null
    skip $((CHECKS - 1)) "the cluster did not come up"
    summary slurm
    exit $?
fi

printf 'SEND CHAR 1 64 MUL 8 WORLD NOP 0\nALLREDUCE DOUBLE 1 64 MUL 8 WORLD SUM 0\n' > "$T/two.in"
G=$(realpath ./mpigauge)

# ---- srun with the PMI: one job of 2 ranks on 2 nodes
srun --mpi=$pmi -N2 -n2 "$G" --quiet --iters 20 -o "$T/srun" "$T/two.in" > /dev/null 2> "$T/srun.err"
check "srun --mpi=$pmi -N2 -n2: exit 0" [ $? = 0 ]
j="$T/srun/run.json"
check "... complete, 2 ranks on 2 nodes" [ "$(jq -c '[.status, .ranks, .nodes]' "$j" 2> /dev/null)" = '["complete",2,2]' ]
if [ $uts = 1 ]; then
    check "... hosts n1 n2" [ "$(jq -c '.hosts' "$j")" = '["n1","n2"]' ]
else
    skip 1 "no UTS namespaces: both nodes carry the machine's name"
fi
check "... run.json names the Slurm job and its step" [ "$(jq -r '[.job.batch, (.job.id | test("^[0-9]+$")), .job.step, .job.cluster, .job.partition] | map(tostring) | join(" ")' "$j")" = "slurm true 0 gauge debug" ]
check "... and its nodes" [ "$(jq -c .job.nodes "$j")" = '["n1","n2"]' ]
check "... the data files are whole" [ "$(jq '[.records[] | select(.status == "done")] | length' "$j")" = 2 ]

# ---- srun without the PMI: every task a job of its own, refused
srun -N2 -n2 "$G" --quiet --iters 20 -o "$T/plain" "$T/two.in" > "$T/plain.out" 2> "$T/plain.err"
rc=$?
if [ $pmi = pmi2 ]; then
    check "srun -N2 -n2 without --mpi: exit 2 ($rc)" [ $rc = 2 ]
    check "... each task says the launch did not join, and names --mpi=pmi2" [ "$(grep -c 'SLURM_STEP_NUM_TASKS=2) but MPI_COMM_WORLD has 1 rank.*srun --mpi=pmi2' "$T/plain.err")" = 2 ]
else    # Open MPI 4.1 without PMIx does not start at all
    check "srun -N2 -n2 without --mpi: not exit 0 ($rc)" [ $rc != 0 ]
    skip 1 "Open MPI without PMIx stops in MPI_Init, before mpigauge can say why"
fi
check "... and no result folder" [ ! -e "$T/plain" ]

# ---- salloc, then the library's own launcher inside it
salloc -N2 -n2 --time=3 $MPIRUN -n 2 "$G" --quiet --iters 20 -o "$T/salloc" "$T/two.in" > /dev/null 2> "$T/salloc.err"
check "salloc -N2 -n2 mpirun: exit 0" [ $? = 0 ]
check "... complete on 2 nodes, the job in run.json" [ "$(jq -c '[.status, .nodes, .job.batch]' "$T/salloc/run.json" 2> /dev/null)" = '["complete",2,"slurm"]' ]

# ---- the shipped sbatch script at its time limit: --time=2 with
# --signal=TERM@60 (its own line) signals the step about a minute in;
# the input takes far longer (some 6 min here: 342-347 of SEND's 1024
# sizes were done when the signal came), in sizes of well under a
# second each, so that the ranks agree to stop after the size they are in,
# as designed.  (With sizes of 4 MiB x 3000 iterations, each longer than
# the 5 s grace period, every rank stopped on its own instead, and a rank
# still inside a shared-memory copy from one already gone was aborted by
# UCX: srun's status 134, not 143, in 1 of 3 runs and one CI run.)  The script survives
# to read run.json.
printf '%s CHAR 64 65536 ADD 64 WORLD NOP 0 iters=50000\n' SEND BW > "$T/long.in"
id=$(MPIGAUGE="$G" MPIGAUGE_PMI=$pmi sbatch --parsable --time=2 -o "$T/sbatch.out" \
     scripts/mpigauge.sbatch "$T/long.in" "$T/sbatch" 2> "$T/sbatch.err")
check "sbatch scripts/mpigauge.sbatch: a job id ($id)" [ -n "$id" ]
for _ in $(seq 240); do
    [ -z "$(squeue -h -j "$id" 2> /dev/null)" ] && break
    sleep 1
done
check "... the job ended within 4 minutes" [ -z "$(squeue -h -j "$id" 2> /dev/null)" ]
check "... run.json says interrupted" [ "$(jq -r .status "$T/sbatch/run.json" 2> /dev/null)" = interrupted ]
check "... the record it was in keeps its finished sizes" [ "$(cat "$T"/sbatch/01-*.dat 2> /dev/null | grep -vc '^#')" -gt 0 ]
went_on=$(grep -c '^mpigauge exit status 143$\|^run.json status: interrupted$' "$T/sbatch.out")
check "... the script went on: mpigauge's status 143 and run.json's" [ "$went_on" = 2 ]
if [ "$went_on" != 2 ]; then   # why: the script's output and what slurmctld did to the job
    sed 's/^/  log: sbatch.out: /' "$T/sbatch.out" | head -20 >&2
    grep -E "JobId=$id|job_?id[= ]$id\b" "$S/log/slurmctld.log" 2> /dev/null | tail -15 | sed 's/^/  log: slurmctld: /' >&2
fi
check "... its job in run.json is the batch job" [ "$(jq -r .job.id "$T/sbatch/run.json" 2> /dev/null)" = "$id" ]

# ---- the ReFrame test in the box through this Slurm: the squeue backend
# (no accounting here, so no sacct, no exit code: sanity reads run.json),
# srun with the library's PMI, one rank a node
if command -v reframe > /dev/null 2>&1; then
    cat > "$T/rf.py" <<PY
site_configuration = {
    'systems': [{'name': 'eco', 'descr': 'tests/slurm.sh', 'hostnames': ['.*'],
                 'partitions': [{'name': 'debug', 'scheduler': 'squeue', 'launcher': 'srun',
                                 'access': ['-p debug'], 'environs': ['mpi'], 'max_jobs': 1,
                                 'env_vars': [['SLURM_MPI_TYPE', '$pmi']]}]}],
    'environments': [{'name': 'mpi'}],
}
PY
    reframe -C "$T/rf.py" -c packaging/reframe/mpigauge_check.py -S executable="$G" \
        -S num_tasks_per_node=1 --prefix "$T/rf" --keep-stage-files --report-file "$T/rf.json" -r > "$T/rf.out" 2>&1
    check "ReFrame's mpigauge_check through Slurm (srun --mpi=$pmi): passed" [ $? = 0 ]
    rj=$(ls "$T"/rf/stage/*/*/*/mpigauge_check/mpigauge-out/run.json 2> /dev/null | head -1)
    check "... its run: complete on 2 nodes, the Slurm job in run.json" [ "$(jq -c '[.status, .nodes, .job.batch]' "$rj" 2> /dev/null)" = '["complete",2,"slurm"]' ]
    grep -q 'PASSED' "$T/rf.out" || tail -20 "$T/rf.out" | sed 's/^/  log: reframe: /' >&2
else
    skip 2 "no reframe on the PATH (not in Debian's registry: docs/developing.md, ReFrame)"
fi

stop_all
left=""
for f in "$S/slurmctld.pid" "$S/slurmd-n1.pid" "$S/slurmd-n2.pid" "$S/munge/munged.pid"; do
    [ -s "$f" ] && kill -0 "$(cat "$f")" 2> /dev/null && left="$left $(basename "$f")"
done
check "every daemon stopped${left:+: left$left}" [ -z "$left" ]
summary slurm
