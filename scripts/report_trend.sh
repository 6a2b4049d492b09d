#!/usr/bin/env bash
# report_trend.sh TREND_DIR: the page of mpigauge --trend's folder,
# TREND_DIR/trend.html (docs/report.md, The trend page): a table of every
# series with its change points, then per series its plot (the sets'
# medians over time with their intervals, each change point a vertical
# line between the set before it and the set at it, red and labelled with
# its percentage where the launch-set rule confirmed it, grey and "?"
# where not) and its change sentences.  The plots are gnuplot's SVG, kept
# in TREND_DIR/plots/ and embedded as data: images: the page fetches
# nothing.  report.sh TREND_DIR comes here.
# Exit status: 0 when the page was written; 2 for bad arguments (a clear
# message, nothing written); 1 when a plot failed (the page is written
# without it, and says so on stderr).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/plotlib.sh"
. "$here/reportlib.sh"
for tool in gnuplot jq base64; do
    command -v $tool > /dev/null || usage_error report_trend.sh "needs $tool"
done
[ $# = 1 ] || usage_error report_trend.sh "usage: report_trend.sh TREND_DIR (mpigauge --trend DB -o TREND_DIR)"
dir=$1
plain_path report_trend.sh TREND_DIR "$dir"
[ -d "$dir" ] || usage_error report_trend.sh "TREND_DIR '$dir' is not a folder"
[ -w "$dir" ] || usage_error report_trend.sh "TREND_DIR '$dir' is not writable"
J="$dir/trend.json"
jq -e '(.series | type) == "array" and (.series | length) > 0 and all(.series[]; (.points | type) == "array" and (.data | type) == "string")' "$J" > /dev/null 2>&1 ||
    usage_error report_trend.sh "TREND_DIR '$dir': $J is not mpigauge --trend's (not JSON, or no series list): mpigauge --trend DB -o DIR makes it"
export PLOT_FORMAT=svg
page="$dir/.trend.html.tmp"
trap 'rm -f "$page"' EXIT
mkdir -p "$dir/plots"

# plot_series N: series N's plot into plots/series-N.svg
plot_series() {
    local n=$1 dat svg marks
    dat="$dir/$(jq -r --argjson n "$n" '.series[$n - 1].data' "$J")"
    svg="$dir/plots/series-$n.svg"
    # a change at point `at` (0-based) lies between points at and at + 1
    # (1-based, as the data file numbers them)
    marks=$(jq -r --argjson n "$n" '.series[$n - 1].changes[] |
        "set arrow from \(.at + 0.5), graph 0 to \(.at + 0.5), graph 1 nohead dt 2 lw 2 lc rgb \(if .confirmed then "\"#c0392b\"" else "\"#999999\"" end)\n" +
        "set label \"\(if .confirmed then "" else "? " end)\((.ratio - 1) * 100 | . * 10 | round / 10 | if . > 0 then "+\(.)" else "\(.)" end)%\" at \(.at + 0.6), graph 0.95 left textcolor rgb \(if .confirmed then "\"#c0392b\"" else "\"#777777\"" end)"' "$J")
    plot <<GP
$(term 1000,420 12)
set output $(gq "$svg")
set title $(gq "$(jq -r --argjson n "$n" '.series[$n - 1] | "\(.record), \(.elements) elements (system \(.system))"' "$J")") noenhanced
set ylabel 'time per call (us): the set median, its interval'
set xlabel 'set, by date'
set xtics rotate by -40 font ',9' noenhanced
set key top left
set grid ytics
set offsets 0.5, 0.5, graph 0.05, graph 0.05
$marks
plot $(gq "$dat") using 1:2:3:4:xticlabels(substr(strcol(6), 1, 10)) with yerrorbars pt 7 ps 0.6 lc rgb '#1f77b4' title 'median [interval]', \
     '' using 1:2 with lines lc rgb '#1f77b4' notitle
GP
    wrote "$svg" > /dev/null
}

nseries=$(jq '.series | length' "$J")
{
    page_head "Trends: $(basename "$(realpath "$dir")")"
    echo '<p>Per system, record and size, the median of each set (or run) over time with its interval; a dashed line marks a change point between two sets, red with its size where the launch-set rule confirmed it, grey with "?" where not (<code>docs/report.md</code>, Trends and change points).</p>'
    echo '<table><tr><th>series</th><th>record</th><th>elements</th><th>points</th><th>change points</th></tr>'
    jq -r '.series | to_entries[] | "<tr><td><a href=\"#series-\(.key + 1)\">\(.key + 1)</a></td><td>\(.value.record | @html)</td><td class=\"n\">\(.value.elements)</td><td class=\"n\">\(.value.points | length)</td><td>\(if (.value.changes | length) == 0 then "none" else [.value.changes[] | "<span class=\"state \(if .confirmed then .verdict else "inconclusive" end)\">\(.text | @html)</span>"] | join("<br>") end)\(if .value.fail_new then " <span class=\"state regressed\">--fail-new</span>" else "" end)</td></tr>"' "$J"
    echo '</table>'
    for n in $(seq 1 "$nseries"); do
        echo "<section class=\"record\" id=\"series-$n\"><h2>Series $n: $(jq -r --argjson n "$n" '.series[$n - 1] | "\(.record) at \(.elements) elements" | @html' "$J")</h2>"
        plot_series "$n"
        if [ -s "$dir/plots/series-$n.svg" ]; then
            embed "$dir/plots/series-$n.svg" "series $n over time" | sed 's/^<img /<img class="wide" /'
        fi
        jq -r --argjson n "$n" '.series[$n - 1] | "<p>System <code>\(.system | @html)</code>, \(.points | length) points from \(.points[0].date // "no date" | @html) to \(.points[-1].date // "no date" | @html).</p>", (.changes[] | "<p class=\"\(if .confirmed then "warn" else "note" end)\">Change at set \(.at + 1) (p = \(.p_value)): \(.text | @html)</p>")' "$J"
        echo '</section>'
    done
    echo '</body></html>'
} > "$page"
mv "$page" "$dir/trend.html"
echo "$dir/trend.html"
[ "$failed" = 0 ] || exit 1
