10 REM random files: OPEN "R" both forms, FIELD, LSET, RSET, PUT, GET, LOC, LOF, EOF
20 OPEN "R", #1, "rand.dat", 12
30 PRINT LOF(1); LOC(1); EOF(1)
40 FIELD #1, 5 AS N$, 3 AS A$, 4 AS S$
50 PRINT LEN(N$); LEN(A$); LEN(S$); ASC(N$); ASC(S$)
60 FOR I = 1 TO 3
70 READ X$, Y$
80 LSET N$ = X$: RSET A$ = Y$: LSET S$ = MKS$(I * 1.5)
90 PUT #1, I: PRINT "put"; I; LOC(1); LOF(1); EOF(1)
100 NEXT
110 DATA "ALICE", "7", "BARTHOLOMEW", "1234", "", "x"
120 LSET N$ = "LAST": PUT #1: PRINT "put next"; LOC(1); LOF(1)
130 CLOSE #1
140 OPEN "rand.dat" FOR RANDOM AS #2 LEN = 12
150 FIELD 2, 5 AS N$, 3 AS A$, 4 AS S$
160 PRINT LOF(2); LOC(2); EOF(2)
170 GET #2: PRINT "["; N$; "]["; A$; "]"; CVS(S$); LOC(2); EOF(2)
180 GET #2, 3: PRINT "["; N$; "]["; A$; "]"; CVS(S$); LOC(2); EOF(2)
190 GET #2: PRINT "["; N$; "]["; A$; "]"; LOC(2); EOF(2)
200 GET #2, 2: PRINT "["; N$; "]["; A$; "]"; CVS(S$); LOC(2); EOF(2)
210 GET #2, 5: PRINT ASC(N$); ASC(A$); LOC(2); EOF(2)
220 GET #2, 4: PRINT "["; N$; "]"; LOC(2); EOF(2)
225 GET #2, 1.5: PRINT LOC(2);: GET #2, 2.5: PRINT LOC(2);: GET #2, 3.5: PRINT LOC(2);: GET #2, 2.49: PRINT LOC(2)
230 CLOSE
240 REM the bytes on the disk, one record of one byte at a time
250 OPEN "R", 1, "RAND.DAT", 1: FIELD 1, 1 AS B$
260 PRINT LOF(1)
270 FOR I = 1 TO LOF(1): GET 1: PRINT ASC(B$);: NEXT: PRINT
280 CLOSE 1
290 REM the default record length is 128
300 OPEN "R", 1, "big.dat": FIELD 1, 128 AS B$
310 LSET B$ = "HELLO": PUT 1, 2: PRINT LOF(1); LOC(1)
320 GET 1, 1: PRINT ASC(B$); LEN(B$): GET 1: PRINT LEFT$(B$, 5); ASC(RIGHT$(B$, 1))
330 CLOSE
340 OPEN "I", 1, "big.dat": PRINT LOF(1); EOF(1): CLOSE
350 OPEN "R", 3, "new.dat", 7: CLOSE 3: OPEN "I", 3, "NEW.DAT": PRINT "made"; LOF(3); EOF(3)
360 END
