amazing.print("fine so far")
local x = = 2
