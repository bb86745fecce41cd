10 REM a CHR$(13) or CHR$(10) in a PRINT # item is written as that one byte; the file's
20 REM column after it (shown by TAB): a CR sets it to 0, a LF and other control bytes leave it
30 OPEN "O", #1, "W.TXT"
40 PRINT #1, "ABC" + CHR$(13) + "DE"; TAB(10); "X": PRINT #1, "ABC" + CHR$(10) + "DE"; TAB(10); "X"
50 PRINT #1, "ABC" + CHR$(13) + CHR$(10) + "DE"; TAB(10); "X": PRINT #1, "ABC" + CHR$(10) + CHR$(13) + "DE"; TAB(10); "X"
60 PRINT #1, "ABC" + CHR$(7) + CHR$(7); TAB(10); "X": PRINT #1, "ABC" + CHR$(8) + CHR$(9) + "DE"; TAB(10); "X"
70 PRINT #1, "ABC" + CHR$(255) + CHR$(128) + CHR$(31) + CHR$(0) + CHR$(27) + CHR$(26) + "Z"; TAB(12); "X"
80 REM at the item's end, with and without the PRINT's own line end
90 PRINT #1, "ABC" + CHR$(13); : PRINT #1, "ABC" + CHR$(10); : PRINT #1, "ABC" + CHR$(13) + CHR$(10); : PRINT #1, "Q"
100 PRINT #1, "ABC" + CHR$(13): PRINT #1, "ABC" + CHR$(10): PRINT #1, CHR$(13) + CHR$(10): PRINT #1, CHR$(10); CHR$(13)
110 PRINT #1, "A", CHR$(13); "B", "C": PRINT #1, USING "&"; "P" + CHR$(13) + "Q"; "R"
120 WRITE #1, "S" + CHR$(13) + "T", 1: WRITE #1, "U" + CHR$(10) + "V"
130 PRINT #1, "AB"; : PRINT #1, CHR$(13); : PRINT #1, "CD"; SPC(2); "E"
140 CLOSE #1: GOSUB 900
150 REM the same bytes in a random file's FIELD buffer
160 OPEN "R", #2, "W.TXT", 40: FIELD #2, 40 AS F$
170 PRINT #2, "A" + CHR$(10) + "B" + CHR$(13) + "C"; : PRINT #2, "D": PRINT #2, "E" + CHR$(13); TAB(3); "F";
180 PUT #2, 1: CLOSE #2: GOSUB 900
190 REM read back: a CR and a lone LF each end a line for LINE INPUT #
200 OPEN "O", #1, "W.TXT": PRINT #1, "G" + CHR$(10) + "H" + CHR$(13) + "I": CLOSE #1
210 OPEN "I", #1, "W.TXT": WHILE NOT EOF(1): LINE INPUT #1, L$: PRINT LEN(L$); ASC(L$): WEND: CLOSE
220 END
900 REM W.TXT byte by byte: printable bytes as they are, others as [n]; a line after each LF
910 OPEN "R", #3, "W.TXT", 1: FIELD #3, 1 AS B$: L$ = ""
920 FOR I = 1 TO LOF(3): GET #3: C = ASC(B$)
930 IF C < 32 OR C > 126 THEN L$ = L$ + "[" + MID$(STR$(C), 2) + "]" ELSE L$ = L$ + B$
940 IF C = 10 OR LEN(L$) > 70 THEN PRINT L$: L$ = ""
950 NEXT: PRINT L$: CLOSE #3: RETURN
