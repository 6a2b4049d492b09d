#!/usr/bin/env bash
# run.sh: every test (unit, then integration); the last line is the total
# as "N passed, N failed".
cd "$(dirname "$0")/.."
total_pass=0
total_fail=0
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
}
out=$(mktemp)
./tests/unit_tests | tee "$out"
count "$out"
bash tests/integration.sh | tee "$out"
count "$out"
bash tests/topology.sh | tee "$out"
count "$out"
rm -f "$out"
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" = 0 ]
