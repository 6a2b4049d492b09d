# report_records.jq: the table of records and the contents, as HTML
# (report.sh); every record links to its section, id "line-N"
def h: tostring | @html;
def num(x; d): if x == null then "" else (x * pow(10; d) | round / pow(10; d) | tostring) end;
def met: if (.points // []) | length == 0 then ""
         else "\([.points[] | select(.target_met == true)] | length) of \(.points | length)" end;
# the fit's intercept where it is a latency, else what it is (run.json's
# intercept_note; a run.json from before it: a negative one is none)
def latency: if .fit == null then ""
  elif .fit.intercept_is_latency // (.fit.latency_us >= 0) then num(.fit.latency_us; 3)
  else "<span class=\"note\">\(.fit.intercept_note // "intercept \(num(.fit.latency_us; 3)) us: not a latency (below zero)" | h)</span>" end;
# the bandwidth where the record has one, else why not
def bandwidth: if .fit == null then ""
  elif .fit.bandwidth_MBps then num(.fit.bandwidth_MBps; 1)
  elif .fit.bandwidth_note then "<span class=\"note\">none: \(if .fit.bandwidth_note == "moves no data" then "\(.call) " else "" end + .fit.bandwidth_note | h)</span>"
  else "" end;
"<h2 id=\"records\">Records</h2>",
"<table><tr><th>line</th><th>call</th><th>datatype</th><th>topology</th><th>op</th><th>status</th><th>latency (us)</th><th>bandwidth (MB/s)</th><th>R&sup2;</th><th>target met</th><th>check</th></tr>",
(.records[] |
 "<tr><td class=n><a href=\"#line-\(.line)\">\(.line)</a></td><td>\(.call | h)</td><td>\(.datatype | h)</td><td>\(.topology | h)</td><td>\(.op | h)</td>"
 + "<td><span class=\"state \(.status // "unknown" | h)\">\(.status // "unknown" | h)</span></td>"
 + "<td class=n>\(latency)</td><td class=n>\(bandwidth)</td><td class=n>\(num(.fit.r2; 4))</td>"
 + "<td class=n>\(met)</td><td>\(.check // "" | h)</td></tr>"),
"</table>",
"<nav><h2 id=\"contents\">Contents</h2><ul>",
(.records as $r | [.records[].family] | reduce .[] as $f ([]; if index([$f]) then . else . + [$f] end) | .[] as $f
 | "<li><a href=\"#family-\($f | gsub("[^a-zA-Z0-9]"; "-") | h)\">\($f | h)</a>: "
   + ([$r[] | select(.family == $f) | "<a href=\"#line-\(.line)\">\(.call | h) \(.datatype | h)</a>"] | join(", "))
   + "</li>"),
"</ul></nav>"
