-- Backtracking for hours inside one call of string.find.
print("before")
print(("a"):rep(40):find(("a*"):rep(30) .. "b"))
