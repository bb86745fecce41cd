-- aldous-broder.lua: `amazing gen --algorithm aldous-broder` in Lua. For the same seed it draws the
-- same RND numbers in the same order as the native generator and makes the same maze.
-- The contract is in src/core/generators/generator.hpp (entrance, carving, exit; pick(k)
-- draws only when k >= 2; neighbours up, right, down, left), the algorithm's own calls in
-- the comment of its class in src/core/generators/aldous-broder.cpp.
--   amazing run scripts/generators/aldous-broder.lua --size 20x10 --seed 7 --batch
-- A random walk over every cell; a passage opens where the walk first enters a cell.
-- Uniform over all perfect mazes.

-- The shared helpers (scripts/lib/generator.lua), as locals: the loop below calls them.
local g = require("generator").new("aldous-broder", true)
local cell, pick, to, dirs, OPEN, last = g.cell, g.pick, g.to, g.dirs, g.OPEN, g.last
local open_between, around_unvisited, around_visited, around_open = g.open_between,
    g.around_unvisited, g.around_visited, g.around_open

-- The generator ------------------------------------------------------------------------
local cur = g.entrance()
cell[cur] = cell[cur] | 4
local count = 1
-- Stall: after STALL moves in a row that found no new cell (the RND's whole period, so
-- the walk may be looping), the rest is made as hunt-and-kill: walk to an unvisited
-- neighbour (pick), or hunt for the first unvisited cell next to a visited one and join
-- it to one of those (pick).
-- (`amazing run aldous-broder.lua ... N` sets it to N, for tests.)
local STALL = math.tointeger(tonumber((amazing.args.extra or {})[1] or "")) or 16777216
local hunt_from, stalled = g.first, false
local function rescue()
  while hunt_from <= last and cell[hunt_from] & 20 ~= 0 do hunt_from = hunt_from + 1 end
  for i = hunt_from, last do
    if cell[i] & 20 == 0 then
      local v = around_visited(i)
      if v > 0 then
        open_between(i, dirs[pick(v)])
        cell[i] = cell[i] | 4
        count = count + 1
        return i
      end
    end
  end
  error("no cell left to join: the mask is not connected")
end
local function hunt_move(c)
  local n = around_unvisited(c)
  if n == 0 then return rescue() end
  local k = pick(n)
  local j = to[k]
  open_between(c, dirs[k])
  cell[j] = cell[j] | 4
  count = count + 1
  return j
end
-- The walk. From a cell with four open neighbours (bit 128) the move is pick(4), the
-- direction itself, drawn by stepping the RND here (scripts/lib/generator.lua); elsewhere
-- pick(n) over the open neighbours, with the RND handed back and forth.
g.mark_interior()
local D, rnd_state, set_rnd_state = g.D, amazing.rnd_state, amazing.set_rnd_state
local idle = 0
while count < OPEN do
  if stalled or idle == STALL then
    stalled = true
    cur = hunt_move(cur)
  else
    local s, draws = rnd_state(), 0
    local here = cell[cur]  -- kept from the move that came here (its bit 128 stays)
    while idle ~= STALL do
      local d, j
      if here & 128 ~= 0 then
        s = (s * 214013 + 2531011) & 0xFFFFFF
        draws = draws + 1
        d = s >> 22
        j = cur + D[d]
      else
        set_rnd_state(s, draws)
        local k = pick(around_open(cur))
        s, draws = rnd_state(), 0
        d, j = dirs[k], to[k]
      end
      local v = cell[j]
      if v & 4 == 0 then
        cell[j] = v | 4  -- before the passage: opening up or left sets a bit of cell j
        open_between(cur, d)
        count = count + 1
        idle = 0
        if count == OPEN then break end
      else
        idle = idle + 1
        if v & 128 ~= 0 then
          -- Most moves go from a visited cell with four open neighbours to another: the
          -- same moves in a shorter loop (one draw, one idle move each), up to the first
          -- that is not, which the loop above then makes from the state before it.
          local stop, n, c, t = STALL - idle, 0, j, s
          while n < stop do
            local t2 = (t * 214013 + 2531011) & 0xFFFFFF
            local c2 = c + D[t2 >> 22]
            if cell[c2] & 132 ~= 132 then break end
            t, c, n = t2, c2, n + 1
          end
          s, j, idle, draws = t, c, idle + n, draws + n
          v = cell[c]
        end
      end
      cur, here = j, v
    end
    set_rnd_state(s, draws)
  end
end
g.finish()
