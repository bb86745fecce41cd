1 REM a DIM fixes the base at 0: OPTION BASE 0 is allowed after it, OPTION BASE 1 Duplicate Definition
10 DIM A(3)
20 OPTION BASE 0
30 PRINT "OK"
40 OPTION BASE 1
50 PRINT "NO"
