# not a barrier: rank 3 is released before rank 1's arrival can reach it
ranks 4
stage
1 0
3 2
stage
2 3
2 0
stage
0 1
0 2
