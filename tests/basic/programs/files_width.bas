10 REM WIDTH #n, w: where PRINT # breaks a file's lines; the file shown byte by byte after
20 ON ERROR GOTO 990
30 OPEN "O", #1, "W.TXT": WIDTH #1, 10
40 PRINT #1, "ABCDEFGHIJKLMNOP": PRINT #1, "ABC"; "DEFGH"; "IJKLM": PRINT #1, 1; 2; 3; 4
50 REM a full line: the next item breaks it, the line end is one CR LF
60 PRINT #1, "0123456789"; "Z": PRINT #1, "0123456789": PRINT #1, "ABCDEFGHIJ"; : PRINT #1, "K"
70 REM under 14 columns a comma only moves to the next zone; TAB and SPC count modulo w
80 PRINT #1, "A", "B": PRINT #1, TAB(5); "X"; TAB(12); "Y": PRINT #1, "A"; SPC(13); "B"
90 REM the column runs on past the width: TAB after a long item starts a new line
100 PRINT #1, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"; TAB(4); "T": PRINT #1, "ABCDEFGHIJKLMNOP"; SPC(2); "S"
105 PRINT #1, "ABCDEFGHIJKLMNOP"; ""; "X": PRINT #1, "ABCDEFGHIJKLMNOP"; CHR$(7): PRINT #1, "ABCDEFGHIJKLMNOP"; "";
106 PRINT #1, ""
110 REM control bytes do not count; an item with a CR or LF never breaks
120 PRINT #1, "ABCDEFGH"; CHR$(7) + CHR$(7) + "XY": PRINT #1, "ABCDEFGH"; "XYZ" + CHR$(8)
130 PRINT #1, "ABCDEFGH"; "XYZW" + CHR$(13) + "Q": PRINT #1, "ABCDEFGH"; "XYZW" + CHR$(10)
140 REM WRITE # never breaks; PRINT # USING breaks field by field
150 PRINT #1, "AB"; : WRITE #1, "ABCD", 12, "EFGH": PRINT #1, USING "###"; 123; 456; 789; 12
160 WIDTH #1, 20: PRINT #1, "A", "B", "C": PRINT #1, "ABCDEF", : PRINT #1, "X"
170 PRINT #1, TAB(30); "Y"; TAB(3); "Z": PRINT #1, SPC(25); "S": PRINT #1, USING "ABCDEFGHIJKL#"; 1; 2
180 WIDTH #1, 30: PRINT #1, "A", "B", "C": WIDTH #1, 80: PRINT #1, STRING$(60, "x"), "A"
190 REM WIDTH 255 is unlimited; the column counts modulo 256
200 WIDTH #1, 255: X$ = STRING$(250, "x"): PRINT #1, X$; "abcdef"; TAB(20); "T"; "U"; SPC(300); "V"
210 PRINT #1, STRING$(230, "y"), "A", "B": PRINT #1, X$; "abcdefghij", "W": PRINT #1, TAB(300); "T"
220 WIDTH #1, 20: PRINT #1, X$; SPC(10); "ABC"; "DEFGHIJ"; "KLMNOPQ": PRINT #1, X$; SPC(15); TAB(10); "Z"
230 REM width 0: every item after the line's start breaks it
240 WIDTH #1, 0: PRINT #1, "AB"; "CD": PRINT #1, "ABC", "DEF"
250 REM a width is rounded; a new OPEN has 255 again
260 WIDTH #1, 10.6: PRINT #1, "1234567890"; "A": WIDTH #1, 255.4: PRINT #1, "ABC"; "DEF"
270 CLOSE #1: GOSUB 900
280 OPEN "A", #1, "W.TXT": PRINT #1, X$; "abcdefgh": CLOSE #1: OPEN "I", #1, "W.TXT"
290 WIDTH #1, 5: PRINT "input"; LOF(1): CLOSE #1
300 PRINT "errors"
310 OPEN "O", #1, "E.TXT"
320 WIDTH #1, 256: WIDTH #1, -1: WIDTH #1, -0.5: WIDTH #1, 40000: WIDTH #2, 10: WIDTH #0, 10
330 WIDTH #4, 10: WIDTH #300, 10: WIDTH #-1, 10: WIDTH #3, 300: WIDTH #1.6, 10
340 WIDTH "E.TXT", 10: WIDTH "", 10: WIDTH "E.TXT", 300: WIDTH "LPT1", 10: WIDTH "A:E.TXT", 10
350 WIDTH "LPT1:", 10: WIDTH "lpt1:", 0: WIDTH "LPT1:", 300: WIDTH "COM1:", 10: WIDTH "COM2:", 300
360 WIDTH "KYBD:", 10: WIDTH "SCRN:", 50: WIDTH " LPT1:", 10: WIDTH 5, 10
370 PRINT STRING$(39, "-"); "AB": WIDTH "SCRN:", 40: PRINT STRING$(39, "-"); "AB": WIDTH "scrn:", 80
380 WIDTH #1
385 WIDTH #1,
390 WIDTH #, 10
395 WIDTH "LPT1:", 10, 5
400 WIDTH "E.TXT"
405 WIDTH #1, 10, 5
406 REM the screen's WIDTH takes its 25 rows too
407 WIDTH 80, 25: WIDTH 80, : WIDTH 80, 24: WIDTH 40, 50: WIDTH 80, 300: WIDTH 80, "A"
408 WIDTH , 25
410 CLOSE: END
900 REM W.TXT byte by byte: printable bytes as they are, others as [n]; a line after each LF
910 OPEN "R", #3, "W.TXT", 1: FIELD #3, 1 AS B$: L$ = ""
920 FOR I = 1 TO LOF(3): GET #3: C = ASC(B$)
930 IF C < 32 OR C > 126 THEN L$ = L$ + "[" + MID$(STR$(C), 2) + "]" ELSE L$ = L$ + B$
940 IF C = 10 OR LEN(L$) > 70 THEN PRINT L$: L$ = ""
950 NEXT: PRINT L$: CLOSE #3: RETURN
990 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
