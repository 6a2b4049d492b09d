#!/usr/bin/env bash
# report_set.sh SET [BASELINE_SET]: report.sh's page of a launch set
# (scripts/launches.sh), SET/report.html: the set's facts (its first
# launch's run.json, the launches used and left out), then per record a
# plot of every launch's median per size as points with the set's median
# and its interval over launches, and a table of its sizes (median,
# interval and coverage, min, max, coefficient of variation, whether the
# launches spread wider than one launch's interval).  With BASELINE_SET,
# the comparison (mpigauge --compare: per size the ratio with its 95%
# interval and the verdict; docs/report.md): the baseline's launches as
# points beside this set's, and per record a plot of the ratio with its
# interval as a bar against the tolerance.  Reads SET/set.json, which it makes
# with mpigauge --set when it is missing.  Called by report.sh; same exit
# statuses (0 written, 1 a plot failed, 2 bad arguments).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/plotlib.sh"
. "$here/reportlib.sh"
set_dir=$1 base=${2:-}
mpigauge=${MPIGAUGE:-$(cd "$here/.." && pwd)/mpigauge}
[ -x "$mpigauge" ] || usage_error report.sh "no mpigauge binary at '$mpigauge' (a set's page needs mpigauge --set): build it or set MPIGAUGE="
if [ ! -f "$set_dir/set.json" ]; then
    "$mpigauge" --set "$set_dir" > /dev/null || usage_error report.sh "SET '$set_dir': mpigauge --set failed"
fi
set_json report.sh SET "$set_dir"
sj="$set_dir/set.json"
first=$(jq -r '.launches.used[0]' "$sj")
tmp=$(mktemp -d)
page="$set_dir/.report.html.tmp"
trap 'rm -rf "$tmp"; rm -f "$page"' EXIT
export PLOT_FORMAT=svg
if [ -n "$base" ]; then
    set +e
    "$mpigauge" --compare "$base" "$set_dir" --json --allow-different > "$tmp/cmp.json" 2> "$tmp/cmp.err"
    set -e
    [ -f "$base/set.json" ] || "$mpigauge" --set "$base" > /dev/null 2>&1 || true
    [ ! -f "$base/set.json" ] || set_json report.sh BASELINE_SET "$base"
fi
# one plot per record: launch medians as points, the set's median and interval
nrec=$(jq '.records | length' "$sj")
for i in $(seq 0 $((nrec - 1))); do
    jq -r ".records[$i].sizes[] | select(.median_us != null) | [(if .bytes > 0 then .bytes else 1 end), .median_us, (.lo_us // .median_us), (.hi_us // .median_us)] | @tsv" "$sj" > "$tmp/set-$i.dat"
    jq -r ".records[$i].sizes[] | select(.median_us != null) | (if .bytes > 0 then .bytes else 1 end) as \$b | .launch_medians_us | to_entries[] | [\$b, .value, .key] | @tsv" "$sj" > "$tmp/launch-$i.dat"
    [ -s "$tmp/set-$i.dat" ] || continue
    stem=$(jq -r ".records[$i].file | sub(\"\\\\.dat$\"; \"\")" "$sj")
    file=$(jq -r ".records[$i].file" "$sj")
    baseline=""
    if [ -n "$base" ] && [ -f "$base/set.json" ]; then
        jq -r --arg f "$file" '.records[] | select(.file == $f) | .sizes[] | select(.median_us != null) | (if .bytes > 0 then .bytes else 1 end) as $b | .launch_medians_us | to_entries[] | [$b, .value, .key] | @tsv' "$base/set.json" > "$tmp/base-$i.dat"
        [ ! -s "$tmp/base-$i.dat" ] || baseline=", $(gq "$tmp/base-$i.dat") using (\$1 * (1 + 0.06 * (\$3 - 2))):2 with points $(point_style 4) ps 0.6 title 'a baseline launch''s median'"
    fi
    plot <<GNUPLOT
$(term 900,600)
set output $(gq "$tmp/plot-$i.svg")
set title $(gq "$stem: each launch's median, and the set's median with its interval over launches") noenhanced
set xlabel 'bytes'
set ylabel 'time per call (us)'
set logscale x 2; set format x '2^{%L}'
set logscale y
set grid
set key top left
plot $(gq "$tmp/launch-$i.dat") using (\$1 * (1 + 0.06 * (\$3 - 2))):2 with points $(point_style 1) ps 0.8 title 'one launch''s median', \
     $(gq "$tmp/set-$i.dat") using 1:2:3:4 with yerrorbars $(point_style 0) ps 0.6 title 'the set: median, interval', \
     $(gq "$tmp/set-$i.dat") using 1:2 with lines $(line_style 0) notitle$baseline
GNUPLOT
    wrote "$tmp/plot-$i.svg" > /dev/null
    # with a baseline: the ratio with its interval as a bar, the tolerance as a band
    [ -s "$tmp/cmp.json" ] || continue
    jq -r --arg f "$file" '.tolerance_percent as $t | .records[] | select(.file == $f) | .sizes[] | select(.ratio != null and .ratio_lo != null and .ratio_hi != null) | [(if .bytes > 0 then .bytes else 1 end), .ratio, .ratio_lo, .ratio_hi, $t] | @tsv' "$tmp/cmp.json" > "$tmp/ratio-$i.dat"
    [ -s "$tmp/ratio-$i.dat" ] || continue
    tol=$(awk 'NR == 1 { print $5 / 100 }' "$tmp/ratio-$i.dat")
    plot <<GNUPLOT
$(term 900,450)
set output $(gq "$tmp/ratio-$i.svg")
set title $(gq "$stem: this set / the baseline, with its 95% interval; the band is the tolerance") noenhanced
set xlabel 'bytes'
set ylabel 'ratio (log scale)'
set logscale x 2; set format x '2^{%L}'
set logscale y 2
set offsets graph 0.05, graph 0.05, 0, 0
set grid
set key top left
plot [] [*:*] (1 + $tol) with filledcurves y1=(1 / (1 + $tol)) fs transparent solid 0.15 lc rgb '#2ca02c' title 'no change (the tolerance)', \
     1 with lines lc rgb 'black' dt 2 notitle, \
     $(gq "$tmp/ratio-$i.dat") using 1:2:3:4 with yerrorbars $(point_style 0) ps 0.8 title 'ratio, 95% interval'
GNUPLOT
    wrote "$tmp/ratio-$i.svg" > /dev/null
done
title="mpigauge: launch set $(jq -r '.set' "$sj")"
{
page_head "$title"
jq -r '"<p>\(.launches.used | length) launches used of \(.launches.total): \(.launches.used | join(", ") | @html).</p>",
       (.launches.left_out[] | "<p class=\"warn\">Left out: \(@html)</p>")' "$sj"
cat <<'HTML'
<p class="note">The launch is the unit: per size, each launch's median is one value; the set's interval is
distribution-free (order statistics of the launch medians) with its own coverage (below 6 launches no
interval reaches 95%; 5 launches give [min, max] at 93.75%). A size marked <b>wider</b> is one where the
launches spread wider than one launch's 95% interval: that launch's interval would not have covered the
next launch (docs/report.md).</p>
HTML
jq -r -f "$here/report_facts.jq" "$set_dir/$first/run.json" | sed 's/^<p>State of the run:/<p>Its first launch, '"$first"':/'
if [ -n "$base" ]; then
    compare_section "$tmp/cmp.json" "$base"
fi
for i in $(seq 0 $((nrec - 1))); do
    jq -r ".records[$i] | \"<h2 id=\\\"line-\\(.line)\\\">Line \\(.line): \\(.text | @html)</h2>\"" "$sj"
    [ ! -f "$tmp/plot-$i.svg" ] || embed "$tmp/plot-$i.svg" "launch medians and the set's interval" | sed 's/^<img /<img class="wide" /'
    [ ! -f "$tmp/ratio-$i.svg" ] || embed "$tmp/ratio-$i.svg" "the ratio to the baseline with its interval" | sed 's/^<img /<img class="wide" /'
    echo '<table><tr><th>elements</th><th>bytes</th><th>median (us)</th><th>interval (us)</th><th>coverage</th><th>min</th><th>max</th><th>CV</th><th>launches</th><th>spread</th></tr>'
    jq -r "def r: if type == \"number\" then . * 10000 | round / 10000 else . end; .records[$i].sizes[] | \"<tr><td class=n>\(.elements)</td><td class=n>\(.bytes)</td><td class=n>\(.median_us | r)</td><td class=n>[\(.lo_us | r), \(.hi_us | r)]</td><td class=n>\(if .coverage then (.coverage * 1000 | round / 10 | tostring) + \"%\" else \"\" end)</td><td class=n>\(.min_us | r)</td><td class=n>\(.max_us | r)</td><td class=n>\(if .cv then (.cv * 1000 | round / 10 | tostring) + \"%\" else \"\" end)</td><td class=n>\(.launches)</td><td\(if .spread_wider then \" class=wider>wider than one launch's interval\" else \">\" end)</td></tr>\"" "$sj"
    echo '</table>'
done
echo '</body></html>'
} > "$page"
mv "$page" "$set_dir/report.html"
echo "$set_dir/report.html"
[ "$failed" = 0 ] || { echo "report.sh: some plots failed; the page is written without them" >&2; exit 1; }
