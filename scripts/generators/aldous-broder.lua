-- aldous-broder.lua: `amazing gen --algorithm aldous-broder` in Lua. For the same seed it draws the
-- same RND numbers in the same order as the native generator and makes the same maze.
-- The contract is in src/core/generators/generator.hpp (entrance, carving, exit; pick(k)
-- draws only when k >= 2; neighbours up, right, down, left), the algorithm's own calls in
-- the comment of its class in src/core/generators/aldous-broder.cpp.
--   amazing run scripts/generators/aldous-broder.lua --size 20x10 --seed 7 --batch
-- A random walk over every cell; a passage opens where the walk first enters a cell.
-- Uniform over all perfect mazes.

-- The shared helpers (scripts/lib/generator.lua), as locals: the loops below call them.
local g = require("generator").new(amazing.args.width or 20, amazing.args.length or 10)
local TOTAL, pick, neighbour, open_between, to = g.TOTAL, g.pick, g.neighbour, g.open_between, g.to
local dirs, around, any, entrance, finish = g.dirs, g.around, g.any, g.entrance, g.finish

-- The generator ------------------------------------------------------------------------
local visited, count = {}, 1
local cur = entrance()
visited[cur] = true
-- Stall: after STALL moves in a row that found no new cell (the RND's whole period, so
-- the walk may be looping), the rest is made as hunt-and-kill: walk to an unvisited
-- neighbour (pick), or hunt for the first unvisited cell next to a visited one and join
-- it to one of those (pick).
-- (`amazing run aldous-broder.lua ... N` sets it to N, for tests.)
local STALL = math.tointeger(tonumber((amazing.args.extra or {})[1] or "")) or 16777216
local function is_visited(j) return visited[j] == true end
local function unvisited(j) return not visited[j] end
local hunt_from, stalled = 0, false
local function rescue()
  while visited[hunt_from] do hunt_from = hunt_from + 1 end
  for i = hunt_from, TOTAL - 1 do
    if not visited[i] then
      local v = around(i, is_visited)
      if v > 0 then
        open_between(i, dirs[pick(v)])
        visited[i] = true
        count = count + 1
        return i
      end
    end
  end
end
local function hunt_move(c)
  local n = around(c, unvisited)
  if n == 0 then return rescue() end
  local k = pick(n)
  open_between(c, dirs[k])
  visited[to[k]] = true
  count = count + 1
  return to[k]
end
local idle = 0
while count < TOTAL do
  if stalled or idle == STALL then
    stalled = true
    cur = hunt_move(cur)
  else
    local k = pick(around(cur, any))
    if not visited[to[k]] then
      open_between(cur, dirs[k])
      visited[to[k]] = true
      count = count + 1
      idle = 0
    else
      idle = idle + 1
    end
    cur = to[k]
  end
end
finish()
