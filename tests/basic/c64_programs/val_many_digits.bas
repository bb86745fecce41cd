10 A$="":FOR I=1 TO 60:A$=A$+"1":NEXT:PRINT "A";VAL("."+A$);"B"
