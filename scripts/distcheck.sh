#!/usr/bin/env bash
# distcheck.sh DIST: make distcheck's steps on DIST.tar.gz (made by make
# dist beside it): unpacked in a scratch folder, built with warnings as
# errors, the unit tests, a conformance run (every call of --list on 2
# ranks with --check: every record done or skipped with its reason, every
# check passed, or "no data" where the call moves none: the barriers), installed into a staging DESTDIR, the installed binary
# run, uninstalled to nothing.  The scratch folder is removed when all
# passed and kept (and named) otherwise.  Exit 0, or 1 after saying which
# step failed.
set -u
dist=${1:?usage: distcheck.sh mpigauge-VERSION}
[ -f "$dist.tar.gz" ] || { echo "distcheck: no $dist.tar.gz (make dist first)" >&2; exit 2; }
mpirun=${MPIRUN:-mpirun}
scratch=$(mktemp -d "${TMPDIR:-/tmp}/distcheck.XXXXXX")
fail() {
    echo "distcheck: FAILED: $1 (kept: $scratch)" >&2
    exit 1
}
step() { echo "distcheck: $1"; }
step "unpack $dist.tar.gz in $scratch"
tar -xzf "$dist.tar.gz" -C "$scratch" || fail "unpack"
src="$scratch/$dist"
[ -d "$src" ] && [ ! -e "$src/.git" ] || fail "the tarball's one folder $dist"
step "build (WERROR=1)"
make -C "$src" -j2 WERROR=1 MPICC="${MPICC:-mpicc}" mpigauge tests/unit_tests > "$scratch/build.log" 2>&1 ||
    { tail -20 "$scratch/build.log" >&2; fail "build"; }
step "unit tests"
(cd "$src" && ./tests/unit_tests > "$scratch/unit.log" 2>&1) ||
    { tail -5 "$scratch/unit.log" >&2; fail "unit tests"; }
tail -1 "$scratch/unit.log"
step "conformance run: $mpirun -n 2 mpigauge --check on tests/inputs/conformance.in"
(cd "$src" && $mpirun -n 2 ./mpigauge --quiet --check --fixed --blocks 1 --iters 3 --warmup 1 \
    -o "$scratch/conformance" tests/inputs/conformance.in > "$scratch/conformance.log" 2>&1) ||
    { tail -20 "$scratch/conformance.log" >&2; fail "conformance run"; }
verdict=$(jq -r '[.records[] | select(.status != "skipped") |
    select(.status != "done" or (.check != "passed" and .check != "no data"))] | length' \
    "$scratch/conformance/run.json")
ran=$(jq '[.records[] | select(.status == "done")] | length' "$scratch/conformance/run.json")
[ "$verdict" = 0 ] && [ "$ran" -gt 0 ] || fail "conformance: $verdict records not done with --check passed"
echo "conformance: $ran records done, --check passed"
step "install into a staging DESTDIR"
stage="$scratch/stage"
make -C "$src" install DESTDIR="$stage" PREFIX=/usr/local > "$scratch/install.log" 2>&1 ||
    { tail -20 "$scratch/install.log" >&2; fail "install"; }
"$stage/usr/local/bin/mpigauge" --version | head -1 | grep -q "^mpigauge $(sed -n 's/^#define MPIGAUGE_VERSION "\(.*\)"/\1/p' "$src/src/input/options.h")" ||
    fail "the installed mpigauge --version"
[ -f "$stage/usr/local/share/man/man1/mpigauge.1" ] && [ -f "$stage/usr/local/share/mpigauge/inputs/quick.in" ] ||
    fail "the installed man page and inputs"
make -C "$src" uninstall DESTDIR="$stage" PREFIX=/usr/local > /dev/null 2>&1 || fail "uninstall"
left=$(find "$stage" -type f | wc -l)
[ "$left" = 0 ] || fail "uninstall left $left files"
rm -rf "$scratch"
echo "distcheck: $dist.tar.gz passed (build, unit tests, conformance, install)"
