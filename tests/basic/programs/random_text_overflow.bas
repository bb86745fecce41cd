10 REM FIELD overflow: a read or write that reaches the record length, and what it leaves
20 ON ERROR GOTO 990
30 OPEN "R", #1, "over.dat", 10
40 FIELD #1, 20 AS W$
50 PRINT #1, "0123456789"
60 GOSUB 900
70 PRINT #1, "X"
80 GOSUB 900
90 GET #1, 1: PRINT #1, "ABCDE"; "FGHIJ"; "KLMNO"
100 GOSUB 900
110 GET #1, 1: PRINT #1, "12345678"
120 GOSUB 900
130 PUT #1, 1: PRINT LOC(1); LOF(1)
140 GET #1, 1: WRITE #1, "ABCDEFGH", 1
150 GOSUB 900
160 GET #1, 1: PRINT #1, USING "!!!!"; "P"; "Q"; "R"; "S"; "T"; "U"; "V"; "W"; "X"; "Y"; "Z"
170 GOSUB 900
175 GET #1, 1: PRINT #1, USING "!-+-"; "A"; "B"; "C"; "D": GOSUB 900
180 REM reading: the first item past the record is empty, then FIELD overflow
190 GET #1, 1: INPUT #1, A$: PRINT "["; A$; "]"
200 INPUT #1, A$: PRINT "["; A$; "]"
210 GET #1, 1: LSET W$ = "1,2,3,4,5,6,7": INPUT #1, A, B, C, D, E: PRINT A; B; C; D; E
220 GET #1, 1: LSET W$ = "HELLO": LINE INPUT #1, L$: PRINT "["; L$; "]"
230 GET #1, 1: LSET W$ = "HI" + CHR$(13) + "THERE": LINE INPUT #1, L$: PRINT "["; L$; "]"
240 LINE INPUT #1, L$: PRINT "["; L$; "]"
250 CLOSE
260 REM LEN=128: a write stops at the buffer's end
270 OPEN "R", #2, "big.dat", 128: FIELD #2, 128 AS B$
280 PRINT #2, STRING$(126, "A");
290 PRINT #2, "BCDEF": PRINT LEN(B$); RIGHT$(B$, 4)
300 GET #2, 1: PRINT #2, STRING$(127, "C")
310 PRINT ASC(RIGHT$(B$, 1))
320 GET #2, 1: PRINT #2, "";: PRINT "empty ok"
330 CLOSE
340 REM LEN=1: one byte of text
350 OPEN "R", #3, "one.dat", 1: FIELD #3, 3 AS O$
360 PRINT #3, "";: PRINT "none"
370 PRINT #3, "Q";
380 PRINT "["; O$; "]"
390 GET #3, 1: INPUT #3, O: PRINT O
400 CLOSE
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
