# plotlib.sh: what plot.sh and compare.sh share; source it.
#
# col FILE NAME: the number of the column called NAME in a data file's
# last header line (0: none)
col() {
    awk -v name="$2" '/^#/ { last = $0; next } NF { exit }
        END { n = split(substr(last, 3), a, " "); for (i = 1; i <= n; i++)
              if (a[i] == name) { print i; exit } print 0 }' "$1" | head -1
}

# plot: gnuplot on standard input; gnuplot reads nan as missing, and the
# warnings about cells meant to be blank or one-point ranges are dropped
plot() {
    gnuplot 2>&1 | { grep -v 'missing or undefined values\|all points\|empty [xy] range' >&2 || true; }
}
