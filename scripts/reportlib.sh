# reportlib.sh: report.sh's pieces; source it after plotlib.sh.  Every
# text from a result folder reaches the page through jq's @html or esc.

# esc: standard input as HTML text (& < > " ' escaped)
esc() {
    sed "s/&/\\&amp;/g; s/</\\&lt;/g; s/>/\\&gt;/g; s/\"/\\&quot;/g; s/'/\\&#39;/g"
}

# embed FILE ALT: an <img> holding FILE (.svg or .png) as a data: URL, so
# the page fetches nothing
embed() {
    local type=image/png
    case $1 in *.svg) type=image/svg+xml ;; esac
    printf '<img alt="%s" src="data:%s;base64,' "$(printf '%s' "$2" | esc)" "$type"
    base64 -w0 < "$1"
    printf '">\n'
}

# family_key FAMILY: the name plot.sh gives a family's overview
family_key() { printf '%s' "${1//[^a-zA-Z0-9]/-}"; }

# distribution_plot RAW TITLE OUT: every block's time per call (a --raw
# file: elements a b k iters_per_block t_us) against elements, log-log,
# spread sideways by block number; against the block number when every
# size is 0 elements (BARRIER)
distribution_plot() {
    awk '!/^#/ && NF >= 6 && $6 > 0 { n++ } END { exit !n }' "$1" || return 0
    local x="(\$1 * (1 + 0.15 * (\$4 / 10.0 - 0.45)))" axis="set logscale x; set xlabel 'elements'"
    if ! awk '!/^#/ && NF >= 6 && $1 > 0 { n++ } END { exit !n }' "$1"; then
        x="(\$4)" axis="set xlabel 'block'"
    fi
    plot <<GNUPLOT
$(term 900,600)
set output $(gq "$3")
set title $(gq "$2: every block (--raw)") noenhanced
$axis
set ylabel 'time per call of one block (us)'
set logscale y
set grid
set key top left
plot $(gq "$1") using $x:6 with points $(line_style 0) pt 7 ps 0.5 title 'one block'
GNUPLOT
    wrote "$3" > /dev/null
}

# record_prose REPORT LINE: the prose of the record of input line LINE in
# report.txt, from its "Record N (line LINE):" to the next record
record_prose() {
    [ -f "$1" ] || return 0
    awk -v want="(line $2):" '
        /^Record [0-9]+ \(line [0-9]+\):/ { on = index($0, want) > 0 }
        /^Results in / { on = 0 }
        on' "$1"
}

# synth_run_json DIR: a run.json for a folder that has none (a run killed
# before its first one), from the data files' headers: each record's
# line, text, call, datatype, topology, op and file; family "unknown"
synth_run_json() {
    local f
    for f in "$1"/[0-9]*.dat; do
        # a record's side files are <stem>.<what>.dat (pairs, pairs_p99,
        # comms, raw, calls, matrix, ratio); its data file has one dot
        case ${f##*/} in *.*.dat) continue ;; esac
        [ -f "$f" ] || continue
        awk -v file="${f##*/}" '
            NR == 1 && !/^# mpigauge / { exit }
            /^# record: / { sub(/^# record: /, ""); rec = $0; next }
            /^# mpi: / { sub(/^# mpi: /, ""); mpi = $0; next }
            /^# ranks: / { ranks = $3 + 0; next }
            !/^#/ { exit }
            END { if (rec == "") exit
                  line = rec; sub(/^.* line /, "", line); sub(/:.*/, "", line)
                  text = rec; sub(/^[^:]*: /, "", text)
                  printf "%s\t%s\t%s\t%s\t%s\n", file, line, text, mpi, ranks }' "$f"
    done | jq -R -s '
        [split("\n")[] | select(length > 0) | split("\t")] as $r
        | { mpigauge: "?", status: "unknown: the folder has no run.json",
            mpi_library: ($r[0][3] // "?"), ranks: (($r[0][4] // "0") | tonumber),
            records: [$r[] | (.[2] | split(" ") | map(select(length > 0))) as $w
                      | { line: (.[1] | tonumber), text: .[2], call: $w[0],
                          datatype: $w[1], topology: $w[6], op: $w[7],
                          family: "unknown (no run.json)", file: .[0],
                          skipped: null, status: "unknown", points: [] }] }'
}

# compare_section JSON BASELINE: the page's "Compared with" section from
# mpigauge --compare --json (per size the ratio B/A with its 95% interval
# and the verdict it allows; docs/report.md), the fingerprints'
# differences first
compare_section() {
    printf '<h2 id="compare">Compared with %s</h2>\n' "$(printf '%s' "$2" | esc)"
    if ! jq -e . "$1" > /dev/null 2>&1; then
        printf '<p class="warn">mpigauge --compare could not compare them.</p>\n'
        return 0
    fi
    jq -r '(.differences[] | "<p class=\"warn\">Unlike runs: \(@html)</p>"),
        (if .kind == "sets" then "<p>Per size, the ratio of this set to the baseline: the median of the pairwise ratios of their launches'"'"' medians, with its 95% interval (the exact rank test inverted; the launch is the unit).</p>"
         else "<p>Single runs: per size, the ratio of the medians, with the interval from each run'"'"'s own 95% interval. These intervals cover the noise within one launch only; launches differ by more: decide on launch sets (scripts/launches.sh).</p>" end),
        "<p><b>slower</b> or <b>faster</b>: the interval lies wholly beyond 1; <b>no-change</b>: it lies within the tolerance, \(.tolerance_percent)% either way; <b>undecided</b> otherwise\(if .fail_above_percent then "; <b>regressed</b>: wholly above +\(.fail_above_percent)%" else "" end)\(if .looks then " (looks after \(.looks | map(tostring) | join(", ")) launches a side)" else "" end). docs/report.md says how each is derived.</p>",
        "<table><tr><th>record</th><th>slower</th><th>faster</th><th>no change</th><th>undecided</th><th>worst regression [95%]</th></tr>",
        (.records[] | "<tr class=\"\(if .regressed then "regressed" elif .slower > 0 then "slower" else "" end)\"><td><a href=\"#line-\(.line)\">\(.file | @html)</a></td><td class=n>\(.slower)</td><td class=n>\(.faster)</td><td class=n>\(.no_change)</td><td class=n>\(.undecided)</td><td>\(if .worst_ratio then "+\((.worst_ratio - 1) * 1000 | round / 10)% [+\((.worst_lo - 1) * 1000 | round / 10)%, +\((.worst_hi - 1) * 1000 | round / 10)%] at \(.worst_elements) elements\(if .regressed then ": regressed" else "" end)" else "" end)</td></tr>"),
        "</table>"' "$1"
}

# compare_rows_of JSON LINE: one record's sizes from mpigauge --compare
# --json, a line each: elements bytes tA loA hiA tB loB hiB ratio
# ratio_lo ratio_hi verdict, for the record's table
compare_rows_of() {
    jq -r --argjson l "$2" '.records[] | select(.line == $l) | .sizes[] | [.elements, .bytes, .t_a_us, .a_lo_us, .a_hi_us, .t_b_us, .b_lo_us, .b_hi_us, .ratio, .ratio_lo, .ratio_hi, .verdict] | map(if . == null then "nan" elif type == "number" then (. * 10000 | round / 10000 | tostring) else . end) | join(" ")' "$1"
}

# page_head TITLE: the page's head, its one style sheet (inline: the page
# fetches nothing) and its title, for report.sh and report_set.sh alike
page_head() {
    local t
    t=$(printf '%s' "$1" | esc)
    cat <<HTML
<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>$t</title>
<style>
body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 1500px; padding: 0 1.2em 3em; color: #222; }
h1 { font-size: 1.6em; margin: .8em 0 .3em; } h2 { border-bottom: 2px solid #ccc; margin-top: 2em; }
h3 { margin: 1.6em 0 .3em; } code { font-size: .95em; }
table { border-collapse: collapse; margin: .5em 0; font-size: .92em; }
th, td { border: 1px solid #ddd; padding: .2em .55em; text-align: left; vertical-align: top; }
th { background: #f3f3f3; } td.n { text-align: right; font-variant-numeric: tabular-nums; }
.state { display: inline-block; padding: .1em .5em; border-radius: .3em; font-weight: 600; }
.done, .complete, .passed, .same { background: #e3f4e3; } .faster { background: #dcebfa; }
.skipped, .pending, .unknown, .running, .inconclusive { background: #eee; }
.error, .failed, .interrupted, .slower, .regressed, .complete-with-errors, .warn, .wider { background: #fbe0dc; }
.warn { padding: .5em .8em; border-left: 4px solid #c0392b; }
.note { padding: .4em .8em; border-left: 4px solid #999; background: #f7f7f7; }
.plots { display: grid; grid-template-columns: repeat(auto-fill, minmax(560px, 1fr)); gap: .6em; }
.plots img, img.wide { width: 100%; height: auto; border: 1px solid #eee; }
img.wide { max-width: 1000px; }
nav ul { columns: 3 22em; } pre { background: #f7f7f7; padding: .5em; overflow-x: auto; font-size: .85em; }
section.record { border-top: 1px solid #ddd; }
</style></head>
<body>
<h1>$t</h1>
HTML
}
