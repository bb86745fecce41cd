10 REM DEF FN takes memory when its DEF first runs: its record and its parameters
20 F=0:G=0:X=0:F=FRE(0)
30 DEF FNA(X)=X*2:G=FRE(0):PRINT F-G:F=G
40 DEF FNA(X)=X*3:G=FRE(0):PRINT F-G:F=G
50 DEF FNBB$(Q$,R%)=Q$+"!":G=FRE(0):PRINT F-G:F=G
60 H$=FNBB$("Q",1):G=FRE(0):PRINT F-G;H$:F=G
70 DEF FNLONGER#=1:G=FRE(0):PRINT F-G:F=G
80 P=VARPTR(Q$):PRINT PEEK(P-4);PEEK(P-3);PEEK(P-2)
