-- backtracker.lua: `amazing gen --algorithm backtracker` in Lua. For the same seed it draws the
-- same RND numbers in the same order as the native generator and makes the same maze.
-- The contract is in src/core/generators/generator.hpp (entrance, carving, exit; pick(k)
-- draws only when k >= 2; neighbours up, right, down, left), the algorithm's own calls in
-- the comment of its class in src/core/generators/backtracker.cpp.
--   amazing run scripts/generators/backtracker.lua --size 20x10 --seed 7 --batch
-- Depth-first with an explicit stack. (The longest-path start and end markers of the native
-- version draw no RND and are not drawn here.)

-- The shared helpers (scripts/lib/generator.lua), as locals: the loops below call them.
local g = require("generator").new(amazing.args.width or 20, amazing.args.length or 10)
local pick, open_between, to, dirs, around = g.pick, g.open_between, g.to, g.dirs, g.around
local entrance, finish = g.entrance, g.finish

-- The generator ------------------------------------------------------------------------
local visited = {}
local start = entrance()
visited[start] = true
local stack = {start}
local function unvisited(j) return not visited[j] end
while #stack > 0 do
  local i = stack[#stack]
  local n = around(i, unvisited)
  if n == 0 then
    stack[#stack] = nil
  else
    local k = pick(n)
    open_between(i, dirs[k])
    visited[to[k]] = true
    stack[#stack + 1] = to[k]
  end
end
finish()
