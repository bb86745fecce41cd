1 REM after ON ERROR GOTO 0 Division by zero and Overflow are warnings again; ERROR 0 is Illegal function call
10 ON ERROR GOTO 100
20 PRINT 1/0
30 ON ERROR GOTO 0
40 PRINT 1/0;"X"
50 ERROR 0
100 PRINT "H";ERR;ERL:RESUME NEXT
