1 REM CLEAR keeps GOSUB returns; its numbers: n not negative, the memory sizes not 0
10 GOSUB 100
20 PRINT "BACK"
30 CLEAR 5,,2000:CLEAR ,30000:PRINT "SIZES"
70 CLEAR -1
80 PRINT "X"
100 CLEAR:RETURN
