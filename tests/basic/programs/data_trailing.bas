10 READ A$: PRINT A$
20 READ B$, C: PRINT B$; C
30 DATA "ok"  , "x" y, 3
