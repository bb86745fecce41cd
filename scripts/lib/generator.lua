-- generator.lua: what every scripts/generators/NAME.lua shares (require("generator")).
-- The contract is in src/core/generators/generator.hpp: the entrance, the carving, the
-- exit; pick(k) draws only when k >= 2; neighbours in the order up, right, down, left.
--
--   local g = require("generator").new(amazing.args.width or 20, amazing.args.length or 10)
--   local W, H, pick, around, to, dirs = g.W, g.H, g.pick, g.around, g.to, g.dirs
--   local start = g.entrance()        -- draws pick(W), opens the top; returns its cell
--   ... carve with g.open_between(i, d) or g.add_bits(i, bits) ...
--   g.finish()                        -- draws the exit, prints the maze, publishes it
--
-- Cells count from 0, row-major: i = r * W + c (the maze methods count from 1).
-- Copy the functions you call in a loop into locals, as above: a local is one VM
-- instruction, a field g.pick a table lookup on every call.

local M = {}

-- Directions, the order the native generators try neighbours in.
M.UP, M.RIGHT, M.DOWN, M.LEFT = 0, 1, 2, 3

-- pick(k) = INT(RND(1)*k+1) in single precision, only when k >= 2, never above k.
function M.pick(k)
  if k <= 1 then return 1 end
  local v = math.floor(amazing.single(amazing.single(amazing.rnd(1) * k) + 1))
  if v > k then v = k end
  return v
end

-- A generator for a W x H maze: g.m (the maze), g.W, g.H, g.TOTAL and the helpers below.
function M.new(W, H)
  local m = amazing.maze(W, H)
  local pick = M.pick
  local UP, RIGHT, DOWN = M.UP, M.RIGHT, M.DOWN
  local g = {m = m, W = W, H = H, TOTAL = W * H, pick = pick,
             UP = UP, RIGHT = RIGHT, DOWN = DOWN, LEFT = M.LEFT}

  -- The cell next to i in direction d, or nil at the border.
  local function neighbour(i, d)
    local c, r = i % W, i // W
    if d == UP then if r == 0 then return nil end return i - W end
    if d == RIGHT then if c == W - 1 then return nil end return i + 1 end
    if d == DOWN then if r == H - 1 then return nil end return i + W end
    if c == 0 then return nil end
    return i - 1
  end
  -- Walls value bits of a cell: 1 its floor (down) open, 2 its right wall open.
  local function add_bits(i, bits)
    local c, r = i % W + 1, i // W + 1
    m:set_walls(c, r, m:walls(c, r) | bits)
  end
  local function clear_bits(i, bits)
    local c, r = i % W + 1, i // W + 1
    m:set_walls(c, r, m:walls(c, r) & ~bits)
  end
  -- Opens the wall between cell i and its neighbour in direction d.
  local function open_between(i, d)
    if d == UP then add_bits(i - W, 1)
    elseif d == RIGHT then add_bits(i, 2)
    elseif d == DOWN then add_bits(i, 1)
    else add_bits(i - 1, 2) end
  end
  -- The neighbours j of i for which keep(j) holds, up, right, down, left, into
  -- g.to[1..n] and g.dirs[1..n]; returns n. (The two tables are reused by every call.)
  local to, dirs = {}, {}
  local function around(i, keep)
    local n = 0
    for d = 0, 3 do
      local j = neighbour(i, d)
      if j and keep(j) then n = n + 1; to[n] = j; dirs[n] = d end
    end
    return n
  end

  -- (1) The entrance: pick(W) over the top row; returns its cell.
  local function entrance()
    local col = pick(W) - 1
    m:set_entrance(col + 1)
    return col
  end

  -- (3) The exit: pick(W) over the bottom row; then the maze is printed as AMAZING
  -- prints it and handed to the host (amazing.publish), which checks it.
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

  g.neighbour, g.add_bits, g.clear_bits, g.open_between = neighbour, add_bits, clear_bits,
      open_between
  g.to, g.dirs, g.around, g.any = to, dirs, around, function() return true end
  g.entrance, g.finish = entrance, finish
  return g
end

return M
