-- whitney.lua: `amazing gen --algorithm whitney` in Lua. For the same seed it draws the
-- same RND numbers in the same order as the native generator and makes the same maze.
-- The contract is in src/core/generators/generator.hpp (entrance, carving, exit; pick(k)
-- draws only when k >= 2; neighbours up, right, down, left), the algorithm's own calls in
-- the comment of its class in src/core/generators/whitney.cpp.
--   amazing run scripts/generators/whitney.lua --size 20x10 --seed 7 --batch
-- The JavaScript redesign of AMAZING: walk to random unvisited neighbours; at a dead
-- end restart at a random visited cell that still has an unvisited neighbour.

-- The shared helpers (scripts/lib/generator.lua), as locals: the loop below calls them.
local g = require("generator").new("whitney", true)
local cell, pick, to, dirs, OPEN = g.cell, g.pick, g.to, g.dirs, g.OPEN
local open_between, around_unvisited, has_unvisited = g.open_between, g.around_unvisited,
    g.has_unvisited

-- The generator ------------------------------------------------------------------------
local cur = g.entrance()
cell[cur] = cell[cur] | 4
local count, list, size = 1, {cur}, 1
while count < OPEN do
  local n = around_unvisited(cur)
  if n > 0 then
    local k = pick(n)
    open_between(cur, dirs[k])
    cur = to[k]
    cell[cur] = cell[cur] | 4
    count = count + 1
    size = size + 1
    list[size] = cur
  else
    while true do
      local k = pick(size)
      local c = list[k]
      if has_unvisited(c) then cur = c; break end
      list[k] = list[size]
      list[size] = nil
      size = size - 1
    end
  end
end
g.finish()
