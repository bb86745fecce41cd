10 REM LLIST in a program: the printer is not there
20 PRINT "LISTING"
30 LLIST 10-20
40 PRINT "NOT HERE"
