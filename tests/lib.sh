# lib.sh: what the integration test scripts share; source it after cd to
# the project's top.  check DESCRIPTION COMMAND... counts one assertion.
MPIRUN=${MPIRUN:-mpirun}
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
check() {
    local what=$1
    shift
    if "$@"; then ok; else bad "$what"; fi
}
# a fresh scratch folder for one script
scratch() {
    rm -rf "$1"
    mkdir -p "$1"
}
