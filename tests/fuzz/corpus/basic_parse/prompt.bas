10 REM INPUT prompts and answers go where the cursor is: no break for a long line
20 PRINT STRING$(70,"A");
30 INPUT "WHAT ARE YOUR";A
40 PRINT A
50 INPUT "WIDTH AND LENGTH";H,V
60 PRINT H;V
