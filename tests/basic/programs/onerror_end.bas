1 REM END inside the handler ends the run quietly
10 ON ERROR GOTO 100
20 PRINT "A":X=1/0
30 PRINT "B";ERR;ERL
40 END
100 PRINT "H";ERR;ERL
110 END
