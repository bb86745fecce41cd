1 REM an error inside the handler is not trapped: it ends the run
10 ON ERROR GOTO 100
20 PRINT "A":X=1/0
30 PRINT "B"
40 END
100 PRINT "H";ERR;ERL
110 Z=SQR(-1)
120 PRINT "NOT HERE"
