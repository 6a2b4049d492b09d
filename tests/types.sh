#!/usr/bin/env bash
# types.sh: shaped datatypes (VECTOR:, INDEXED:, RESIZED:, SUBARRAY:),
# FLOAT16 and BFLOAT16, and sizes= lists (issue 43), on 2 and 3 ranks:
# inputs/types.in with --check (every record passed, or skipped with the
# library's reason); the header's size, extent and blocks and the bytes
# column worked out here from each spelling; the fault injector's flipped
# bit found in shaped types; a sizes= list (in the record and from a
# file) measured exactly; --validate's plan; --list; and every bad shape,
# INDEXED file and size list an input error at FILE:LINE:COLUMN, exit 2,
# no folder.  Prints "N passed, N failed, N skipped".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/types
scratch "$T"
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
IN=inputs/types.in

# shape SPELLING: "size extent blocks" of one element, by arithmetic on the
# spelling (bases: DOUBLE 8 bytes); INDEXED from its file
shape() {
    local s=$1
    case "$s" in
    VECTOR:*) IFS=: read -r _ c b st _ <<< "$s"
        echo "$((c * b * 8)) $((((c - 1) * st + b) * 8)) $c" ;;
    RESIZED:*) IFS=: read -r _ e _ <<< "$s"; echo "8 $e 1" ;;
    SUBARRAY:*) IFS=: read -r _ sz sub _ _ <<< "$s"
        awk -v sz="$sz" -v sub_="$sub" 'BEGIN { n = split(sz, a, "x"); split(sub_, b, "x")
            e = 1; t = 1; r = 1; for (i = 1; i <= n; i++) { e *= a[i]; t *= b[i]; if (i < n) r *= b[i] }
            print t * 8, e * 8, r }' ;;
    INDEXED:*) awk '!/^#/ && NF == 2 { t += $1; if ($1 + $2 > e) e = $1 + $2; n++ }
                   END { print t * 8, e * 8, n }' "${s#INDEXED:}" ;;
    esac
}

for p in 2 3; do
    out="$T/n$p"
    $MPIRUN -n $p ./mpigauge --check --iters 4 --warmup 1 --quiet -o "$out" "$IN" \
        > "$out.log" 2>&1
    check "$p ranks: types.in exits 0 ($out.log)" [ $? = 0 ]
    j="$out/run.json"
    check "$p ranks: a record per line" [ "$(jq '.records | length' "$j")" = "$(grep -cvE '^\s*(#|$)' "$IN")" ]
    while IFS=$'\x1f' read -r line call dt status chk why file; do
        what="$p ranks, line $line $call $dt"
        if [ "$status" = skipped ]; then
            case "$dt" in
            FLOAT16 | BFLOAT16) check "$what: skipped with the library's reason ($why)" \
                grep -qE "has no $dt|MPICH 4.0 stops in an assertion" <<< "$why" ;;
            *) check "$what: not skipped ($why)" false ;;
            esac
            continue
        fi
        check "$what: done, check passed" [ "$status/$chk" = done/passed ]
        case "$dt" in *:*) ;; *) continue ;; esac
        read -r size extent blocks <<< "$(shape "$dt")"
        check "$what: header says size $size, extent $extent, $blocks blocks" \
            grep -q "^# datatype: $dt is MPI_.*: size $size bytes, extent $extent bytes, $blocks blocks\? of DOUBLE" "$out/$file"
        check "$what: run.json's datatype_shape" [ "$(jq -r "$AT""at($line).datatype_shape | \"\(.size) \(.extent) \(.blocks)\"" "$j")" = "$size $extent $blocks" ]
        check "$what: bytes = elements x $size" rows "$out/$file" "v2 == v1 * $size" elements bytes
    done < <(jq -r '.records[] | [.line, .call, .datatype, .status, (.check // ""), (.skipped // ""), (.file // "")] | map(tostring) | join("\u001f")' "$j")
    # the sizes= lists: exactly those counts, said in the header
    for line in $(grep -n 'sizes=' "$IN" | grep -v '^[0-9]*:#' | cut -d: -f1); do
        want=$(sed -n "${line}p" "$IN" | grep -o 'sizes=[0-9,]*' | cut -d= -f2)
        file=$(jq -r "$AT""at($line).file" "$j")
        check "$p ranks, line $line: measured exactly $want" [ "$(column "$out/$file" elements | paste -sd,)" = "$want" ]
        check "$p ranks, line $line: the header says the list was used" grep -q "^# sizes: the record's sizes= list, $(echo "$want" | tr ',' '\n' | wc -l) sizes written in the record" "$out/$file"
        check "$p ranks, line $line: run.json's sizes_list" [ "$(jq -r "$AT""at($line).sizes_list.sizes | map(tostring) | join(\",\")" "$j")" = "$want" ]
    done
done

# the fault injector's flipped bit, found in a shaped element
cat > "$T/flip.in" <<'IN'
SEND      VECTOR:4:1:2:DOUBLE         1 16 MUL 4 WORLD NOP 0
BCAST     VECTOR:3:2:5:INT            1 16 MUL 4 WORLD NOP 0
ALLGATHER SUBARRAY:4x4x2:2x2x1:1x1x1:FLOAT 1 16 MUL 4 WORLD NOP 0
SEND      INDEXED:inputs/blocks/indexed.txt 1 16 MUL 4 WORLD NOP 0
IN
MPIGAUGE_CORRUPT=1 LD_PRELOAD="$PWD/tests/corrupt.so" $MPIRUN -n 2 ./mpigauge --check \
    --iters 1 --warmup 0 --quiet -o "$T/corrupt" "$T/flip.in" > /dev/null 2> "$T/corrupt.err"
check "flipped bits: exit 1" [ $? = 1 ]
check "flipped bits: every shaped record failed its check" [ "$(jq -c '[.records[].check] | unique' "$T/corrupt/run.json")" = '["failed"]' ]
check "flipped bits: the element printed typed values and gaps" grep -q 'expected {.*; gaps sum [0-9]*}, got {' "$T/corrupt.err"

# a sizes= file, read on rank 0; --validate shows the list
printf '# sizes\n2, 40\n 300  # three hundred\n' > "$T/sizes.txt"
cat > "$T/list.in" <<IN
SEND DOUBLE 1 300 MUL 2 WORLD NOP 0 sizes=$T/sizes.txt
SEND DOUBLE 1 9999 ADD 1 WORLD NOP 0 sizes=$T/sizes.txt
IN
$MPIRUN -n 2 ./mpigauge --check --iters 2 --quiet -o "$T/list" "$T/list.in" > /dev/null 2>&1
check "sizes=path: exit 0" [ $? = 0 ]
check "sizes=path: both records measured 2 40 300" [ "$(jq -c '[.records[].points | map(.elements)] | unique' "$T/list/run.json")" = '[[2,40,300]]' ]
check "sizes=path: the header names the file" grep -q "^# sizes: .*3 sizes read from $T/sizes.txt" "$T/list/01-send-double-world-nop.dat"
$MPIRUN -n 2 ./mpigauge --validate "$T/list.in" > "$T/validate.txt" 2>&1
check "--validate: the plan lists the sizes" grep -q '3 sizes: 2 40 300 elements (its sizes= list)' "$T/validate.txt"

# --list names the new types and setting
./mpigauge --list > "$T/list.txt"
for w in FLOAT16 BFLOAT16 VECTOR:COUNT:BLOCKLEN:STRIDE:BASE INDEXED:path RESIZED:EXTENT:BASE \
         SUBARRAY:SIZES:SUBSIZES:STARTS:BASE 'sizes=a,b,c|path'; do
    check "--list names $w" grep -qF -- "$w" "$T/list.txt"
done

# bad input: FILE:LINE:COLUMN, exit 2, no folder
printf 'DOUBLE\n2 0\n1 1\n0 5\n' > "$T/overlap.txt"
printf '4, 8\nx\n' > "$T/badsizes.txt"
cat > "$T/bad.in" <<IN
SEND VECTOR:4:2:1:DOUBLE 1 8 MUL 2 WORLD NOP 0
SEND SUBARRAY:8x8:4x4:6x2:DOUBLE 1 8 MUL 2 WORLD NOP 0
SEND VECTOR:4:1:2:DOUBLE_INT 1 8 MUL 2 WORLD NOP 0
SEND INDEXED:$T/overlap.txt 1 8 MUL 2 WORLD NOP 0
SEND DOUBLE 1 8 MUL 2 WORLD NOP 0 sizes=4,16
SEND DOUBLE 1 8 MUL 2 WORLD NOP 0 sizes=$T/badsizes.txt
SEND RESIZED:4:DOUBLE 1 8 MUL 2 WORLD NOP 0
SEND INDEXED:$T/missing.txt 1 8 MUL 2 WORLD NOP 0
IN
$MPIRUN -n 2 ./mpigauge -o "$T/bad" "$T/bad.in" > /dev/null 2> "$T/bad.err"
check "bad input: exit 2, no folder" [ "$?/$([ -e "$T/bad" ] && echo yes || echo no)" = 2/no ]
check "stride below blocklen named" grep -qF "$T/bad.in:1:17: stride 1 is less than blocklen 2" "$T/bad.err"
check "subarray past its array named" grep -qF "$T/bad.in:2:23: dimension 1: start 6 + subsize 4 passes its size 8" "$T/bad.err"
check "a pair as base named" grep -qF "$T/bad.in:3:19: a shaped type's base is a predefined type that is neither a pair nor derived" "$T/bad.err"
check "INDEXED file: its overlapping line named" grep -qF "$T/overlap.txt:3:1: this block (elements 1 to 1) overlaps line 2's" "$T/bad.err"
check "INDEXED file: its zero blocklen named" grep -qF "$T/overlap.txt:4:1: blocklen must be at least 1" "$T/bad.err"
check "size outside min and max named" grep -qF "$T/bad.in:5:43: size 16 is outside the record's min 1 and max 8" "$T/bad.err"
check "sizes file: its bad size named" grep -qF "$T/badsizes.txt:2:1: size 'x' is not a number" "$T/bad.err"
check "RESIZED below its base named" grep -qF "$T/bad.in:7:6: RESIZED:4:DOUBLE: extent 4 bytes is less than DOUBLE's 8" "$T/bad.err"
check "a missing INDEXED file named at its record" grep -qF "$T/bad.in:8:6: INDEXED:$T/missing.txt: its file cannot be read" "$T/bad.err"
summary types
