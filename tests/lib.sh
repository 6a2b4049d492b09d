# lib.sh: what the integration test scripts share; source it after cd to
# the project's top.  check DESCRIPTION COMMAND... counts one assertion.
MPIRUN=${MPIRUN:-mpirun}
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
check() {
    local what=$1
    shift
    if "$@"; then ok; else bad "$what"; fi
}
# a fresh scratch folder for one script
scratch() {
    rm -rf "$1"
    mkdir -p "$1"
}
# cluster_launcher SECONDS: sets CLUSTER to the words that start 4 ranks on
# two simulated hosts of two (../shared/cluster, needs root), hosts apart
# over TCP under Open MPI and MPICH alike (SEPARATE_HOSTS=1), killed after
# SECONDS so that a hang fails fast; returns 1 when there is no cluster
cluster_launcher() {
    local L
    L=$(realpath ../shared/cluster/fake-ssh 2>/dev/null) || return 1
    { [ -x "$L" ] && unshare --uts --mount true 2>/dev/null; } || return 1
    if $MPIRUN --version 2>&1 | grep -qE 'Open MPI|OpenRTE'; then
        CLUSTER=(timeout -k 5 "$1" $MPIRUN --mca plm_rsh_agent "$L"
                 --host nodeA:2,nodeB:2 -n 4 --mca pml ob1 --mca btl self,vader,tcp)
    else
        CLUSTER=(env SEPARATE_HOSTS=1 timeout -k 5 "$1" $MPIRUN -launcher ssh
                 -launcher-exec "$L" -hosts nodeA:2,nodeB:2 -n 4)
    fi
}
