-- ("").rep loops n times and allocates nothing.
print("before")
local s = (""):rep(1 << 50)
