10 REM INPUT past the end of a full line reads from that line's last column (top rows)
20 A$=STRING$(76,"A")
30 PRINT A$;"BCD";:INPUT "P",X$:PRINT "[";X$;"]"
40 PRINT A$;"BCDE";:INPUT "",Y:PRINT Y
50 PRINT A$;"BCD5";:INPUT "",Y:PRINT Y
60 PRINT A$;"BCDE";:INPUT "",X$:PRINT "[";X$;"]"
70 PRINT "END4"
