#!/usr/bin/env bash
# packaging.sh: what sites get mpigauge through.  make dist's tarball (made
# twice, byte for byte the same; only what builds, tests and documents it;
# its .sha256) and make distcheck; the Spack recipe and the easyconfig name
# the version and one checksum; then, each where its tool is on the PATH and
# skipped by name where not (none is in Debian's registry:
# docs/developing.md, Packaging): Spack builds and tests the recipe from the
# tarball against the system's MPICH and libraries as externals, EasyBuild
# the easyconfig (its module loads and runs), ReFrame runs the test in the
# box on this machine with mpirun (tests/slurm.sh: through Slurm).
# Prints "N passed, N failed, N skipped".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=$(realpath -m tests/tmp/packaging)
scratch "$T"
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"
V=$(sed -n 's/^#define MPIGAUGE_VERSION "\(.*\)"/\1/p' src/input/options.h)
D=mpigauge-$V
RECIPE=packaging/spack/packages/mpigauge/package.py
EC=packaging/easybuild/mpigauge-$V.eb

# ---- the tarball
if git rev-parse --git-dir > /dev/null 2>&1; then
    make -s dist > /dev/null 2> "$T/dist.err"
    check "make dist: $D.tar.gz and its .sha256" test -s "$D.tar.gz" -a -s "$D.tar.gz.sha256"
    first=$(cut -d' ' -f1 "$D.tar.gz.sha256")
    check "... the .sha256 is the tarball's" sha256sum -c --quiet "$D.tar.gz.sha256"
    make -s dist > /dev/null 2>&1
    check "... made again: the same bytes ($first)" [ "$(sha256sum < "$D.tar.gz" | cut -d' ' -f1)" = "$first" ]
    tar -tzf "$D.tar.gz" > "$T/list"
    check "... one folder, $D/" [ "$(cut -d/ -f1 "$T/list" | sort -u)" = "$D" ]
    check "... the sources, tests, docs, man page, the ReFrame test" \
        [ "$(grep -cxE "$D/(src/main.c|tests/run.sh|docs/developing.md|man/mpigauge.1|packaging/reframe/mpigauge_check.py)" "$T/list")" = 5 ]
    check "... and the same files as git lists for them (no build output)" \
        [ "$(grep -vc '/$' "$T/list")" = "$(git ls-files -- Makefile README.md LICENSE CHANGES bench docs inputs man packaging/reframe platforms schema scripts src tests tools topologies | wc -l)" ]
    check "... not .ci/, results/, nor the recipes" [ -z "$(grep -E "^$D/(\.ci|results|packaging/spack|packaging/easybuild)/" "$T/list")" ]
    make -s distcheck > "$T/distcheck.out" 2>&1
    check "make distcheck: build, unit tests, conformance, install into DESTDIR" [ $? = 0 ]
    grep -q '^distcheck: .* passed' "$T/distcheck.out" || tail -15 "$T/distcheck.out" | sed 's/^/  log: /' >&2
else
    skip 9 "not a git checkout: make dist lists git's files"
    first=
fi
sum_recipe=$(sed -n "s/.*version(\"$V\", sha256=\"\([0-9a-f]*\)\").*/\1/p" "$RECIPE")
sum_ec=$(sed -n "s/^checksums = \['\([0-9a-f]*\)'\]/\1/p" "$EC")
check "the Spack recipe has version $V by a sha256" [ "${#sum_recipe}" = 64 ]
check "the easyconfig is version $V, the same checksum" [ "$sum_ec" = "$sum_recipe" ]
if [ -n "$first" ] && [ "$first" != "$sum_recipe" ]; then
    echo "note: this tree's tarball is not the $V release the recipes name ($sum_recipe): the builds below use copies of the recipes with this tarball's checksum" >&2
fi
# a copy of a recipe naming this tree's tarball (a release names its own)
for_this_tarball() { sed "s/$sum_recipe/${first:-$sum_recipe}/" "$1" > "$2"; }

# ---- Spack: the recipe from the tarball, every dependency an external
spack_externals() { # the system's MPICH and libraries, by their versions here
    local v
    echo "packages:"
    echo "  all: {providers: {mpi: [mpich]}}"
    ext() { [ -n "$2" ] && printf '  %s:\n    buildable: false\n    externals:\n    - {spec: %s@%s, prefix: /usr}\n' "$1" "$1" "$2"; }
    ext mpich "$(mpichversion 2> /dev/null | sed -n 's/^MPICH Version:[[:space:]]*//p')"
    for v in gsl jansson hwloc papi; do ext "$v" "$(pkg-config --modversion "$v" 2> /dev/null)"; done
    ext sqlite "$(pkg-config --modversion sqlite3 2> /dev/null)"
    ext gmake "$(make --version | sed -n '1s/^GNU Make //p')"
    ext pkgconf "$(pkg-config --version)"
    printf '  pkgconfig:\n    buildable: false\n'
}
if command -v spack > /dev/null 2>&1 && [ -n "$first" ]; then
    S=$T/spack
    mkdir -p "$S/config" "$S/repo/packages/mpigauge" "$S/mirror/mpigauge"
    cp packaging/spack/repo.yaml "$S/repo/"
    for_this_tarball "$RECIPE" "$S/repo/packages/mpigauge/package.py"
    cp "$D.tar.gz" "$S/mirror/mpigauge/"
    # the old concretizer where this Spack still has it (no clingo to
    # bootstrap without the network); clingo otherwise
    conc=clingo
    grep -q "'original'" "$(spack location -r)/etc/spack/defaults/config.yaml" 2> /dev/null && conc=original
    printf 'config:\n  concretizer: %s\n  install_tree: {root: %s/opt}\n  build_stage: [%s/stage]\n  source_cache: %s/cache/source\n  misc_cache: %s/cache/misc\n  build_jobs: 2\n' \
        "$conc" "$S" "$S" "$S" "$S" > "$S/config/config.yaml"
    spack_externals > "$S/config/packages.yaml"
    printf 'repos:\n- %s/repo\n' "$S" > "$S/config/repos.yaml"
    printf 'mirrors:\n  local: file://%s/mirror\n' "$S" > "$S/config/mirrors.yaml"
    export SPACK_USER_CONFIG_PATH=$S/config SPACK_USER_CACHE_PATH=$S/cache
    spack compiler find > /dev/null 2>&1
    # -v: the build-time tests' output goes to the build log only so (the
    # test log file is written again by the install-time tests)
    spack install -v --test=root mpigauge > "$T/spack.out" 2>&1
    check "spack install --test=root mpigauge ($(spack --version 2> /dev/null)): exit 0" [ $? = 0 ]
    prefix=$(spack location -i mpigauge 2> /dev/null)
    check "... its tests ran: the unit tests and the 2-rank --check run" \
        sh -c "grep -q 'RUN-TESTS: build-time tests \[check\]' '$T/spack.out' && grep -q '^unit: [0-9]* passed, 0 failed' '$T/spack.out'"
    check "... the installed mpigauge --version says $V" sh -c "'$prefix/bin/mpigauge' --version | grep -q '^mpigauge $V'"
    $MPIRUN -n 2 "$prefix/bin/mpigauge" --quiet --check --iters 10 -o "$T/spack-run" --run osu_latency > "$T/spack-run.log" 2>&1
    check "... it runs on 2 ranks, --check passed" [ "$(jq -r '.records[0].check' "$T/spack-run/run.json" 2> /dev/null)" = passed ]
    # the checksum decides: a tarball one byte longer is refused
    printf x >> "$S/mirror/mpigauge/$D.tar.gz"
    spack clean -sd > /dev/null 2>&1
    spack fetch mpigauge@$V > "$T/spack-bad.out" 2>&1
    rc=$?
    check "... a tarball that is not the recipe's is refused ($rc, its checksum named)" \
        sh -c "[ $rc != 0 ] && grep -qi 'checksum' '$T/spack-bad.out'"
    unset SPACK_USER_CONFIG_PATH SPACK_USER_CACHE_PATH
else
    skip 5 "no spack on the PATH (not in Debian's registry; docs/developing.md says how it was run)"
fi

# ---- EasyBuild: the easyconfig (system toolchain, the system's libraries);
# its module loads, runs --version and 2 ranks
[ -z "${LMOD_CMD:-}" ] && [ -r /usr/share/lmod/lmod/init/bash ] && . /usr/share/lmod/lmod/init/bash
if command -v eb > /dev/null 2>&1 && [ -n "$first" ] && type module > /dev/null 2>&1; then
    E=$T/eb
    mkdir -p "$E/sources/m/mpigauge"
    cp "$D.tar.gz" "$E/sources/m/mpigauge/"
    for_this_tarball "$EC" "$E/mpigauge-$V.eb"
    root=()
    [ "$(id -u)" = 0 ] && root=(--allow-use-as-root-and-accept-consequences)
    eb "$E/mpigauge-$V.eb" "${root[@]}" --prefix="$E" --installpath="$E" --sourcepath="$E/sources" \
        --buildpath="$E/build" --tmpdir="$E/tmp" > "$T/eb.out" 2>&1
    check "eb mpigauge-$V.eb ($(eb --version 2> /dev/null | tail -1)): exit 0" [ $? = 0 ]
    check "... its test step ran the unit tests" grep -q 'WERROR=0 unit' "$T/eb.out" "$E"/software/mpigauge/$V/easybuild/*.log
    module use "$E/modules/all"
    module load "mpigauge/$V" 2> "$T/module.err"
    check "... module load mpigauge/$V: mpigauge --version from the module" \
        sh -c "[ \"\$(command -v mpigauge)\" = '$E/software/mpigauge/$V/bin/mpigauge' ] && mpigauge --version | grep -q '^mpigauge $V'"
    $MPIRUN -n 2 mpigauge --quiet --check --iters 10 -o "$T/eb-run" -r 'ALLREDUCE DOUBLE 1 64 MUL 4 WORLD SUM 0' > "$T/eb-run.log" 2>&1
    check "... a 2-rank run of the module's mpigauge, --check passed" [ "$(jq -r '.records[0].check' "$T/eb-run/run.json" 2> /dev/null)" = passed ]
    module unload "mpigauge/$V"
else
    skip 4 "no eb (EasyBuild) with a module tool on the PATH (neither is in Debian's registry but Lmod; docs/developing.md says how it was run)"
fi

# ---- ReFrame: the test in the box on this machine, mpirun; a wrong
# result fails its sanity, a site's reference its performance
if command -v reframe > /dev/null 2>&1; then
    R=$T/reframe
    mkdir -p "$R/bin"
    # ReFrame's mpirun launcher runs `mpirun`: the MPI the tests use
    printf '#!/bin/sh\nexec %s "$@"\n' "$MPIRUN" > "$R/bin/mpirun"
    chmod +x "$R/bin/mpirun"
    cat > "$R/local.py" <<'PY'
site_configuration = {
    'systems': [{'name': 'local', 'descr': 'this machine', 'hostnames': ['.*'],
                 'partitions': [{'name': 'default', 'scheduler': 'local', 'launcher': 'mpirun',
                                 'environs': ['mpi'], 'max_jobs': 1}]}],
    'environments': [{'name': 'mpi'}],
}
PY
    rf() { # NAME TESTFILE [ARGS...]: reframe run, its report in $R/NAME.json
        local name=$1 file=$2
        shift 2
        PATH="$R/bin:$PATH" reframe -C "$R/local.py" -c "$file" -S executable="$PWD/mpigauge" \
            --prefix "$R/$name" --keep-stage-files --report-file "$R/$name.json" "$@" -r > "$R/$name.out" 2>&1
    }
    rf ok packaging/reframe/mpigauge_check.py
    check "reframe ($(reframe --version 2> /dev/null)) mpigauge_check with mpirun: passed" [ $? = 0 ]
    stage=$(ls -d "$R"/ok/stage/*/*/*/mpigauge_check 2> /dev/null | head -1)
    check "... its three performance variables are the run's own medians and bandwidth" python3 - "$R/ok.json" "$stage/mpigauge-out/run.json" <<'PY'
import json, sys
rep = json.load(open(sys.argv[1]))
case = rep["runs"][-1]["testcases"][0]
# perfvalues: "system:partition:name" -> [value, reference, lower, upper, unit]
perf = {k.rsplit(":", 1)[1]: v[0] for k, v in case["perfvalues"].items()}
recs = {r["call"]: r["points"] for r in json.load(open(sys.argv[2]))["records"]}
want = {"latency_1B": recs["SEND"][0]["t_med_us"], "bandwidth_large": recs["BW"][-1]["mbps"],
        "allreduce_1024": recs["ALLREDUCE"][-1]["t_med_us"]}
sys.exit(0 if perf == want and all(v > 0 for v in want.values()) else 1)
PY
    # (fixed counts: a wrong element makes --check slow in adaptive blocks)
    LD_PRELOAD=$PWD/tests/corrupt.so MPIGAUGE_CORRUPT=1 rf corrupt packaging/reframe/mpigauge_check.py \
        -S mpigauge_options=--iters,20
    check "... a run whose --check fails (the fault injector) fails in sanity" \
        sh -c "[ $? != 0 ] && grep -q 'Failing phase: sanity' '$R/corrupt.out'"
    rf tight tests/reframe/tight_check.py -S mpigauge_options=--iters,20
    check "... a site's reference the run misses fails in performance" \
        sh -c "[ $? != 0 ] && grep -q 'Failing phase: performance' '$R/tight.out'"
else
    skip 4 "no reframe on the PATH (not in Debian's registry; docs/developing.md says how it was run)"
fi
summary packaging
