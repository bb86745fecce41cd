-- sidewinder.lua: `amazing gen --algorithm sidewinder` in Lua. For the same seed it draws the
-- same RND numbers in the same order as the native generator and makes the same maze.
-- The contract is in src/core/generators/generator.hpp (entrance, carving, exit; pick(k)
-- draws only when k >= 2; neighbours up, right, down, left), the algorithm's own calls in
-- the comment of its class in src/core/generators/sidewinder.cpp.
--   amazing run scripts/generators/sidewinder.lua --size 20x10 --seed 7 --batch
-- The top row is one corridor; in each later row runs grow to the right (a coin: 1
-- extend, 2 close) and a closed run opens upward from one of its cells.

-- The shared helpers (scripts/lib/generator.lua), as locals: the loop below calls them.
local g = require("generator").new("sidewinder", false)
local cell, pick, W, H, WP = g.cell, g.pick, g.W, g.H, g.WP

-- The generator ------------------------------------------------------------------------
g.entrance()
for r = 0, H - 1 do
  local p0 = (r + 1) * WP + 2
  local run = 0
  for c = 0, W - 1 do
    local p = p0 + c
    local last = c == W - 1
    if r == 0 then
      if not last then cell[p] = cell[p] | 2 end
    elseif not last and pick(2) == 1 then
      cell[p] = cell[p] | 2
    else
      local up = p0 - WP + run + pick(c - run + 1) - 1
      cell[up] = cell[up] | 1
      run = c + 1
    end
  end
end
g.finish()
