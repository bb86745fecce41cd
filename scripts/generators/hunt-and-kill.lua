-- hunt-and-kill.lua: `amazing gen --algorithm hunt-and-kill` in Lua. For the same seed it draws the
-- same RND numbers in the same order as the native generator and makes the same maze.
-- The contract is in src/core/generators/generator.hpp (entrance, carving, exit; pick(k)
-- draws only when k >= 2; neighbours up, right, down, left), the algorithm's own calls in
-- the comment of its class in src/core/generators/hunt-and-kill.cpp.
--   amazing run scripts/generators/hunt-and-kill.lua --size 20x10 --seed 7 --batch
-- Walk to random unvisited neighbours; when stuck, hunt row by row for an unvisited cell
-- next to a visited one and join it to one of them.

-- The shared helpers (scripts/lib/generator.lua), as locals: the loops below call them.
local g = require("generator").new(amazing.args.width or 20, amazing.args.length or 10)
local TOTAL, pick, open_between, to, dirs = g.TOTAL, g.pick, g.open_between, g.to, g.dirs
local around, entrance, finish = g.around, g.entrance, g.finish

-- The generator ------------------------------------------------------------------------
local visited, count = {}, 0
local function visit(i) visited[i] = true; count = count + 1 end
local function unvisited(j) return not visited[j] end
local function is_visited(j) return visited[j] == true end
local cur = entrance()
visit(cur)
local hunt_from = 0
while count < TOTAL do
  local n = around(cur, unvisited)
  if n > 0 then
    local k = pick(n)
    open_between(cur, dirs[k])
    cur = to[k]
    visit(cur)
  else
    while visited[hunt_from] do hunt_from = hunt_from + 1 end
    local i = hunt_from
    while true do
      if not visited[i] then
        local v = around(i, is_visited)
        if v > 0 then
          local k = pick(v)
          open_between(i, dirs[k])
          visit(i)
          cur = i
          break
        end
      end
      i = i + 1
    end
  end
end
finish()
