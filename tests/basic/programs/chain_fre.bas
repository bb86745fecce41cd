10 REM FRE(0) over CHAIN: what COMMON keeps takes its memory again, the rest is free
20 Q$=CHR$(34):OPEN "O",1,"CHF1.BAS"
30 PRINT #1,"10 PRINT FRE(0);A;B$;C%;D(1):X=1:PRINT FRE(0)"
40 CLOSE 1
50 A=1:B$="HELLO"+"X":C%=3:DIM D(10):D(1)=2:E=5:F$="NOT KEPT"+""
60 PRINT FRE(0)
70 COMMON A,B$,C%,D()
80 CHAIN "CHF1"
