print(pcall(io.open, "x")) print(pcall(require, "os")) print(pcall(load, "return 1"))
print(pcall(string.rep, "x", 1e9)) local t = {} for i = 1, 100 do t[i] = tostring(i) end
print(table.concat(t, ","):sub(1, 20), utf8.char(72, 228), math.floor(2.5), os.clock() >= 0)
local co = coroutine.wrap(function(a) local b = coroutine.yield(a + 1) return b * 2 end)
print(co(1), co(5)) setmetatable({}, {__gc = function() print("gc") end}) collectgarbage()
while true do end
