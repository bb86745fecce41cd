1 REM an array under OPTION BASE 1 takes its elements from 1: A(10) is 10 singles and its record
10 F=0:G=0:F=FRE(0)
20 OPTION BASE 1
30 DIM A(10),B%(3,4):G=FRE(0):PRINT F-G
40 ERASE A:PRINT FRE(0)-G
50 OPTION BASE 0
