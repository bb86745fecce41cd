10 REM FIELD variables: links to the buffer, kept, lost, moved
20 OPEN "R", 1, "f.dat", 8
30 FIELD 1, 4 AS A$, 4 AS B$
40 FIELD 1, 2 AS C$, 6 AS D$
50 LSET A$ = "WXYZ": RSET B$ = "12": PRINT "["; A$; "]["; B$; "]["; C$; "]["; D$; "]"
60 LSET C$ = "LONGER": PRINT "["; A$; "]["; C$; "]"
70 MID$(D$, 2, 2) = "mm": PRINT "["; A$; "]["; B$; "]["; D$; "]"
80 PUT 1, 1
90 A$ = "plain": LSET A$ = "??": PRINT "["; A$; "]"
100 GET 1, 1: PRINT "["; A$; "]["; C$; "]"
110 SWAP B$, C$: PRINT "["; B$; "]["; C$; "]"
120 LSET C$ = "c": LSET B$ = "b": PRINT "["; B$; "]["; C$; "]["; D$; "]"
130 DIM R$(2): FIELD 1, 3 AS R$(1), 5 AS R$(2): PRINT "["; R$(1); "]["; R$(2); "]"
140 RSET R$(2) = "arr": PUT 1, 2: GET 1, 1: PRINT "["; R$(1); "]["; R$(2); "]"
150 ERASE R$: DIM R$(2): GET 1, 2: PRINT "["; R$(1); "]["; R$(2); "]"
160 FIELD 1, 8 AS W$: CLOSE 1: PRINT "closed ["; W$; "]"; LEN(W$)
170 OPEN "R", 1, "g.dat", 3: LSET W$ = "new value": PUT 1: PRINT "["; W$; "]"
180 CLOSE: OPEN "R", 1, "f.dat", 8: GET 1, 1: PRINT "["; W$; "]"
190 FIELD 1, 20 AS L$: LSET L$ = "ABCDEFGHIJKLMNOPQRST": PUT 1, 3: GET 1, 1: PRINT "["; L$; "]"
200 Q$ = "abc": LSET Q$ = "Z": PRINT "["; Q$; "]": RSET Q$ = "WXYZ": PRINT "["; Q$; "]"
210 LSET E$ = "nothing": PRINT "["; E$; "]"; LEN(E$)
220 T$ = W$: GET 1, 2: PRINT "["; T$; "]["; W$; "]"
230 INPUT "typed"; W$: GET 1, 1: PRINT "["; W$; "]"
240 CLEAR: PRINT "["; W$; "]": FIELD 1, 4 AS W$: PRINT ASC(W$): GET 1, 1: PRINT "["; W$; "]"
250 CLOSE
260 OPEN "R", 1, "g.dat", 3: FIELD 1, 3 AS G$: GET 1, 1: PRINT "["; G$; "]"; LOF(1)
270 END
