-- binary-tree.lua: `amazing gen --algorithm binary-tree` in Lua. For the same seed it draws the
-- same RND numbers in the same order as the native generator and makes the same maze.
-- The contract is in src/core/generators/generator.hpp (entrance, carving, exit; pick(k)
-- draws only when k >= 2; neighbours up, right, down, left), the algorithm's own calls in
-- the comment of its class in src/core/generators/binary-tree.cpp.
--   amazing run scripts/generators/binary-tree.lua --size 20x10 --seed 7 --batch
-- Each cell opens right or down (a coin: 1 right, 2 down); the last column always down,
-- the last row always right.

-- The shared helpers (scripts/lib/generator.lua), as locals: the loop below calls them.
local g = require("generator").new("binary-tree", false)
local cell, pick, W, H, WP = g.cell, g.pick, g.W, g.H, g.WP

-- The generator ------------------------------------------------------------------------
g.entrance()
for r = 0, H - 1 do
  local p0 = (r + 1) * WP + 2
  for c = 0, W - 1 do
    local p = p0 + c
    local right, down = c < W - 1, r < H - 1
    if right and down then
      cell[p] = cell[p] | (pick(2) == 1 and 2 or 1)
    elseif right then
      cell[p] = cell[p] | 2
    elseif down then
      cell[p] = cell[p] | 1
    end
  end
end
g.finish()
