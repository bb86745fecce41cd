-- growing-tree.lua: `amazing gen --algorithm growing-tree` in Lua. For the same seed it draws the
-- same RND numbers in the same order as the native generator and makes the same maze.
-- The contract is in src/core/generators/generator.hpp (entrance, carving, exit; pick(k)
-- draws only when k >= 2; neighbours up, right, down, left), the algorithm's own calls in
-- the comment of its class in src/core/generators/growing-tree.cpp.
--   amazing run scripts/generators/growing-tree.lua --size 20x10 --seed 7 --batch
-- Growing tree, half newest, half random: a coin (1 the newest cell, 2 a random one),
-- then a walk step from it, or it leaves the list.

-- The shared helpers (scripts/lib/generator.lua), as locals: the loop below calls them.
local g = require("generator").new("growing-tree", true)
local cell, pick, to, dirs = g.cell, g.pick, g.to, g.dirs
local open_between, around_unvisited = g.open_between, g.around_unvisited

-- The generator ------------------------------------------------------------------------
local start = g.entrance()
cell[start] = cell[start] | 4
local list, size = {start}, 1
while size > 0 do
  local k = size
  if pick(2) == 2 then k = pick(size) end
  local i = list[k]
  local n = around_unvisited(i)
  if n == 0 then
    list[k] = list[size]
    list[size] = nil
    size = size - 1
  else
    local d = pick(n)
    local j = to[d]
    open_between(i, dirs[d])
    cell[j] = cell[j] | 4
    size = size + 1
    list[size] = j
  end
end
g.finish()
