#!/usr/bin/env bash
# topology.sh: grids, topologies, pair criteria and the simulated cluster,
# asserted from run.json and the data files.  Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/topology
scratch "$T"
comms() { jq -c --arg t "$2" '.records[] | select(.topology == $t) | .communicators' "$1/run.json"; }

# one cheap record per topology: a single barrier
for t in X-LINE Y-LINE Z-LINE XY-PLANE YZ-PLANE ZX-PLANE HOLLOW-CUBE WORLD; do
    echo "BARRIER INT 0 0 ADD 1 $t MPI 0 iters=1 warmup=0"
done > "$T/topos.in"

# 24 and 27 ranks: more than an integration test runs under mpirun (MPICH
# spin-polls: 34 s and 39 s of this suite on 2 cores), so they run on
# SimGrid's SMPI, the same code laid out on simulated hosts; without
# smpicc/smpirun, or with SMPI_TESTS=skip, their checks are skipped
if [ "${SMPI_TESTS:-}" = skip ] || ! command -v smpicc > /dev/null || ! command -v smpirun > /dev/null; then
    skip 13 "the 24- and 27-rank grids: SimGrid's smpicc/smpirun not installed or SMPI_TESTS=skip"
else
    make --no-print-directory smpi > "$T/smpi-build.log" 2>&1
    grid() { # NP GRID FOLDER
        timeout 300 scripts/simulate.sh platforms/thesis-8x2x4.xml "$1" --grid "$2" --quiet \
            -o "$3" "$T/topos.in" > "$3.out" 2>&1
    }
    # 24 ranks on 2x3x4 (x fastest): the issue's numbers
    grid 24 2x3x4 "$T/g24"
    check "24 ranks run ($(tail -1 "$T/g24.out"))" [ -f "$T/g24/run.json" ]
    check "grid [2,3,4]" [ "$(jq -c .grid "$T/g24/run.json")" = "[2,3,4]" ]
    check "12 X-lines of 2" [ "$(comms "$T/g24" X-LINE)" = "[2,2,2,2,2,2,2,2,2,2,2,2]" ]
    check "8 Y-lines of 3" [ "$(comms "$T/g24" Y-LINE)" = "[3,3,3,3,3,3,3,3]" ]
    check "6 Z-lines of 4" [ "$(comms "$T/g24" Z-LINE)" = "[4,4,4,4,4,4]" ]
    check "4 XY-planes of 6" [ "$(comms "$T/g24" XY-PLANE)" = "[6,6,6,6]" ]
    check "2 YZ-planes of 12" [ "$(comms "$T/g24" YZ-PLANE)" = "[12,12]" ]
    check "3 ZX-planes of 8" [ "$(comms "$T/g24" ZX-PLANE)" = "[8,8,8]" ]
    check "rank 13 at (1,0,2)" [ "$(jq -c '.places[13].xyz' "$T/g24/run.json")" = "[1,0,2]" ]
    check "X-line data file: 24 samples" [ "$(column "$T/g24/01-barrier-int-x-line-mpi.dat" samples)" = 24 ]

    # 27 ranks on 3x3x3: the hollow cube leaves the centre out
    grid 27 3x3x3 "$T/g27"
    check "hollow cube: one communicator of 26" [ "$(comms "$T/g27" HOLLOW-CUBE)" = "[26]" ]
    check "hollow cube: 26 samples" [ "$(jq '.records[] | select(.topology == "HOLLOW-CUBE") | .points[0].samples' "$T/g27/run.json")" = 26 ]
    check "rank 13 is the centre" [ "$(jq -c '.places[13].xyz' "$T/g27/run.json")" = "[1,1,1]" ]
fi

# --coords: ranks placed by a file (a 1x2x2 square, listed out of order)
printf '# rank x y z\n3 0 1 1\n1 0 0 1\n0 0 0 0\n2 0 1 0\n' > "$T/square.coords"
printf 'BARRIER INT 0 0 ADD 1 Y-LINE MPI 0 iters=1\nBARRIER INT 0 0 ADD 1 YZ-PLANE MPI 0 iters=1\n' > "$T/coords.in"
$MPIRUN -n 4 ./mpigauge --coords "$T/square.coords" --quiet -o "$T/coords" "$T/coords.in" > /dev/null 2>&1
check "--coords: grid from the file" [ "$(jq -c .grid "$T/coords/run.json")" = "[1,2,2]" ]
check "--coords: rank 1 at (0,0,1)" [ "$(jq -c '.places[1].xyz' "$T/coords/run.json")" = "[0,0,1]" ]
check "--coords: Y-lines of 2" [ "$(comms "$T/coords" Y-LINE)" = "[2,2]" ]
check "--coords: one YZ-plane of 4" [ "$(comms "$T/coords" YZ-PLANE)" = "[4]" ]
printf '0 0 0 0\n1 0 0 0\n2 0 1\n' > "$T/bad.coords"
$MPIRUN -n 4 ./mpigauge --coords "$T/bad.coords" -o "$T/badcoords" "$T/coords.in" > /dev/null 2> "$T/err"
check "bad --coords: exit 2" [ $? = 2 ]
check "bad --coords: FILE:LINE:COLUMN" grep -q "^$T/bad.coords:3:6: missing field 'z'" "$T/err"
check "bad --coords: no folder" [ ! -e "$T/badcoords" ]
$MPIRUN -n 2 ./mpigauge --coords "$T/square.coords" --grid 2x1x1 "$T/coords.in" > /dev/null 2> "$T/err"
check "--coords with --grid: exit 2" [ $? = 2 ]

# --grid hw on one node: z = 0, x = the rank's place on its package
$MPIRUN -n 2 ./mpigauge --grid hw --quiet -o "$T/hw" "$T/coords.in" > /dev/null 2>&1
check "--grid hw: source" [ "$(jq -r .grid_source "$T/hw/run.json" | cut -c1-8)" = hardware ]
check "--grid hw: one node, z = 0" [ "$(jq -c '[.places[].xyz[2]] | unique' "$T/hw/run.json")" = "[0]" ]
check "--grid hw: distinct places" [ "$(jq '[.places[].xyz] | unique | length' "$T/hw/run.json")" = 2 ]

# pair criteria on a 2x2x1 grid: which pairs the matrix holds
cat > "$T/pairs.in" <<'IN'
SEND INT 1 1 ADD 1 WORLD DETAIL:NEIGHBOURS 0 iters=20
SEND INT 1 1 ADD 1 WORLD DETAIL:RANK0 0 iters=20
SEND INT 1 1 ADD 1 WORLD NOP:CROSS-NODE 0 iters=20
IN
$MPIRUN -n 4 ./mpigauge --grid 2x2x1 --quiet -o "$T/pairs" "$T/pairs.in" > /dev/null 2>&1
measured() { awk '!/^#/ && NF { for (c = 1; c <= NF; c++) if ($c != "nan") printf "%d-%d ", r, c - 1; r++ }' "$1"; }
check "NEIGHBOURS: the four grid edges" [ "$(measured "$T/pairs/01-send-int-world-detail-neighbours.pairs.dat")" = "0-1 0-2 1-3 2-3 " ]
check "RANK0: the pairs with rank 0" [ "$(measured "$T/pairs/02-send-int-world-detail-rank0.pairs.dat")" = "0-1 0-2 0-3 " ]
check "NOP:CROSS-NODE on one node: skipped" [ "$(jq -r "$AT"'at(3).skipped' "$T/pairs/run.json")" = "no pair of the WORLD communicators is CROSS-NODE" ]
check "criterion in run.json op" [ "$(jq -r "$AT"'at(1).op' "$T/pairs/run.json")" = "DETAIL:NEIGHBOURS" ]
check "4 samples for NEIGHBOURS" [ "$(jq "$AT"'at(1).points[0].samples' "$T/pairs/run.json")" = 4 ]

# heat maps: one valid PNG of 640x560 per size block
$MPIRUN -n 3 ./mpigauge --iters 20 --quiet -o "$T/heat" tests/inputs/p2p.in > /dev/null 2>&1
pngs=$(bash scripts/pairs_heatmap.sh "$T/heat/02-send-double-world-detail.pairs.dat" "$T/heat/map")
check "one PNG per size" [ "$(echo "$pngs" | wc -l)" = 6 ]
for png in $pngs; do
    check "$png is a PNG" [ "$(head -c 8 "$png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]
    check "$png is 640x560" [ "$(od -An -tu1 -j16 -N8 "$png" | awk '{ print $3 * 256 + $4 "x" $7 * 256 + $8 }')" = 640x560 ]
done

# the simulated cluster: two hosts of two ranks (needs ../shared/cluster and root)
if cluster_launcher 120; then
    cat > "$T/cluster.in" <<'IN'
BARRIER INT 0 0 ADD 1 NODE MPI 0 iters=2
BARRIER INT 0 0 ADD 1 SOCKET MPI 0 iters=2
SEND DOUBLE 1 512 MUL 512 WORLD DETAIL 0 iters=1000 warmup=100
SEND DOUBLE 1 1 ADD 1 WORLD DETAIL:SAME-NODE 0 iters=200
SEND DOUBLE 1 1 ADD 1 WORLD DETAIL:CROSS-NODE 0 iters=200
IN
    # Open MPI keeps shared memory (vader) to ranks of one node, by node
    # name, so with ob1 the cross-host pairs take TCP as on a real cluster;
    # under MPICH, UCX does so when each host has its own boot id
    # (SEPARATE_HOSTS=1, README: the simulated cluster).
    "${CLUSTER[@]}" ./mpigauge --grid hw --check --quiet -o "$T/cluster" "$T/cluster.in" > /dev/null 2> "$T/err"
    rc=$?
    check "cluster run exits 0 (got $rc: $(head -1 "$T/err"))" [ "$rc" = 0 ]
    j="$T/cluster/run.json"
    check "two hosts" [ "$(jq -c .hosts "$j")" = '["nodeA","nodeB"]' ]
    check "NODE: two communicators of 2" [ "$(comms "$T/cluster" NODE)" = "[2,2]" ]
    check "SOCKET: one per host" [ "$(comms "$T/cluster" SOCKET)" = "[2,2]" ]
    check "--grid hw: z = host" [ "$(jq -c '[.places[] | .xyz[2]]' "$j")" = "[0,0,1,1]" ]
    check "--grid hw: z = node index" [ "$(jq "$EVERY"'every(.places[]; .xyz[2] == .node)' "$j")" = true ]
    check "--grid hw: grid has 2 nodes along z" [ "$(jq -c '.grid[2]' "$j")" = 2 ]
    detail="$T/cluster/03-send-double-world-detail.pairs.dat"
    check "DETAIL: all six pairs" [ "$(measured "$detail" | wc -w)" = 12 ]
    check "SAME-NODE: the two same-host pairs" [ "$(measured "$T/cluster/04-send-double-world-detail-same-node.pairs.dat")" = "0-1 2-3 " ]
    check "CROSS-NODE: the four cross-host pairs" [ "$(measured "$T/cluster/05-send-double-world-detail-cross-node.pairs.dat")" = "0-2 0-3 1-2 1-3 " ]
    check "cluster --check passed" [ "$(jq "$EVERY"'every(.records[]; .check != "failed")' "$j")" = true ]
    # that same-host pairs are faster than cross-host pairs is a matter of
    # timing, which two shared cores do not keep (CI saw it fail under
    # load): said here as a note, asserted in simulated time by tests/smpi.sh
    awk '/^# elements [0-9]/ { b++ } /^#/ || !NF { next }
         { for (k = 1; k <= NF; k++) if ($k != "nan") { if ((r % 4 < 2) == (k - 1 < 2)) { s += $k; ns++ } else { c += $k; nc++ } }
           r++ }
         END { if (ns && nc) printf "note: DETAIL on two hosts: same-host pairs %.2f us, cross-host %.2f us on average\n", s / ns, c / nc }' "$detail" >&2
else
    skip 11 "../shared/cluster/fake-ssh or unshare not available: the two-host run"

fi

summary topology
