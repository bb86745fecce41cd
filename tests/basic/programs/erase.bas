1 REM ERASE frees an array (DIM again), and the base DIM fixed; ERASE of no array: Illegal function call
10 DIM A(3)
20 ERASE A
30 OPTION BASE 1
40 DIM A(2):A(2)=4:PRINT A(2)
50 ERASE A:DIM A(5):PRINT "RE"
60 ERASE B
