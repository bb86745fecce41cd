-- prim.lua: `amazing gen --algorithm prim` in Lua. For the same seed it draws the
-- same RND numbers in the same order as the native generator and makes the same maze.
-- The contract is in src/core/generators/generator.hpp (entrance, carving, exit; pick(k)
-- draws only when k >= 2; neighbours up, right, down, left), the algorithm's own calls in
-- the comment of its class in src/core/generators/prim.cpp.
--   amazing run scripts/generators/prim.lua --size 20x10 --seed 7 --batch
-- Randomized Prim: draw a frontier cell, join it to one of its maze neighbours, add its
-- new neighbours to the frontier.

-- The shared helpers (scripts/lib/generator.lua), as locals: the loop below calls them.
local g = require("generator").new("prim", true)
local cell, pick, D, dirs = g.cell, g.pick, g.D, g.dirs
local open_between, around_visited = g.open_between, g.around_visited

-- The generator ------------------------------------------------------------------------
-- Bit 8 marks the cells in the frontier.
local frontier, size = {}, 0
local function add_frontier(p)
  for d = 0, 3 do
    local j = p + D[d]
    if cell[j] & 28 == 0 then
      cell[j] = cell[j] | 8
      size = size + 1
      frontier[size] = j
    end
  end
end
local start = g.entrance()
cell[start] = cell[start] | 4
add_frontier(start)
while size > 0 do
  local k = pick(size)
  local c = frontier[k]
  frontier[k] = frontier[size]
  frontier[size] = nil
  size = size - 1
  open_between(c, dirs[pick(around_visited(c))])
  cell[c] = (cell[c] & ~8) | 4
  add_frontier(c)
end
g.finish()
