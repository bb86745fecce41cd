1 REM RESUME with no error being handled
10 PRINT "A"
20 RESUME
30 PRINT "B"
