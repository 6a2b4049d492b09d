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
# every suite, in this order; SUITES (names, space-separated) runs only
# those named (.ci/run's MPICH stage under the sanitizers runs those that
# reach MPICH's own paths)
all_suites="style docs integration topology barriers streaming mpi4 compat
threads devices fabric chain io types compose jobs slurm conformance
nonblocking objects settings neighbors scale hardening hybrid measure clock
scripts report signals cluster launches smpi platforms writes"
# a suite still running after SUITE_LIMIT seconds (default 1200) is
# stopped, with everything it started, and counted as one failure by name:
# a hang costs one suite, not the whole CI run.  DEADLINE (seconds since
# the epoch; .ci/run sets it) shortens that limit to the time left, and a
# suite not begun before it is a failure by name
for name in ${SUITES:-$all_suites}; do
    if [ ! -f "tests/$name.sh" ]; then
        echo "FAIL SUITES names $name: there is no tests/$name.sh" >&2
        total_fail=$((total_fail + 1))
        continue
    fi
    limit=${SUITE_LIMIT:-1200}
    if [ -n "${DEADLINE:-}" ]; then
        left=$((DEADLINE - $(date +%s)))
        [ "$left" -lt "$limit" ] && limit=$left
        if [ "$limit" -le 0 ]; then
            echo "FAIL $name: not begun, past DEADLINE" >&2
            total_fail=$((total_fail + 1))
            continue
        fi
    fi
    began=$SECONDS
    {
        timeout -k 20 "$limit" bash "tests/$name.sh" < /dev/null | tee "$out.suite"
        echo "${PIPESTATUS[0]}" > "$out.rc"
    } &
    job=$!
    # timeout runs the suite in a process group of its own, which an
    # interrupt (Ctrl-C under make) does not reach: this shell passes it on
    # as the TERM timeout forwards to the whole group, so nothing is left
    # running (bash runs a trap during `wait`, not during a pipeline)
    trap 'pkill -TERM -P "$job" -x timeout; wait "$job"; rm -f "$out" "$out.suite" "$out.rc"; exit 130' INT TERM
    wait "$job"
    trap - INT TERM
    rc=$(cat "$out.rc" 2> /dev/null || echo 1)
    if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
        echo "FAIL $name: stopped after $limit s (SUITE_LIMIT or DEADLINE)" >&2
        echo "$name: 0 passed, 1 failed" >> "$out.suite"
    fi
    echo "time: $name $((SECONDS - began)) s"
    count "$out.suite"
done
rm -f "$out.suite" "$out.rc"
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
