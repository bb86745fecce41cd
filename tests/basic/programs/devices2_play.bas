10 REM PLAY's music text: its errors as PC-BASIC gives them (issue 21); nothing plays
20 ON ERROR GOTO 1000
30 PLAY "CDEFGAB": PLAY "C#D+E-F#G-A-B-": PLAY "O0 O6 L1 L64 T32 T255 N0 N84 P1 P64 P0"
40 PLAY "MF MB MN ML MS <> c d e C.D..E4.F8 N1. ; ;C"
50 A$="CDE": B$="": N=3: PLAY "XA$;XB$;O=N;O=N;;L=N;"
60 PLAY "X"
70 PLAY "H"
80 PLAY "O7"
90 PLAY "O-1"
100 PLAY "L0"
110 PLAY "L65"
120 PLAY "T31"
130 PLAY "T256"
140 PLAY "N85"
150 PLAY "P65"
160 PLAY "MX"
170 PLAY "."
180 PLAY "O"
190 PLAY "C65"
200 PLAY ""
210 PLAY "B#"
220 PLAY "C-"
230 PLAY "E#"
240 PLAY "F-"
250 PLAY "M"
260 PLAY "P"
270 PLAY "P0."
280 PLAY "XA$"
290 PLAY "O=N"
300 PLAY "C,D"
310 PLAY "XN;"
330 N=7: PLAY "O=N;"
340 PLAY "O=Z;"
350 PLAY "O+3"
360 PLAY "O =N;"
370 PLAY "V5"
380 C$="X": PLAY "XC$;"
382 REM VARPTR$ names a variable: X takes a string's, = a number's (PC-BASIC reads an
383 REM array element only from the array dimensioned last: R%, here)
384 N%=3: S=5: D#=2: DIM R%(4): R%(3)=6
385 PLAY "X"+VARPTR$(A$)+"O="+VARPTR$(N%)+"O="+VARPTR$(S)+"L="+VARPTR$(D#)+"O="+VARPTR$(R%(3))
386 PLAY "X"+VARPTR$(N%)
387 PLAY "X"+LEFT$(VARPTR$(A$),2)
388 PLAY "X"+CHR$(3)+CHR$(0)+CHR$(0)
389 PLAY "O"+VARPTR$(N%)
390 PRINT "done"
400 END
1000 PRINT "error";ERR;"in";ERL: RESUME NEXT
