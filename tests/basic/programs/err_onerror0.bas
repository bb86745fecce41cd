1 REM ON ERROR GOTO 0 inside the handler: the handled error ends the run, in its own line
10 ON ERROR GOTO 100
20 PRINT "A":ERROR 6
30 PRINT "B"
40 END
100 PRINT "H";ERR;ERL
110 ON ERROR GOTO 0
120 PRINT "NOT HERE"
