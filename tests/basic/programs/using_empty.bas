10 REM An empty format is an Illegal function call before anything is printed
20 PRINT "A";USING "";1
