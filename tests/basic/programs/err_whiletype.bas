5 REM the WEND is found before the condition is read
10 PRINT "A"
20 WHILE "A"
30 PRINT "B"
40 WEND
