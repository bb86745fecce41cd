-- recursive-division.lua: `amazing gen --algorithm recursive-division` in Lua. For the same seed it draws the
-- same RND numbers in the same order as the native generator and makes the same maze.
-- The contract is in src/core/generators/generator.hpp (entrance, carving, exit; pick(k)
-- draws only when k >= 2; neighbours up, right, down, left), the algorithm's own calls in
-- the comment of its class in src/core/generators/recursive-division.cpp.
--   amazing run scripts/generators/recursive-division.lua --size 20x10 --seed 7 --batch
-- Start with no inner walls and divide chambers with a wall that has one gap.

-- The shared helpers (scripts/lib/generator.lua), as locals: the loop below calls them.
local g = require("generator").new("recursive-division", false)
local cell, pick, W, H, WP = g.cell, g.pick, g.W, g.H, g.WP

-- The generator ------------------------------------------------------------------------
g.entrance()
for r = 0, H - 1 do
  local p0 = (r + 1) * WP + 2
  for c = 0, W - 1 do
    cell[p0 + c] = cell[p0 + c] | (c < W - 1 and 2 or 0) | (r < H - 1 and 1 or 0)
  end
end
local function at(col, row) return (row + 1) * WP + col + 2 end
local stack = {}
local function push(x, y, w, h)
  if w >= 2 and h >= 2 then stack[#stack + 1] = {x, y, w, h} end
end
push(0, 0, W, H)
while #stack > 0 do
  local ch = stack[#stack]
  stack[#stack] = nil
  local x, y, w, h = ch[1], ch[2], ch[3], ch[4]
  local horizontal
  if w < h then horizontal = true elseif h < w then horizontal = false else horizontal = pick(2) == 1 end
  if horizontal then
    local k = pick(h - 1)
    local gap = x + pick(w) - 1
    local p0 = at(0, y + k - 1)
    for col = x, x + w - 1 do
      if col ~= gap then cell[p0 + col] = cell[p0 + col] & ~1 end
    end
    push(x, y + k, w, h - k)
    push(x, y, w, k)
  else
    local k = pick(w - 1)
    local gap = y + pick(h) - 1
    local col = x + k - 1
    for row = y, y + h - 1 do
      if row ~= gap then
        local p = at(col, row)
        cell[p] = cell[p] & ~2
      end
    end
    push(x + k, y, w - k, h)
    push(x, y, k, h)
  end
end
g.finish()
