-- One long C call, repeated.
print("before")
local big = ("x"):rep(8 << 20) for i = 1, 1e6 do big:upper() end
