10 REM WRITE stops at a value that fails, leaving the values before it and a comma
20 WRITE 1,"A",HEX$(70000),2
