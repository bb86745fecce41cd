10 REM INPUT prompts and answers at the 80-column line end
20 A$=STRING$(76,"A")
30 PRINT A$;"BCDE";:INPUT "P";X:PRINT X
40 PRINT A$;"BC";:INPUT "",X$:PRINT "[";X$;"]"
50 PRINT A$;"B";:INPUT "P";X$:PRINT "[";X$;"]"
60 PRINT A$;"B";:INPUT "P";Y:PRINT Y
70 PRINT A$;"BCD";:INPUT X$:PRINT "[";X$;"]"
80 PRINT STRING$(42,"R");:RANDOMIZE
90 PRINT "END3"
