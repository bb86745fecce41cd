-- os and io are not modules: require finds no lib/os.lua and says so.
amazing.print("before")
require("os")
