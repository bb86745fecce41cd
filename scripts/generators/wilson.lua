-- wilson.lua: `amazing gen --algorithm wilson` in Lua. For the same seed it draws the
-- same RND numbers in the same order as the native generator and makes the same maze.
-- The contract is in src/core/generators/generator.hpp (entrance, carving, exit; pick(k)
-- draws only when k >= 2; neighbours up, right, down, left), the algorithm's own calls in
-- the comment of its class in src/core/generators/wilson.cpp.
--   amazing run scripts/generators/wilson.lua --size 20x10 --seed 7 --batch
-- Loop-erased random walks from the first cell outside the tree (row-major) until
-- they reach the tree (the entrance cell at first). Uniform over all perfect mazes.

-- The shared helpers (scripts/lib/generator.lua), as locals: the loop below calls them.
local g = require("generator").new("wilson", true)
local cell, pick, to, dirs, OPEN, last, D = g.cell, g.pick, g.to, g.dirs, g.OPEN, g.last, g.D
local open_between, around_unvisited, around_visited, around_open = g.open_between,
    g.around_unvisited, g.around_visited, g.around_open

-- The generator ------------------------------------------------------------------------
-- The tree is the cells with bit 4; a walk keeps its last exit from each cell in bits 32
-- and 64 of that cell.
local start = g.entrance()
cell[start] = cell[start] | 4
local count = 1
local walk_start = g.first
-- Stall: a walk that has made STALL moves (the RND's whole period, so it may be looping)
-- is dropped; the first cell outside the tree next to it joins it (pick over its tree
-- neighbours) and the rest is made as hunt-and-kill from that cell.
-- (`amazing run wilson.lua ... N` sets it to N, for tests.)
local STALL = math.tointeger(tonumber((amazing.args.extra or {})[1] or "")) or 16777216
local hunt_from, stalled, cur = g.first, false, nil
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
g.mark_interior()
local rnd_state, set_rnd_state = amazing.rnd_state, amazing.set_rnd_state
while count < OPEN do
  if stalled then
    cur = hunt_move(cur)
  else
    -- A walk from the first open cell outside the tree, until it reaches the tree.
    while cell[walk_start] & 20 ~= 0 do walk_start = walk_start + 1 end
    cur = walk_start
    local length, reached = 0, true
    -- From a cell with four open neighbours (bit 128) the move is pick(4), the direction
    -- itself, drawn by stepping the RND here (scripts/lib/generator.lua).
    local s, draws = rnd_state(), 0
    while true do
      if length == STALL then
        set_rnd_state(s, draws)
        stalled = true
        cur = rescue()
        reached = false
        s, draws = rnd_state(), 0
        break
      end
      length = length + 1
      local v = cell[cur]
      local d
      if v & 128 ~= 0 then
        s = (s * 214013 + 2531011) & 0xFFFFFF
        draws = draws + 1
        d = s >> 22
      else
        set_rnd_state(s, draws)
        d = dirs[pick(around_open(cur))]
        s, draws = rnd_state(), 0
      end
      cell[cur] = (v & ~96) | (d << 5)
      local j = cur + D[d]
      if cell[j] & 4 ~= 0 then break end
      cur = j
    end
    set_rnd_state(s, draws)
    -- The walk's last exit from each cell is its loop-erased path: join it to the tree.
    local i = walk_start
    while reached and cell[i] & 4 == 0 do
      local d = (cell[i] >> 5) & 3
      open_between(i, d)
      cell[i] = cell[i] | 4
      count = count + 1
      i = i + D[d]
    end
  end
end
g.finish()
