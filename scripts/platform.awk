# platform.awk: scripts/platform.sh's work: the parameter matrices of a
# run (O_ij, R_ij, L_ij, B_ij, X_ij and R1_ij files, in that order; X_ij's
# and R1_ij's may be /dev/null) and the run's
# hosts (variables from platform.sh) into a SimGrid platform on stdout.
# A malformed file: one line "platform.sh: FILE:LINE: ..." on stderr,
# exit 2.  platform.sh says what each number becomes.
function fail(msg) { print "platform.sh: " msg > "/dev/stderr"; failed = 1; exit 2 }
# each parameter file: # lines, then P rows of P numbers (nan on the diagonal)
FNR == 1 { kind = FILENAME == ARGV[1] ? "O" : FILENAME == ARGV[2] ? "R" : FILENAME == ARGV[3] ? "L" : FILENAME == ARGV[4] ? "B" : FILENAME == ARGV[5] ? "X" : "Q"; row = 0 }
/^#/ || !NF { next }
{
    if (row >= P) fail(FILENAME ":" FNR ": more than " P " rows (run.json says " P " ranks)")
    if (NF != P) fail(FILENAME ":" FNR ": " NF " fields, expected " P " (one per rank)")
    for (c = 1; c <= NF; c++) {
        v = $c
        if (row == c - 1) continue
        if (v !~ /^[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?$/)
            fail(FILENAME ":" FNR ": field " c " (" row " -> " c - 1 "): \"" v "\" is not a time in microseconds")
        m[kind, row, c - 1] = v + 0
    }
    rows[kind] = ++row
}
END {
    if (failed) exit 2
    for (k = 1; k <= 4; k++) {
        kind = substr("ORLB", k, 1)
        if (rows[kind] != P) fail(ARGV[k] ": " rows[kind] + 0 " rows, expected " P " (one per rank)")
    }
    # X_ij and R1_ij are optional (/dev/null), but a file given is whole
    for (k = 5; k <= 6; k++) {
        kind = k == 5 ? "X" : "Q"
        if (rows[kind] && rows[kind] != P) fail(ARGV[k] ": " rows[kind] " rows, expected " P " (one per rank)")
    }
    hasx = rows["X"] == P
    hasq = rows["Q"] == P
    H = split(hostlist, hname, "\n")
    split(nodes, nd, " ")
    for (i = 0; i < P; i++) host[i] = nd[i + 1] + 1
    # per ordered host pair (a sends, b receives): means over rank pairs
    for (i = 0; i < P; i++) for (j = 0; j < P; j++) if (i != j) {
        a = host[i]; b = host[j]
        n[a, b]++
        s = m["O", i, j]; r = m["R", j, i]; l = m["L", i, j]
        S[a, b] += s; R[a, b] += r; L[a, b] += l
        B[a, b] += m["B", i, j]
        # the lone receive, at most what L_ij leaves after O_ij (as
        # models/predict.c's lone()); the link then carries L_ij less both
        if (hasq) { q = m["Q", j, i]; left = l > s ? l - s : 0; q = q < left ? q : left; Q[a, b] += q; r = q }
        one = l > s + r ? l : s + r
        F[a, b] += l - s - r > 0 ? l - s - r : 0
        if (hasx) X[a, b] += m["X", j, i] > one ? m["X", j, i] - one : 0
    }
    for (a = 1; a <= H; a++) for (b = 1; b <= H; b++) if (n[a, b]) {
        S[a, b] /= n[a, b]; R[a, b] /= n[a, b]; L[a, b] /= n[a, b]; B[a, b] /= n[a, b]; X[a, b] /= n[a, b]
        Q[a, b] /= n[a, b]
        lam[a, b] = F[a, b] / n[a, b]
        c = a == b ? "in" : "out"
        cn[c] += n[a, b]
        for (q = 1; q <= 7; q++) { v = q == 1 ? S[a, b] : q == 2 ? R[a, b] : q == 3 ? lam[a, b] : q == 4 ? B[a, b] : q == 5 ? X[a, b] : q == 6 ? L[a, b] : Q[a, b]; cls[c, q] += v * n[a, b] }
    }
    for (c in cn) for (q = 1; q <= 7; q++) cls[c, q] /= cn[c]
    src = "from " dir " (mpigauge run of " date ", " library ", " P " ranks on " H " hosts)"
    print "<?xml version=\"1.0\"?>"
    print "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">"
    print "<!-- Made by scripts/platform.sh " src "."
    print "     Per message (platforms/costs.hpp): a send costs its sender O_ij (" "params-world-Oij.dat),"
    if (hasq) {
        print "     a receive its receiver R1_ij when taken up on its own (params-world-R1ij.dat, at most"
        print "     L_ij - O_ij), R_ij when its signal arrived while the receiver was still completing"
        print "     another (params-world-Rij.dat); a link between two hosts has the latency"
        print "     L_ij - O_ij - R1_ij, at least 0 (" latname "), so that a zero-byte one-way"
        print "     time is L_ij, or O_ij where that is more, and the bandwidth 1 / B_ij"
    } else {
        print "     a receive its receiver R_ij (params-world-Rij.dat); a link between two hosts has the"
        print "     latency L_ij - O_ij - R_ij, at least 0 (" latname "), so that a zero-byte one-way"
        print "     time is L_ij, or O_ij + R_ij where those are more, and the bandwidth 1 / B_ij"
    }
    print "     (params-world-Bij.dat, 4 decimals of us per byte: 0.0001 is 10 GB/s, +-50%)."
    if (hasx) print "     A signal between hosts that crossed one the other way costs its receiver X_ij less that one-way time more (params-world-Xij.dat)."
    else print "     No params-world-Xij.dat: crossing signals cost no more than one-way ones."
    print "     Each value is the mean over the rank pairs of that host pair (or class)."
    if (hasq) print "     Not carried over: O_i (computation takes no simulated time), S_ij (MPI_Ssend has no"
    else print "     Not carried over: O_i (computation takes no simulated time), R1_ij (no params-world-R1ij.dat), S_ij (MPI_Ssend has no"
    print "     acknowledgement under SMPI),"
    print "     noise and tails, contention for links or processors beyond the crossing cost, sockets,"
    print "     and the collective algorithms of the MPI library (SMPI runs its own). -->"
    print "<platform version=\"4.1\">"
    if (!("in" in cn)) {
        notin = 1
        cls["in", 1] = cls["in", 2] = cls["in", 3] = cls["in", 7] = 0
    }
    if (!("out" in cn)) fail(ARGV[1] ": no two ranks on different hosts: the run measured no network (run on two hosts or more)")
    if (nh != "") {
        print "  <!-- " nh " hosts like the " H " measured, each with " cores " cores (run.json cores_per_node);"
        print "       by class: the means over all host pairs measured on one host (" cn["in"] + 0 " rank pairs) and between hosts (" cn["out"] " rank pairs)."
        if (notin) print "       No host ran two ranks: on-host costs are 0, the loopback SimGrid default."
        print "       A host link has half the latency between hosts (two links a route). -->"
        printf "  <cluster id=\"measured\" prefix=\"host-\" suffix=\"\" radical=\"0-%d\" speed=\"1Gf\" core=\"%d\"\n", nh - 1, cores
        printf "           bw=\"%s\" lat=\"%s\"%s>\n", bw(cls["out", 4]), sec(cls["out", 3] / 2), notin ? "" : sprintf(" loopback_bw=\"%s\" loopback_lat=\"%s\"", bw(cls["in", 4]), sec(cls["in", 3]))
        prop("send-intra", cls["in", 1], notin ? "not measured" : "O_ij on a host")
        prop("send-inter", cls["out", 1], "O_ij between hosts")
        prop("recv-intra", cls["in", 2], notin ? "not measured" : "R_ij on a host")
        prop("recv-inter", cls["out", 2], "R_ij between hosts")
        if (hasq) prop("lone-intra", cls["in", 7], notin ? "not measured" : "R1_ij on a host")
        if (hasq) prop("lone-inter", cls["out", 7], "R1_ij between hosts")
        if (hasx) prop("cross-inter", cls["out", 5], "X_ij less the one-way time, between hosts")
        print "  </cluster>"
        print "</platform>"
        exit 0
    }
    print "  <zone id=\"measured\" routing=\"Full\">"
    for (a = 1; a <= H; a++) {
        print "    <host id=\"" hname[a] "\" speed=\"1Gf\" core=\"" cores "\">"
        print "      <!-- " cores " cores: run.json cores_per_node; by class: the means over the pairs of this host -->"
        placed = ""
        for (i = 0; i < P; i++) if (host[i] == a) placed = placed (placed == "" ? "" : " ") i
        if (placed != "")
            print "      <prop id=\"mpigauge-run/ranks\" value=\"" placed "\"/> <!-- the ranks the run placed here (run.json places): scripts/simulate.sh places them so -->"
        ci = co = cr = 0; cor_s = cor_r = cor_q = 0; cii_s = cii_r = cii_q = 0
        for (b = 1; b <= H; b++) {
            if (n[a, b]) { if (b == a) { cii_s = S[a, b]; cii_r = R[a, b]; cii_q = Q[a, b]; ci = 1 } else { cor_s += S[a, b] * n[a, b]; co += n[a, b] } }
            if (n[b, a] && b != a) { cor_r += R[b, a] * n[b, a]; cor_q += Q[b, a] * n[b, a]; cr += n[b, a] }
        }
        prop("send-intra", cii_s, ci ? "O_ij, this host to itself" : "not measured: no two ranks on this host")
        prop("send-inter", co ? cor_s / co : cls["out", 1], co ? "O_ij from this host" : "O_ij between hosts, all")
        prop("recv-intra", cii_r, ci ? "R_ij, this host from itself" : "not measured: no two ranks on this host")
        prop("recv-inter", cr ? cor_r / cr : cls["out", 2], cr ? "R_ij at this host" : "R_ij between hosts, all")
        if (hasq) prop("lone-intra", cii_q, ci ? "R1_ij, this host from itself" : "not measured: no two ranks on this host")
        if (hasq) prop("lone-inter", cr ? cor_q / cr : cls["out", 7], cr ? "R1_ij at this host" : "R1_ij between hosts, all")
        for (b = 1; b <= H; b++) if (b != a) {
            if (n[a, b]) prop("send:" hname[b], S[a, b], "O_ij " hname[a] " -> " hname[b] ", " n[a, b] " rank pair" (n[a, b] > 1 ? "s" : ""))
            if (n[b, a]) prop("recv:" hname[b], R[b, a], "R_ij at " hname[a] " from " hname[b])
            if (n[b, a] && hasq) prop("lone:" hname[b], Q[b, a], "R1_ij at " hname[a] " from " hname[b])
            if (n[b, a] && hasx) prop("cross:" hname[b], X[b, a], "X_ij less the one-way time, from " hname[b])
        }
        print "    </host>"
    }
    # SimGrid wants every link before the first route
    for (a = 1; a <= H; a++) for (b = 1; b <= H; b++) if (n[a, b])
        printf "    <link id=\"%s-%s\" bandwidth=\"%s\" latency=\"%s\"/> <!-- L_ij %.4f us - O_ij %.4f - %s %.4f; B_ij %.4f us/B -->\n", hname[a], hname[b], bw(B[a, b]), sec(lam[a, b]), L[a, b], S[a, b], hasq ? "R1_ij" : "R_ij", hasq ? Q[a, b] : R[a, b], B[a, b]
    for (a = 1; a <= H; a++) for (b = 1; b <= H; b++) if (n[a, b])
        printf "    <route src=\"%s\" dst=\"%s\" symmetrical=\"NO\"><link_ctn id=\"%s-%s\"/></route>\n", hname[a], hname[b], hname[a], hname[b]
    print "  </zone>"
    print "</platform>"
}
function sec(us) { return sprintf("%.6gus", us) }
function bw(b) { return b > 0 ? sprintf("%.6gMBps", 1 / b) : "100GBps" }
function prop(k, us, why) { printf "%s<prop id=\"mpigauge/%s\" value=\"%.6e\"/> <!-- %s: %.4f us -->\n", nh != "" ? "    " : "      ", k, us * 1e-6, why, us }
