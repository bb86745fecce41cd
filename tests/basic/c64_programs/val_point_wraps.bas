10 A$="":FOR I=1 TO 200:A$=A$+"0":NEXT:PRINT "A";VAL("."+A$+"1");"B"
