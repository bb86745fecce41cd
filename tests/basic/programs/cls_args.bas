5 REM CLS [n][,]: n 0..2, any expression; junk after n: Illegal function call, after the comma: Syntax error
10 PRINT "A":CLS 0
20 PRINT "B":CLS 1
30 PRINT "C":CLS 2
40 PRINT "D":CLS ,
45 PRINT "E":CLS 2,
50 X=1:CLS X+1
60 ON ERROR GOTO 100
70 CLS 3
80 CLS 1,2
90 CLS "A"
95 END
100 PRINT "ERR";ERR;ERL:RESUME NEXT
