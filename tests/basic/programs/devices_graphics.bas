10 REM Graphics statements on the text screen: Illegal function call (issue 21)
20 ON ERROR GOTO 1000
30 LINE (0,0)-(1,1)
40 LINE
50 GET (0,0)-(1,1),A
60 PUT (0,0),A
70 PUT (1
80 PRINT "done"
90 END
1000 PRINT "error";ERR;"in";ERL: RESUME NEXT
