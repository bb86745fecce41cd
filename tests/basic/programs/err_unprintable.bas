1 REM ERROR n with no message
10 PRINT "A"
20 ERROR 100
