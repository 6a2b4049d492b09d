#!/usr/bin/env bash
# neighbors.sh: the graph-shaped topologies (STENCIL, STENCIL-OPEN,
# BINARY-TREE, GRAPH:path) and the neighbourhood collectives on them:
# --check on every call and shape, the shape each communicator became,
# skips with reasons, edge-list errors with FILE:LINE:COL, and the fault
# injector.  Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/neighbors
scratch "$T"
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"

calls="NEIGHBOR_ALLGATHER NEIGHBOR_ALLGATHERV NEIGHBOR_ALLTOALL NEIGHBOR_ALLTOALLV NEIGHBOR_ALLTOALLW"
# the skips of src/world/defects.c: the libraries' known wrong answers
defect='^(MPICH 4.0|Open MPI 4).s (I?NEIGHBOR_ALLTOALL|MPI_Neighbor_alltoallw)'
{
    # the issue's own list, all on a 2x2 periodic stencil
    echo "IALLREDUCE DOUBLE 1 64 MUL 8 STENCIL SUM 0"
    echo "IBCAST INT 1 64 MUL 8 STENCIL NOP 0"
    echo "IALLTOALL INT 1 64 MUL 8 STENCIL NOP 0"
    echo "IBARRIER INT 0 0 ADD 1 STENCIL NOP 0"
    echo "ALLREDUCE_INIT DOUBLE 1 64 MUL 8 STENCIL SUM 0"
    echo "NEIGHBOR_ALLGATHER INT 1 64 MUL 8 STENCIL NOP 0"
    echo "NEIGHBOR_ALLTOALL INT 1 64 MUL 8 STENCIL NOP 0"
    for topo in STENCIL STENCIL-OPEN BINARY-TREE GRAPH:inputs/graphs/ring4.txt; do
        for c in $calls; do
            echo "$c INT 1 64 MUL 8 $topo NOP 0"
            echo "I$c DOUBLE 1 64 MUL 8 $topo NOP 0"
        done
    done
    echo "NEIGHBOR_ALLTOALLW STRUCT 1 16 MUL 4 STENCIL-OPEN NOP 0"
    echo "INEIGHBOR_ALLGATHERV VECTOR 1 16 MUL 4 STENCIL-OPEN NOP 0"
    echo "ALLREDUCE INT 1 16 MUL 4 BINARY-TREE SUM 0"
    echo "NEIGHBOR_ALLGATHER INT 1 16 MUL 4 WORLD NOP 0"
} > "$T/all.in"
n=$(wc -l < "$T/all.in")
$MPIRUN -n 4 ./mpigauge --grid 2x2x1 --check --iters 2 --warmup 1 --quiet -o "$T/all" "$T/all.in" > "$T/all.out" 2> "$T/all.err"
check "4 ranks, 2x2x1, --check on $n records: exit 0" [ $? = 0 ]
J="$T/all/run.json"
check "the issue's 7 records on STENCIL: done, checks passed, a data file each" [ "$(jq '[.records[:7][] | select(.status == "done" and (.check == "passed" or .check == "no data") and .file != null)] | length' "$J")" = 7 ]
check "every other record passed its check, or is a known library defect" [ "$(jq --arg d "$defect" "$EVERY"'every(.records[:-1][]; ((.status == "done" and (.check == "passed" or .check == "no data")) or (.status == "skipped" and (.skipped | test($d)))))' "$J")" = true ]
check "on STENCIL-OPEN, BINARY-TREE and GRAPH only MPICH's alltoallw on the uneven GRAPH is skipped" [ "$(jq "$EVERY"'every(.records[]; (.status == "skipped" and .topology != "STENCIL" and .topology != "WORLD" and (.call | test("ALLTOALLW$") | not)) | not)' "$J")" = true ]
for c in IALLREDUCE IBCAST IALLTOALL IBARRIER; do
    f="$T/all/$(jq -r --arg c "$c" '.records[] | select(.call == $c) | .file' "$J")"
    check "$c on STENCIL has an overlap column" rows "$f" 'v1 >= 0 && v1 <= 100' overlap_pct
done

# a periodic ring of 3 has no neighbour twice: every call, both forms,
# runs and passes under every library
for c in $calls; do
    echo "$c INT 1 64 MUL 8 STENCIL NOP 0"
    echo "I$c DOUBLE 1 64 MUL 8 STENCIL NOP 0"
done > "$T/ring.in"
$MPIRUN -n 3 ./mpigauge --grid 3x1x1 --check --iters 2 --warmup 1 --quiet -o "$T/ring" "$T/ring.in" > /dev/null 2> "$T/ring.err"
check "3 ranks, a periodic ring: exit 0" [ $? = 0 ]
check "a periodic ring: all 10 calls passed their checks" [ "$(jq '[.records[] | select(.check == "passed")] | length' "$T/ring/run.json")" = 10 ]
check "a neighbourhood collective on WORLD is skipped, with the reason" [ "$(jq -r '.records[-1].skipped' "$J")" = "NEIGHBOR_ALLGATHER needs a graph-shaped communicator (STENCIL, STENCIL-OPEN, BINARY-TREE, GRAPH:path); WORLD is plain" ]
check "STENCIL on 2x2x1: a 2-D periodic grid (the length-1 dimension left out)" [ "$(jq -r '[.records[] | select(.topology == "STENCIL")][0].shape' "$J")" = "Cartesian 2x2 (slowest first), periodic" ]
check "STENCIL-OPEN: not periodic" [ "$(jq -r '[.records[] | select(.topology == "STENCIL-OPEN")][0].shape' "$J")" = "Cartesian 2x2 (slowest first), not periodic: MPI_PROC_NULL beyond the edges" ]
# a binary tree of 4: 0-1, 0-2, 1-3 both ways: 6 edges; rank 3 has 1
# neighbour, ranks 0 and 1 have 2 (1 has its parent and child 3)
check "BINARY-TREE of 4: 6 edges, degree 1 to 2" [ "$(jq -r '[.records[] | select(.topology == "BINARY-TREE")][0].shape' "$J")" = "distributed graph: 6 edges, in-degree 1 to 2, out-degree 1 to 2" ]
check "GRAPH: the file's 5 edges, in-degree 1 to 2, out-degree 1 to 2" [ "$(jq -r '[.records[] | select(.topology == "GRAPH")][0].shape' "$J")" = "distributed graph: 5 edges, in-degree 1 to 2, out-degree 1 to 2" ]
check "GRAPH: run.json names the edge file" [ "$(jq -r '[.records[] | select(.topology == "GRAPH")][0].topology_file' "$J")" = "inputs/graphs/ring4.txt" ]
f="$T/all/$(jq -r '[.records[] | select(.call == "NEIGHBOR_ALLTOALL")][0].file' "$J")"
check "the data file header gives the shape" grep -q "^# shape: Cartesian 2x2" "$f"
check "the prose gives the shape" grep -q "  Shape: distributed graph: 5 edges" "$T/all/report.txt"
f="$T/all/$(jq -r '[.records[] | select(.call == "INEIGHBOR_ALLTOALL" and .topology == "STENCIL-OPEN")][0].file' "$J")"
check "INEIGHBOR_ALLTOALL has the overlap columns" rows "$f" 'v1 >= 0 && v1 <= 100 && v2 > 0' overlap_pct t_pure_us

# ranks placed out of order by --coords: STENCIL follows the grid, not
# the rank order, and the check still holds on a 4x1x1 line
printf '0 3 0 0\n1 1 0 0\n2 0 0 0\n3 2 0 0\n' > "$T/line.coords"
printf 'NEIGHBOR_ALLTOALLV INT 1 64 MUL 8 STENCIL-OPEN NOP 0\nINEIGHBOR_ALLGATHER INT 1 64 MUL 8 STENCIL NOP 0\n' > "$T/line.in"
$MPIRUN -n 4 ./mpigauge --coords "$T/line.coords" --check --iters 2 --quiet -o "$T/line" "$T/line.in" > /dev/null 2>&1
if [ $? = 0 ] && [ "$(jq '[.records[] | select(.check == "passed")] | length' "$T/line/run.json")" = 2 ]; then ok_=1; else ok_=0; fi
check "--coords out of order: exit 0, checks passed" [ "$ok_" = 1 ]
check "--coords 4x1x1: a 1-D grid of 4" [ "$(jq -r "$AT"'at(1).shape' "$T/line/run.json")" = "Cartesian 4 (slowest first), not periodic: MPI_PROC_NULL beyond the edges" ]
# a grid with empty points (x = 0, 1, 2, 5 of 0..5): no Cartesian grid,
# the records are skipped
printf "0 0 0 0\n1 1 0 0\n2 2 0 0\n3 5 0 0\n" > "$T/gaps.coords"
$MPIRUN -n 4 ./mpigauge --coords "$T/gaps.coords" --quiet -o "$T/gaps" "$T/line.in" > /dev/null 2>&1
check "empty grid points: exit 0" [ $? = 0 ]
check "empty grid points: STENCIL skipped with the reason" [ "$(jq -r "$AT"'at(2).skipped' "$T/gaps/run.json")" = "STENCIL needs one rank on every point of the grid; 4 ranks hold 4 of its 6 points (see --grid, --coords)" ]

# edge-list errors: FILE:LINE:COL, exit 2, nothing measured
printf '0 1\n1 7\n# fine\n2 x\n0 1\n3\n1 2 3\n' > "$T/bad.graph"
printf 'NEIGHBOR_ALLGATHER INT 1 8 MUL 2 GRAPH:%s NOP 0\n' "$T/bad.graph" > "$T/bad.in"
$MPIRUN -n 4 ./mpigauge -o "$T/bad" "$T/bad.in" > /dev/null 2> "$T/bad.err"
check "bad edge list: exit 2" [ $? = 2 ]
check "bad edge list: a rank out of range" grep -q "^$T/bad.graph:2:3: '7' is not a rank from 0 to 3" "$T/bad.err"
check "bad edge list: not a number" grep -q "^$T/bad.graph:4:3: 'x' is not a rank from 0 to 3" "$T/bad.err"
check "bad edge list: an edge twice" grep -q "^$T/bad.graph:5:1: edge 0 1 given again (first at line 1)" "$T/bad.err"
check "bad edge list: a missing rank" grep -q "^$T/bad.graph:6:3: an edge is 'from to'" "$T/bad.err"
check "bad edge list: an extra field" grep -q "^$T/bad.graph:7:5: extra field '3'" "$T/bad.err"
check "bad edge list: no result folder" [ ! -e "$T/bad" ]
printf 'NEIGHBOR_ALLGATHER INT 1 8 MUL 2 GRAPH:%s/none NOP 0\n' "$T" > "$T/none.in"
$MPIRUN -n 2 ./mpigauge -o "$T/none" "$T/none.in" > /dev/null 2> "$T/none.err"
if [ $? = 2 ] && grep -q "$T/none" "$T/none.err"; then ok_=1; else ok_=0; fi
check "missing edge list: exit 2, named" [ "$ok_" = 1 ]

# the fault injector: every neighbourhood record fails its check
grep NEIGHBOR "$T/all.in" | grep -v WORLD > "$T/nbr.in"
MPIGAUGE_CORRUPT=1 LD_PRELOAD="$PWD/tests/corrupt.so" $MPIRUN -n 4 ./mpigauge --grid 2x2x1 \
    --check --iters 1 --warmup 0 --quiet -o "$T/corrupt" "$T/nbr.in" > /dev/null 2> "$T/corrupt.err"
check "flipped bits: exit 1" [ $? = 1 ]
if [ "$(jq "$EVERY"'every(.records[]; (.status == "done" and .check != "failed") | not)' "$T/corrupt/run.json")" = true ] && [ "$(jq '[.records[] | select(.check == "failed")] | length' "$T/corrupt/run.json")" -ge 30 ]; then ok_=1; else ok_=0; fi
check "flipped bits: every neighbourhood record run failed" [ "$ok_" = 1 ]

summary neighbors
