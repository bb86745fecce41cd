10 REM PRINT USING with no value after the format: Missing operand
20 PRINT "B";USING "##";
