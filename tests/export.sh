#!/usr/bin/env bash
# export.sh: mpigauge --export csv RESULT_OR_SET and run.json's start and
# end of each record.  The CSV of a live run and of the two recorded
# launch sets (tests/data/sets) loads with Python's csv module (and
# pandas where installed) with a row a point of every record (of every
# launch the set uses), every value as run.json has it; RFC 4180 quoting
# on a result folder made up with commas, quotes and a newline; bad
# arguments exit 2 with nothing on stdout.  Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/export
scratch "$T"
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"
printf 'SEND CHAR 1 64 MUL 4 WORLD NOP 0\nALLREDUCE DOUBLE 1 16 MUL 4 WORLD SUM 0\nGATHER INT 1 4 MUL 2 WORLD NOP 0 root=1\n' > "$T/e.in"
$MPIRUN -n 2 ./mpigauge --quiet --iters 20 -o "$T/run" "$T/e.in" -r 'BCAST CHAR 1 8 MUL 2 WORLD NOP 0' > "$T/run.log" 2>&1
check_launch "a run of 3 records and one -r" $? "$T/run.log"
j="$T/run/run.json"

# run.json: every record's start and end, in the order they ran
check "every record has start <= end, ISO 8601 with ms and zone" python3 - "$j" <<'PY'
import datetime, json, sys
recs = json.load(open(sys.argv[1]))["records"]
fmt = "%Y-%m-%dT%H:%M:%S.%f%z"
t = [(datetime.datetime.strptime(r["start"], fmt), datetime.datetime.strptime(r["end"], fmt)) for r in recs]
ok = len(t) == 4 and all(a <= b for a, b in t)
# in the order run.json lists them (the order they ran), each after the last
ok = ok and all(t[i][1] <= t[i + 1][0] for i in range(len(t) - 1))
# the same interval as elapsed_s (MPI_Wtime), within the ms of each end
ok = ok and all(abs((b - a).total_seconds() - r["elapsed_s"]) < 0.01 for (a, b), r in zip(t, recs))
sys.exit(0 if ok else 1)
PY

./mpigauge --export csv "$T/run" > "$T/run.csv" 2> "$T/run.err"
check "--export csv RESULT: exit 0" [ $? = 0 ]
check "... says its rows and columns on stderr" grep -q '^mpigauge --export: [0-9]* rows, [0-9]* columns, from 1 launch$' "$T/run.err"
check "the CSV: a row a point, every value as run.json has it (csv module)" python3 - "$T/run.csv" "$j" <<'PY'
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
recs = sorted(json.load(open(sys.argv[2]))["records"], key=lambda r: r["line"])
want = [(r, p) for r in recs for p in r["points"]]
ok = len(rows) == len(want) == sum(len(r["points"]) for r in recs) and len(want) > 0
def same(cell, v):
    if v is None: return cell == ""
    if isinstance(v, bool): return cell == ("true" if v else "false")
    if isinstance(v, (int, float)): return float(cell) == v
    if isinstance(v, str): return cell == v
    return json.loads(cell) == v
for row, (r, p) in zip(rows, want):
    ok = ok and all(same(row[k], v) for k, v in p.items())
    ok = ok and all(same(row["setting_" + k], v) for k, v in r["record_settings"].items())
    ok = ok and row["call"] == r["call"] and row["text"] == r["text"] and row["start"] == r["start"]
    ok = ok and row["source"] == r.get("source", "") and int(row["line"]) == r["line"]
    ok = ok and row["record_mismatches"] == str(r["mismatches"])
sys.exit(0 if ok else 1)
PY
check "... the -r record's source column is -r 1" [ "$(python3 -c 'import csv,sys; print(sorted({r["source"] for r in csv.DictReader(open(sys.argv[1], newline=""))}))' "$T/run.csv")" = "['', '-r 1']" ]
check "... lines end in CRLF, the header's too" bash -c "[ \$(grep -c \$'\r\$' '$T/run.csv') = \$(wc -l < '$T/run.csv') ]"
# pandas where a python3 has it (Debian's python3-pandas is /usr/bin's)
pandas_py=
for py in python3 /usr/bin/python3; do
    "$py" -c 'import pandas' 2> /dev/null && pandas_py=$py && break
done
if [ -n "$pandas_py" ]; then
    check "pandas reads it: the rows, the columns, t_med_us numeric" "$pandas_py" - "$T/run.csv" "$j" <<'PY'
import json, sys, pandas
df = pandas.read_csv(sys.argv[1])
recs = json.load(open(sys.argv[2]))["records"]
ok = len(df) == sum(len(r["points"]) for r in recs) and df["t_med_us"].dtype.kind == "f"
ok = ok and sorted(df["call"].unique()) == ["ALLREDUCE", "BCAST", "GATHER", "SEND"]
sys.exit(0 if ok else 1)
PY
else
    skip 1 "no pandas for python3: the pandas read"
fi

# a launch set: the launches --set uses, a launch column
for set in A S; do
    ./mpigauge --export csv "tests/data/sets/$set" > "$T/$set.csv" 2> "$T/$set.err"
    check "--export csv of the recorded set $set: exit 0" [ $? = 0 ]
    check "... a row a point of every launch, launch numbered as its folder" python3 - "$T/$set.csv" "tests/data/sets/$set" <<'PY'
import csv, glob, json, os, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
want = {}
for d in glob.glob(os.path.join(sys.argv[2], "launch-*")):
    k = int(d.rsplit("-", 1)[1])
    want[k] = sum(len(r["points"]) for r in json.load(open(os.path.join(d, "run.json")))["records"])
got = {}
for r in rows:
    got[int(r["launch"])] = got.get(int(r["launch"]), 0) + 1
sys.exit(0 if got == want and len(want) == 10 and list(rows[0])[0] == "launch" else 1)
PY
done

# RFC 4180: a result folder made up by hand, a text with a comma, quotes
# and a newline in the point's fields
mkdir -p "$T/made"
touch "$T/made/.fixture"
jq '.records[0].text = "a,b \"c\"" | .records[0].points[0].note = "line 1\nline 2" | .records = [.records[0]]' "$j" > "$T/made/run.json"
./mpigauge --export csv "$T/made" > "$T/made.csv" 2> /dev/null
check "quoting: a comma, quotes, a newline read back whole" python3 - "$T/made.csv" "$T/made/run.json" <<'PY'
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
r = json.load(open(sys.argv[2]))["records"][0]
ok = len(rows) == len(r["points"]) and all(x["text"] == 'a,b "c"' for x in rows)
ok = ok and rows[0]["note"] == "line 1\nline 2" and rows[1]["note"] == ""
sys.exit(0 if ok else 1)
PY
check "... the quotes doubled in the file" grep -qF '"a,b ""c"""' "$T/made.csv"

# bad arguments: exit 2, nothing on stdout
refused() { # WHAT EXPECTED ARGS...
    local what=$1 want=$2
    shift 2
    ./mpigauge "$@" > "$T/bad.out" 2> "$T/bad.err"
    local rc=$?
    check "$what: exit 2 ($rc), nothing on stdout" [ "$rc/$(wc -c < "$T/bad.out")" = 2/0 ]
    check "... says: $want" grep -qF -- "$want" "$T/bad.err"
}
refused "no such folder" "RESULT_OR_SET '$T/none': no such folder" --export csv "$T/none"
refused "a folder with no run" "is neither a result folder (no run.json) nor a launch set" --export csv "$T"
refused "an unknown format" "--export 'xml': expected none or csv" --export xml "$T/run"
refused "--export none" "--export takes a format: csv" --export none "$T/run"
refused "no folder named" "no result or set (--export csv RESULT_OR_SET)" --export csv
refused "with a measuring option" "--iters shapes a measuring run; --export measures nothing" --export csv --iters 5 "$T/run"
refused "with --set" "choose one of --predict, --set, --compare, --export, --store, --trend and --validate" --export csv --set "$T/run"
printf '{"records": [' > "$T/broken.json"
mkdir -p "$T/broken" && cp "$T/broken.json" "$T/broken/run.json" && touch "$T/broken/.fixture"
refused "a broken run.json" "run.json" --export csv "$T/broken"
summary export
