10 REM the book listing's failure with a 0 size: W(X,1) out of range at line 195
100 H=0:V=5
110 DIM W(H,V),V(H,V)
160 X=INT(RND(1)*H+1)
195 C=1:W(X,1)=C:C=C+1
200 PRINT "NEVER"
