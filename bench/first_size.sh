#!/usr/bin/env bash
# first_size.sh: is a run's first size as warm as a later one?  MSGRATE,
# SEND and ALLREDUCE at their smallest size, each as a launch's first
# record and again as its second (the same record), under --like osu,
# with the warm-up rule (steady: the default) and with the peer's count
# alone (--warmup N, the rule before issue 56), launches alternating with
# OSU's own benchmark when OSU_DIR names a folder holding osu_mbw_mr,
# osu_latency and osu_allreduce (built outside the project; never
# committed).  Prints per call the medians over ROUNDS rounds and the
# ratios first/later and first/OSU.  Timings: run it on a quiet machine.
set -eu
cd "$(dirname "$0")/.."
. tests/lib.sh    # column: a data-file column by its name
MPIRUN=${MPIRUN:-mpirun}
ROUNDS=${ROUNDS:-7}
OSU_DIR=${OSU_DIR:-}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
case $ROUNDS in ''|*[!0-9]*|0) echo "first_size.sh: ROUNDS=$ROUNDS: not a count of rounds" >&2; exit 2;; esac
if [ -n "$OSU_DIR" ] && [ ! -x "$OSU_DIR/osu_mbw_mr" ]; then
    echo "first_size.sh: OSU_DIR=$OSU_DIR: no osu_mbw_mr there" >&2
    exit 2
fi

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# one launch of mpigauge: the record twice; appends first and later values
harness() { # name, record, column, warmup option (may be empty)
    local name=$1 record=$2 col=$3 warm=$4
    printf '%s\n%s\n' "$record" "$record" > "$T/in"
    # shellcheck disable=SC2086
    $MPIRUN -n 2 ./mpigauge --like osu $warm --quiet -o "$T/r" "$T/in" > /dev/null
    column "$T/r"/01-*.dat "$col" >> "$T/$name.first"
    column "$T/r"/02-*.dat "$col" >> "$T/$name.later"
    rm -rf "$T/r"
}

# OSU's value at its one size: messages/s, or the latency in us
osu() { # name, benchmark, size, field
    [ -n "$OSU_DIR" ] || return 0
    $MPIRUN -n 2 "$OSU_DIR/$2" -m "$3:$3" | awk -v f="$4" '!/^#/ && NF { print $f }' >> "$T/$1.osu"
}

round() {
    harness msgrate "MSGRATE CHAR 1 1 ADD 1 WORLD NOP 0" msg_rate ""
    harness msgrate_fixed "MSGRATE CHAR 1 1 ADD 1 WORLD NOP 0" msg_rate "--warmup 10"
    osu msgrate osu_mbw_mr 1 3
    harness send "SEND CHAR 1 1 ADD 1 WORLD NOP 0" t_avg_us ""
    harness send_fixed "SEND CHAR 1 1 ADD 1 WORLD NOP 0" t_avg_us "--warmup 100"
    osu send osu_latency 1 2
    harness allreduce "ALLREDUCE FLOAT 2 2 ADD 1 WORLD SUM 0" t_avg_us ""
    harness allreduce_fixed "ALLREDUCE FLOAT 2 2 ADD 1 WORLD SUM 0" t_avg_us "--warmup 100"
    osu allreduce osu_allreduce 8 2
}

for i in $(seq "$ROUNDS"); do round; done

ratio() { echo "$1 $2" | awk '{ printf "%.3f", $1 / $2 }'; }
echo "first size against later, --like osu, 2 ranks, medians of $ROUNDS alternating rounds"
echo "(MSGRATE in messages/s, SEND and ALLREDUCE in us; fixed: the peer's warm-up count alone)"
for name in msgrate msgrate_fixed send send_fixed allreduce allreduce_fixed; do
    f=$(median < "$T/$name.first")
    l=$(median < "$T/$name.later")
    # each launch's first over its own later: the launch's mode cancels
    paired=$(paste "$T/$name.first" "$T/$name.later" | awk '{ print $1 / $2 }' | median)
    rounds=$(paste "$T/$name.first" "$T/$name.later" | awk '{ printf "%s%.2f", (NR > 1 ? " " : ""), $1 / $2 }')
    printf '%-16s first %12.4f  later %12.4f  first/later per launch: median %.3f (%s)' \
        "$name" "$f" "$l" "$paired" "$rounds"
    base=${name%_fixed}
    if [ -s "$T/$base.osu" ]; then
        o=$(median < "$T/$base.osu")
        printf '  OSU %.4f  first/OSU %s  later/OSU %s' "$o" "$(ratio "$f" "$o")" "$(ratio "$l" "$o")"
    fi
    printf '\n'
done
