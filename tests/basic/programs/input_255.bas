10 REM A typed line gives INPUT and LINE INPUT its first 255 characters, trailing blanks dropped
20 LINE INPUT A$:PRINT "[";A$;"]";LEN(A$)
30 LINE INPUT A$:PRINT LEN(A$)
40 INPUT B$:PRINT "[";B$;"]"
50 INPUT C:PRINT C
60 LINE INPUT I$:PRINT "[";I$;"]"
