10 REM a WHILE with no WEND after it: WHILE without WEND before the body runs
20 PRINT "A"
30 WHILE 1
40 PRINT "B"
50 NEXT
