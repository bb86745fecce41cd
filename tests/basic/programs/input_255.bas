10 REM A typed line gives INPUT and LINE INPUT its first 255 characters, trailing blanks dropped
20 LINE INPUT A$:PRINT "[";A$;"]";LEN(A$)
30 LINE INPUT A$:PRINT LEN(A$)
40 INPUT B$:PRINT "[";B$;"]"
50 INPUT C:PRINT C
60 INPUT D,E:PRINT D;E
70 INPUT F$:PRINT LEN(F$)
80 INPUT G,H:PRINT G;H
90 LINE INPUT I$:PRINT "[";I$;"]"
