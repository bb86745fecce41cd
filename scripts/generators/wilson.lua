-- wilson.lua: `amazing gen --algorithm wilson` in Lua. For the same seed it draws the
-- same RND numbers in the same order as the native generator and makes the same maze.
-- The contract is in src/core/generators/generator.hpp (entrance, carving, exit; pick(k)
-- draws only when k >= 2; neighbours up, right, down, left), the algorithm's own calls in
-- the comment of its class in src/core/generators/wilson.cpp.
--   amazing run scripts/generators/wilson.lua --size 20x10 --seed 7 --batch
-- Loop-erased random walks from the first cell outside the tree (row-major) until
-- they reach the tree (the entrance cell at first). Uniform over all perfect mazes.

-- The shared helpers (scripts/lib/generator.lua), as locals: the loops below call them.
local g = require("generator").new(amazing.args.width or 20, amazing.args.length or 10)
local TOTAL, pick, neighbour, open_between, to = g.TOTAL, g.pick, g.neighbour, g.open_between, g.to
local dirs, around, any, entrance, finish = g.dirs, g.around, g.any, g.entrance, g.finish

-- The generator ------------------------------------------------------------------------
local in_tree, count = {}, 1
in_tree[entrance()] = true
local exit_dir = {}
local walk_start = 0
-- Stall: a walk that has made STALL moves (the RND's whole period, so it may be looping)
-- is dropped; the first cell outside the tree next to it joins it (pick over its tree
-- neighbours) and the rest is made as hunt-and-kill from that cell.
-- (`amazing run wilson.lua ... N` sets it to N, for tests.)
local STALL = math.tointeger(tonumber((amazing.args.extra or {})[1] or "")) or 16777216
local function is_in_tree(j) return in_tree[j] == true end
local function outside(j) return not in_tree[j] end
local hunt_from, stalled, cur = 0, false, nil
local function rescue()
  while in_tree[hunt_from] do hunt_from = hunt_from + 1 end
  for i = hunt_from, TOTAL - 1 do
    if not in_tree[i] then
      local v = around(i, is_in_tree)
      if v > 0 then
        open_between(i, dirs[pick(v)])
        in_tree[i] = true
        count = count + 1
        return i
      end
    end
  end
end
local function hunt_move(c)
  local n = around(c, outside)
  if n == 0 then return rescue() end
  local k = pick(n)
  open_between(c, dirs[k])
  in_tree[to[k]] = true
  count = count + 1
  return to[k]
end
while count < TOTAL do
  if stalled then
    cur = hunt_move(cur)
  else
    while in_tree[walk_start] do walk_start = walk_start + 1 end
    cur = walk_start
    local length, reached = 0, true
    while true do
      if length == STALL then
        stalled = true
        cur = rescue()
        reached = false
        break
      end
      length = length + 1
      local k = pick(around(cur, any))
      exit_dir[cur] = dirs[k]
      if in_tree[to[k]] then break end
      cur = to[k]
    end
    -- The walk's last exit from each cell is its loop-erased path: join it to the tree.
    local i = walk_start
    while reached and not in_tree[i] do
      local d = exit_dir[i]
      open_between(i, d)
      in_tree[i] = true
      count = count + 1
      i = neighbour(i, d)
    end
  end
end
finish()
