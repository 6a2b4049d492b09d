# plotlib.sh: what plot.sh, compare.sh, sweep.sh and pairs_heatmap.sh
# share; source it.  Every path or text that reaches gnuplot goes through
# gq (a gnuplot string literal), and a PNG is named only once it exists
# (wrote), so a path gnuplot cannot take fails loudly instead of printing
# names of files that were never written.
#
# col FILE NAME: the number of the column called NAME in a data file's
# last header line (0: none)
col() {
    awk -v name="$2" '/^#/ { last = $0; next } NF { exit }
        END { n = split(substr(last, 3), a, " "); for (i = 1; i <= n; i++)
              if (a[i] == name) { print i; exit } print 0 }' "$1" | head -1
}

# gq TEXT: TEXT as a gnuplot single-quoted string, where nothing is
# special but the quote itself, written twice
gq() {
    local q="'"
    printf "'%s'" "${1//$q/$q$q}"
}

# usage_error SCRIPT MESSAGE: the message, exit 2 (bad arguments: nothing
# written)
usage_error() {
    echo "$1: $2" >&2
    exit 2
}

# plain_path SCRIPT WHAT PATH: a path gnuplot and a line-per-file listing
# can carry (no newline, no control byte); exits 2 naming it otherwise
plain_path() {
    case $3 in
    *[[:cntrl:]]*) usage_error "$1" "$2 '$3' holds a newline or control character: give a path without one" ;;
    esac
}

# result_dir SCRIPT WHAT DIR: DIR must be an mpigauge result folder (a
# run.json with a records list); exits 2 naming it otherwise
result_dir() {
    plain_path "$1" "$2" "$3"
    [ -d "$3" ] || usage_error "$1" "$2 '$3' is not a folder"
    [ -f "$3/run.json" ] || usage_error "$1" "$2 '$3' is not an mpigauge result folder (no run.json)"
    jq -e '(.records | type) == "array" and has("mpi_library")' "$3/run.json" > /dev/null 2>&1 ||
        usage_error "$1" "$2 '$3': its run.json is not mpigauge's (no records list, or not JSON)"
}

# set_json SCRIPT WHAT SET: SET/set.json must be mpigauge --set's (a
# records list and the launches used); exits 2 naming the file otherwise,
# rather than with jq's own status and words (a damaged set.json once
# ended report.sh with jq's 4)
set_json() {
    jq -e '(.records | type) == "array" and (.launches.used | type) == "array"' "$3/set.json" > /dev/null 2>&1 ||
        usage_error "$1" "$2 '$3': $3/set.json is not mpigauge --set's (not JSON, or no records or launches list): mpigauge --set $3 makes it anew"
}

# plot: gnuplot on standard input; its status goes to $plot_rc (plot
# itself returns 0, so that set -e scripts go on to the next plot and
# wrote says what failed).  gnuplot reads nan as missing, and the warnings
# about cells meant to be blank or one-point ranges are dropped
plot_rc=0
plot() {
    local err
    err=$(mktemp)
    plot_rc=0
    gnuplot 2> "$err" || plot_rc=$?
    grep -v 'missing or undefined values\|all points\|empty [xy] range' "$err" >&2 || true
    rm -f "$err"
    return 0
}

# wrote PNG: after plot, prints PNG's name when gnuplot succeeded and made
# it (counted in $written); else removes what is there, says so on stderr
# and counts a failure in $failed
written=0
failed=0
wrote() {
    if [ "$plot_rc" = 0 ] && [ -s "$1" ]; then
        echo "$1"
        written=$((written + 1))
    else
        rm -f "$1"
        echo "gnuplot did not write $1" >&2
        failed=$((failed + 1))
    fi
}

# term W,H [POINTS]: the gnuplot terminal line for a plot of W x H pixels
# (and a font size), in $PLOT_FORMAT: png (pngcairo, the default) or svg
# (what report.sh embeds in its page)
term() {
    case ${PLOT_FORMAT:-png} in
    svg) echo "set terminal svg size $1 dynamic font 'Helvetica,${2:-15}' background '#ffffff'" ;;
    *) echo "set terminal pngcairo size $1${2:+ font ',$2'}" ;;
    esac
}
# the file name ending of that format
ext() { echo "${PLOT_FORMAT:-png}"; }

# line_style I: a line style for the I-th line (from 0) of a plot of many:
# ten colours that stay apart (Tableau 10), then the next ten dashed, then
# dash-dotted, then dotted, so 40 lines are told apart without relying on
# colour alone; point_style I adds a point type of its own (linespoints)
line_style() {
    local colours=(1f77b4 ff7f0e 2ca02c d62728 9467bd 8c564b e377c2 7f7f7f bcbd22 17becf)
    local dashes=(1 2 4 3)
    echo "lc rgb '#${colours[$(($1 % 10))]}' dt ${dashes[$(($1 / 10 % 4))]}"
}
point_style() { echo "$(line_style "$1") pt $(($1 % 13 + 1))"; }
# key_below: the legend of a plot of many lines: below the plot in up to
# three columns, so the plot keeps the page's width
key_below() {
    echo "set key below left maxcols 3 noenhanced font ',9' spacing 1.1 samplen 3 height 1.5"
}
