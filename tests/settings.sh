#!/usr/bin/env bash
# settings.sh: the settings that change the MPI library's behaviour are
# recorded (the environment's UCX_, MPIR_CVAR_, OMPI_MCA_, ... variables
# and every MPI_T control variable at start, in run.json and the data
# files' headers), and cvar=NAME:VALUE sets an MPI_T control variable for
# one record and restores it after: under MPICH its allreduce algorithm
# (MPIR_CVAR_ALLREDUCE_INTRA_ALGORITHM), under Open MPI coll/tuned's
# (coll_tuned_allreduce_algorithm).  Bad settings: exit 2 with
# FILE:LINE:COLUMN.  Prints "N passed, N failed, N skipped".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/settings
scratch "$T"
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"
if $MPIRUN --version 2>&1 | grep -qE 'Open MPI|OpenRTE'; then
    cv=coll_tuned_allreduce_algorithm; a=recursive_doubling; b=ring
else
    cv=MPIR_CVAR_ALLREDUCE_INTRA_ALGORITHM; a=recursive_doubling; b=reduce_scatter_allgather
fi

printf '%s\n' "ALLREDUCE DOUBLE 1 64 MUL 8 WORLD SUM 0 iters=20 cvar=$cv:$a" \
    "ALLREDUCE DOUBLE 1 64 MUL 8 WORLD SUM 0 iters=20 cvar=$cv:$b" \
    "ALLREDUCE DOUBLE 1 64 MUL 8 WORLD SUM 0 iters=20 cvar=$cv:2" \
    'ALLREDUCE DOUBLE 1 64 MUL 8 WORLD SUM 0 iters=20' > "$T/algo.in"
d="$T/algo"
UCX_TLS_TESTONLY=x MPIGAUGE_NOT_A_SETTING=1 MPIR_CVAR_NOT_READ_HERE=7 \
    $MPIRUN -n 2 ./mpigauge --quiet --check -o "$d" "$T/algo.in" > /dev/null 2> "$T/algo.err"
check "two algorithms, one input: exit 0" [ $? = 0 ]
j="$d/run.json"
check "run.json: the environment's settings, and nothing else" \
    [ "$(jq -c '.settings.environment | [.UCX_TLS_TESTONLY, .MPIR_CVAR_NOT_READ_HERE, .MPIGAUGE_NOT_A_SETTING]' "$j")" = '["x","7",null]' ]
check "run.json: the control variables at start, with values (some)" [ "$(jq '.settings.cvars | length' "$j")" -gt 10 ]
check "... the one the records set among them" [ "$(jq --arg n "$cv" '.settings.cvars | has($n)' "$j")" = true ]
check "the data file says the environment's" grep -q '^# env UCX_TLS_TESTONLY=x$' "$d/01-allreduce-double-world-sum.dat"
check "... and how many control variables, as run.json" \
    grep -q "^# MPI_T control variables at start: $(jq '.settings.cvars | length' "$j") " "$d/01-allreduce-double-world-sum.dat"
v1=$(jq "$AT"'at(1).cvars[0].mpit_value' "$j")
v2=$(jq "$AT"'at(2).cvars[0].mpit_value' "$j")
check "$a and $b are two integers of $cv ($v1, $v2)" [ "$v1" -ge 0 ] && [ "$v2" -ge 0 ] && [ "$v1" != "$v2" ]
check "an integer is taken as it is (2)" [ "$(jq "$AT"'at(3).cvars[0].mpit_value' "$j")" = 2 ]
was=$(jq "$AT"'at(1).cvars[0].was' "$j")
check "each record found the value of before the first (restored: $was)" \
    [ "$(jq -c "$AT"'[at_lines(1;3)[] | .cvars[0].was]' "$j")" = "[$was,$was,$was]" ]
check "the headers say which" [ "$(grep -l "^# cvar $cv=$a (MPI_T value $v1, read back" "$d"/01-*.dat)" != "" ] && \
    [ "$(grep -l "^# cvar $cv=$b (MPI_T value $v2, read back" "$d"/02-*.dat)" != "" ]
check "the record without cvar= has none" [ "$(jq "$AT"'at(4) | has("cvars")' "$j")" = false ] && \
    ! grep -q '^# cvar' "$d"/04-*.dat
check "every record's --check passed" [ "$(jq "$EVERY"'every(.records[]; .check == "passed")' "$j")" = true ]

# bad settings: exit 2, FILE:LINE:COLUMN, nothing written
bad() {   # bad NAME RECORD-SETTING EXPECTED-TEXT
    printf 'ALLREDUCE DOUBLE 1 8 MUL 8 WORLD SUM 0 %s\n' "$2" > "$T/$1.in"
    $MPIRUN -n 2 ./mpigauge --quiet -o "$T/$1.out" "$T/$1.in" > /dev/null 2> "$T/$1.err"
    local rc=$?
    check "$1: exit 2 (got $rc)" [ $rc = 2 ]
    check "... $T/$1.in:1:40: $3" grep -q "^$T/$1.in:1:[0-9]*: .*$3" "$T/$1.err"
    check "... no result folder" [ ! -e "$T/$1.out" ]
}
bad nosuch "cvar=MPIGAUGE_NO_SUCH_CVAR:1" "no control variable MPIGAUGE_NO_SUCH_CVAR"
bad value "cvar=$cv:no_such_algorithm" "takes an integer or one of the names its description lists, not 'no_such_algorithm'"
bad range "cvar=$cv:99" "not 99"
bad negative "cvar=$cv:-1" "not -1"
bad syntax "cvar=$cv" "cvar takes NAME:VALUE"
bad twice "cvar=$cv:1 cvar=$cv:2" "cvar $cv given twice"
if $MPIRUN --version 2>&1 | grep -qE 'Open MPI|OpenRTE'; then
    bad readonly "cvar=mca_base_param_files:x" "cannot be set at run time"
else
    skip 3 "MPICH 4.0 has no read-only control variable to try"
fi
summary settings
