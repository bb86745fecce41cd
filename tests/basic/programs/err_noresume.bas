1 REM a handler that runs off the program end: No RESUME in the last line
10 ON ERROR GOTO 100
20 PRINT "A":X=1/0
30 PRINT "B"
100 PRINT "IN HANDLER";ERR;ERL
110 PRINT "FALL"
