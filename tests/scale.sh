#!/usr/bin/env bash
# scale.sh: the framework's own questions: pair rounds and samples,
# estimates before running (--validate, --ranks), each communicator's own
# results, the seed's table as written (CHAR reductions, its spellings)
# and --keep-going.  Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/scale
scratch "$T"

# ---- estimates -------------------------------------------------------------
printf 'ALLREDUCE DOUBLE 1 64 MUL 8 X-LINE SUM 0\nSEND CHAR 1 64 MUL 8 WORLD NOP:ROUNDS 0\n' > "$T/two.in"
$MPIRUN -n 4 ./mpigauge --grid 2x2x1 --validate "$T/two.in" > "$T/validate.out" 2>&1
check "--validate: exit 0" [ $? = 0 ]
check "--validate: an estimate per record" [ "$(grep -c '^  estimate: [0-9]* measurements\?, about [0-9.]* \(s\|min\)' "$T/validate.out")" = 2 ]
# sizes 1 8 64; X-LINE of 2x2x1: 2 communicators x 3 sizes = 6; ROUNDS:
# 6 pairs x 3 sizes = 18
check "--validate: measurements counted (6 + 18 = 24)" grep -q "^total: 24 measurements, about" "$T/validate.out"
bash scripts/seed_table.sh > "$T/seed.in"
check "the seed's table: the generator writes the shipped input" cmp -s "$T/seed.in" inputs/seed-table.in
timeout 120 $MPIRUN -n 1 ./mpigauge --validate --ranks 4096 inputs/seed-table.in > "$T/ranks.out" 2>&1
check "--validate --ranks 4096 of the seed's table: exit 0" [ $? = 0 ]
check "--ranks 4096: the grid of MPI_Dims_create" grep -q "^plan for inputs/seed-table.in: 1840 records on 4096 ranks (not launched: --ranks), grid 16x16x16" "$T/ranks.out"
check "--ranks 4096: 256 X-lines of 16" grep -q "on X-LINE: 256 communicators of 16 16 16 .* ranks$" "$T/ranks.out"
check "--ranks 4096: more than an hour, warned" grep -q "^warning: this run would take more than an hour" "$T/ranks.out"

# --ranks N is the plan N launched ranks make (issue 26 class 3): the same
# planner on an offline world.  An input with what the old offline plan
# got wrong: a root outside the communicator and a pattern file for
# another rank count (skipped by the run), a missing pattern file, MPI's
# int limit on displacements and the memory bound (errors of the run).
printf '%s\n' 'BCAST INT 1 8 MUL 8 WORLD NOP 0' \
    'BCAST INT 1 8 MUL 8 WORLD NOP 0 root=3' \
    "BARRIER INT 0 0 ADD 1 WORLD FILE:$PWD/tests/patterns/ring4.pat 0" \
    'ALLREDUCE DOUBLE 1 8 MUL 8 WORLD SUM 0' > "$T/skips.in"
printf '%s\n' 'BCAST INT 1 8 MUL 8 WORLD NOP 0' \
    "BARRIER INT 0 0 ADD 1 WORLD FILE:$T/no-such.pat 0" \
    'ALLTOALLV INT 1 1500000000 MUL 2 WORLD NOP 0' \
    'SEND DOUBLE 1 100000000000 MUL 10 WORLD NOP 0' > "$T/errors.in"
# the node's free memory is read anew by each run: masked
mask() { sed -e 's/the [0-9.]* MiB each/the N MiB each/g' "$@"; }
for in in skips errors; do
    for kg in "" --keep-going; do
        $MPIRUN -n 2 ./mpigauge --validate $kg "$T/$in.in" > "$T/$in$kg.launched" 2> "$T/$in$kg.launched.err"
        rl=$?
        $MPIRUN -n 1 ./mpigauge --validate --ranks 2 $kg "$T/$in.in" > "$T/$in$kg.offline" 2> "$T/$in$kg.offline.err"
        ro=$?
        check "$in.in ${kg:-(stop at errors)}: --ranks 2 exits as 2 launched ranks ($ro, $rl)" [ "$ro" = "$rl" ]
        check "... the same plan, line for line" cmp -s <(sed 1d "$T/$in$kg.launched" | mask) <(sed 1d "$T/$in$kg.offline" | mask)
        # mpigauge's own lines (Open MPI's mpirun adds its own notes, which
        # name the job and the rank that exited)
        check "... the same errors" cmp -s <(grep -E "^($T/|mpigauge:)" "$T/$in$kg.launched.err" | mask) \
            <(grep -E "^($T/|mpigauge:)" "$T/$in$kg.offline.err" | mask)
    done
done
check "the skips: root=3 and the 4-rank pattern file skipped on 2 ranks" [ "$(grep -c '^  skipped: \(root=3\|pattern file\)' "$T/skips.offline")" = 2 ]
check "the errors: the missing file, the int limit and the memory bound (exit 2)" \
    [ "$(grep -c 'no-such.pat\|past MPI.s int limit\|buffers per rank' "$T/errors.offline.err")" -ge 3 ]
# every --ranks rule against a launch (issue 53): for every shipped and
# test input, the records --validate --ranks N skips, with their reasons,
# are those N launched ranks skip, N = 2 and 3 (the device records of
# inputs/devices.in were skipped by a launch, 7 of them, and by --ranks 2
# not one: the offline world never asked for a GPU)
skiplist() { awk '/^record [0-9]+ \(line/ { match($0, /line [0-9]+/); l = substr($0, RSTART + 5, RLENGTH - 5) } /^  skipped: / { print l ": " substr($0, 12) }' "$1"; }
differ="" compared=0 skipped_seen=0
for in in inputs/*.in tests/inputs/*.in; do
    for n in 2 3; do
        $MPIRUN -n "$n" ./mpigauge --validate --keep-going "$in" > "$T/sk.launched" 2> /dev/null
        $MPIRUN -n 1 ./mpigauge --validate --keep-going --ranks "$n" "$in" > "$T/sk.offline" 2> /dev/null
        if cmp -s <(skiplist "$T/sk.launched") <(skiplist "$T/sk.offline"); then
            compared=$((compared + 1))
            skipped_seen=$((skipped_seen + $(skiplist "$T/sk.launched" | grep -c .)))
        else
            differ="$differ $in:$n"
            diff <(skiplist "$T/sk.launched") <(skiplist "$T/sk.offline") | head -4 | sed 's/^/  /' >&2
        fi
    done
done
check "--validate --ranks 2 and 3 skip what 2 and 3 launched ranks skip, every input ($compared pairs alike, $skipped_seen skips${differ:+; differ:$differ})" \
    eval '[ -z "$differ" ] && [ "$compared" -gt 0 ] && [ "$skipped_seen" -gt 0 ]'
$MPIRUN -n 1 ./mpigauge --ranks 8 inputs/quick.in > /dev/null 2> "$T/ranks.err"
if [ $? = 2 ] && grep -q "use it with --validate" "$T/ranks.err"; then ok_=1; else ok_=0; fi
check "--ranks without --validate: exit 2, said" [ "$ok_" = 1 ]

# issue 39: the plan is arithmetic on the records, not enumeration over the
# ranks (before, --ranks 100000 of quick.in took minutes: every pair of
# WORLD enumerated for each point-to-point record).  10 million ranks must
# end well within the timeout, each record planned or refused with its
# reason (buffers that grow with the ranks pass any node's memory).
timeout 60 $MPIRUN -n 1 ./mpigauge --validate --ranks 10000000 inputs/quick.in > "$T/huge.out" 2> "$T/huge.err"
rc=$?
refused=$(grep -c '^inputs/quick.in:[0-9]*:[0-9]*: ' "$T/huge.err")
check "--ranks 10000000 of quick.in: ends within 60 s, exit 0 or 2 with the records' reasons (exit $rc, $refused reasons)" \
    [ "$rc" = 0 -o "$rc" = 2 -a "$refused" -gt 0 ]
timeout 60 $MPIRUN -n 1 ./mpigauge --validate --keep-going --ranks 10000000 inputs/quick.in > "$T/huge.out" 2> "$T/huge.err"
rc=$?
nrec=$(grep -c '^[A-Z]' inputs/quick.in)
planned=$(grep -c '^  estimate: ' "$T/huge.out")
nskip=$(grep -c "^  skipped: " "$T/huge.out")
check "... with --keep-going: every record planned or skipped with its reason (exit $rc; $planned + $nskip of $nrec)" \
    [ "$rc" = 0 -o "$rc" = 4 ] && [ "$planned" -gt 0 -a $((planned + nskip)) = "$nrec" ]
# the pairs counted by arithmetic, on a grid of 100 x 100 x 100: X-LINE has
# 10000 lines of 100 ranks (99 neighbour pairs, 99 pairs with rank 0, 4950
# pairs in all, 5 sampled), WORLD 3 x 99 x 10000 neighbour pairs; nodes
# hold this machine's core count of consecutive ranks
printf '%s\n' 'SEND CHAR 1 1 ADD 1 X-LINE NOP:NEIGHBOURS 0' 'SEND CHAR 1 1 ADD 1 X-LINE NOP:RANK0 0' \
    'SEND CHAR 1 1 ADD 1 X-LINE NOP 0' 'SEND CHAR 1 1 ADD 1 X-LINE NOP:SAMPLE:5 0' \
    'SEND CHAR 1 1 ADD 1 WORLD NOP:NEIGHBOURS 0' 'SEND CHAR 1 1 ADD 1 WORLD NOP:SAME-NODE 0' \
    'SEND CHAR 1 1 ADD 1 WORLD NOP:CROSS-NODE 0' 'SEND CHAR 1 1 ADD 1 Y-LINE NOP:ROUNDS 0' > "$T/pairs.in"
timeout 60 $MPIRUN -n 1 ./mpigauge --validate --ranks 1000000 --grid 100x100x100 "$T/pairs.in" > "$T/pairs.out" 2>&1
check "--ranks 1000000 of point-to-point criteria: exit 0 within 60 s" [ $? = 0 ]
c=$(getconf _NPROCESSORS_ONLN)
same=$(( 1000000 / c * (c * (c - 1) / 2) + (1000000 % c) * (1000000 % c - 1) / 2 ))
want="990000 990000 49500000 50000 2970000 $same $(( 499999500000 - same )) 49500000"
got=$(sed -n 's/^  estimate: \([0-9]*\) measurements\?,.*/\1/p' "$T/pairs.out" | tr '\n' ' ')
check "... the pairs of each criterion counted ($got; want $want)" [ "$got" = "$want " ]
# a barrier pattern is checked (a bit per pair of ranks) once per size of
# communicator, up to 16384 ranks; past that the record is skipped, said why
printf '%s\n' 'BARRIER INT 0 0 ADD 1 WORLD LINEAR 0' 'BARRIER INT 0 0 ADD 1 XY-PLANE DISSEMINATION 0' > "$T/patterns.in"
timeout 60 $MPIRUN -n 1 ./mpigauge --validate --ranks 1000000 --grid 100x100x100 "$T/patterns.in" > "$T/patterns.out" 2>&1
check "--ranks 1000000 of two patterns: exit 0 within 60 s" [ $? = 0 ]
check "... LINEAR on WORLD skipped: its check stops at 16384 ranks" \
    grep -q "^  skipped: pattern LINEAR is checked before it runs .* up to 16384 ranks; the largest WORLD communicator has 1000000$" "$T/patterns.out"
check "... DISSEMINATION on 100 planes of 10000 planned" grep -q "^  estimate: 100 measurements" "$T/patterns.out"

# ---- rounds, samples, per communicator, elapsed against estimated -----------
{
    cat "$T/two.in"
    echo "SEND DOUBLE 1 8 MUL 8 WORLD DETAIL:ROUNDS 0"
    echo "SEND DOUBLE 1 8 MUL 8 WORLD DETAIL 0"
    echo "ISEND INT 1 8 MUL 8 WORLD NOP:SAMPLE:4 0"
    echo "SEND INT 1 8 MUL 8 Y-LINE NOP:ROUNDS 0"
} > "$T/run.in"
$MPIRUN -n 4 ./mpigauge --grid 2x2x1 --check --iters 20 -o "$T/run" "$T/run.in" > "$T/run.out" 2>&1
if [ $? = 0 ] && [ "$(jq '[.records[] | select(.check == "passed")] | length' "$T/run/run.json")" = 6 ]; then ok_=1; else ok_=0; fi
check "rounds and samples: exit 0, checks passed" [ "$ok_" = 1 ]
J="$T/run/run.json"
check "ROUNDS: all 6 pairs of 4 ranks at every size" [ "$(jq "$AT"'[at(2).points[] | .samples | length] | unique' "$J" -c)" = "[6]" ]
check "ROUNDS: the prose says 3 rounds" grep -q "Pairs: every pair, in 3 rounds of disjoint pairs measured at the same time" "$T/run.out"
check "ROUNDS: run.json says so" [ "$(jq -r "$AT"'at(2).pairs.mode' "$J")" = rounds ]
rf="$T/run/$(jq -r "$AT"'at(3).file' "$J" | sed 's/\.dat$/.pairs.dat/')"
sf="$T/run/$(jq -r "$AT"'at(4).file' "$J" | sed 's/\.dat$/.pairs.dat/')"
# the matrices of rounds and of one pair at a time hold the same 6 pairs
pairs_of() { awk '!/^#/ && NF { for (j = 1; j <= NF; j++) if ($j != "nan") n++ } END { print n + 0 }' "$1"; }
if [ "$(pairs_of "$rf")" = 12 ] && [ "$(pairs_of "$sf")" = 12 ]; then ok_=1; else ok_=0; fi
check "DETAIL:ROUNDS: a matrix of 6 pairs a size, like DETAIL's" [ "$ok_" = 1 ]
# the same run with every result sent to rank 0 one rank at a time (the
# path for a whole past MPI_Gatherv's int, forced): the same shape of
# results, every sample and block and every pair of the matrices there
MPIGAUGE_GATHER_IN_TURN=1 $MPIRUN -n 4 ./mpigauge --grid 2x2x1 --check --iters 20 -o "$T/turn" "$T/run.in" > /dev/null 2>&1
if [ $? = 0 ] && [ "$(jq '[.records[] | select(.check == "passed")] | length' "$T/turn/run.json")" = 6 ]; then ok_=1; else ok_=0; fi
check "results gathered in turn: exit 0, every check passed" [ "$ok_" = 1 ]
check "results gathered in turn: as many samples as gathered at once, and blocks" \
    [ "$(jq -c '[.records[] | .points[] | [(.samples | length), (.blocks > 0)]]' "$T/turn/run.json")" = "$(jq -c '[.records[] | .points[] | [(.samples | length), (.blocks > 0)]]' "$J")" ]
check "results gathered in turn: the DETAIL matrix holds its 6 pairs" [ "$(pairs_of "$T/turn/$(jq -r "$AT"'at(4).file' "$J" | sed 's/\.dat$/.pairs.dat/')")" = 12 ]
if [ "$(jq -c "$AT"'[at(5).points[] | .samples | length] | unique' "$J")" = "[4]" ] && [ "$(jq "$AT"'at(5).pairs.seed' "$J")" = 1 ]; then ok_=1; else ok_=0; fi
check "SAMPLE:4: 4 pairs a size, seed 1 in run.json" [ "$ok_" = 1 ]
check "ROUNDS on Y-LINE: 2 lines of 2, one round each, both pairs" [ "$(jq -c "$AT"'[at(6).points[] | .samples | length] | unique' "$J")" = "[2]" ]
check "per communicator: X-LINE's 2 lines in run.json" [ "$(jq -c "$AT"'[at(1).per_communicator[] | .world_ranks]' "$J")" = "[[0,1],[2,3]]" ]
check "per communicator: each with its places" [ "$(jq -c "$AT"'at(1).per_communicator[1].places' "$J")" = "[[0,1,0],[1,1,0]]" ]
check "per communicator: a median at every size" [ "$(jq "$AT"'[at(1).per_communicator[] | .points[] | .t_med_us | numbers] | length' "$J")" = 6 ]
cf="$T/run/$(jq -r "$AT"'at(1).file' "$J" | sed 's/\.dat$/.comms.dat/')"
check "per communicator: .comms.dat, one block each" [ "$(grep -c '^# communicator [01]: world ranks' "$cf")" = 2 ]
check "per communicator: 3 rows a block" [ "$(awk '!/^#/ && NF' "$cf" | wc -l)" = 6 ]
check "WORLD: no per-communicator list" [ "$(jq "$AT"'at(2) | has("per_communicator")' "$J")" = false ]
check "the header gives the estimate" grep -q "^Estimated run time: about [0-9.]* s" "$T/run.out"
check "every record: took against estimated" [ "$(grep -c '^  Took [0-9.]* s (estimated [0-9.]* s)' "$T/run.out")" = 6 ]
check "run.json: elapsed_s and estimate_s" [ "$(jq '[.records[] | select(.elapsed_s > 0 and .estimate_s > 0)] | length' "$J")" = 6 ]
bash scripts/plot.sh "$T/run" > "$T/plot.out" 2>&1
check "plot.sh: one line per communicator" [ -s "$T/run/plots/$(basename "$cf" .comms.dat)-comms.png" ]

# ---- the seed's table as written ---------------------------------------------
printf 'REDUCE CHAR 1 64 MUL 8 WORLD SUM 0\nALLREDUCE CHAR 1 64 MUL 8 WORLD BAND 0\n' > "$T/char.in"
$MPIRUN -n 4 ./mpigauge --check --iters 5 -o "$T/char" "$T/char.in" > "$T/char.out" 2>&1
if [ $? = 0 ] && [ "$(jq '[.records[] | select(.check == "passed")] | length' "$T/char/run.json")" = 2 ]; then ok_=1; else ok_=0; fi
check "REDUCE CHAR SUM: exit 0, checked" [ "$ok_" = 1 ]
check "CHAR: the prose says it is the library's extension" grep -q "CHAR: reduced as the library's extension" "$T/char.out"
# a slice of the table (X-LINE, INT and CHAR) in the seed's own spellings
grep ' X-LINE ' inputs/seed-table.in | grep ' \(INT\|CHAR\) ' > "$T/slice.in"
n=$(wc -l < "$T/slice.in")
$MPIRUN -n 4 ./mpigauge --grid 2x2x1 --check --iters 2 --warmup 0 --quiet -o "$T/slice" "$T/slice.in" > /dev/null 2>&1
check "the seed's table, $n records of X-LINE: exit 0" [ $? = 0 ]
check "the seed's table: every record ran and passed" [ "$(jq '[.records[] | select(.status == "done" and .check == "passed")] | length' "$T/slice/run.json")" = "$n" ]

# issue 26 class 9: --time runs were estimated at 0 s; the timed loops take
# about S a size (a pair's or a communicator's), so 4 sizes of one pair
# and one barrier at --time 0.2 are about 1.0 s
printf 'SEND INT 1 8 MUL 2 WORLD NOP 0\nBARRIER INT 0 0 ADD 1 WORLD MPI 0\n' > "$T/timed.in"
$MPIRUN -n 2 ./mpigauge --validate --time 0.2 "$T/timed.in" > "$T/timed.out" 2>&1
check "--validate --time 0.2: about 1.0 s for 4 sizes of a pair and a barrier" grep -q "^total: 5 measurements, about 1.0 s" "$T/timed.out"

# ---- --keep-going ---------------------------------------------------------------
printf 'SEND INT 1 8 MUL 2 WORLD NOP 0\nALLREDUSE INT 1 8 MUL 2 WORLD SUM 0\nALLREDUCE FLOAT 1 8 MUL 2 WORLD BAND 0\nBCAST INT 1 8 MUL 2 WORLD NONE 0\n' > "$T/bad.in"
$MPIRUN -n 2 ./mpigauge -o "$T/strict" "$T/bad.in" > /dev/null 2>&1
if [ $? = 2 ] && [ ! -e "$T/strict" ]; then ok_=1; else ok_=0; fi
check "strict: exit 2, no folder" [ "$ok_" = 1 ]
$MPIRUN -n 2 ./mpigauge --keep-going --iters 5 -o "$T/keep" "$T/bad.in" > "$T/keep.out" 2> "$T/keep.err"
check "--keep-going: exit 4" [ $? = 4 ]
check "--keep-going: the valid records ran" [ "$(jq -c '[.records[] | .status]' "$T/keep/run.json")" = '["done","skipped","skipped","done"]' ]
check "--keep-going: each invalid one with FILE:LINE:COL" [ "$(jq -r "$AT"'at(2).skipped' "$T/keep/run.json")" = "$T/bad.in:2:1: unknown call 'ALLREDUSE'; did you mean ALLREDUCE?" ]
check "--keep-going: and in the prose" grep -q "skipped: $T/bad.in:3:33: MPI does not define BAND on FLOAT" "$T/keep.out"
check "--keep-going: the errors on stderr too" [ "$(grep -c "^$T/bad.in:[23]:" "$T/keep.err")" = 2 ]
# issue 26 class 4: past the 50 messages stderr shows, every invalid record
# is still a skip with its own reason and the valid ones still run (the
# messages were kept only up to 50, and the 51st made the run stop)
for i in $(seq 1 300); do echo "SEND INT 1 8 MUL 2 WORLD NOP 0 bogus=$i"; done > "$T/many.in"
echo "SEND INT 1 8 MUL 2 WORLD NOP 0 iters=5" >> "$T/many.in"
$MPIRUN -n 2 ./mpigauge --keep-going --quiet -o "$T/many" "$T/many.in" > /dev/null 2> "$T/many.err"
check "--keep-going with 300 invalid records: exit 4 ($?)" [ "$(jq -c '[.records[] | .status] | group_by(.) | map([.[0], length])' "$T/many/run.json")" = '[["done",1],["skipped",300]]' ]
# the accepted keys, in the settings table's order, as --list prints them
keys=$(./mpigauge --list | sed -n 's/^  \([a-z]*\)=.*/\1/p' | tr '\n' ' ')
check "... the 300th skipped with its own line" [ "$(jq -r '.records[] | select(.line == 300) | .skipped' "$T/many/run.json")" = "$T/many.in:300:32: unknown setting 'bogus'; accepted: ${keys% }" ]
check "... stderr shows 50 and counts the rest" [ "$(grep -c "^$T/many.in:[0-9]*:32: unknown setting" "$T/many.err")/$(grep -c "^$T/many.in: 250 more errors not shown" "$T/many.err")" = 50/1 ]
$MPIRUN -n 2 ./mpigauge --validate --keep-going "$T/many.in" > "$T/many.val" 2>&1
check "... and --validate --keep-going agrees: exit 4 as the run, 300 skipped" [ "$?/$(grep -c "skipped" "$T/many.val")" = 4/300 ]

summary scale
