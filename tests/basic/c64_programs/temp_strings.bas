10 REM THREE TEMPORARY STRINGS PENDING ARE ALL THE ROM HOLDS (TEMPST)
20 A$="X":PRINT "A"+("B"+"C");"A"+("B"+("C"+A$));"A"+"B"+"C"+"D"+"E"
30 PRINT LEN("A")+(LEN("B")+(LEN("C")+LEN("D")));("A"+"B")+("C"+"D")
40 PRINT 1;"A"+("B"+("C"+"D"))
