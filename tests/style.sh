#!/usr/bin/env bash
# style.sh: the shape of the source, asserted: no C function longer than
# 60 lines (tables are initialisers, not functions), no C file or header
# longer than 400 lines, at most 3 .c files directly in src/, every #include of a
# folder's header allowed by the layer order (so no import circle can
# form), every symbol linked from another folder allowed by the same
# order and no circle among the object files, and no MPI call where the layers say there is none (models/,
# output/).  Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh

# the folders each folder of src/ may use, besides itself, by #include
# and by linked symbol: the layer order base < models < registry <
# kernels, topologies < input < world < lifecycle, counters < clock <
# params < measure, and output beside
# measure (it reads result/ and the tables, nothing above); result/ is
# the results' plain data, their defaults and their freeing.  kernels/
# and topologies/ define the registry's call and topology tables (their
# rows name their functions), so they sit right above registry/ and below
# input/, which looks names up in those tables.
allowed() {
    case "$1" in
    base) echo "" ;;
    models) echo "base" ;;
    registry) echo "base models" ;;
    kernels) echo "base models registry" ;;
    topologies) echo "base registry" ;;
    input) echo "base models registry kernels topologies" ;;
    world) echo "base models registry kernels topologies input" ;;
    lifecycle) echo "base" ;;
    counters) echo "base models registry input result" ;;
    clock) echo "base models registry kernels topologies input world result lifecycle" ;;
    params) echo "base models registry kernels topologies input world result lifecycle clock" ;;
    measure) echo "base models registry kernels topologies input world result lifecycle counters clock params" ;;
    output) echo "base models registry input result" ;;
    offline) echo "base models registry input" ;;
    result) echo "base models registry input" ;;
    src) echo "base models registry kernels topologies input world lifecycle counters clock params measure output offline result run.h" ;;
    esac
}

# functions: from a line that is "{" alone at column 0 to the next "}" at
# column 0; the signature lines before it are not counted
long=$(awk 'FNR == 1 { open = 0 }
            /^\{/ { open = FNR; next }
            /^\}/ && open { if (FNR - open - 1 > 60) print FILENAME ":" open ": " FNR - open - 1 " lines"; open = 0 }' \
       src/*.c src/*/*.c topologies/*.c)
check "no function over 60 lines${long:+: $long}" [ -z "$long" ]

big=$(wc -l src/*.[ch] src/*/*.[ch] topologies/*.[ch] | awk '$2 != "total" && $1 > 400 { print $2 " " $1 }')
check "no C file or header over 400 lines${big:+: $big}" [ -z "$big" ]

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

# the same order at link level: every symbol an object uses from another
# folder's objects (nm -u against nm --defined-only), from the newest build
obj=$(ls -t build/*/src/*/*.o 2>/dev/null | head -1)
obj=${obj%/src/*/*.o}
check "objects to read the linked symbols from (build/*/src)" [ -n "$obj" ]
folder_of() {   # build/x/src/input/fields.o -> input; build/x/topologies/y.o -> topologies
    local d=${1%/*}
    case "$d" in
    */topologies) echo topologies ;;
    */src) echo src ;;
    *) echo "${d##*/}" ;;
    esac
}
# the objects of sources that exist (a moved file leaves its old object behind)
objects=$(for o in "$obj"/src/*.o "$obj"/src/*/*.o "$obj"/topologies/*.o; do
              s=${o#"$obj"/}; [ -f "${s%.o}.c" ] && echo "$o"
          done)
defs=$(for o in $objects; do
           f=$(folder_of "$o"); n=${o##*/}
           nm --defined-only "$o" | awk -v f="$f" -v n="${n%.o}" '$2 ~ /^[TDBRC]$/ { print $3, f, n }'
       done)
edges=""; upward=""; nlinks=0
for o in $objects; do
    f=$(folder_of "$o"); n=${o##*/}; n=${n%.o}
    while read -r sym g m; do
        [ "$m" = "$n" ] && [ "$g" = "$f" ] && continue
        nlinks=$((nlinks + 1))
        edges="$edges$f/$n $g/$m
"
        [ "$g" = "$f" ] && continue
        case " $(allowed "$f") " in
        *" $g "*) ;;
        *) upward="$upward $f/$n.o->$g:$sym" ;;
        esac
    done < <(nm -u "$o" | awk '{ print $2 }' | sort -u | join - <(printf '%s\n' "$defs" | sort -k1,1))
done
check "linked symbols between objects were found ($nlinks)" [ "$nlinks" -gt 100 ]
check "no object uses a symbol of a folder above its own${upward:+:$upward}" [ -z "$upward" ]
loop=$(printf '%s' "$edges" | tsort 2>&1 >/dev/null | grep -v 'input contains a loop' | tr '\n' ' ')
check "no circle among the objects (tsort)${loop:+: $loop}" [ -z "$loop" ]

# a header declares only what another file uses: a function or variable
# that a header under src/ declares (its name then '(', ';' or '[') and
# that no other object links (nm -u, the unit tests' and tools' objects
# too) nor any other source names (a use the optimiser dropped, as under
# "MPIGAUGE_SMPI ? f() : ...") is static in its own file instead.  No
# allow-list: none is needed today.
headers=$(ls src/*.h src/*/*.h topologies/*.h)
sources=$(ls src/*.c src/*/*.c topologies/*.c tests/unit/*.c tools/*.c bench/*.c 2>/dev/null)
# from the newest build that has the unit tests' objects too (a SimGrid
# build has none, and its objects link differently)
whole=$(ls -t build/*/tests/unit/main.o 2>/dev/null | head -1)
whole=${whole%/tests/unit/main.o}
check "a build with the unit tests' objects to read the symbols from" [ -n "$whole" ]
mine=$(for o in "$whole"/src/*.o "$whole"/src/*/*.o "$whole"/topologies/*.o; do
           s=${o#"$whole"/}; [ -f "${s%.o}.c" ] && echo "$o"
       done)
defined=$(for o in $mine; do
              s=${o#"$whole"/}
              nm --defined-only "$o" | awk -v s="${s%.o}.c" '$2 ~ /^[TDBRC]$/ { print $3, s }'
          done | sort -k1,1)
linked=$(for o in $mine "$whole"/tests/unit/*.o "$whole"/tools/*.o; do nm -u "$o"; done 2>/dev/null |
         awk '{ print $2 }' | sort -u)
# the names headers declare, and the defined ones among them no other object links
declared=$(grep -ohE '(^|[^.>[:alnum:]_])[[:alpha:]_][[:alnum:]_]* *(\(|;|\[)' $headers |
           sed -E 's/^[^[:alpha:]_]//; s/ *[(;[]$//' | sort -u | join - <(printf '%s\n' "$defined"))
ndeclared=$(printf '%s\n' "$declared" | grep -c .)
# what the headers' static inline functions use: objects that call them
# name it only where the build compiles the call (large.h's large_from is
# used by MPI 4's large-count calls, none of them under Open MPI 4.1)
inline_bodies=$(awk '/static inline/ { f = 1 } f { print } /^}/ { f = 0 }' $headers)
lonely=""
while read -r sym home; do
    printf '%s\n' "$linked" | grep -qx "$sym" && continue
    printf '%s\n' "$inline_bodies" | grep -qE "(^|[^.>[:alnum:]_])$sym\\b" && continue
    grep -lE "(^|[^.>[:alnum:]_])$sym\\b" $sources | grep -qvx "$home" && continue
    lonely="$lonely $home:$sym"
done < <(printf '%s\n' "$declared")
check "headers declare symbols of other files ($ndeclared declared)" [ "$ndeclared" -gt 300 ]
check "no header declares a symbol only its own file uses${lonely:+:$lonely}" [ -z "$lonely" ]

# models/ is arithmetic, output/ writes finished results and offline/
# runs without MPI: no MPI call in any of them
calls=$(grep -nE '\bP?MPI_[A-Z][a-z_]*\(' src/models/*.[ch] src/output/*.[ch] src/offline/*.[ch] src/result/*.[ch] | head -5)
check "no MPI call in models/, output/, offline/ or result/${calls:+: $calls}" [ -z "$calls" ]
mpih=$(grep -l '#include <mpi.h>' src/models/* src/output/* src/offline/* src/result/* 2>/dev/null)
check "models/, output/, offline/ and result/ do not include mpi.h${mpih:+: $mpih}" [ -z "$mpih" ]

# every folder's main header says what it owns and may include
for d in src/*/; do
    name=$(basename "$d")
    main=$(grep -l "^/\* $name/: " "$d"*.h 2>/dev/null | head -1)
    check "$name/ has a main header that says what it owns" [ -n "$main" ]
done

# a family owns its behaviour (docs/developing.md, "What the house reads of
# a family"): outside kernels/ and registry/, the lines that test a call's
# capability or a family's flag, compare a family by identity, or ask a
# family hook; the ceiling keeps them from spreading back
family_pat='&family_[a-z0-9]+|call_has\(|->family->(named_receives|always_windowed|moves_data|uses_scratch|way|threads|per|sample_start|samples|extras|skip|validate|window|legs)\b|->(phased|stretch|mockups)\b|record_per_thread\(|[^_]pairwise\(|streams_receives\(|needs_pairs\('
branching=$(grep -rnE "$family_pat" src topologies --include=*.c --include=*.h |
            grep -cvE '^src/(kernels|registry)/')
check "lines outside kernels/ and registry/ that branch on a family or call flag: $branching (under 40)" [ "$branching" -lt 40 ]
in_output=$(grep -rnE "$family_pat|->call->(caps|check|post|init|streams|legs)\\b" \
            src/output --include=*.c --include=*.h | head -3)
check "output/ reads a result's holds, not its call's capabilities or family${in_output:+: $in_output}" [ -z "$in_output" ]

# every suite runs: each tests/*.sh but lib.sh and run.sh is named in
# tests/suites.tsv (a suite missing from it would never run in make
# check), with a time limit and its needs
listed=$(awk '!/^#/ && NF == 3 && $2 ~ /^[0-9]+$/ { print $1 }' tests/suites.tsv)
unlisted=$(for f in tests/*.sh; do n=$(basename "$f" .sh); case $n in lib | run) ;; *) printf '%s\n' "$listed" | grep -qx "$n" || printf '%s ' "$n" ;; esac; done)
# a setting read by its key outside its family (record_setting_value,
# record_setting_word) names a row that is there: a misspelt key would
# read 0 or NULL as if the record's call took no such row
used=$(grep -rhoE 'record_setting_(value|word)\([^"]*"[a-z_]+"' src | sed -E 's/.*"([a-z_]+)"/\1/' | sort -u)
rows=$(grep -rhoE '\.key = "[a-z_]+"' src | sed -E 's/.*"([a-z_]+)"/\1/' | sort -u)
unknown=$(comm -23 <(echo "$used") <(echo "$rows") | tr '\n' ' ')
check "every setting read by key names a row ($(echo "$used" | wc -w) keys)${unknown:+: not $unknown}" [ -z "$unknown" ] && [ -n "$used" ]

check "every tests/*.sh is in tests/suites.tsv${unlisted:+: not $unlisted}" [ -z "$unlisted" ] && [ -n "$listed" ]

summary style
