10 REM A string for a number field is a Type mismatch after the literal text before it
20 PRINT USING "##: ## !";1;2;3
