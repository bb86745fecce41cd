10 REM RND at state &HFFFFFF (value 1-2^-24): RND(-13533131) takes the state &HCE7FCB
20 REM from the mantissa and steps; two more steps and the next RND(1) lands there.
30 X=RND(-13533131):X=RND(1):X=RND(1)
40 PRINT INT(RND(1)*2+1);INT(RND(0)*3+1);INT(RND(0)*4+1);INT(RND(0)*5+1);INT(RND(0)*8+1)
50 REM AMAZING's two-way choice: X=3 falls through ON X GOTO
60 X=INT(RND(0)*2+1):ON X GOTO 200,300
70 PRINT "FELL THROUGH WITH X=";X
80 REM and its entrance column for a width of 4: W(5,1) is outside DIM W(4,2)
90 DIM W(4,2):X=INT(RND(0)*4+1)
100 W(X,1)=1
110 PRINT "NEVER"
200 PRINT "ONE":END
300 PRINT "TWO":END
