-- wilson.lua: `amazing gen --algorithm wilson` in Lua. For the same seed it draws the
-- same RND numbers in the same order as the native generator and makes the same maze.
-- The contract is in src/core/generators/generator.hpp (entrance, carving, exit; pick(k)
-- draws only when k >= 2; neighbours up, right, down, left), the algorithm's own calls in
-- the comment of its class in src/core/generators/wilson.cpp.
--   amazing run scripts/generators/wilson.lua --size 20x10 --seed 7 --batch
-- Loop-erased random walks from the first cell outside the tree (row-major) until
-- they reach the tree (the entrance cell at first). Uniform over all perfect mazes.
-- The sandbox has no `require`, so every generator script carries this same prelude.

local W, H = amazing.args.width or 20, amazing.args.length or 10
local m = amazing.maze(W, H)
local TOTAL = W * H

-- pick(k) = INT(RND(1)*k+1) in single precision, only when k >= 2, never above k.
local function pick(k)
  if k <= 1 then return 1 end
  local v = math.floor(amazing.single(amazing.single(amazing.rnd(1) * k) + 1))
  if v > k then v = k end
  return v
end

-- Cells count from 0 here, row-major: i = r * W + c (the maze methods count from 1).
local UP, RIGHT, DOWN, LEFT = 0, 1, 2, 3
local function neighbour(i, d)
  local c, r = i % W, i // W
  if d == UP then if r == 0 then return nil end return i - W end
  if d == RIGHT then if c == W - 1 then return nil end return i + 1 end
  if d == DOWN then if r == H - 1 then return nil end return i + W end
  if c == 0 then return nil end
  return i - 1
end
-- Walls value bits: 1 the floor (down) open, 2 the right wall open.
local function add_bits(i, bits)
  local c, r = i % W + 1, i // W + 1
  m:set_walls(c, r, m:walls(c, r) | bits)
end
local function clear_bits(i, bits)
  local c, r = i % W + 1, i // W + 1
  m:set_walls(c, r, m:walls(c, r) & ~bits)
end
local function open_between(i, d)
  if d == UP then add_bits(i - W, 1)
  elseif d == RIGHT then add_bits(i, 2)
  elseif d == DOWN then add_bits(i, 1)
  else add_bits(i - 1, 2) end
end
-- The neighbours j of i for which keep(j) holds, up, right, down, left, into to[]/dirs[].
local to, dirs = {}, {}
local function around(i, keep)
  local n = 0
  for d = 0, 3 do
    local j = neighbour(i, d)
    if j and keep(j) then n = n + 1; to[n] = j; dirs[n] = d end
  end
  return n
end
local function any() return true end

-- (1) The entrance: pick(W) over the top row; returns its cell.
local function entrance()
  local col = pick(W) - 1
  m:set_entrance(col + 1)
  return col
end

-- (3) The exit: pick(W) over the bottom row; then the maze is printed as AMAZING prints
-- it and handed to the host.
local function finish()
  add_bits((H - 1) * W + pick(W) - 1, 1)
  local line = {}
  for c = 1, W do line[c] = (c == m:entrance()) and ".  " or ".--" end
  amazing.print(table.concat(line) .. ".")
  for r = 1, H do
    local a, b = {"I"}, {}
    for c = 1, W do
      local v = m:walls(c, r)
      a[#a + 1] = v < 2 and "  I" or "   "
      b[#b + 1] = (v % 2 == 1) and ":  " or ":--"
    end
    amazing.print(table.concat(a))
    amazing.print(table.concat(b) .. ".")
  end
  amazing.publish(m)
end

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
