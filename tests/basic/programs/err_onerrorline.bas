1 REM ON ERROR GOTO a line that does not exist
10 ON ERROR GOTO 500
20 PRINT "A"
