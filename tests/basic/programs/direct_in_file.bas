1 REM a line with no number stops the loading: the lines before it run
10 PRINT "A"
PRINT "B"
20 PRINT "C"
