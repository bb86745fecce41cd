10 REM DEF FN: numeric and string functions, parameters lent and given back
20 DEF FNA(X)=X*X+1
30 DEF FNB$(A$,N)=LEFT$(A$,N)+"!"
40 X=5:PRINT FNA(3);X;FNB$("HELLO",2)
50 DEF FNR=INT(RND(1)*6+1)
60 PRINT FNR;FNR;FNR
70 DEF FNH(X,Y)=SQR(X*X+Y*Y):PRINT FNH(3,4);FNA(FNA(1))
80 PRINT FNC(1)
