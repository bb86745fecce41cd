10 REM A format with no field: its text, then Illegal function call (values evaluated first)
20 PRINT "A";
30 PRINT USING "x_#y";1/0
