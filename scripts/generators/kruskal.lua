-- kruskal.lua: `amazing gen --algorithm kruskal` in Lua. For the same seed it draws the
-- same RND numbers in the same order as the native generator and makes the same maze.
-- The contract is in src/core/generators/generator.hpp (entrance, carving, exit; pick(k)
-- draws only when k >= 2; neighbours up, right, down, left), the algorithm's own calls in
-- the comment of its class in src/core/generators/kruskal.cpp.
--   amazing run scripts/generators/kruskal.lua --size 20x10 --seed 7 --batch
-- Every inner wall, row-major (right wall, then down wall), shuffled (Fisher-Yates from
-- the last), then opened wherever it joins two sets.

-- The shared helpers (scripts/lib/generator.lua), as locals: the loop below calls them.
local g = require("generator").new("kruskal", true)
local cell, pick, WP, OPEN, first, last = g.cell, g.pick, g.WP, g.OPEN, g.first, g.last

-- The generator ------------------------------------------------------------------------
g.entrance()
-- Edges: cell * 2 for its right wall, cell * 2 + 1 for its floor, between open cells.
local edges, n = {}, 0
for p = first, last do
  if cell[p] & 16 == 0 then
    if cell[p + 1] & 16 == 0 then n = n + 1; edges[n] = p * 2 end
    if cell[p + WP] & 16 == 0 then n = n + 1; edges[n] = p * 2 + 1 end
  end
end
-- edges[] is 1-based here; native index e is edges[e + 1].
for e = n - 1, 1, -1 do
  local j = pick(e + 1)
  edges[e + 1], edges[j] = edges[j], edges[e + 1]
end
-- Union-find: each cell's parent in its bits from 256 up (cell >> 8), itself at first.
for p = first, last do cell[p] = cell[p] | (p << 8) end
local function find(x)
  while true do
    local up = cell[x] >> 8
    if up == x then return x end
    local upup = cell[up] >> 8
    cell[x] = (cell[x] & 255) | (upup << 8)
    x = upup
  end
end
local joined, next_edge = 0, 1
while joined + 1 < OPEN do
  local e = edges[next_edge]
  next_edge = next_edge + 1
  local a = e >> 1
  local down = e & 1 == 1
  local b = down and a + WP or a + 1
  local ra, rb = find(a), find(b)
  if ra ~= rb then
    cell[ra] = (cell[ra] & 255) | (rb << 8)
    cell[a] = cell[a] | (down and 1 or 2)
    joined = joined + 1
  end
end
edges = nil
g.finish()
