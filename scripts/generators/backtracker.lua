-- backtracker.lua: `amazing gen --algorithm backtracker` in Lua. For the same seed it draws the
-- same RND numbers in the same order as the native generator and makes the same maze.
-- The contract is in src/core/generators/generator.hpp (entrance, carving, exit; pick(k)
-- draws only when k >= 2; neighbours up, right, down, left), the algorithm's own calls in
-- the comment of its class in src/core/generators/backtracker.cpp.
--   amazing run scripts/generators/backtracker.lua --size 20x10 --seed 7 --batch
-- Depth-first with an explicit stack. (The longest-path start and end markers of the native
-- version draw no RND and are not drawn here.)

-- The shared helpers (scripts/lib/generator.lua), as locals: the loop below calls them.
local g = require("generator").new("backtracker", true)
local cell, pick, to, dirs = g.cell, g.pick, g.to, g.dirs
local open_between, around_unvisited = g.open_between, g.around_unvisited

-- The generator ------------------------------------------------------------------------
local start = g.entrance()
cell[start] = cell[start] | 4
local stack, top = {start}, 1
-- The deepest cell of the stack (the first to get there) is one end of the longest path.
local deepest, deepest_depth = start, 1
while top > 0 do
  local i = stack[top]
  local n = around_unvisited(i)
  if n == 0 then
    stack[top] = nil
    top = top - 1
  else
    local k = pick(n)
    local j = to[k]
    open_between(i, dirs[k])
    cell[j] = cell[j] | 4
    top = top + 1
    stack[top] = j
    if top > deepest_depth then deepest_depth, deepest = top, j end
  end
end
stack = nil
-- Markers: --starts, else the two ends of the longest path (no draw).
g.finish(function() return g.longest_path(deepest) end)
