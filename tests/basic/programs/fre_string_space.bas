10 REM strings fill what arrays leave: garbage is collected, then Out of string space
20 DIM A(14790),S$(20)
30 PRINT FRE(0)
40 FOR I=1 TO 100:A$=STRING$(80,"X"):NEXT
50 PRINT FRE(0);FRE("")
60 FOR I=1 TO 20:S$(I)=A$:PRINT I;FRE(0):NEXT
70 PRINT "NOT HERE"
