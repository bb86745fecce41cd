-- prim.lua: `amazing gen --algorithm prim` in Lua. For the same seed it draws the
-- same RND numbers in the same order as the native generator and makes the same maze.
-- The contract is in src/core/generators/generator.hpp (entrance, carving, exit; pick(k)
-- draws only when k >= 2; neighbours up, right, down, left), the algorithm's own calls in
-- the comment of its class in src/core/generators/prim.cpp.
--   amazing run scripts/generators/prim.lua --size 20x10 --seed 7 --batch
-- Randomized Prim: draw a frontier cell, join it to one of its maze neighbours, add its
-- new neighbours to the frontier.

-- The shared helpers (scripts/lib/generator.lua), as locals: the loops below call them.
local g = require("generator").new(amazing.args.width or 20, amazing.args.length or 10)
local pick, neighbour, open_between, dirs = g.pick, g.neighbour, g.open_between, g.dirs
local around, entrance, finish = g.around, g.entrance, g.finish

-- The generator ------------------------------------------------------------------------
local visited, in_frontier, frontier = {}, {}, {}
local function add_frontier(i)
  for d = 0, 3 do
    local j = neighbour(i, d)
    if j and not visited[j] and not in_frontier[j] then
      in_frontier[j] = true
      frontier[#frontier + 1] = j
    end
  end
end
local function is_visited(j) return visited[j] == true end
local start = entrance()
visited[start] = true
add_frontier(start)
while #frontier > 0 do
  local k = pick(#frontier)
  local c = frontier[k]
  frontier[k] = frontier[#frontier]
  frontier[#frontier] = nil
  local j = pick(around(c, is_visited))
  open_between(c, dirs[j])
  in_frontier[c] = nil
  visited[c] = true
  add_frontier(c)
end
finish()
