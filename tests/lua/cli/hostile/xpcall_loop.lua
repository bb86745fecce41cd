-- A message handler that loops after the step limit stopped the protected call.
print("before")
local function loop() while true do end end
xpcall(loop, loop)
