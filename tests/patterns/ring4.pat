# two rounds of a ring: a correct but slow barrier for 4 ranks (each
# stage passes what a rank knows one step on; two rounds cover everyone)
ranks 4
stage
0 1
1 2
2 3
3 0
stage
0 1
1 2
2 3
3 0
stage
0 1
1 2
2 3
3 0
