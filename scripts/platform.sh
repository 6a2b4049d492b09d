#!/usr/bin/env bash
# platform.sh RESULT_DIR [--hosts N] [-o FILE]: a SimGrid platform of the
# machine a real run measured, for scripts/simulate.sh (docs/simulated.md,
# Making a platform from a run).
#
# RESULT_DIR is a result folder whose run measured the pairwise parameters
# on WORLD (any BARRIER pattern record on WORLD does: params-world-*.dat).
# From run.json: the hosts, each rank's host and the cores a host has
# (each host carries the ranks the run put on it, mpigauge-run/ranks,
# which scripts/simulate.sh places them by);
# from the parameter files, per ordered host pair (the mean over its rank
# pairs):
#   send cost    mpigauge/send:HOST  = O_ij         (params-world-Oij.dat)
#   receive cost mpigauge/recv:HOST  = R_ij         (params-world-Rij.dat)
#                mpigauge/lone:HOST  = R1_ij, at most L_ij - O_ij: a receive
#                taken up on its own, R_ij then only for one taken up
#                together with another      (params-world-R1ij.dat)
#   link latency = L_ij - O_ij - R1_ij (R_ij without R1_ij), at least 0
#                                             (params-world-Lij-small.dat,
#                                                     else Lij.dat)
#   bandwidth    = 1 / B_ij                         (params-world-Bij.dat)
#   crossing     mpigauge/cross:HOST = X_ij - the one-way time above, at
#                least 0, between hosts             (params-world-Xij.dat)
# and, per host, the same by class (mean over its pairs on the host and
# between hosts) as mpigauge/send-intra ... (platforms/costs.hpp).  Pairs
# on one host exist only where a host ran two ranks; where none did, the
# on-host costs are 0 and SimGrid's loopback carries them (said in the
# file).  Each number's origin is an XML comment beside it.
# --hosts N: instead of the hosts as measured, one <cluster> of N hosts like
# them, with the class means (a few real nodes simulated at hundreds).
# Writes FILE through a temporary file renamed into place (or stdout).
# Bad input: one line naming the file (and line and field), exit 2,
# nothing written.
set -eu
usage="usage: platform.sh RESULT_DIR [--hosts N] [-o FILE]"
die() {
    echo "platform.sh: $*" >&2
    exit 2
}
command -v jq > /dev/null || die "needs jq"
dir="" out="" nhosts=""
while [ $# -gt 0 ]; do
    case $1 in
    -o) [ $# -ge 2 ] || die "-o needs a file name; $usage"
        out=$2; shift 2 ;;
    --hosts) [ $# -ge 2 ] || die "--hosts needs a number of hosts; $usage"
        nhosts=$2; shift 2 ;;
    -h | --help) echo "$usage"; exit 0 ;;
    -*) die "unknown option '$1'; $usage" ;;
    *) [ -z "$dir" ] || die "one result folder, not '$dir' and '$1'; $usage"
        dir=$1; shift ;;
    esac
done
[ -n "$dir" ] || die "needs a result folder; $usage"
[ -d "$dir" ] || die "$dir: no such result folder"
[ -z "$nhosts" ] || [[ $nhosts =~ ^[1-9][0-9]{0,5}$ ]] || die "--hosts takes a number of hosts from 1, not '$nhosts'"
if [ -n "$out" ]; then
    [ -d "$(dirname "$out")" ] || die "$out: no folder $(dirname "$out") to write it in"
fi
run=$dir/run.json
[ -f "$run" ] || die "$run: missing (RESULT_DIR is a folder mpigauge wrote)"
jq -e . "$run" > /dev/null 2>&1 || die "$run: not valid JSON ($(jq . "$run" 2>&1 > /dev/null | head -1))"
# every check below reads members: a run.json that is an array, a string
# or a number is said as such, in one line
kind=$(jq -r 'type' "$run")
[ "$kind" = object ] || die "$run: not mpigauge's run.json (JSON of another shape: $kind, not an object)"
meta=$(jq -r '
    def bad(w): error(w);
    (.hosts // []) as $h |
    if (.ranks | type) != "number" then bad("no \"ranks\"") else . end |
    if (.hosts | type) != "array" or (.hosts | length) == 0 then bad("no \"hosts\" list") else . end |
    if (.places | type) != "array" or (.places | length) != .ranks then bad("\"places\" does not give each of the \(.ranks) ranks its host") else . end |
    if ([.places[].node | select(type != "number")] | length) > 0 then bad("a place without a \"node\"") else . end |
    if ([.places[].node | select(. < 0 or . >= ($h | length))] | length) > 0 then bad("a place'"'"'s node is not an index into \"hosts\"") else . end |
    "\(.ranks) \(.cores_per_node // 1) \(.date // "?") \(.mpi_library // "?" | gsub(" "; "_"))"' "$run" 2>&1) ||
    die "$run: ${meta#jq: error (at *): }"
read -r ranks cores date library <<< "$meta"
library=${library//_/ }
hosts=$(jq -r '.hosts[]' "$run")
node_of=$(jq -r '[.places | sort_by(.rank)[] | .node] | join(" ")' "$run")
[[ $cores =~ ^[1-9][0-9]*$ ]] || cores=1

p=$dir/params-world
[ -f "$p-Oij.dat" ] ||
    die "$p-Oij.dat: missing: the run measured no pairwise parameters on WORLD (run a BARRIER pattern record on WORLD, e.g. inputs/barrier-model.in)"
lat=$p-Lij-small.dat
[ -f "$lat" ] || lat=$p-Lij.dat
for f in "$p-Rij.dat" "$lat" "$p-Bij.dat"; do
    [ -f "$f" ] || die "$f: missing (the run's pairwise parameters are incomplete)"
done
cross=$p-Xij.dat
[ -f "$cross" ] || cross=/dev/null
lone=$p-R1ij.dat
[ -f "$lone" ] || lone=/dev/null

tmp=$(mktemp "${out:-/tmp/mpigauge-platform}.XXXXXX")
trap 'rm -f "$tmp"' EXIT
awk -v P="$ranks" -v cores="$cores" -v nodes="$node_of" -v hostlist="$hosts" -v dir="$dir" \
    -v date="$date" -v library="$library" -v nh="$nhosts" -v latname="$(basename "$lat")" \
    -f "$(dirname "$0")/platform.awk" \
    "$p-Oij.dat" "$p-Rij.dat" "$lat" "$p-Bij.dat" "$cross" "$lone" > "$tmp" || exit 2
if [ -n "$out" ]; then
    mv "$tmp" "$out"
    trap - EXIT
    echo "platform.sh: wrote $out" >&2
else
    cat "$tmp"
fi
