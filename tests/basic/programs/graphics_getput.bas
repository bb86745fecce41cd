10 REM GET and PUT of the graphics screen in SCREEN 1, 2 and 7: the array's bytes and the operations; pixels read before anything is printed
20 ON ERROR GOTO 900
30 DIM R$(80): N=0: DIM A%(20), B%(3), C!(10), D#(10), E$(5)
40 SCREEN 1
50 LINE (0,0)-(6,2),1,BF: PSET (1,1),2: PSET (5,0),3: PSET (6,2),0
60 GET (0,0)-(6,2),A%: R$(N)=STR$(POINT(0))+STR$(POINT(1)): FOR I=0 TO 5: R$(N)=R$(N)+" "+HEX$(A%(I)): NEXT: N=N+1
70 PUT (10,0),A%,PSET: PUT (20,0),A%,PRESET: PUT (0,4),A%: PUT (0,4),A%,OR: PUT (10,4),A%,AND
80 LINE (20,4)-(26,6),2,BF: PUT (20,4),A%: PUT (30,4),A%,XOR: R$(N)=STR$(POINT(0))+STR$(POINT(1)): N=N+1
90 GET (2,1)-STEP(3,1),C!: R$(N)=STR$(C!(0))+STR$(C!(1)): N=N+1: PUT (30,0),C!
100 GET (0,0)-(1,1),D#: PUT (36,0),D#,PSET
110 GET (0,0)-(40,10),B%
120 GET (0,0)-(1,1),E$
130 GET (0,0)-(1,1),Z%
140 PUT (315,0),A%
150 PUT (-1,0),A%
160 GET (0,0)-(320,1),A%
170 PUT (1,1),A%,NOT
180 PUT (1,1)
190 GET (0,0),A%
200 GET (0,0)-(1,1),A%(0)
210 FOR Y=0 TO 9: D$="": FOR X=0 TO 39: D$=D$+HEX$(POINT(X,Y)): NEXT: R$(N)=D$: N=N+1: NEXT
220 SCREEN 2: LINE (0,0)-(9,1),1,B: PSET (3,1),0: GET (0,0)-(9,1),A%: PUT (20,0),A%,PSET: PUT (3,0),A%,XOR
230 D$="": FOR X=0 TO 31: D$=D$+HEX$(POINT(X,0))+HEX$(POINT(X,1)): NEXT: R$(N)=D$+STR$(A%(0))+STR$(A%(1))+STR$(A%(2))+STR$(A%(3)): N=N+1
240 SCREEN 7: PSET (0,0),9: PSET (1,0),6: PSET (2,0),15: PSET (9,1),3: GET (0,0)-(9,1),A%: PUT (20,0),A%,PSET: PUT (1,0),A%,PRESET
250 D$="": FOR X=0 TO 31: D$=D$+HEX$(POINT(X,0))+HEX$(POINT(X,1)): NEXT: R$(N)=D$: N=N+1
260 FOR I=0 TO 7: R$(N)=R$(N)+" "+HEX$(A%(I)): NEXT: N=N+1
270 FOR I=0 TO N-1: PRINT R$(I): NEXT
280 END
900 R$(N)="error"+STR$(ERR)+" in"+STR$(ERL): N=N+1: RESUME NEXT
