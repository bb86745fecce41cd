10 REM where GET and PUT leave the file: a short record, past the end, PC-BASIC's PUT
20 OPEN "O", 1, "h.dat": PRINT #1, "ABCDEFGHIJKLM";: CLOSE
30 OPEN "R", 1, "h.dat", 5: FIELD 1, 5 AS R$
40 PRINT LOF(1)
50 GET 1, 3: PRINT "["; R$; "]"; LOC(1); EOF(1)
60 GET 1: PRINT ASC(R$); LOC(1); EOF(1)
70 LSET R$ = "put": PUT 1: PRINT LOC(1); LOF(1)
80 GET 1, 2: PRINT "["; R$; "]"; LOC(1); EOF(1)
90 GET 1, 4: PRINT "["; R$; "]"; LOC(1); EOF(1)
100 GET 1, 5: GET 1: LSET R$ = "tail": PUT 1: PRINT LOC(1); LOF(1)
110 CLOSE
120 OPEN "O", 1, "q.dat": PRINT #1, "x";: CLOSE
130 OPEN "R", 1, "q.dat", 10: FIELD 1, 10 AS Z$: LSET Z$ = "rec": PUT 1, 5: PRINT LOF(1); LOC(1)
140 CLOSE
150 FOR F = 1 TO 2: READ F$
160 OPEN "R", 1, F$, 1: FIELD 1, 1 AS B$: PRINT F$; LOF(1)
170 FOR I = 1 TO LOF(1): GET 1: PRINT ASC(B$);: NEXT: PRINT: CLOSE
180 NEXT
190 DATA h.dat, q.dat
200 OPEN "R", 2, "h.dat", 4: OPEN "R", 3, "h.dat", 4: FIELD 2, 4 AS X$: FIELD 3, 4 AS Y$
210 LSET X$ = "same": PUT 2, 1: PRINT LOF(2);: GET 3, 1: PRINT "["; Y$; "]": CLOSE
220 END
