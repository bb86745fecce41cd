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
-- Union-find: each cell's parent in its bits from 256 up (cell >> 8), itself at first;
-- the root of a set is found with path halving, written out in the loop (two calls an
-- edge would cost more than the search). Which root joins which does not change the maze.
for p = first, last do cell[p] = cell[p] | (p << 8) end
local joined, next_edge = 0, 1
while joined + 1 < OPEN do
  local e = edges[next_edge]
  next_edge = next_edge + 1
  local a = e >> 1
  local bit = 2 - (e & 1)  -- 2: the right wall, 1: the floor
  local ra, rb = a, a + (bit == 1 and WP or 1)
  while true do
    local v = cell[ra]
    local up = v >> 8
    if up == ra then break end
    local upup = cell[up] >> 8
    cell[ra] = (v & 255) | (upup << 8)
    ra = upup
  end
  while true do
    local v = cell[rb]
    local up = v >> 8
    if up == rb then break end
    local upup = cell[up] >> 8
    cell[rb] = (v & 255) | (upup << 8)
    rb = upup
  end
  if ra ~= rb then
    cell[ra] = (cell[ra] & 255) | (rb << 8)
    cell[a] = cell[a] | bit
    joined = joined + 1
  end
end
edges = nil
g.finish()
