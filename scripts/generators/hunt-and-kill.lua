-- hunt-and-kill.lua: `amazing gen --algorithm hunt-and-kill` in Lua. For the same seed it draws the
-- same RND numbers in the same order as the native generator and makes the same maze.
-- The contract is in src/core/generators/generator.hpp (entrance, carving, exit; pick(k)
-- draws only when k >= 2; neighbours up, right, down, left), the algorithm's own calls in
-- the comment of its class in src/core/generators/hunt-and-kill.cpp.
--   amazing run scripts/generators/hunt-and-kill.lua --size 20x10 --seed 7 --batch
-- Walk to random unvisited neighbours; when stuck, hunt row by row for an unvisited cell
-- next to a visited one and join it to one of them.

-- The shared helpers (scripts/lib/generator.lua), as locals: the loop below calls them.
local g = require("generator").new("hunt-and-kill", true)
local cell, pick, to, dirs, OPEN, last = g.cell, g.pick, g.to, g.dirs, g.OPEN, g.last
local open_between, around_unvisited, around_visited = g.open_between, g.around_unvisited,
    g.around_visited

-- The generator ------------------------------------------------------------------------
local cur = g.entrance()
cell[cur] = cell[cur] | 4
local count = 1
local hunt_from = g.first  -- every open cell before it is visited
while count < OPEN do
  local n = around_unvisited(cur)
  if n > 0 then
    local k = pick(n)
    open_between(cur, dirs[k])
    cur = to[k]
    cell[cur] = cell[cur] | 4
    count = count + 1
  else
    -- Hunt: the first unvisited cell (reading order) with a visited neighbour.
    while cell[hunt_from] & 20 ~= 0 do hunt_from = hunt_from + 1 end
    local i = hunt_from
    while true do
      if i > last then error("no cell left to join: the mask is not connected") end
      if cell[i] & 20 == 0 then
        local v = around_visited(i)
        if v > 0 then
          open_between(i, dirs[pick(v)])
          cell[i] = cell[i] | 4
          count = count + 1
          cur = i
          break
        end
      end
      i = i + 1
    end
  end
end
g.finish()
