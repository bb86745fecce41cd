-- A finaliser that loops: refused (Lua runs __gc with hooks off, also at close).
print("before")
setmetatable({}, {__gc = function() while true do end end})
