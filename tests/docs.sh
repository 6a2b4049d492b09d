#!/usr/bin/env bash
# docs.sh: the documentation agrees with the binary.  The committed
# docs/reference.md, man/mpigauge.1 and README.md's exit-status table are
# what tools/gen_reference, tools/gen_man and tools/splice_readme.sh print
# now; README.md has at most 200 lines; every relative link in README.md
# and docs/*.md leads to a file; every option of --help is in the man
# page, which renders without warnings; every name --list prints is in the
# reference; make install PREFIX= (and DESTDIR=) installs what
# docs/developing.md says, the installed binary runs, make uninstall
# leaves nothing.  Needs mpigauge, tools/gen_man and tools/gen_reference
# (make check builds them).  Prints "docs: N passed, N failed".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/docs
scratch "$T"

# ---- generated files are current ------------------------------------------
./tools/gen_reference > "$T/reference.md"
check "docs/reference.md is what make docs generates (run make docs)" \
    cmp -s "$T/reference.md" docs/reference.md
./tools/gen_man > "$T/mpigauge.1"
check "man/mpigauge.1 is what make man generates (run make man)" \
    cmp -s "$T/mpigauge.1" man/mpigauge.1
./tools/gen_reference exit-statuses > "$T/exit-statuses.md"
check "README.md has the exit-status markers" \
    bash tools/splice_readme.sh README.md "$T/exit-statuses.md" > "$T/README.md"
check "README.md's exit statuses are the table's (run make docs)" \
    cmp -s "$T/README.md" README.md
# the table in the README really is the exit-status table: one row each
rows=$(sed -n '/^<!-- exit-status:/,/^<!-- end exit-status -->/p' README.md | grep -c '^| [0-9]')
want=$(./mpigauge --help | sed -n '/^Exit status:/,$p' | grep -c '^  [0-9]')
check "README.md lists every exit status of --help ($rows of $want)" \
    [ "$rows" -gt 0 ] && [ "$rows" = "$want" ]

# ---- README length ---------------------------------------------------------
n=$(wc -l < README.md)
check "README.md has at most 200 lines ($n)" [ "$n" -le 200 ]

# ---- relative links --------------------------------------------------------
broken=""
for md in README.md docs/*.md; do
    dir=$(dirname "$md")
    # every ](target) of a markdown link, the #anchor cut off
    for target in $(grep -o '](\([^)]*\))' "$md" | sed 's/^](\(.*\))$/\1/; s/#.*//'); do
        case "$target" in
        '' | http://* | https://* | mailto:*) continue ;;
        esac
        path=$(realpath -m --relative-to=. "$dir/$target")
        [ -e "$path" ] && continue
        broken="$broken $md:$target"
    done
done
check "every relative link leads to a file${broken:+:$broken}" [ -z "$broken" ]
nlinks=$(cat README.md docs/*.md | grep -o '](\([^)]*\))' | grep -vc '](http')
check "the link check saw links ($nlinks)" [ "$nlinks" -gt 20 ]

# ---- the man page: every option, and it renders ------------------------------
missing=""
opts=$(./mpigauge --help | grep -oE '^ +(-[a-zA-Z], )?--[a-z][a-z-]*' | grep -oE -- '--[a-z-]+')
for o in $opts; do
    # roff writes every '-' of an option as '\-'
    grep -qF -- "\\fB$(echo "$o" | sed 's/-/\\-/g')\\fR" man/mpigauge.1 || missing="$missing $o"
done
check "--help lists options ($(echo $opts | wc -w))" [ "$(echo $opts | wc -w)" -gt 20 ]
check "every option of --help is in the man page${missing:+: missing$missing}" [ -z "$missing" ]
if command -v man > /dev/null; then
    MANWIDTH=80 man --warnings -E UTF-8 -l man/mpigauge.1 > "$T/man.txt" 2> "$T/man.err"
    check "man ./man/mpigauge.1 renders without warnings: $(head -c 300 "$T/man.err")" \
        [ ! -s "$T/man.err" ]
    check "the rendered page has its sections" \
        grep -q '^EXIT STATUS' "$T/man.txt"
fi

# ---- the reference has every name --list prints ----------------------------
missing=""
for name in $(./mpigauge --list | grep -E '^  +[A-Z0-9]' | awk '{ print $1 }'); do
    # a row of its own: | `NAME` | or | `NAME:path` |
    grep -qE -- "^\| \`$name(:[a-z]+)?\` \|" docs/reference.md || missing="$missing $name"
done
nnames=$(./mpigauge --list | grep -cE '^  +[A-Z0-9]')
check "--list prints names ($nnames)" [ "$nnames" -gt 100 ]
check "every name of --list is in docs/reference.md${missing:+: missing$missing}" [ -z "$missing" ]
# ... and every record setting, a row each in the reference and the man page
keys=$(./mpigauge --list | sed -n 's/^  \([a-z]*\)=.*/\1/p')
missing=""
for key in $keys; do
    grep -q "^| \`$key=\` |" docs/reference.md && grep -q "^\\\\fB$key=" man/mpigauge.1 ||
        missing="$missing $key"
done
check "--list prints settings ($(echo $keys | wc -w))" [ "$(echo $keys | wc -w)" -ge 20 ]
check "every setting of --list is in docs/reference.md and the man page${missing:+: missing$missing}" [ -z "$missing" ]

# ---- make install, make uninstall --------------------------------------------
# -o mpigauge: install what this build made, never rebuild it here (under
# `make asan check` or another MPICC); the Makefile's build stamp is put back
stamp=$(cat build/.last-build 2> /dev/null)
installed() { # PREFIX-as-installed: what make install must have put there
    local p=$1 f bad=""
    for f in bin/mpigauge share/man/man1/mpigauge.1 share/mpigauge/scripts/plot.sh \
             share/mpigauge/scripts/plotlib.sh share/mpigauge/scripts/sweep.sh \
             share/mpigauge/inputs/quick.in share/mpigauge/inputs/graphs/ring4.txt \
             share/doc/mpigauge/LICENSE share/mpigauge/scripts/mpigauge.sbatch; do
        [ -e "$p/$f" ] || bad="$bad $f"
    done
    [ -z "$bad" ] || echo "not installed:$bad" >&2
    [ -z "$bad" ]
}
P=$(realpath "$T")/prefix
make --no-print-directory -o mpigauge install PREFIX="$P" > "$T/install.log" 2>&1
check "make install PREFIX= succeeds" [ $? = 0 ]
check "it installs the binary, man page, scripts and inputs" installed "$P"
check "the installed man page is man/mpigauge.1" cmp -s "$P/share/man/man1/mpigauge.1" man/mpigauge.1
n=$(ls inputs/*.in | wc -l)
check "every shipped input is installed" [ "$(ls "$P"/share/mpigauge/inputs/*.in | wc -l)" = "$n" ]
check "the installed mpigauge --version runs" \
    sh -c "'$P/bin/mpigauge' --version | grep -q '^mpigauge [0-9]'"
make --no-print-directory uninstall PREFIX="$P" > "$T/uninstall.log" 2>&1
check "make uninstall PREFIX= succeeds" [ $? = 0 ]
left=$(find "$P" -type f)
check "make uninstall leaves no file${left:+: $left}" [ -z "$left" ]
check "make uninstall removes share/mpigauge" [ ! -e "$P/share/mpigauge" ]
S=$(realpath "$T")/stage
make --no-print-directory -o mpigauge install DESTDIR="$S" PREFIX=/opt/mg > "$T/destdir.log" 2>&1
check "make install DESTDIR= PREFIX= installs under DESTDIR" installed "$S/opt/mg"
make --no-print-directory uninstall DESTDIR="$S" PREFIX=/opt/mg >> "$T/destdir.log" 2>&1
left=$(find "$S" -type f)
check "make uninstall DESTDIR= leaves no file${left:+: $left}" [ -z "$left" ]
# a PREFIX with a blank: installed there, removed from there, and the
# file named by its first word (what an unquoted rm took) left alone
B="$(realpath "$T")/with space/prefix"
echo keep > "$(realpath "$T")/with"
make --no-print-directory -o mpigauge install PREFIX="$B" > "$T/space.log" 2>&1
check "make install PREFIX='.../with space/prefix' succeeds" [ $? = 0 ]
check "... and installs everything there" installed "$B"
make --no-print-directory uninstall PREFIX="$B" >> "$T/space.log" 2>&1
check "make uninstall PREFIX with a blank succeeds" [ $? = 0 ]
left=$(find "$B" -type f)
check "... leaves no file there${left:+: $left}" [ -z "$left" ]
check "... and removes nothing outside it" [ "$(cat "$(realpath "$T")/with" 2> /dev/null)" = keep ]
# a PREFIX the shell's quoting cannot hold, or a relative one: refused,
# nothing made
for bad in "$(realpath "$T")/q\"uote" "relative/prefix"; do
    make --no-print-directory -o mpigauge install PREFIX="$bad" > "$T/bad.log" 2>&1
    check "make install PREFIX='$bad' refused, nothing made" \
        [ "$?/$( [ -e "$(realpath "$T")/q" ] || [ -e relative ] && echo made || echo none)" = 2/none ]
done
[ -n "$stamp" ] && echo "$stamp" > build/.last-build

# ---- licence, version, changes
version=$(sed -n 's/^#define MPIGAUGE_VERSION "\(.*\)"$/\1/p' src/input/options.h)
check "the version is defined once ($version)" [ "$(grep -rl 'define MPIGAUGE_VERSION' src | wc -l)" = 1 ]
check "CHANGES' first version is the binary's" [ "$(grep -m1 '^## ' CHANGES | awk '{ print $2 }')" = "$version" ]
check "--version says it, and the MPI headers it was built with" \
    [ "$(./mpigauge --version | sed -n '1p;3p' | cut -d' ' -f1-2 | tr '\n' ' ')" = "mpigauge $version MPI headers: " ]
check "LICENSE is a licence" grep -q 'Redistribution and use in source and binary forms' LICENSE

rm -rf "$T"
summary docs
