#!/usr/bin/env bash
# style.sh: the shape of the source, asserted: no C function longer than
# 60 lines (tables are initialisers, not functions), no C file longer than
# 400 lines, at most 3 .c files directly in src/, every #include of a
# folder's header allowed by the layer order (so no import circle can
# form), and no MPI call where the layers say there is none (models/,
# output/).  Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh

# the folders each folder of src/ may include, besides itself: the layer
# order base < models < registry < input < world, kernels < measure, and
# output beside measure (it reads result.h and the tables, nothing above)
allowed() {
    case "$1" in
    base) echo "" ;;
    models) echo "base" ;;
    registry) echo "base models" ;;
    input) echo "base models registry" ;;
    world) echo "base models registry input" ;;
    kernels) echo "base models registry input" ;;
    measure) echo "base models registry input world kernels result.h" ;;
    output) echo "base models registry input result.h" ;;
    offline) echo "base models registry input" ;;
    topologies) echo "base registry" ;;
    src) echo "base models registry input world kernels measure output offline result.h run.h" ;;
    esac
}

# functions: from a line that is "{" alone at column 0 to the next "}" at
# column 0; the signature lines before it are not counted
long=$(awk 'FNR == 1 { open = 0 }
            /^\{/ { open = FNR; next }
            /^\}/ && open { if (FNR - open - 1 > 60) print FILENAME ":" open ": " FNR - open - 1 " lines"; open = 0 }' \
       src/*.c src/*/*.c topologies/*.c)
check "no function over 60 lines${long:+: $long}" [ -z "$long" ]

big=$(wc -l src/*.c src/*/*.c topologies/*.c | awk '$2 != "total" && $1 > 400 { print $2 " " $1 }')
check "no C file over 400 lines${big:+: $big}" [ -z "$big" ]

top=$(ls src/*.c | wc -l)
check "at most 3 .c files directly in src/ (found $top)" [ "$top" -le 3 ]

# every quoted include, by the folder that makes it
bad=""
for f in src/*.[ch] src/*/*.[ch] topologies/*.[ch]; do
    dir=$(dirname "$f")
    case "$dir" in
    src) from=src ;;
    topologies) from=topologies ;;
    *) from=$(basename "$dir") ;;
    esac
    ok=" $(allowed "$from") $from "
    for inc in $(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f"); do
        case "$inc" in
        */*) to=${inc%%/*} ;;
        *) [ "$from" = topologies ] && to=topologies || to=$inc ;;
        esac
        case "$ok" in
        *" $to "*) ;;
        *) bad="$bad $f:$inc" ;;
        esac
    done
done
check "every include follows the layer order${bad:+:$bad}" [ -z "$bad" ]

# models/ is arithmetic, output/ writes finished results and offline/
# runs without MPI: no MPI call in any of them
calls=$(grep -nE '\bP?MPI_[A-Z][a-z_]*\(' src/models/*.[ch] src/output/*.[ch] src/offline/*.[ch] src/result.h | head -5)
check "no MPI call in models/, output/ or offline/${calls:+: $calls}" [ -z "$calls" ]
mpih=$(grep -l '#include <mpi.h>' src/models/* src/output/* src/offline/* 2>/dev/null)
check "models/, output/ and offline/ do not include mpi.h${mpih:+: $mpih}" [ -z "$mpih" ]

# every folder's main header says what it owns and may include
for d in src/*/; do
    name=$(basename "$d")
    main=$(grep -l "^/\* $name/: " "$d"*.h 2>/dev/null | head -1)
    check "$name/ has a main header that says what it owns" [ -n "$main" ]
done

echo "style: $pass passed, $fail failed"
[ "$fail" = 0 ]
