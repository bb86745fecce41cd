10 REM string functions
20 A$="HELLO, WORLD"
30 PRINT LEN(A$);LEFT$(A$,5);"|";RIGHT$(A$,5);"|";MID$(A$,8);"|";MID$(A$,8,3)
40 PRINT LEFT$(A$,0);"|";LEFT$(A$,50);"|";MID$(A$,20);"|";RIGHT$(A$,0);"|"
50 PRINT ASC("A");ASC(A$);CHR$(65);CHR$(66)+CHR$(67)
60 B$=A$+"!":PRINT B$;LEN(B$)
70 PRINT STRING$(5,"*");STRING$(3,65);SPACE$(3);"|"
80 PRINT INSTR(A$,"O");INSTR(6,A$,"O");INSTR(A$,"Z");INSTR(A$,"")
90 C$="":PRINT LEN(C$);"["+C$+"]"
100 D$="3.5":PRINT VAL(D$)*2
110 DIM N$(3):N$(1)="ONE":N$(3)="THREE":PRINT N$(1);N$(2);N$(3)
120 IF "B">"A" THEN PRINT "B>A"
130 PRINT "QUOTE";CHR$(34);"END"
