10 REM INPUT # and LINE INPUT # read what the program wrote: blanks, quotes, commas, NUL, lone LF
20 OPEN "O", #1, "IN.DAT"
30 PRINT #1, "  12 , 34 "; CHR$(34); " q,x "; CHR$(34); " , abc def  ,,-1.5E3 7 &H10 12AB"
40 PRINT #1, "A"; CHR$(10); "B"; CHR$(0); "C"
50 PRINT #1, CHR$(34); "unclosed, quote"
60 PRINT #1, "1 2 3"
70 PRINT #1, STRING$(200, "Z"); STRING$(100, "Y")
80 CLOSE
90 OPEN "I", #1, "IN.DAT"
100 INPUT #1, A, B, C$, D$, E$, F, G, H, I
110 PRINT A; B; "["; C$; "]["; D$; "]["; E$; "]"; F; G; H; I
120 INPUT #1, J$, K$: PRINT "["; J$; "]["; K$; "]"; LEN(K$)
130 INPUT #1, L$: PRINT LEN(L$); INSTR(L$, CHR$(13)); INSTR(L$, CHR$(10)); LEFT$(L$, 15); RIGHT$(L$, 5)
140 INPUT #1, M$: PRINT "["; M$; "]"
150 CLOSE: OPEN "I", #1, "IN.DAT": FOR K = 1 TO 3: LINE INPUT #1, P$: NEXT
160 INPUT #1, N1, N2, N3: PRINT N1; N2; N3
170 LINE INPUT #1, P$: PRINT LEN(P$); RIGHT$(P$, 3)
180 LINE INPUT #1, P$: PRINT LEN(P$); RIGHT$(P$, 3)
190 PRINT EOF(1)
200 LINE INPUT #1, P$: PRINT LEN(P$); EOF(1)
210 CLOSE
220 OPEN "I", #1, "IN.DAT"
230 FOR K = 1 TO 9: INPUT #1, W$: PRINT "<"; W$; ">";: NEXT: PRINT
240 CLOSE 1: PRINT "closed"
250 INPUT #1, W$
