-- sidewinder.lua: `amazing gen --algorithm sidewinder` in Lua. For the same seed it draws the
-- same RND numbers in the same order as the native generator and makes the same maze.
-- The contract is in src/core/generators/generator.hpp (entrance, carving, exit; pick(k)
-- draws only when k >= 2; neighbours up, right, down, left), the algorithm's own calls in
-- the comment of its class in src/core/generators/algorithms.cpp.
--   amazing run scripts/generators/sidewinder.lua --size 20x10 --seed 7 --batch
-- The top row is one corridor; in each later row runs grow to the right (a coin: 1
-- extend, 2 close) and a closed run opens upward from one of its cells.
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
entrance()
for r = 0, H - 1 do
  local run = 0
  for c = 0, W - 1 do
    local i = r * W + c
    local last = c == W - 1
    if r == 0 then
      if not last then add_bits(i, 2) end
    elseif not last and pick(2) == 1 then
      add_bits(i, 2)
    else
      local up = run + pick(c - run + 1) - 1
      add_bits((r - 1) * W + up, 1)
      run = c + 1
    end
  end
end
finish()
