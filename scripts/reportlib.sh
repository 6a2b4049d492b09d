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
