-- growing-tree.lua: `amazing gen --algorithm growing-tree` in Lua. For the same seed it draws the
-- same RND numbers in the same order as the native generator and makes the same maze.
-- The contract is in src/core/generators/generator.hpp (entrance, carving, exit; pick(k)
-- draws only when k >= 2; neighbours up, right, down, left), the algorithm's own calls in
-- the comment of its class in src/core/generators/growing-tree.cpp.
--   amazing run scripts/generators/growing-tree.lua --size 20x10 --seed 7 --batch
-- Growing tree, half newest, half random: a coin (1 the newest cell, 2 a random one),
-- then a walk step from it, or it leaves the list.

-- The shared helpers (scripts/lib/generator.lua), as locals: the loops below call them.
local g = require("generator").new(amazing.args.width or 20, amazing.args.length or 10)
local pick, open_between, to, dirs, around = g.pick, g.open_between, g.to, g.dirs, g.around
local entrance, finish = g.entrance, g.finish

-- The generator ------------------------------------------------------------------------
local visited = {}
local function unvisited(j) return not visited[j] end
local start = entrance()
visited[start] = true
local list = {start}
while #list > 0 do
  local k = #list
  if pick(2) == 2 then k = pick(#list) end
  local i = list[k]
  local n = around(i, unvisited)
  if n == 0 then
    list[k] = list[#list]
    list[#list] = nil
  else
    local d = pick(n)
    open_between(i, dirs[d])
    visited[to[d]] = true
    list[#list + 1] = to[d]
  end
end
finish()
