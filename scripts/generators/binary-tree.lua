-- binary-tree.lua: `amazing gen --algorithm binary-tree` in Lua. For the same seed it draws the
-- same RND numbers in the same order as the native generator and makes the same maze.
-- The contract is in src/core/generators/generator.hpp (entrance, carving, exit; pick(k)
-- draws only when k >= 2; neighbours up, right, down, left), the algorithm's own calls in
-- the comment of its class in src/core/generators/binary-tree.cpp.
--   amazing run scripts/generators/binary-tree.lua --size 20x10 --seed 7 --batch
-- Each cell opens right or down (a coin: 1 right, 2 down); the last column always down,
-- the last row always right.

-- The shared helpers (scripts/lib/generator.lua), as locals: the loops below call them.
local g = require("generator").new(amazing.args.width or 20, amazing.args.length or 10)
local W, H, pick, add_bits, entrance, finish = g.W, g.H, g.pick, g.add_bits, g.entrance, g.finish

-- The generator ------------------------------------------------------------------------
entrance()
for r = 0, H - 1 do
  for c = 0, W - 1 do
    local i = r * W + c
    local right, down = c < W - 1, r < H - 1
    if right and down then
      if pick(2) == 1 then add_bits(i, 2) else add_bits(i, 1) end
    elseif right then
      add_bits(i, 2)
    elseif down then
      add_bits(i, 1)
    end
  end
end
finish()
