1 REM INPUT works the subscripts out before it stores anything: I,A(I) stores in A(1)
10 I=1
20 INPUT I,A(I)
30 PRINT A(1);A(2);I
40 INPUT B$(I),I
50 PRINT B$(2);"/";B$(3);I
