10 REM PRINT # and WRITE # need the comma after the number; with nothing after it, a line end
20 ON ERROR GOTO 100
30 OPEN "O", #1, "Z.TXT"
40 PRINT #1
50 WRITE #1
60 PRINT #1,
70 WRITE #1,
80 PRINT #1; "A"
90 CLOSE: OPEN "I", 1, "Z.TXT": PRINT LOF(1): END
100 PRINT ERR; ERL: RESUME NEXT
