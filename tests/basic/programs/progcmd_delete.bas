10 REM DELETE of a line not there in a program
20 PRINT "DELETING"
30 DELETE 25
40 PRINT "NOT HERE"
