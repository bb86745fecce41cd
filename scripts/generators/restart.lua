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
local open_between, around_unvisited = g.open_between, g.around_unvisited

-- The generator ------------------------------------------------------------------------
-- Each open cell keeps its number of unvisited open neighbours in its bits from 32 up, so
-- a drawn cell is judged with one look (visited and count > 0) instead of four.
local first, last, up, down = g.first, g.last, -WP, WP
for p = first, last do
  if cell[p] & 16 == 0 then
    local n = 0
    if cell[p + up] & 16 == 0 then n = n + 1 end
    if cell[p + 1] & 16 == 0 then n = n + 1 end
    if cell[p + down] & 16 == 0 then n = n + 1 end
    if cell[p - 1] & 16 == 0 then n = n + 1 end
    cell[p] = cell[p] | (n << 5)
  end
end
local function visit(p)
  cell[p] = cell[p] | 4
  local j = p + up
  if cell[j] & 16 == 0 then cell[j] = cell[j] - 32 end
  j = p + 1
  if cell[j] & 16 == 0 then cell[j] = cell[j] - 32 end
  j = p + down
  if cell[j] & 16 == 0 then cell[j] = cell[j] - 32 end
  j = p - 1
  if cell[j] & 16 == 0 then cell[j] = cell[j] - 32 end
end
local cur = g.entrance()
visit(cur)
local count = 1
while count < OPEN do
  local n = around_unvisited(cur)
  if n > 0 then
    local k = pick(n)
    open_between(cur, dirs[k])
    cur = to[k]
    visit(cur)
    count = count + 1
  else
    -- Draw over all the cells (masked ones too) until one is visited and can move.
    while true do
      local i = pick(TOTAL) - 1
      local p = (i // W + 1) * WP + i % W + 2
      local v = cell[p]
      if v & 20 == 4 and v >= 32 then cur = p; break end
    end
  end
end
g.finish()
