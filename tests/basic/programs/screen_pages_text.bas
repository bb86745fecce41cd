10 REM Each page keeps its own text (SCREEN(r,c) reads the active one); the cursor is shared; stdout shows every page (PC-BASIC 2.0.5 headless)
20 SCREEN 0,1: PRINT "ON PAGE 0"
30 SCREEN 0,1,1,0: PRINT "ON PAGE 1": PRINT SCREEN(1,1); SCREEN(3,1); CSRLIN
40 SCREEN 0,1,0,0: PRINT SCREEN(1,1); SCREEN(3,1); CSRLIN
50 PCOPY 0,1: SCREEN 0,1,1: PRINT SCREEN(1,1); SCREEN(1,4); "PCOPY changed nothing"
60 CLS: PRINT "CLS clears page 1": SCREEN 0,1,0: PRINT SCREEN(1,1); SCREEN(1,4)
70 SCREEN 0,1,2: PRINT SCREEN(1,1); "page 2 starts blank"
80 SCREEN 0,0,0: PRINT SCREEN(1,1); "a new switch: every page blank"
90 SCREEN 0,0,3: PRINT "ON PAGE 3": WIDTH 40: PRINT SCREEN(1,1); "WIDTH: page 0"; CSRLIN
100 SCREEN 0,0,3: PRINT SCREEN(1,1); "WIDTH made them blank"
110 SCREEN 1,0,1: PRINT "graphics page 1": SCREEN 1,0,0: PRINT "and back"
