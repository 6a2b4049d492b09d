#!/usr/bin/env bash
# setup.sh: installs what mpigauge needs to build and test on Debian.
# Runs apt-get directly as root, through sudo otherwise.
set -eu
if [ $# -gt 0 ]; then
    echo "setup.sh takes no arguments (it got '$1')" >&2
    exit 2
fi
packages=(make gcc g++ pkgconf mpich libmpich-dev libgsl-dev libjansson-dev libhwloc-dev libsqlite3-dev sqlite3 libpapi-dev jq gnuplot-nox
          libsimgrid-dev simgrid)
as_root=()
[ "$(id -u)" = 0 ] || as_root=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update
"${as_root[@]}" apt-get install -y --no-install-recommends "${packages[@]}"
