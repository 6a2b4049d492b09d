#!/usr/bin/env bash
# switchpoints.sh: the switch points of point-to-point and streaming
# records (issue 56 item 6) in a live run, checked only against the run's
# own reported data (the detection itself is unit-tested on constructed
# curves: tests/unit/test_switch_points.c): each switch lies between two
# consecutive sizes of the record, its two lines are the weighted least
# squares lines of the reported medians and intervals over its segments,
# the variables it names are exactly the run's own protocol variables
# (MPI_T snapshot, environment) whose size lies between those sizes, the
# prose says as many switches as run.json, and the collectives hold none.
# --validate suggests a cvar= sweep for a record whose sizes span a
# protocol variable of the library being run, and an environment sweep
# for one set in the environment.  Prints "N passed, N failed, N skipped".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/switchpoints
scratch "$T"
OMPI=0
$MPIRUN --version 2>&1 | grep -qE 'Open MPI|OpenRTE' && OMPI=1

cat > "$T/sw.in" <<'IN'
SEND CHAR 1 131072 MUL 2 WORLD NOP 0
BW CHAR 1 65536 MUL 4 WORLD NOP 0 window=8
MSGRATE CHAR 1 4096 MUL 2 WORLD NOP 0 window=8
ALLREDUCE CHAR 1 4096 MUL 2 WORLD SUM 0
SEND CHAR 1 16 MUL 2 WORLD NOP 0
IN
# UCX_RNDV_THRESH is read as a protocol variable from the environment
# whatever the library: 8k lies within SEND's sizes
UCX_RNDV_THRESH=8k $MPIRUN -n 2 ./mpigauge -o "$T/r" "$T/sw.in" > /dev/null 2> "$T/r.err"
check_launch "a run with SEND, BW, MSGRATE: exit 0" $? "$T/r.err"
J="$T/r/run.json"
check "switch_points on the point-to-point and streaming records, not on ALLREDUCE" [ "$(jq -c '[.records[] | has("switch_points")]' "$J")" = '[true,true,true,false,true]' ]
check "5 sizes (SEND 1..16): too few to split, none" [ "$(jq -c "$AT"'at(5).switch_points' "$J")" = '[]' ]

# the rest asks something of every switch found: a run that found none
# (its noise decides) skips them by name
n_json=$(jq '[.records[].switch_points[]?] | length' "$J")
echo "switches found: $(jq -c '[.records[] | select(.switch_points) | [.call, [.switch_points[] | [.below_bytes, .above_bytes, [.variables[].name]]]]]' "$J")" >&2
if [ "$n_json" -gt 0 ]; then
# every switch between two consecutive reported sizes
    check "every switch lies between consecutive sizes of its record" jq -e '[.records[] | select(.switch_points) | [.points[].bytes] as $b | .switch_points[] | . as $s | ($b | index($s.below_bytes)) as $i | $i != null and $b[$i + 1] == $s.above_bytes] | all' "$J" > /dev/null
# the lines, recomputed from the reported points: sigma = the interval's
# half width / 1.96, at least 1% of the median; weighted least squares
LSQ='def sig: (if (.ci_lo_us | type) == "number" and (.ci_hi_us | type) == "number" then (.ci_hi_us - .ci_lo_us) / 3.92 else 0 end) as $s | ((.t_med_us // .t_avg_us) * 0.01) as $f | if $s > $f then $s else $f end;
def line(p): [p[] | {x: .bytes, y: (.t_med_us // .t_avg_us), w: (1 / (sig * sig))}] | (map(.w) | add) as $S | (map(.w * .x) | add) as $Sx | (map(.w * .y) | add) as $Sy | (map(.w * .x * .x) | add) as $Sxx | (map(.w * .x * .y) | add) as $Sxy | (($S * $Sxy - $Sx * $Sy) / ($S * $Sxx - $Sx * $Sx));
def close(a; b): ((a - b) | fabs) <= 1e-6 * ([a | fabs, b | fabs] | max) + 1e-12;
[.records[] | select(.switch_points) | .points as $p | [$p[].bytes] as $b | .switch_points as $s
 | range(0; $s | length) as $k
 | (if $k == 0 then 0 else ($b | index($s[$k - 1].above_bytes)) end) as $from
 | ($b | index($s[$k].below_bytes)) as $at
 | (if $k + 1 < ($s | length) then ($b | index($s[$k + 1].below_bytes)) + 1 else ($p | length) end) as $to
 | close(line($p[$from:$at + 1]); $s[$k].slope_below_us_per_byte) and close(line($p[$at + 1:$to]); $s[$k].slope_above_us_per_byte)]'
    check "each switch's slopes are the weighted lines of the reported points over its segments" jq -e "$LSQ"' | all' "$J" > /dev/null
    check "each switch's F is above its critical value" jq -e '[.records[].switch_points[]? | .f > .f_critical] | all' "$J" > /dev/null

# the variables named: exactly the run's protocol variables (MPI_T and
# environment) whose value in bytes lies between the two sizes
VARS='def bytes: (capture("^(?<n>[0-9]+)(?<u>[kKmMgG]?)[bB]?$") // null) | if . == null then null else (.n | tonumber) * ({"": 1, k: 1024, K: 1024, m: 1048576, M: 1048576, g: 1073741824, G: 1073741824}[.u]) end;
def proto: test("eager_max|eager_limit|eager_sz|rndv_thresh|rndv_eager_limit|max_send_size|rndv_limit|eager_threshold|rdma_threshold"; "i");
([.settings.cvars | to_entries[] | select(.key | proto) | {name: .key, value, b: (.value | bytes)}] + [.settings.environment | to_entries[] | select(.key | proto) | {name: .key, value, b: (.value | bytes)}]) as $all
| [.records[] | select(.switch_points) | .switch_points[] | . as $s
   | ([$all[] | select(.b != null and .b >= $s.below_bytes and .b <= $s.above_bytes) | .name] | sort) == ([.variables[].name] | sort)
     and ([.variables[], .other_variables[]] | length) == ($all | length)]'
    check "each switch names exactly the run's protocol variables between its sizes, and lists the others" jq -e "$VARS"' | all' "$J" > /dev/null
    check "UCX_RNDV_THRESH=8k is among the run's protocol variables (environment)" jq -e '[.records[].switch_points[]? | (.variables + .other_variables)[] | select(.name == "UCX_RNDV_THRESH" and .value == "8k" and .source == "environment")] | length > 0' "$J" > /dev/null

else
    skip 5 "this run found no switch point"
fi

# the prose: one line a switch, or "none"
check "report.txt: as many Switch point lines as run.json's switches ($n_json)" [ "$(grep -c '^  Switch point: between [0-9]* and [0-9]* bytes the slope goes from' "$T/r/report.txt")" = "$n_json" ]
check "report.txt: 'none' for each record with an empty list and enough sizes" [ "$(grep -c '^  Switch points: none (no change of slope beyond' "$T/r/report.txt")" = "$(jq '[.records[] | select(.switch_points == [] and (.points | length) >= 6)] | length' "$J")" ]
check "report.txt: no switch sentence on ALLREDUCE or the 5-size SEND" [ "$(awk '/^Record [45] /{on=1} /^Record [123] /{on=0} on && /Switch point/' "$T/r/report.txt" | wc -l)" = 0 ]
if python3 -c 'import jsonschema' 2> /dev/null; then
    check "run.json validates against the schema" python3 tests/validate_runs.py schema/run.schema.json "$J" > /dev/null
else
    skip 1 "python3-jsonschema missing"
fi

# --validate: a cvar= sweep around the library's own threshold, an
# environment sweep around the environment's, nothing for a collective
# or for sizes that span none
if [ $OMPI = 1 ]; then VAR=btl_vader_eager_limit; VAL=4096; else VAR=MPIR_CVAR_CH3_EAGER_MAX_MSG_SIZE; VAL=131072; fi
printf 'SEND CHAR 1 1048576 MUL 2 WORLD NOP 0\nSEND CHAR 1 64 MUL 2 WORLD NOP 0\nALLREDUCE CHAR 1 1048576 MUL 2 WORLD SUM 0\nBW CHAR 1 1048576 MUL 2 WORLD NOP 0\n' > "$T/v.in"
UCX_RNDV_THRESH=8k $MPIRUN -n 2 ./mpigauge --validate "$T/v.in" > "$T/v.out" 2> "$T/v.err"
check "--validate: exit 0" [ $? = 0 ]
if grep -q "$VAR" "$T/r/run.json"; then
    if [ $OMPI = 1 ]; then
        # Open MPI's btl_* are read-only through MPI_T: the environment's
        check "--validate: SEND 1..1 MiB spans $VAR=$VAL, read-only: an OMPI_MCA_ sweep at half and twice, saying why not cvar=" grep -q "^  switch point: $VAR=$VAL (cvar) lies within the sizes (1 .. 1048576 bytes); to see it move, launch the record again with OMPI_MCA_$VAR=$((VAL / 2)) and with OMPI_MCA_$VAR=$((VAL * 2)) (cvar= cannot: $VAR cannot be set at run time (MPI_T scope read-only)" "$T/v.out"
    else
        check "--validate: SEND 1..1 MiB spans $VAR=$VAL: a cvar= sweep at half and twice" grep -q "^  switch point: $VAR=$VAL (cvar) lies within the sizes (1 .. 1048576 bytes); to see it move, the record again with cvar=$VAR:$((VAL / 2)) and with cvar=$VAR:$((VAL * 2))$" "$T/v.out"
    fi
else
    skip 1 "this library's MPI_T has no $VAR"
fi
check "--validate: UCX_RNDV_THRESH=8k: an environment sweep" grep -q "^  switch point: UCX_RNDV_THRESH=8k (environment) lies within the sizes (1 .. 1048576 bytes); to see it move, launch the record again with UCX_RNDV_THRESH=4096 and with UCX_RNDV_THRESH=16384$" "$T/v.out"
check "--validate: the suggestions under SEND 1..1 MiB and BW, none under SEND 1..64 nor ALLREDUCE" [ "$(awk '/^record /{r=$2} /^  switch point: UCX/{print r}' "$T/v.out" | tr '\n' ' ')" = "1 4 " ]
printf 'SEND CHAR 1 1048576 MUL 2 WORLD NOP 0 cvar=%s:65536\n' "$VAR" > "$T/vc.in"
$MPIRUN -n 2 ./mpigauge --validate "$T/vc.in" > "$T/vc.out" 2> "$T/vc.err"
if [ -s "$T/vc.err" ] && grep -q "cvar" "$T/vc.err"; then
    skip 1 "cvar=$VAR refused by this library: $(head -1 "$T/vc.err")"
else
    check "--validate: the record's own cvar= value stands in for the run's" grep -q "^  switch point: $VAR=65536 (record cvar=) lies within the sizes (1 .. 1048576 bytes); to see it move, the record again with cvar=$VAR:32768 and with cvar=$VAR:131072$" "$T/vc.out"
fi
summary switchpoints
