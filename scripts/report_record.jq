# report_record.jq: the head of one record's section (--argjson l LINE),
# as HTML (report.sh): what it is, its state, the control variables it
# set (cvar=), its fit, HYBRID's groups; the section stays open for the prose, the comparison and the plots
def h: tostring | @html;
def r(x; d): if x == null then "?" else x * pow(10; d) | round / pow(10; d) end;
.records[] | select(.line == $l) |
"<section class=\"record\" id=\"line-\(.line)\" data-status=\"\(.status // "unknown" | h)\">",
"<h3>\(if .source then (.source | h) else "Line \(.line)" end): \(.call | h) of \(.datatype | h) on \(.topology | h), op \(.op | h)</h3>",
"<p><code>\(.text // "" | h)</code> &mdash; <span class=\"state \(.status // "unknown" | h)\">\(.status // "unknown" | h)</span>"
 + (if .communicators then " on \(.communicators | length) communicator(s) of \(.communicators | map(tostring) | unique | join(", ")) ranks" else "" end)
 + (if .elapsed_s then "; took \(r(.elapsed_s; 3)) s" else "" end) + "</p>",
(if .status == "skipped" then "<p class=\"note\">Skipped: \(.skipped // "no reason recorded" | h)</p>"
 elif .status == "error" then "<p class=\"warn\">An MPI error stopped this record: \(.error // "no message recorded" | h). The sizes measured before it are below.</p>"
 elif .status == "interrupted" then "<p class=\"warn\">Interrupted by a signal: the sizes it finished are below, the rest were not measured.</p>"
 elif .status == "hung" then "<p class=\"warn\">Hung: \(.hang.call // "" | h) at \(.hang.elements // "?") elements did not end within --timeout \(.hang.timeout_s // "?") s; ranks inside its calls: \(.hang.in_calls // [] | map(tostring) | join(" ")), furthest behind: \(.hang.furthest_behind // [] | map(tostring) | join(" ")) (hang.txt has every rank's report). The sizes it finished are below.</p>"
 elif .status == "pending" then "<p class=\"note\">Pending: not measured (the run stopped before this record).</p>"
 elif .status == "unknown" then "<p class=\"note\">State unknown (no run.json): what its data file holds is below.</p>"
 else empty end),
(if .check == "failed" then "<p class=\"warn\">--check found \(.mismatches) wrong element(s).</p>"
 elif .check then "<p>--check: \(.check | h)</p>" else empty end),
(if (.cvars // []) | length > 0 then
   "<p class=\"cvars\">MPI_T control variables set for this record: "
   + ([.cvars[] | "<code>\(.name | h)=\(.value | h)</code> (MPI_T value \(.mpit_value | h), it was \(.was | h); restored after the record)"] | join(", ")) + "</p>"
 else empty end),
(if .fit and .fit.latency_us then
   "<p>Fit over \(.fit.sizes) sizes: t = \(r(.fit.latency_us; 3)) us + "
   + (if .fit.bandwidth_MBps then "bytes / \(r(.fit.bandwidth_MBps; 1)) MB/s"
      else "\(if .fit.us_per_byte then .fit.us_per_byte * 1e9 | round / 1e9 else "?" end | h) us/byte" end)
   + " (R&sup2; \(r(.fit.r2; 4))): "
   + (if .fit.intercept_is_latency // (.fit.latency_us >= 0) then "latency \(r(.fit.latency_us; 3)) us"
      else (.fit.intercept_note // "intercept \(r(.fit.latency_us; 3)) us: not a latency (below zero)" | h) end)
   + (if .fit.bandwidth_MBps then ", asymptotic bandwidth \(r(.fit.bandwidth_MBps; 1)) MB/s"
      elif .fit.bandwidth_note then "; no bandwidth (\(if .fit.bandwidth_note == "moves no data" then "\(.call) " else "" end + .fit.bandwidth_note | h))" else "" end) + "."
   + (if (.points // []) | length > 0 then " Target met at \([.points[] | select(.target_met == true)] | length) of \(.points | length) sizes." else "" end) + "</p>"
 else empty end),
(if .busbw and ((.points // []) | length > 0) then
   "<p>Bus bandwidth (<code>busbw_mbps</code>, as nccl-tests reports it): mbps &times; \(.busbw.formula | h), n = \(.busbw.n): &times; \(r(.busbw.factor; 4)); at the largest size \(r(.points[-1].busbw_mbps; 1)) MB/s, the most \(r([.points[].busbw_mbps // 0] | max; 1)) MB/s.</p>"
 else empty end),
(if .hybrid then
   "<p>HYBRID: groups " + ([.hybrid.groups[] | "{\(.world_ranks | map(tostring) | join(" "))} (pivot \(.pivot), \(.pattern | h))"] | join(", "))
   + "; among the pivots \(.hybrid.top // "none" | h); predicted \(r(.hybrid.pred_us; 3)) us. Pattern file: <code>\(.hybrid.pattern_file // "" | h)</code></p>",
   "<table><tr><th>barrier</th><th>measured (us, mean per-iteration maximum)</th><th>predicted (us)</th></tr>",
   (.hybrid.compared[] | "<tr><td>\(.pattern | h)</td><td class=n>\(if .measured_us then r(.measured_us; 3) else "" end)</td><td class=n>\(if .pred_us then r(.pred_us; 3) else "" end)</td></tr>"),
   "</table>"
 else empty end)
