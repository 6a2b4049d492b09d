#!/usr/bin/env bash
# report.sh RESULT_DIR [BASELINE_DIR]: one self-contained page of a run
# (or of a launch set: report_set.sh; of mpigauge --trend's folder:
# report_trend.sh),
# RESULT_DIR/report.html (docs/report.md): the run's facts, a table of its
# records, and per record (grouped by family, with a table of contents)
# what it measured, its state, its prose and its plots (plot.sh's, as
# inline SVG data: images; the --raw distribution), HYBRID's groups and
# candidates.  With BASELINE_DIR, every record also gives per size the
# ratio to the baseline with its 95% interval and whether it is slower,
# faster, no-change or undecided (mpigauge --compare's verdicts).  The page
# fetches nothing: no script, no link, no URL but data:.
# A folder without run.json (a run killed early) is read from its data
# files' headers; pending, skipped, failed and interrupted records say so.
# Exit status: 0 when the page was written; 2 for bad arguments (a clear
# message, nothing written); 1 when a plot failed (the page is written
# without it, and says so on stderr).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/plotlib.sh"
. "$here/reportlib.sh"
for tool in gnuplot jq base64; do
    command -v $tool > /dev/null || usage_error report.sh "needs $tool"
done
usage="usage: report.sh RESULT_DIR [BASELINE_DIR] (mpigauge result folders, or launch sets)"
[ $# -ge 1 ] && [ $# -le 2 ] || usage_error report.sh "$usage"
dir=$1 base=${2:-}
# a launch set (launch-K folders, no run.json): its own page
if [ -d "$dir" ] && [ ! -e "$dir/run.json" ] && ls -d "$dir"/launch-[0-9]* > /dev/null 2>&1; then
    plain_path report.sh SET "$dir"
    [ -w "$dir" ] || usage_error report.sh "SET '$dir' is not writable"
    if [ -n "$base" ]; then
        plain_path report.sh BASELINE_SET "$base"
        ls -d "$base"/launch-[0-9]* > /dev/null 2>&1 || usage_error report.sh "BASELINE_SET '$base' is not a launch set (no launch-K folder)"
    fi
    exec bash "$here/report_set.sh" "$dir" "$base"
fi
# mpigauge --trend's folder (trend.json, no run.json): its own page
if [ -f "$dir/trend.json" ] && [ ! -e "$dir/run.json" ] && [ -z "$base" ]; then
    exec bash "$here/report_trend.sh" "$dir"
fi
plain_path report.sh RESULT_DIR "$dir"
[ -d "$dir" ] || usage_error report.sh "RESULT_DIR '$dir' is not a folder"
[ -w "$dir" ] || usage_error report.sh "RESULT_DIR '$dir' is not writable"
if [ -n "$base" ]; then
    result_dir report.sh BASELINE_DIR "$base"
fi
tmp=$(mktemp -d)
page="$dir/.report.html.tmp"
trap 'rm -rf "$tmp"; rm -f "$page"' EXIT
# the folder as plot.sh reads it: itself, or (no run.json or not one of
# mpigauge's) its files beside a run.json made from the data files
view=$dir
note=""
if ! jq -e '(.records | type) == "array" and has("mpi_library")' "$dir/run.json" > /dev/null 2>&1; then
    [ -f "$dir/run.json" ] && note="run.json is not readable as mpigauge's; "
    view="$tmp/view"
    mkdir "$view"
    synth_run_json "$dir" > "$view/run.json"
    jq -e '.records | length > 0' "$view/run.json" > /dev/null ||
        usage_error report.sh "RESULT_DIR '$dir' is not an mpigauge result folder (no run.json, no data file)"
    for f in "$dir"/*; do
        [ "${f##*/}" = run.json ] || ln -s "$(realpath "$f")" "$view/"
    done
    note="${note}no run.json: the records below are read from the data files' headers, and their state is unknown"
fi
json="$view/run.json"
svg="$tmp/svg"
mkdir "$svg"
export PLOT_FORMAT=svg   # term() in reportlib.sh draws SVG too
plot_status=0
bash "$here/plot.sh" -f svg -o "$svg" "$view" > /dev/null 2> "$tmp/plot.err" || plot_status=$?
grep -v 'has data to plot\|no plot written' "$tmp/plot.err" >&2 || true
title="mpigauge: $(jq -r '"\(.input // "run") of \(.date // "an unknown date")"' "$json")"

{
page_head "$title"
[ -z "$note" ] || printf '<p class="warn">%s</p>\n' "$(printf '%s' "$note" | esc)"
# ---- the run's facts
jq -r -f "$here/report_facts.jq" "$json"
# ---- the comparison, when there is a baseline
if [ -n "$base" ]; then
    mpigauge=${MPIGAUGE:-$(cd "$here/.." && pwd)/mpigauge}
    set +e
    "$mpigauge" --compare "$base" "$dir" --json --allow-different > "$tmp/cmp.json" 2> "$tmp/cmp.err"
    set -e
    compare_section "$tmp/cmp.json" "$base"
fi
# ---- the records table and the table of contents
jq -r -f "$here/report_records.jq" "$json"
# ---- each family: its overview, then its records
jq -r '[.records[].family] | reduce .[] as $f ([]; if index([$f]) then . else . + [$f] end) | .[]' "$json" |
while IFS= read -r family; do
    key=$(family_key "$family")
    printf '<h2 id="family-%s">%s</h2>\n' "$key" "$(printf '%s' "$family" | esc)"
    [ ! -f "$svg/overview-$key.svg" ] || embed "$svg/overview-$key.svg" "mean time per call of every $family record" | sed 's/^<img /<img class="wide" /'
    jq -r --arg f "$family" '.records[] | select(.family == $f) | [.line, .file // ""] | @tsv' "$json" |
    while IFS=$'\t' read -r line file; do
        jq -r --argjson l "$line" -f "$here/report_record.jq" "$json"
        prose=$(record_prose "$dir/report.txt" "$line")
        [ -z "$prose" ] || printf '<details><summary>the prose of report.txt</summary><pre>%s</pre></details>\n' "$(printf '%s' "$prose" | esc)"
        [ -z "$base" ] || compare_rows_of "$tmp/cmp.json" "$line" > "$tmp/cmp-$line" 2> /dev/null || true
        if [ -n "$base" ] && [ -s "$tmp/cmp-$line" ]; then
            printf '<table><tr><th>elements</th><th>bytes</th><th>baseline (us) [95%%]</th><th>this run (us) [95%%]</th><th>ratio [95%%]</th><th>verdict</th></tr>\n'
            awk '{ printf "<tr><td class=n>%s</td><td class=n>%s</td><td class=n>%s [%s, %s]</td><td class=n>%s [%s, %s]</td><td class=n>%s [%s, %s]</td><td class=\"%s\">%s</td></tr>\n", $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12 }' "$tmp/cmp-$line"
            echo '</table>'
        fi
        stem=${file%.dat}
        [ -n "$file" ] || { echo '</section>'; continue; }
        if [ -f "$dir/$stem.raw.dat" ]; then
            distribution_plot "$dir/$stem.raw.dat" "$stem" "$svg/$stem-distribution.svg"
        fi
        plots=""
        for kind in time bandwidth rate distribution predicted comms $(ls "$svg" | sed -n "s/^$stem-\(pairs-[0-9]*\)\.svg$/\1/p" | sort -t- -k2 -n); do
            [ -f "$svg/$stem-$kind.svg" ] || continue
            plots+=$(embed "$svg/$stem-$kind.svg" "$stem $kind")
        done
        if [ -n "$plots" ]; then
            printf '<div class="plots" data-record="%s">%s</div>\n' "$line" "$plots"
        fi
        echo '</section>'
    done
done
echo '</body></html>'
} > "$page"
mv "$page" "$dir/report.html"
echo "$dir/report.html"
if [ "$failed" -gt 0 ] || { [ "$plot_status" != 0 ] && grep -q 'did not write\|failed' "$tmp/plot.err"; }; then
    echo "report.sh: some plots failed; the page is written without them" >&2
    exit 1
fi
