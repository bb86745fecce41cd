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
-- Each open cell keeps its number of unvisited open neighbours in its bits from 32 up,
-- and `active` has bit i % 64 of word i // 64 + 1 set (i = row * W + col) while cell i
-- is visited and has an unvisited neighbour: most draws fall on cells that cannot move,
-- and a table of W * H / 64 words answers that from the cache.
local first, last, up, down = g.first, g.last, -WP, WP
local active = {}
for k = 1, (TOTAL >> 6) + 1 do active[k] = 0 end
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
local function set_active(p, on)
  local i = ((p - 2) // WP - 1) * W + (p - 2) % WP
  local k = (i >> 6) + 1
  if on then active[k] = active[k] | (1 << (i & 63)) else active[k] = active[k] & ~(1 << (i & 63)) end
end
-- One unvisited neighbour fewer for the open cell j; it stops being active at none.
local function lose_neighbour(j)
  local v = cell[j]
  if v & 16 == 0 then
    v = v - 32
    cell[j] = v
    if v < 32 and v & 4 ~= 0 then set_active(j, false) end
  end
end
local function visit(p)
  cell[p] = cell[p] | 4
  lose_neighbour(p + up)
  lose_neighbour(p + 1)
  lose_neighbour(p + down)
  lose_neighbour(p - 1)
  if cell[p] >= 32 then set_active(p, true) end
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
      if (active[(i >> 6) + 1] >> (i & 63)) & 1 ~= 0 then
        cur = (i // W + 1) * WP + i % W + 2
        break
      end
    end
  end
end
g.finish()
