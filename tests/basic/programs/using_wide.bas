10 REM 24 digit places are allowed, 25 are an Illegal function call
20 PRINT USING "############.############";1
30 PRINT USING "#############.############";1
