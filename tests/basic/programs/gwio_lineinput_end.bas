10 REM LINE INPUT at the end of the input: the prompt stays and the program stops
20 LINE INPUT "WHO? ";A$
30 PRINT "NOT HERE"
