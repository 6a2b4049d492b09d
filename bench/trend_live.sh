#!/usr/bin/env bash
# trend_live.sh (make bench-trend): issue 57's live experiment, on this
# machine, 2 ranks.  SETS_A (15) launch sets of LAUNCHES (4) launches of a
# small input (SEND and ALLREDUCE, 1..1024 elements MUL 32, --budget 0.2)
# made by build A (./mpigauge), then SETS_B (15) by build B
# (tests/mpigauge-nopapi: the same source built without PAPI, so its
# fingerprint's build differs and its system does not) whose ALLREDUCE is
# slowed SLOW_PCT (30) percent of each call on rank 0 by the preloaded
# tests/launchvary.so (MPIGAUGE_SLOW_CALL=MPI_Allreduce; A preloads it
# too, slowing nothing, so that the wrapper itself is no change); all
# stored with mpigauge --store, drawn by mpigauge --trend and
# scripts/report.sh.  Prints each series' change points and whether the
# ALLREDUCE's sit at set SETS_A + 1 and only there, and the SEND's
# nowhere; nothing is asserted (docs/report.md keeps what was seen).
# KEEP=DIR keeps the sets, the store and the page in DIR.
set -eu
cd "$(dirname "$0")/.."
MPIRUN=${MPIRUN:-mpirun}
SETS_A=${SETS_A:-15} SETS_B=${SETS_B:-15} LAUNCHES=${LAUNCHES:-4} SLOW_PCT=${SLOW_PCT:-30}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
T=${KEEP:-$(mktemp -d)}
mkdir -p "$T"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$T"' EXIT
for f in mpigauge tests/mpigauge-nopapi tests/launchvary.so; do
    [ -x "$f" ] || [ -f "$f" ] || { echo "trend_live.sh: needs $f (make bench-trend builds it)" >&2; exit 2; }
done
printf '%s\n' 'SEND CHAR 1 1024 MUL 32 WORLD NOP 0' 'ALLREDUCE DOUBLE 1 1024 MUL 32 WORLD SUM 0' > "$T/small.in"
echo "trend_live.sh: $(hostname), $(nproc) cores, $(date -u +%Y-%m-%dT%H:%M:%SZ), $MPIRUN"
echo "  $SETS_A sets by build A, then $SETS_B by build B (ALLREDUCE slowed $SLOW_PCT%), $LAUNCHES launches a set"
set_of() { # DIR BINARY PCT
    bash scripts/launches.sh -n "$LAUNCHES" -o "$1" --shuffle -- $MPIRUN -n 2 env \
        MPIGAUGE_SLOW_CALL=MPI_Allreduce MPIGAUGE_SLOW_PCT="$3" LD_PRELOAD="$PWD/tests/launchvary.so" \
        "$2" --quiet --budget 0.2 "$T/small.in" > "$1.log" 2>&1
}
start=$(date +%s)
for k in $(seq 1 $((SETS_A + SETS_B))); do
    if [ "$k" -le "$SETS_A" ]; then set_of "$T/set-$k" ./mpigauge 0; else set_of "$T/set-$k" tests/mpigauge-nopapi "$SLOW_PCT"; fi
done
echo "  the sets took $(($(date +%s) - start)) s"
folders=()
for k in $(seq 1 $((SETS_A + SETS_B))); do folders+=("$T/set-$k"); done
./mpigauge --store "$T/store.db" "${folders[@]}" > /dev/null
./mpigauge --store "$T/store.db" "${folders[@]}" | grep -c 'nothing added' | sed 's/^/  stored twice: nothing added for /; s/$/ sets/'
echo "  systems in the store: $(sqlite3 "$T/store.db" 'SELECT count(*) FROM systems'), builds: $(sqlite3 "$T/store.db" 'SELECT group_concat(DISTINCT build) FROM sets')"
rc=0
./mpigauge --trend "$T/store.db" -o "$T/trend" --fail-new 5% > /dev/null 2> "$T/fail.txt" || rc=$?
echo "  --fail-new 5%: exit $rc"
sed 's/^/    /' "$T/fail.txt"
jq -r --argjson at "$SETS_A" '.series[] | "  \(.record) at \(.elements): \(.changes | length) change point(s)" +
    (if .changes | length > 0 then ": " + ([.changes[] | "set \(.at + 1) \(if .confirmed then "confirmed" else "unconfirmed" end) \((.ratio - 1) * 1000 | round / 10)% [\((.lo - 1) * 1000 | round / 10)%, \((.hi - 1) * 1000 | round / 10)%]"] | join("; ")) else "" end) +
    (if (.record | startswith("ALLREDUCE")) then (if ([.changes[].at] == [$at]) then " (at set \($at + 1) only\(if .changes[0].confirmed then "" else ", not confirmed" end))" elif (.changes | length) == 0 then " (not found)" else " (elsewhere too, or not at set \($at + 1))" end)
     else (if ([.changes[] | select(.confirmed)] | length) == 0 then " (none confirmed, as built)" else " (a confirmed change where none was made)" end) end)' "$T/trend/trend.json"
bash scripts/report.sh "$T/trend" > /dev/null && echo "  the page: $T/trend/trend.html"
