10 REM SAVE "F" goes on after writing the program; LIST lists, then ends the run
20 SAVE "PCS1"
30 PRINT "TOKENISED"
40 OPEN "R",1,"PCS1.BAS",1:FIELD 1,1 AS F$:GET 1,1:PRINT ASC(F$):CLOSE 1
50 IF A=0 THEN A=1:LIST 30-40
60 PRINT "NOT HERE"
