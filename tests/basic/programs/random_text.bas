10 REM PRINT #, WRITE #, PRINT # USING, INPUT #, LINE INPUT # on a random file: its FIELD buffer as text
15 ON ERROR GOTO 990
20 OPEN "R", #1, "text.dat", 40
30 FIELD #1, 40 AS W$
40 PRINT #1, "NAME"; 12; -3.5
50 GOSUB 900
60 WRITE #1, "SMITH, JOHN", 42, ""
70 GOSUB 900
80 PRINT LOC(1); LOF(1); EOF(1)
90 PUT #1, 1: PRINT "put"; LOC(1); LOF(1); EOF(1)
100 REM PUT leaves the position: this goes on after the text
110 PRINT #1, "X";
120 GOSUB 900
130 GET #1, 1: PRINT "get"; LOC(1); EOF(1)
140 INPUT #1, A$, B: PRINT "["; A$; "]"; B
150 INPUT #1, D$, E, F$: PRINT "["; D$; "]"; E; "["; F$; "]"
160 GET #1, 1
170 LINE INPUT #1, L$: PRINT "["; L$; "]"
180 LINE INPUT #1, L$: PRINT "["; L$; "]"
190 REM the column goes on as in a text file; GET does not reset it
200 GET #1, 2: PRINT #1, "AB", "CD";
210 GOSUB 900
220 GET #1, 2: PRINT #1, TAB(30); "E"
230 GOSUB 900
240 PRINT #1, USING "##.## &"; 3.14159; "PI"
250 GOSUB 900
260 PUT #1, 2
270 GET #1, 2: INPUT #1, P, Q$: PRINT P; "["; Q$; "]"
280 LSET W$ = "7, 8, 9" + CHR$(13)
290 INPUT #1, X, Y, Z: PRINT X; Y; Z
300 REM the buffer and variables stay in step
310 FIELD #1, 3 AS H$, 37 AS T$
320 GET #1, 1: PRINT #1, "ZZZ";: PRINT "["; H$; "]"; LEFT$(T$, 10)
330 CLOSE #1
340 OPEN "text.dat" FOR RANDOM AS #1 LEN = 40
350 FIELD #1, 40 AS W$
360 REM a new OPEN starts at the buffer's start too
370 LINE INPUT #1, L$: PRINT "["; LEFT$(L$, 12); "]"
380 GET #1, 1: LINE INPUT #1, L$: PRINT "["; L$; "]"
390 CLOSE
400 OPEN "I", #1, "text.dat": LINE INPUT #1, L$: PRINT "["; L$; "]"; LOF(1): CLOSE
402 REM a warning goes to the screen, not into the file
404 ON ERROR GOTO 0
406 OPEN "R", #1, "text.dat", 40: FIELD #1, 40 AS W$: PRINT #1, 1 / 0; 2;: PRINT "["; LEFT$(W$, 16); "]": CLOSE
408 OPEN "O", #1, "warn.txt": PRINT #1, 2 ^ 200: CLOSE: OPEN "I", #1, "warn.txt": LINE INPUT #1, L$: PRINT "["; L$; "]": CLOSE
410 END
900 REM the buffer: . for a NUL, / for CR, \ for LF
910 S$ = ""
920 FOR I = 1 TO LEN(W$)
930 C$ = MID$(W$, I, 1)
940 IF C$ = CHR$(0) THEN C$ = "." ELSE IF C$ = CHR$(13) THEN C$ = "/" ELSE IF C$ = CHR$(10) THEN C$ = "\"
950 S$ = S$ + C$
960 NEXT
970 PRINT "|"; S$; "|"
980 RETURN
990 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
