#!/usr/bin/env bash
# gpu_figures.sh [-o OUT] [-i INPUT] [-l LAUNCHES] [-m MPIRUN]
#
# The device figures of docs/devices.md on a machine with a GPU, in one
# command (about 3 minutes a launch on an H100; under 10 in all): the
# input (inputs/devices.in: SEND, BW, ALLREDUCE and BCAST with host,
# managed, staged and direct device buffers) with --check on 2 ranks,
# LAUNCHES times, each launch's folder kept, then OUT/figures.md (each
# record's smallest and largest size: t_avg_us and MB/s, launch by
# launch) and OUT/machine.txt (the GPU, the driver, the MPI library, the
# date).  The direct device-to-device records run only where the MPI
# library says it is GPU-aware; elsewhere they are skipped with the
# reason, which figures.md shows.
#   -o OUT       the folder (default results/gpu-figures-DATE); must not
#                exist or be empty
#   -i INPUT     the input (default inputs/devices.in)
#   -l LAUNCHES  launches (default 2)
#   -m MPIRUN    the launcher (default mpirun)
# Exit: 0 done; 2 bad arguments; 3 no GPU: no runtime opens or none has
# a device (the reason is printed; nothing is run); 1 a launch failed.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
out="" input=$root/inputs/devices.in launches=2 mpirun=mpirun
usage="usage: gpu_figures.sh [-o OUT] [-i INPUT] [-l LAUNCHES] [-m MPIRUN]"
die() { # status message
    echo "gpu_figures.sh: $2" >&2
    exit "$1"
}
while getopts "o:i:l:m:h" opt; do
    case $opt in
        o) out=$OPTARG ;;
        i) input=$OPTARG ;;
        l) [[ $OPTARG =~ ^[1-9][0-9]*$ ]] || die 2 "-l takes a positive whole number, not '$OPTARG'"
           launches=$OPTARG ;;
        m) mpirun=$OPTARG ;;
        h) echo "$usage"; exit 0 ;;
        *) die 2 "$usage" ;;
    esac
done
shift $((OPTIND - 1))
[ $# = 0 ] || die 2 "$usage (no operands: '$1')"
[ -r "$input" ] || die 2 "-i $input: no such input, or not readable"
out=${out:-$root/results/gpu-figures-$(date -u +%Y%m%d-%H%M%S)}
if [ -e "$out" ] && [ -n "$(ls -A "$out" 2> /dev/null)" ]; then
    die 2 "-o $out: exists and is not empty (figures are never written over)"
fi
command -v jq > /dev/null || die 2 "jq is needed for figures.md"
bin=$root/mpigauge
[ -x "$bin" ] || die 2 "$bin: not built (make)"
"$bin" --validate "$input" > /dev/null || die 2 "$input: not a valid input (above)"

# a GPU first: one rank, one managed-memory record; its skip says why not
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
printf 'BCAST DOUBLE 1 1 ADD 1 WORLD NOP 0 mem=managed iters=1 warmup=0\n' > "$probe/gpu.in"
$mpirun -n 1 "$bin" --quiet -o "$probe/run" "$probe/gpu.in" > "$probe/log" 2>&1 \
    || die 1 "the probe launch failed: $(tail -3 "$probe/log")"
why=$(jq -r '.records[0].skipped // ""' "$probe/run/run.json")
[ -z "$why" ] || die 3 "no GPU to measure: $why"

mkdir -p "$out" || die 2 "-o $out: cannot be made"
{
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "host: $(hostname)"
    jq -r '.records[0].memory | "runtime: \(.api) \(.runtime) version \(.runtime_version), device \(.device)\nmpi gpu-aware: \(.mpi_gpu_aware) (\(.mpi_gpu_aware_how))"' \
        "$probe/run/run.json"
    command -v nvidia-smi > /dev/null && nvidia-smi --query-gpu=name,driver_version,pcie.link.gen.max,pcie.link.width.max --format=csv
    command -v rocm-smi > /dev/null && rocm-smi --showproductname
    echo "mpirun: $($mpirun --version 2>&1 | head -2 | tr '\n' ' ')"
    echo "input: $input"
} > "$out/machine.txt"
for l in $(seq 1 "$launches"); do
    $mpirun -n 2 "$bin" --check --quiet -o "$out/launch-$l" "$input" > "$out/launch-$l.log" 2>&1 \
        || die 1 "launch $l failed (exit $?): $out/launch-$l.log"
done
# figures.md: a row a record, launch by launch
{
    echo "# GPU figures ($(head -1 "$out/machine.txt"))"
    echo
    sed 's/^/    /' "$out/machine.txt"
    echo
    echo "| line | record | smallest: t_avg_us | largest: t_avg_us (MB/s) |"
    echo "| --- | --- | --- | --- |"
    jq -rs '[.[] | .records] | transpose[] |
        "| \(.[0].line) | \(.[0].text | gsub("  +"; " ")) | " +
        ([.[] | if .status == "done" then (.points[0].t_avg_us | tostring) else "skipped" end] | join(" / ")) + " | " +
        ([.[] | if .status == "done" then (.points[-1] | "\(.t_avg_us) (\(.mbps // "-"))") else (.skipped // "skipped") end] | join(" / ")) + " |"' \
        "$out"/launch-*/run.json
} > "$out/figures.md"
echo "gpu_figures.sh: $out/figures.md"
