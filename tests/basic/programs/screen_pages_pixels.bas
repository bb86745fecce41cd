10 REM Each graphics page keeps its own pixels (POINT reads the active one); PCOPY in 2.0.5 copies the page onto itself; a new mode makes every page blank (PC-BASIC 2.0.5 headless)
20 SCREEN 1: PSET (0,0),2: SCREEN 1,,1,0: PRINT POINT(0,0): PSET (1,1),3
30 SCREEN 1,,0,0: PRINT POINT(0,0); POINT(1,1); "page 0 kept its pixel"
40 SCREEN 1,,1,1: PRINT POINT(1,1): PCOPY 0,1: PRINT POINT(0,0); "PCOPY changed nothing"
50 LINE (0,0)-(9,9),1,BF: SCREEN 1,,2: PRINT POINT(5,5); "page 2 starts blank"
60 SCREEN 1,,1: PRINT POINT(5,5): SCREEN 2,,1: PRINT POINT(5,5); "a new mode: every page blank"
70 SCREEN 9,,3,0: CIRCLE (50,50),20,4: PRINT POINT(70,50): SCREEN 9,,0,3: PRINT POINT(70,50)
