# report_facts.jq: the run's facts from run.json, as HTML (report.sh),
# its settings (environment, MPI_T control variables) among them
def h: tostring | @html;
def row(k; v): if v == null then empty else "<tr><th>\(k)</th><td>\(v | h)</td></tr>" end;
def state(s): "<span class=\"state \(s | h)\">\(s | h)</span>";
def words(o): [o | to_entries[] | select(.value != null and .value != false)
               | "\(.key)=\(.value | if type == "string" then . else tojson end)"] | join("  ");
# a row whose value is HTML already (made of h'd pieces)
def rawrow(k; v): "<tr><th>\(k)</th><td>\(v)</td></tr>";
# run.json's settings: rank 0's library-configuring environment, and the
# MPI_T control variables at start (listed, folded)
def settings_rows:
  if .settings == null then row("library settings"; "not recorded (a run.json from before settings)")
  else
    (.settings.environment // {}) as $e | (.settings.cvars // {}) as $c |
    rawrow("environment (library settings)";
      if ($e | length) == 0 then "none set (no UCX_, MPIR_CVAR_, MPICH_, OMPI_, PMIX_MCA_, FI_, I_MPI_ or Slurm geometry variable)"
      else [$e | to_entries[] | "<code>\(.key | h)=\(.value | h)</code>"] | join("<br>") end),
    rawrow("MPI_T control variables at start";
      "\($c | length)" + (if ($c | length) == 0 then "" else
        " <details><summary>their values</summary><table>"
        + ([$c | to_entries[] | "<tr><td><code>\(.key | h)</code></td><td>\(.value | h)</td></tr>"] | join(""))
        + "</table></details>" end))
  end;
"<p>State of the run: \(state(.status // "unknown"))"
+ (if .status == "interrupted" then " &mdash; stopped by a signal; records after the last finished one are pending"
   elif .status == "running" then " &mdash; still running, or stopped without a chance to say so; the records below are as of its last rewrite"
   elif .status == "complete-with-errors" then " &mdash; an MPI error stopped at least one record"
   else "" end) + "</p>",
(if .oversubscribed == true then
   "<p class=\"warn\">Oversubscribed: up to \(.ranks_per_node_max | h) ranks share a node of \(.cores_per_node | h) cores; ranks wait for each other's time slices and the times are not the hardware's.</p>"
 else empty end),
(if (.ranks_sharing_a_core // 0) > 0 then
   "<p class=\"warn\">Ranks sharing a core: \(.ranks_sharing_a_core | h) ranks are bound to the same CPUs as another rank of their machine (ranks \(.shared_core.ranks | map(tostring) | join(" and ") | h), on CPU \(.shared_core.cpu | h)); they take turns on one core and the times are the scheduler's.</p>"
 else empty end),
"<table>",
row("input"; .input), row("date"; .date), row("mpigauge"; .mpigauge),
row("built with"; if .build then "\(.build.compiler), MPI headers \(.build.mpi_headers)" + (if .build.papi then ", PAPI" else "" end) + (if .build.sanitized then ", AddressSanitizer" else "" end) else null end),
row("batch job"; if .job then "\(.job.batch) job \(.job.id // "?")" + (if .job.step then " step \(.job.step)" else "" end) + (if .job.cluster then " on cluster \(.job.cluster)" else "" end) + (if .job.partition then ", partition \(.job.partition)" else "" end) + (if .job.nodes then ", nodes \(.job.nodes | join(" "))" elif .job.nodelist then ", nodes \(.job.nodelist)" else "" end) else null end),
row("MPI library"; (.mpi_library // "?") + (if .mpi_version then " (MPI \(.mpi_version | map(tostring) | join(".")))" else "" end)),
row("ranks"; .ranks),
row("nodes"; if .nodes then "\(.nodes) (\(.hosts // [] | join(", "))), at most \(.ranks_per_node_max) ranks a node of \(.cores_per_node) cores" else null end),
row("grid"; if .grid then (.grid | map(tostring) | join("x")) + (if .grid_source then " from \(.grid_source)" else "" end) else null end),
row("oversubscribed"; .oversubscribed),
row("ranks bound to a core"; .ranks_bound_to_a_core),
row("ranks sharing a core"; .ranks_sharing_a_core),
row("simulation"; if .simulation then (.simulation | tojson) else null end),
row("timer"; if .timer then "MPI_Wtime steps of \(.timer.resolution_s * 1e10 | round / 1e10) s, \(.timer.overhead_s * 1e10 | round / 1e10) s a read; MPI_Wtick \(.wtick_s) s" else null end),
row("clock model"; if .clock then (.clock | def r: . * 1000 | round / 1000; "offset and drift per rank over \(.ranks | length) ranks: largest offset \(.max_offset_us | r) us, drift \(.max_drift_ppm | r) ppm, residual \(.max_residual_us | r) us, round trip \(.max_rtt_us | r) us; \(.refits) refits; end check " + (if .end_check then "\(.end_check.max_error_us | r) us" else "none" end)) else null end),
row("hardware counters"; if .papi then (.papi | tojson) else null end),
row("estimated run time"; if .estimate_s then "\(.estimate_s * 100 | round / 100) s" else null end),
row("peak memory of the largest rank"; if .peak_rss_kib then "\(.peak_rss_kib) KiB" else null end),
row("options (set or on)"; if .options then words(.options) else null end),
settings_rows,
"</table>"
