#!/usr/bin/env bash
# run.sh: every test (unit, then integration); the last line is the total
# as "N passed, N failed".
cd "$(dirname "$0")/.."
# Open MPI refuses to run as root (CI and these VMs are root) unless told
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
echo "tests with: ${MPIRUN:-mpirun} ($(${MPIRUN:-mpirun} --version 2>&1 | head -1))"
total_pass=0
total_fail=0
total_skipped=0
count() { # parses "...: N passed, M failed" from a test's output
    local line
    line=$(grep -E '[0-9]+ passed, [0-9]+ failed' "$1" | tail -1)
    if [ -z "$line" ]; then
        total_fail=$((total_fail + 1))
        echo "a test suite ended without a count" >&2
        return
    fi
    total_pass=$((total_pass + $(echo "$line" | grep -oE '[0-9]+ passed' | grep -oE '[0-9]+')))
    total_fail=$((total_fail + $(echo "$line" | grep -oE '[0-9]+ failed' | grep -oE '[0-9]+')))
    total_skipped=$((total_skipped + $(echo "$line" | grep -oE '[0-9]+ skipped' | grep -oE '[0-9]+' || echo 0)))
}
# under `make asan check`: leaks are checked where there is no MPI (the
# library keeps allocations until exit), and any UB stops a run
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
out=$(mktemp)
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} ./tests/unit_tests | tee "$out"
count "$out"
# the fuzz corpus and every input it ever crashed on (xargs may split the
# files over several runs; a broken invariant aborts a run: one failure)
find tests/fuzz/corpus tests/fuzz/regressions inputs -type f ! -name '.*' -print0 |
    xargs -0 ./tests/fuzz_replay > "$out.replay"
replay_rc=$?
awk -v bad=$((replay_rc != 0)) '{ p += $3 } END { printf "fuzz replay: %d passed, %d failed\n", p, bad }' \
    "$out.replay" | tee "$out"
rm -f "$out.replay"
count "$out"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
bash tests/style.sh | tee "$out"
count "$out"
bash tests/docs.sh | tee "$out"
count "$out"
bash tests/integration.sh | tee "$out"
count "$out"
bash tests/topology.sh | tee "$out"
count "$out"
bash tests/barriers.sh | tee "$out"
count "$out"
bash tests/streaming.sh | tee "$out"
count "$out"
bash tests/mpi4.sh | tee "$out"
count "$out"
bash tests/compat.sh | tee "$out"
count "$out"
bash tests/threads.sh | tee "$out"
count "$out"
bash tests/devices.sh | tee "$out"
count "$out"
bash tests/fabric.sh | tee "$out"
count "$out"
bash tests/chain.sh | tee "$out"
count "$out"
bash tests/io.sh | tee "$out"
count "$out"
bash tests/types.sh | tee "$out"
count "$out"
bash tests/compose.sh | tee "$out"
count "$out"
bash tests/jobs.sh | tee "$out"
count "$out"
bash tests/slurm.sh | tee "$out"
count "$out"
bash tests/conformance.sh | tee "$out"
count "$out"
bash tests/nonblocking.sh | tee "$out"
count "$out"
bash tests/objects.sh | tee "$out"
count "$out"
bash tests/settings.sh | tee "$out"
count "$out"
bash tests/neighbors.sh | tee "$out"
count "$out"
bash tests/scale.sh | tee "$out"
count "$out"
bash tests/hardening.sh | tee "$out"
count "$out"
bash tests/hybrid.sh | tee "$out"
count "$out"
bash tests/measure.sh | tee "$out"
count "$out"
bash tests/clock.sh | tee "$out"
count "$out"
bash tests/scripts.sh | tee "$out"
count "$out"
bash tests/report.sh | tee "$out"
count "$out"
bash tests/signals.sh | tee "$out"
count "$out"
bash tests/cluster.sh | tee "$out"
count "$out"
bash tests/launches.sh | tee "$out"
count "$out"
bash tests/smpi.sh | tee "$out"
count "$out"
bash tests/platforms.sh | tee "$out"
count "$out"
# every run.json the suites wrote, against schema/run.schema.json (one a
# suite makes up by hand carries a .fixture file beside it)
if python3 -c 'import jsonschema' 2> /dev/null; then
    python3 tests/validate_runs.py schema/run.schema.json tests/tmp | tee "$out"
else
    echo "note: no python3-jsonschema: run.json schema: 0 passed, 0 failed, 1 skipped" | tee "$out"
fi
count "$out"
rm -f "$out"
echo "$total_pass passed, $total_fail failed, $total_skipped skipped"
[ "$total_fail" = 0 ]
