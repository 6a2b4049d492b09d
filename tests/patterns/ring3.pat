# a correct barrier for 3 ranks: two rounds of a ring
ranks 3
stage
0 1
1 2
2 0
stage
0 1
1 2
2 0
