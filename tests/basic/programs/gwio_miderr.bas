10 REM MID$(A$,n)= with n past the string's length is an Illegal function call
20 A$="AB":MID$(A$,2)="Z":PRINT A$
30 MID$(A$,3,0)="Q":PRINT A$
40 MID$(A$,3)="Q":PRINT A$
