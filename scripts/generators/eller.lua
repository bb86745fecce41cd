-- eller.lua: `amazing gen --algorithm eller` in Lua. For the same seed it draws the
-- same RND numbers in the same order as the native generator and makes the same maze.
-- The contract is in src/core/generators/generator.hpp (entrance, carving, exit; pick(k)
-- draws only when k >= 2; neighbours up, right, down, left), the algorithm's own calls in
-- the comment of its class in src/core/generators/eller.cpp.
--   amazing run scripts/generators/eller.lua --size 20x10 --seed 7 --batch
-- Eller's algorithm, row by row, remembering one row of sets (src/core/generators/
-- eller.hpp gives the order of its draws).

-- The shared helpers (scripts/lib/generator.lua), as locals: the loop below calls them.
local g = require("generator").new("eller", false)
local cell, pick, W, H, WP = g.cell, g.pick, g.W, g.H, g.WP

-- The generator ------------------------------------------------------------------------
local label, parent, count, has_down, used = {}, {}, {}, {}, {}
for c = 0, W - 1 do
  label[c], parent[c], count[c], has_down[c], used[c] = c, c, 0, false, false
end
local function find(x)
  while parent[x] ~= x do
    parent[x] = parent[parent[x]]
    x = parent[x]
  end
  return x
end
g.entrance()
for r = 0, H - 1 do
  local last, base = r == H - 1, (r + 1) * WP + 2
  -- Join neighbours in different sets (a coin: 1 join), all of them on the last row.
  for c = 0, W - 2 do
    local a, b = find(label[c]), find(label[c + 1])
    if a ~= b and (last or pick(2) == 1) then
      cell[base + c] = cell[base + c] | 2
      parent[b] = a
    end
  end
  if not last then
    for c = 0, W - 1 do
      label[c] = find(label[c])
      count[label[c]] = count[label[c]] + 1
    end
    -- Down (a coin: 1 down), forced for a set's last cell when none of it went down.
    for c = 0, W - 1 do
      local l = label[c]
      count[l] = count[l] - 1
      local down
      if count[l] == 0 and not has_down[l] then down = true else down = pick(2) == 1 end
      if down then
        cell[base + c] = cell[base + c] | 1
        has_down[l], used[l] = true, true
      else
        label[c] = -1
      end
    end
    local free = 0
    for c = 0, W - 1 do
      if label[c] < 0 then
        while used[free] do free = free + 1 end
        label[c] = free
        free = free + 1
      end
    end
    for l = 0, W - 1 do
      parent[l], count[l], has_down[l], used[l] = l, 0, false, false
    end
  end
end
g.finish()
