#!/usr/bin/env bash
# hardening.sh: errors every rank agrees on (no hang), inputs that are not
# files, 64-bit colours and sizes, and limits applied to the calls whose
# MPI arguments they bound.  Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/hardening
scratch "$T"

# an error rank 0 alone sees ends every rank (a hang fails by timeout)
timeout 30 $MPIRUN -n 2 ./mpigauge --validate --coords "$T/none" inputs/quick.in > /dev/null 2> "$T/coords.err"
check "--coords missing: exit 2, not a hang" [ $? = 2 ] && grep -q "$T/none: cannot open" "$T/coords.err"
mkfifo "$T/fifo"
timeout 30 $MPIRUN -n 2 ./mpigauge --validate "$T/fifo" > /dev/null 2> "$T/fifo.err"
check "a FIFO as the input: exit 2, not a wait" [ $? = 2 ] && grep -q "$T/fifo: not a regular file" "$T/fifo.err"
timeout 30 $MPIRUN -n 2 ./mpigauge --validate --coords "$T/fifo" inputs/quick.in > /dev/null 2>&1
check "a FIFO as --coords: exit 2" [ $? = 2 ]
printf 'BARRIER INT 0 0 ADD 1 WORLD FILE:%s 0\n' "$T/fifo" > "$T/pat.in"
timeout 30 $MPIRUN -n 2 ./mpigauge --validate "$T/pat.in" > /dev/null 2>&1
check "a FIFO as a pattern file: exit 2" [ $? = 2 ]
timeout 30 $MPIRUN -n 2 ./mpigauge --scratch "$T/none" -o "$T/s" inputs/io.in > /dev/null 2>&1
check "--scratch missing: exit 2 on every rank" [ $? = 2 ] && [ ! -e "$T/s" ]

# colours from large coordinates: y + dy z passes 2^31 for rank 1
printf '0 0 0 0\n1 0 65535 32768\n' > "$T/big.coords"
printf 'BARRIER INT 0 0 ADD 1 X-LINE MPI 0 iters=2\nBARRIER INT 0 0 ADD 1 Z-LINE MPI 0 iters=2\n' > "$T/big.in"
timeout 60 $MPIRUN -n 2 ./mpigauge --coords "$T/big.coords" --quiet -o "$T/big" "$T/big.in" > /dev/null 2>&1
check "large coordinates: exit 0" [ $? = 0 ]
check "large coordinates: two X-lines and two Z-lines of 1, nobody dropped" [ "$(jq -c '[.records[] | .communicators]' "$T/big/run.json")" = "[[1,1],[1,1]]" ]

# limits where MPI's int arguments need them, not elsewhere
{
    echo "BCAST CHAR 2147483647 2147483647 ADD 1 WORLD NOP 0"
    echo "SEND INT 1 1073741824 MUL 1024 WORLD NOP 0"
    echo "GATHERV CHAR 1073741824 1073741824 ADD 1 WORLD NOP 0"
    echo "ALLTOALLW INT 300000000 300000000 ADD 1 WORLD NOP 0"
    echo "BSEND DOUBLE 134217728 134217728 ADD 1 WORLD NOP 0"
} > "$T/lim.in"
$MPIRUN -n 2 ./mpigauge --validate --max-memory 1024G "$T/lim.in" > /dev/null 2> "$T/lim.err"
check "limits: exit 2" [ $? = 2 ]
check "BCAST of 2^31-1 CHAR on 2 ranks: no count error" [ -z "$(grep "^$T/lim.in:1:" "$T/lim.err")" ]
check "SEND of 2^30 INT on 2 ranks: no count error" [ -z "$(grep "^$T/lim.in:2:" "$T/lim.err")" ]
check "GATHERV: element displacements past int" grep -q "^$T/lim.in:3:25: max 1073741824 on 2 ranks puts GATHERV's element displacements up to 2147483648, past MPI's int limit" "$T/lim.err"
check "ALLTOALLW: byte displacements past int" grep -q "^$T/lim.in:4:25: max 300000000 on 2 ranks puts ALLTOALLW's byte displacements up to 2400000000" "$T/lim.err"
check "BSEND: the attached buffer past int" grep -q "^$T/lim.in:5:24: max 134217728 needs a 2147483840-byte buffer attached for BSEND" "$T/lim.err"

echo "hardening: $pass passed, $fail failed"
