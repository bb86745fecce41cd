10 REM the FIELD buffer's bytes as text: LF, CR LF, NUL, quotes, 0x1A; the byte read ahead
20 ON ERROR GOTO 990
30 OPEN "R", #1, "bytes.dat", 30
40 FIELD #1, 30 AS W$
50 REM a LF does not end a line; CR LF does; a LF inside a number is dropped
60 LSET W$ = "AB" + CHR$(10) + "CD" + CHR$(13) + CHR$(10) + "1" + CHR$(10) + "2,3" + CHR$(13)
70 GET #1, 2: LSET W$ = "AB" + CHR$(10) + "CD" + CHR$(13) + CHR$(10) + "1" + CHR$(10) + "2,3" + CHR$(13)
80 LINE INPUT #1, L$: PRINT LEN(L$); ASC(MID$(L$, 3))
90 INPUT #1, N, M: PRINT N; M
100 REM quoted: CR and LF kept; NULs dropped everywhere; a NUL or LF before a quote makes it plain
110 GET #1, 2: LSET W$ = CHR$(34) + "A" + CHR$(13) + CHR$(10) + "B" + CHR$(0) + "C" + CHR$(34) + ",X"
120 INPUT #1, Q$, R$: PRINT LEN(Q$); ASC(MID$(Q$, 2)); ASC(MID$(Q$, 3)); RIGHT$(Q$, 2); " "; R$
130 GET #1, 2: LSET W$ = CHR$(0) + CHR$(34) + "Q" + CHR$(34) + "," + CHR$(10) + CHR$(34) + "R" + CHR$(34) + CHR$(13)
140 INPUT #1, Q$, R$: PRINT Q$; " "; R$
150 REM a 0x1A stops reading: INPUT # gets nothing there, LINE INPUT # Input past end
160 GET #1, 2: LSET W$ = "5" + CHR$(13) + CHR$(26) + "6" + CHR$(13)
170 INPUT #1, A: PRINT A
180 INPUT #1, A, B$: PRINT A; "["; B$; "]"
190 LINE INPUT #1, L$: PRINT "line"
200 REM writing goes over the 0x1A (from where reading stopped)
210 PRINT #1, "7";: PUT #1, 3: GET #1, 3: INPUT #1, A, B: PRINT A; B
220 REM the byte read ahead stays through GET: after this INPUT # it is a NUL
230 GET #1, 2: LSET W$ = CHR$(34) + "AB" + CHR$(34) + " " + CHR$(0) + "XY"
240 INPUT #1, B$: PRINT "["; B$; "]"
250 LSET W$ = CHR$(34) + "CD" + CHR$(34) + ",5"
260 PUT #1, 1: GET #1, 1
270 INPUT #1, B$: PRINT "["; B$; "]"
280 REM ... and an item that ends at a CR LF reads nothing ahead
290 GET #1, 2: LSET W$ = "EF" + CHR$(13) + CHR$(10)
300 INPUT #1, B$: GET #1, 1: INPUT #1, C$: PRINT B$; " "; C$
310 REM EOF, LOC and LOF are the records', whatever the text did
320 PRINT EOF(1); LOC(1); LOF(1)
330 CLOSE
340 END
990 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
