1 REM OPTION BASE 1: subscripts from 1, implicit arrays 1..10, the same base again is allowed
10 OPTION BASE 1
20 DIM A(3)
30 A(1)=5:A(3)=7:PRINT A(1);A(3)
40 B(10)=2:PRINT B(10)
50 OPTION BASE 1
60 PRINT "X"
70 A(0)=1
