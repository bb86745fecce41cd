10 REM LPRINT headless: the text waits for a printer there is not; END refuses it
20 ON ERROR GOTO 100
30 LPRINT "HELLO"; 1
40 PRINT "screen"; POS(0)
50 END
60 PRINT "after END"; ERR; ERL
70 LPRINT "AGAIN"
80 PRINT "last line": ON ERROR GOTO 0
90 GOTO 200
100 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
200 REM the session closes: Device I/O error, no line
