1 REM WHILE with no condition: Missing operand, once its WEND is found
10 PRINT "A"
20 WHILE
30 WEND
