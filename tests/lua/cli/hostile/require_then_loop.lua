-- A module that loops is stopped by --max-steps like the script itself.
amazing.print("before")
local g = require("generator")
local ok = pcall(require, "generator.missing")
while g do end
