#!/usr/bin/env bash
# simulate.sh PLATFORM NP [--placement block|round-robin] [--cfg=NAME:VALUE ...] [BINARY] [mpigauge options] INPUT
# runs mpigauge on NP simulated ranks of PLATFORM (any SimGrid platform:
# platforms/*.xml, your own, or one scripts/platform.sh made from a run)
# with SimGrid's smpirun; `make smpi` builds what it needs
# (docs/simulated.md).
#
# The hosts and their cores are SimGrid's own (platforms/hosts loads the
# platform), in platform order.  Placement: block fills each host's cores
# before the next; round-robin deals ranks over the hosts in turn.  A
# platform made from a run (scripts/platform.sh) carries where the run put
# each rank (mpigauge-run/ranks): without --placement the ranks go there
# (for another rank count, by the run's kind, block or round-robin), and a
# --placement that places them otherwise is warned of; other platforms
# default to block.  A platform SimGrid cannot load, or NP beyond its cores: one line
# naming the file, exit 2.  The settings, the same for every platform
# (docs/simulated.md says why each; they win over a platform's <config>):
#   smpi/privatization:dlopen       each rank its own copy of the globals
#   smpi/simulate-computation:no    computation takes no simulated time:
#                                   runs are bit-for-bit repeatable
#   smpi/async-small-thresh:65536   eager sends up to 64 KiB, as real MPIs
#   smpi/send-is-detached-thresh:65536
#   smpi/coll-selector:ompi         Open MPI's collectives (the default
#                                   "naive" ones made start-up take minutes
#                                   at 144 ranks; mpich's aborted there)
#   smpi/reduce_scatter:mpich       ompi's returns wrong data
#   smpi/lat-factor:0:1, smpi/bw-factor:0:1
#                                   the platform file's latencies and
#                                   bandwidths as they are written
# and platforms/costs.so, the plug-in that gives each message its
# per-host-pair processor cost from the platform's mpigauge/ properties,
# or leaves SimGrid's own smpi/os, smpi/ois, smpi/or in force.
#
# BINARY (optional, before the options) is how scripts/sweep.sh -l
# 'scripts/simulate.sh PLATFORM %P' passes its binary: a build for a real
# MPI is replaced by the SMPI build beside it (mpigauge-smpi), with a note.
# --cfg=NAME:VALUE (repeatable, after the placement) adds a SimGrid setting
# after these, e.g. --cfg=smpi/barrier:ompi_tree for MPI_Barrier's
# algorithm (scripts/thesis_sweep.sh).  Above 1024 ranks without an
# smpi/bcast setting it says on stderr that --cfg=smpi/bcast:binomial_tree
# shortens the start: SimGrid 3.32 gives a small broadcast on a large
# communicator to an algorithm whose first use on each communicator runs
# a ring allgather over it, P^2 messages (docs/simulated.md, "The start").
# It does not set it: MPI_Bcast records would then measure another
# algorithm than Open MPI's.
# Bad arguments: a message, exit 2, nothing written.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
usage="usage: simulate.sh PLATFORM NP [--placement block|round-robin] [--cfg=NAME:VALUE ...] [BINARY] [mpigauge options] INPUT"
die() {
    echo "simulate.sh: $*" >&2
    echo "$usage" >&2
    exit 2
}

[ $# -ge 3 ] || die "needs a platform, a rank count and an input file"
platform=$1
np=$2
shift 2
[ -f "$platform" ] || die "no platform file $platform (a SimGrid platform, as platforms/*.xml)"
[[ $np =~ ^[1-9][0-9]*$ ]] || die "NP must be a positive whole number of ranks, not '$np'"

placement=""               # given: block or round-robin; else the run's, or block
if [ "${1:-}" = --placement ]; then
    [ $# -ge 2 ] || die "--placement needs block or round-robin"
    placement=$2
    shift 2
elif [[ ${1:-} == --placement=* ]]; then
    placement=${1#--placement=}
    shift
fi
case $placement in "" | block | round-robin) ;; *) die "--placement is block or round-robin, not '$placement'" ;; esac
extra=()
while [[ ${1:-} == --cfg=* ]]; do
    [[ $1 =~ ^--cfg=[a-z][a-z0-9_/-]*:[^[:space:]]+$ ]] || die "--cfg takes NAME:VALUE, like --cfg=smpi/barrier:ompi_tree, not '$1'"
    extra+=("$1")
    shift
done
[ $# -ge 1 ] || die "needs an input file"

bin=$root/mpigauge-smpi
# a binary first (as sweep.sh and mpirun-style launchers pass it)
if [ $# -ge 2 ] && [ "${1#-}" = "$1" ] && [ -f "$1" ] && [ -x "$1" ]; then
    given=$1
    shift
    if nm -D "$given" 2> /dev/null | grep -q ' U smpi_'; then
        bin=$given
    elif [ -x "$(dirname "$given")/mpigauge-smpi" ]; then
        bin=$(dirname "$given")/mpigauge-smpi
        echo "simulate.sh: $given is built for a real MPI; running $bin" >&2
    else
        die "$given is built for a real MPI, and no mpigauge-smpi is beside it (make smpi)"
    fi
fi
[ -x "$bin" ] || die "no $bin: run make smpi first"
[ -f "$root/platforms/costs.so" ] && [ -x "$root/platforms/hosts" ] ||
    die "no platforms/costs.so or platforms/hosts: run make smpi first"
command -v smpirun > /dev/null || die "smpirun not found (apt-get install simgrid libsimgrid-dev)"
input=${!#}
[ -f "$input" ] || die "no input file '$input' (the last argument)"
if [ "$np" -gt 1024 ] && [[ " ${extra[*]-} " != *" --cfg=smpi/bcast:"* ]]; then
    echo "simulate.sh: note: at $np ranks SimGrid's start can take most of an hour;" \
        "--cfg=smpi/bcast:binomial_tree (after the placement) shortens it, and makes" \
        "MPI_Bcast records measure a binomial tree (docs/simulated.md, \"The start\")" >&2
fi

# the hosts and their cores as SimGrid loads the platform (platforms/hosts:
# every zone and cluster topology, in platform order); a platform it cannot
# load is one line naming the file, exit 2 (SimGrid aborts on some errors:
# the reason is its CRITICAL line, without the backtrace)
tmp=$(mktemp -d /tmp/mpigauge-sim.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() {
    echo "simulate.sh: $*" >&2
    exit 2
}
if ! ("$root/platforms/hosts" "$platform") > "$tmp/hosts" 2> "$tmp/err"; then
    why=$(grep -m1 'CRITICAL\]' "$tmp/err" | sed 's/^.*CRITICAL\] *//')
    [ -n "$why" ] || why=$(grep -m1 . "$tmp/err")
    case $why in "$platform: "*) fail "$why" ;; esac
    fail "$platform: SimGrid cannot load it: ${why:-platforms/hosts failed}"
fi
names=()
cores=()
measured=()                # a made platform's: rank r's host as the run placed it
while read -r name n rest; do
    if [ "$name $n" = "# ranks:" ]; then
        read -r h ranks <<< "$rest"
        for r in $ranks; do
            [ -z "${measured[r]:-}" ] || fail "$platform: rank $r is placed on both ${measured[r]} and $h (mpigauge-run/ranks)"
            measured[r]=$h
        done
        continue
    fi
    [ "$name" = "#" ] && continue
    names+=("$name")
    cores+=("$n")
done < "$tmp/hosts"
hosts=${#names[@]}
total=0
for n in "${cores[@]}"; do total=$((total + n)); done
[ "$np" -le "$total" ] ||
    fail "$platform: $hosts hosts with $total cores in all (as SimGrid loads it): at most $total ranks, not $np"
nmeasured=${#measured[@]}
for ((r = 0; r < nmeasured; r++)); do
    [ -n "${measured[r]:-}" ] || fail "$platform: the run's placement (mpigauge-run/ranks) leaves rank $r out"
done

# place KIND N: N ranks' hosts, one a line: block, each host's cores in
# turn; round-robin, one rank per host in turn, passing over hosts whose
# cores are taken; measured, as the run placed them
place() {
    local kind=$1 n=$2 r h pass c
    if [ "$kind" = measured ]; then
        printf '%s\n' "${measured[@]:0:n}"
        return
    fi
    for ((r = 0, h = 0, pass = 0; r < n; )); do
        if [ "$kind" = block ]; then
            for ((c = 0; c < cores[h] && r < n; c++, r++)); do echo "${names[h]}"; done
            h=$((h + 1))
        else
            if [ "${cores[h]}" -gt "$pass" ]; then
                echo "${names[h]}"
                r=$((r + 1))
            fi
            h=$((h + 1))
            [ "$h" -lt "$hosts" ] || { h=0; pass=$((pass + 1)); }
        fi
    done
}
# a platform made from a run (scripts/platform.sh) carries the run's
# placement: used unless --placement says otherwise, and said when it
# does (a 2-host run's platform placed block put both ranks on one host,
# and every barrier came out 1000x fast); as the run's for the run's rank
# count, else by the run's kind where it was block or round-robin
run_kind=""
if [ "$nmeasured" -gt 0 ]; then
    for k in round-robin block; do
        [ "$(place $k "$nmeasured")" = "$(place measured "$nmeasured")" ] && { run_kind=$k; break; }
    done
    run_said="rank 0 on ${measured[0]}$([ "$nmeasured" -gt 1 ] && echo ", rank 1 on ${measured[1]}")$([ "$nmeasured" -gt 2 ] && echo ", ...")${run_kind:+: $run_kind}"
fi
if [ "$nmeasured" -gt 0 ] && [ "$np" = "$nmeasured" ]; then
    wanted=measured
elif [ "$nmeasured" -gt 0 ] && [ -n "$run_kind" ]; then
    wanted=$run_kind
elif [ "$nmeasured" -gt 0 ] && [ -z "$placement" ]; then
    fail "$platform: the run placed its $nmeasured ranks neither block nor round-robin ($run_said), and $np ranks are not $nmeasured: give --placement"
else
    wanted=""
fi
if [ -z "$placement" ]; then
    place "${wanted:-block}" "$np" > "$tmp/hostfile"
    [ -z "$wanted" ] || echo "simulate.sh: $np ranks placed as the measured run placed its $nmeasured ($run_said; $platform's mpigauge-run/ranks)" >&2
else
    place "$placement" "$np" > "$tmp/hostfile"
    if [ -n "$wanted" ] && ! cmp -s "$tmp/hostfile" <(place "$wanted" "$np"); then
        echo "simulate.sh: warning: $platform was measured with its ranks placed otherwise ($run_said); --placement $placement places them as that run did not: the simulation is not that run" >&2
    fi
fi

export MPIGAUGE_SMPI_XML
MPIGAUGE_SMPI_XML=$(cd "$(dirname "$platform")" && pwd)/$(basename "$platform")
smpirun -np "$np" -platform "$root/platforms/costs.so" -hostfile "$tmp/hostfile" \
    --cfg=smpi/privatization:dlopen \
    --cfg=smpi/simulate-computation:no \
    --cfg=smpi/async-small-thresh:65536 \
    --cfg=smpi/send-is-detached-thresh:65536 \
    --cfg=smpi/coll-selector:ompi \
    --cfg=smpi/reduce_scatter:mpich \
    --cfg=smpi/lat-factor:0:1 \
    --cfg=smpi/bw-factor:0:1 \
    --log=root.thres:warning --log=smpi_colls.thres:error \
    ${extra[@]+"${extra[@]}"} \
    "$bin" "$@"
