-- table.insert at 1 moves #t elements, and # comes from __len: a loop in C the step
-- count did not see (it took the raw length, 0).
print("before")
local t = setmetatable({}, {__len = function() return 1 << 40 end})
table.insert(t, 1, 0)
