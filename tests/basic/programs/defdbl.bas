1 REM DEFDBL: names of its letters are doubles (a single result stored into one keeps its binary value)
10 DEFDBL A-C
20 A=1/3:PRINT A
30 B=2:C=B/3:PRINT C;A+C
40 DIM X(2):X(1)=1/7:PRINT X(1)
50 D=1/3:PRINT D
60 DEFSNG A:A=1/3:PRINT A;B
