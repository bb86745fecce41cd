-- A finaliser reached through the metatable and called twice (use after free).
print("before")
local m = amazing.maze(10, 10) getmetatable(m).__gc(m) getmetatable(m).__gc(m)
