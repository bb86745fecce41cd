-- whitney.lua: `amazing gen --algorithm whitney` in Lua. For the same seed it draws the
-- same RND numbers in the same order as the native generator and makes the same maze.
-- The contract is in src/core/generators/generator.hpp (entrance, carving, exit; pick(k)
-- draws only when k >= 2; neighbours up, right, down, left), the algorithm's own calls in
-- the comment of its class in src/core/generators/whitney.cpp.
--   amazing run scripts/generators/whitney.lua --size 20x10 --seed 7 --batch
-- The JavaScript redesign of AMAZING: walk to random unvisited neighbours; at a dead
-- end restart at a random visited cell that still has an unvisited neighbour.

-- The shared helpers (scripts/lib/generator.lua), as locals: the loops below call them.
local g = require("generator").new(amazing.args.width or 20, amazing.args.length or 10)
local TOTAL, pick, open_between, to, dirs = g.TOTAL, g.pick, g.open_between, g.to, g.dirs
local around, entrance, finish = g.around, g.entrance, g.finish

-- The generator ------------------------------------------------------------------------
local visited, count = {}, 0
local function visit(i) visited[i] = true; count = count + 1 end
local function unvisited(j) return not visited[j] end
local cur = entrance()
visit(cur)
local list = {cur}
while count < TOTAL do
  local n = around(cur, unvisited)
  if n > 0 then
    local k = pick(n)
    open_between(cur, dirs[k])
    cur = to[k]
    visit(cur)
    list[#list + 1] = cur
  else
    while true do
      local k = pick(#list)
      local c = list[k]
      if around(c, unvisited) > 0 then cur = c; break end
      list[k] = list[#list]
      list[#list] = nil
    end
  end
end
finish()
