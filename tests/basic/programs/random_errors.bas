10 REM random files: the errors FIELD, GET, PUT, LSET and OPEN raise
20 ON ERROR GOTO 1000
30 OPEN "R", #1, "err.dat", 10
40 PRINT "field 128": FIELD #1, 100 AS A$, 28 AS B$
50 PRINT "field 129": FIELD #1, 100 AS A$, 29 AS B$
60 PRINT "width 256": FIELD #1, 256 AS B$
70 PRINT "width -1": FIELD #1, -1 AS B$
80 PRINT "width 0": FIELD #1, 0 AS B$: PRINT LEN(B$)
90 PRINT "number var": FIELD #1, 2 AS N
100 PRINT "field #2": FIELD #2, 2 AS C$
110 PRINT "field #0": FIELD #0, 2 AS C$
120 PRINT "field #256": FIELD #256, 2 AS C$
130 PRINT "record 0": PUT #1, 0
140 PRINT "record -1": GET #1, -1
150 PRINT "record 0.4": GET #1, .4
160 PRINT "record 1E10": GET #1, 1E+10
170 PRINT "record 40000": GET #1, 40000!: PRINT LOC(1); EOF(1)
180 PRINT "get #2": GET #2
190 PRINT "put #3": PUT #3, 1
200 PRINT "get #4": GET #4
210 PRINT "get #0": GET #0
220 PRINT "get #256": GET #256
230 PRINT "lset number": LSET A$ = 5
240 OPEN "O", #2, "seq.dat"
250 PRINT "field seq": FIELD #2, 3 AS C$
260 PRINT "get seq": GET #2
270 PRINT "put seq": PUT #2, 1
280 CLOSE 2
290 PRINT "eof #3": PRINT EOF(3)
300 PRINT "lof #3": PRINT LOF(3)
310 PRINT "R twice": OPEN "R", #2, "err.dat", 5: PRINT LOF(2)
320 PRINT "O over R": OPEN "O", #3, "err.dat"
330 PRINT "A over R": OPEN "A", #3, "err.dat"
340 PRINT "I beside R": OPEN "I", #3, "err.dat": PRINT EOF(3)
350 CLOSE
360 PRINT "len 0": OPEN "R", #1, "x.dat", 0
370 PRINT "len 129": OPEN "R", #1, "x.dat", 129
380 PRINT "cvi short": PRINT CVI("A")
390 PRINT "cvs short": PRINT CVS("ABC")
400 PRINT "cvd short": PRINT CVD("ABCDEFG")
410 PRINT "mki 32768": PRINT MKI$(32768)
420 PRINT "mks string": PRINT MKS$("A")
430 PRINT "done"
440 END
1000 PRINT "  error"; ERR; "in"; ERL: RESUME NEXT
