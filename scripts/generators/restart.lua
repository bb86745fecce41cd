-- restart.lua: `amazing gen --algorithm restart` in Lua. For the same seed it draws the
-- same RND numbers in the same order as the native generator and makes the same maze.
-- The contract is in src/core/generators/generator.hpp (entrance, carving, exit; pick(k)
-- draws only when k >= 2; neighbours up, right, down, left), the algorithm's own calls in
-- the comment of its class in src/core/generators/restart.cpp.
--   amazing run scripts/generators/restart.lua --size 20x10 --seed 7 --batch
-- The 48K-era method: walk to random unconnected neighbours; when stuck, draw random
-- cells until one is connected and has an unconnected neighbour. No memory but the maze.

-- The shared helpers (scripts/lib/generator.lua), as locals: the loop below calls them.
local g = require("generator").new("restart", true)
local cell, pick, to, dirs, OPEN, TOTAL = g.cell, g.pick, g.to, g.dirs, g.OPEN, g.TOTAL
local W, WP = g.W, g.WP
local open_between, around_unvisited, has_unvisited = g.open_between, g.around_unvisited,
    g.has_unvisited

-- The generator ------------------------------------------------------------------------
local cur = g.entrance()
cell[cur] = cell[cur] | 4
local count = 1
while count < OPEN do
  local n = around_unvisited(cur)
  if n > 0 then
    local k = pick(n)
    open_between(cur, dirs[k])
    cur = to[k]
    cell[cur] = cell[cur] | 4
    count = count + 1
  else
    -- Draw over all the cells (masked ones too) until one is visited and can move.
    while true do
      local i = pick(TOTAL) - 1
      local p = (i // W + 1) * WP + i % W + 2
      if cell[p] & 20 == 4 and has_unvisited(p) then cur = p; break end
    end
  end
end
g.finish()
