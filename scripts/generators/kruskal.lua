-- kruskal.lua: `amazing gen --algorithm kruskal` in Lua. For the same seed it draws the
-- same RND numbers in the same order as the native generator and makes the same maze.
-- The contract is in src/core/generators/generator.hpp (entrance, carving, exit; pick(k)
-- draws only when k >= 2; neighbours up, right, down, left), the algorithm's own calls in
-- the comment of its class in src/core/generators/kruskal.cpp.
--   amazing run scripts/generators/kruskal.lua --size 20x10 --seed 7 --batch
-- Every inner wall, row-major (right wall, then down wall), shuffled (Fisher-Yates from
-- the last), then opened wherever it joins two sets.

-- The shared helpers (scripts/lib/generator.lua), as locals: the loops below call them.
local g = require("generator").new(amazing.args.width or 20, amazing.args.length or 10)
local W, H, TOTAL, pick, add_bits, entrance = g.W, g.H, g.TOTAL, g.pick, g.add_bits, g.entrance
local finish = g.finish

-- The generator ------------------------------------------------------------------------
entrance()
local edges = {}
for i = 0, TOTAL - 1 do
  if i % W < W - 1 then edges[#edges + 1] = i * 2 end
  if i // W < H - 1 then edges[#edges + 1] = i * 2 + 1 end
end
-- edges[] is 1-based here; native index e is edges[e + 1].
for e = #edges - 1, 1, -1 do
  local j = pick(e + 1) - 1
  edges[e + 1], edges[j + 1] = edges[j + 1], edges[e + 1]
end
local parent = {}
for i = 0, TOTAL - 1 do parent[i] = i end
local function find(x)
  while parent[x] ~= x do
    parent[x] = parent[parent[x]]
    x = parent[x]
  end
  return x
end
local joined, next_edge = 0, 1
while joined + 1 < TOTAL do
  local e = edges[next_edge]
  next_edge = next_edge + 1
  local a = e // 2
  local down = e % 2 == 1
  local b = down and a + W or a + 1
  local ra, rb = find(a), find(b)
  if ra ~= rb then
    parent[ra] = rb
    add_bits(a, down and 1 or 2)
    joined = joined + 1
  end
end
finish()
