amazing.print("half")
local function fail()
  error("the script failed")
end
fail()
