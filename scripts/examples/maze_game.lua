-- maze_game.lua: escape the maze before the monster catches you.
--
--   amazing run scripts/examples/maze_game.lua                 # a 19x11 maze
--   amazing run scripts/examples/maze_game.lua --size 12x8 --seed 5
--   amazing run scripts/examples/maze_game.lua practice        # the monster stays put
--
-- You (a smiling face, yellow) come in at the top; the way out is the gap in the bottom
-- wall (green). The monster (red) starts at the cell farthest from you and walks the
-- shortest way towards you, a step every MONSTER_TICKS ticks of 50 ms. Arrows or W A S D
-- move, Q quits. The timer at the top counts your time. Needs a terminal: with --batch
-- (or output to a pipe) it prints the maze and says so. The five best escapes for each
-- size (time and moves) are kept with amazing.save and shown at the end of each game.
--
-- Written on the machine's game API (scripts/README.md, "Games: the screen and the
-- keyboard"): locate, color, inkey, sleep, chr; the maze lives in amazing.maze.

local A = amazing
local c64 = A.machine == "c64"
local TICK_MS = 50
local MONSTER_TICKS = 8 -- the monster steps every 0.4 s
local PRACTICE = false  -- `practice` after the file name: the monster never moves
for _, word in ipairs(A.args.extra or {}) do
  if word == "practice" then PRACTICE = true end
end

-- What things look like: the machine's own characters (CP437 on the pc, PETSCII on the
-- c64) and colours.
local WALL = A.chr(c64 and 166 or 219)   -- full block (the C64's checkerboard)
local PLAYER = A.chr(c64 and 209 or 1)   -- smiling face (the C64's ball)
local MONSTER = A.chr(c64 and 214 or 2)  -- filled face (the C64's cross)
local COL = c64 and { wall = 14, player = 7, monster = 2, exit = 5, text = 1, floor = 6 }
  or { wall = 1, player = 14, monster = 12, exit = 10, text = 15, floor = 0 }

-- The size: --size WxL, as large as the 40x25 screen allows (a row for the title and one
-- for the keys).
local W = math.max(2, math.min(A.args.width or 19, 19))
local H = math.max(2, math.min(A.args.length or 11, 11))

-- ---- the maze: a depth-first walk on the machine's RND -----------------------------
local m = A.maze(W, H)
local DIRS = { "up", "right", "down", "left" }
local DC = { up = 0, right = 1, down = 0, left = -1 }
local DR = { up = -1, right = 0, down = 1, left = 0 }

local function inside(c, r) return c >= 1 and c <= W and r >= 1 and r <= H end

do
  local stack = { { A.draw(W), A.draw(H) } }
  m:visit(stack[1][1], stack[1][2])
  local free = {}
  while #stack > 0 do
    local top = stack[#stack]
    local c, r = top[1], top[2]
    local n = 0
    for _, d in ipairs(DIRS) do
      local nc, nr = c + DC[d], r + DR[d]
      if inside(nc, nr) and not m:visited(nc, nr) then
        n = n + 1
        free[n] = d
      end
    end
    if n == 0 then
      stack[#stack] = nil
    else
      local d = free[A.draw(n)]
      m:carve(c, r, d)
      local nc, nr = c + DC[d], r + DR[d]
      m:visit(nc, nr)
      stack[#stack + 1] = { nc, nr }
    end
  end
  m:carve(A.draw(W), 1, "up")   -- the entrance
  m:carve(A.draw(W), H, "down") -- the exit
end
local ENTRANCE, EXIT = m:entrance(), m:exit()

-- Can you step from (c, r) towards d? Never up out of the entrance.
local function can_go(c, r, d)
  if d == "up" and r == 1 then return false end
  return m:open(c, r, d)
end

-- ---- the picture ----------------------------------------------------------------------
local R0 = 2                           -- screen row of the top wall
local C0 = (40 - (2 * W + 1)) // 2 + 1 -- screen column of the left wall
local function cell_pos(c, r) return R0 + 2 * r - 1, C0 + 2 * c - 1 end

-- The maze as lines of the grid: true where a wall is.
local function wall_at(gr, gc)
  -- gr, gc: 0 .. 2H, 0 .. 2W on the grid of walls and cells
  if gr % 2 == 1 and gc % 2 == 1 then return false end -- a cell
  if gr % 2 == 0 and gc % 2 == 0 then return true end  -- a corner
  if gr % 2 == 0 then                                   -- a floor between rows
    local c, r = (gc + 1) // 2, gr // 2                 -- the wall under cell (c, r)
    if r == 0 then return c ~= ENTRANCE end
    return not m:open(c, r, "down")
  end
  local c, r = gc // 2, (gr + 1) // 2                   -- the wall right of cell (c, r)
  if c == 0 or c == W then return true end
  return not m:open(c, r, "right")
end

local function grid_line(gr)
  local t = {}
  for gc = 0, 2 * W do t[#t + 1] = wall_at(gr, gc) and WALL or " " end
  return table.concat(t)
end

local function put(row, col, text, fg)
  A.color(fg, COL.floor)
  A.locate(row, col)
  A.write(text)
end

if not A.keyboard() then
  -- No keyboard to play with (--batch, or not on a terminal): the maze as text.
  for gr = 0, 2 * H do
    print((grid_line(gr):gsub(WALL, "#")))
  end
  print("MAZE_GAME NEEDS A TERMINAL: RUN IT WITHOUT --BATCH")
  return
end

A.color(COL.text, COL.floor)
A.cls()
put(1, 1, "MAZE GAME", COL.text)
for gr = 0, 2 * H do put(R0 + gr, C0, grid_line(gr), COL.wall) end
do
  local er, ec = cell_pos(EXIT, H)
  put(er + 1, ec, " ", COL.exit) -- the gap
end
put(25, 1, "ARROWS OR W A S D MOVE   Q QUITS", COL.text)

-- ---- the best escapes, kept between runs (amazing.save / amazing.load) ----------------
-- Two flat lists for the size, best time first: times (seconds) and moves.
local BEST_KEY = string.format("best %dx%d", W, H)
local MAX_BEST = 5

local function load_best()
  local ok, best = pcall(A.load, BEST_KEY)
  if not ok or type(best) ~= "table" then return {}, {} end
  local ok2, moves = pcall(A.load, BEST_KEY .. " moves")
  if not ok2 or type(moves) ~= "table" then moves = {} end
  return best, moves
end

-- Enters an escape (nil: none, the monster won); returns its place (or nil) and whether
-- the list could be kept.
local function record_escape(seconds, moves_made)
  local times, moves = load_best()
  if not seconds or PRACTICE then return nil, true, times, moves end
  local place = #times + 1
  for i = 1, #times do
    if seconds < times[i] then place = i break end
  end
  if place > MAX_BEST then return nil, true, times, moves end
  table.insert(times, place, seconds)
  table.insert(moves, place, moves_made)
  times[MAX_BEST + 1], moves[MAX_BEST + 1] = nil, nil
  local kept = pcall(A.save, BEST_KEY, times) and pcall(A.save, BEST_KEY .. " moves", moves)
  return place, kept, times, moves
end

-- The table in a box in the middle of the screen.
local function show_best(place, kept, times, moves)
  local lines = { string.format("BEST ESCAPES %dX%d", W, H), "" }
  for i = 1, MAX_BEST do
    if times[i] then
      lines[#lines + 1] = string.format("%d. %5.1f S %4d MOVES%s", i, times[i], moves[i] or 0,
        i == place and " <" or "")
    else
      lines[#lines + 1] = string.format("%d.   ---", i)
    end
  end
  if PRACTICE then lines[#lines + 1] = "(PRACTICE: NOT KEPT)" end
  if not kept then lines[#lines + 1] = "(COULD NOT BE SAVED)" end
  local top = 12 - #lines // 2
  for i, text in ipairs(lines) do
    put(top + i - 1, 9, string.format(" %-23s ", text), COL.text)
  end
end

-- ---- the monster's way: shortest paths, breadth first ----------------------------------
local function distances_from(c0, r0)
  local dist = { [r0 * 64 + c0] = 0 }
  local queue, head = { { c0, r0 } }, 1
  while head <= #queue do
    local c, r = queue[head][1], queue[head][2]
    head = head + 1
    local d0 = dist[r * 64 + c]
    for _, d in ipairs(DIRS) do
      local nc, nr = c + DC[d], r + DR[d]
      if inside(nc, nr) and can_go(c, r, d) and not dist[nr * 64 + nc] then
        dist[nr * 64 + nc] = d0 + 1
        queue[#queue + 1] = { nc, nr }
      end
    end
  end
  return dist
end

local pc, pr = ENTRANCE, 1
local mc, mr
do -- the monster starts at the cell farthest from the entrance
  local dist, far = distances_from(pc, pr), -1
  for r = 1, H do
    for c = 1, W do
      local d = dist[r * 64 + c] or -1
      if d > far then far, mc, mr = d, c, r end
    end
  end
end

local function draw_cell(c, r)
  local row, col = cell_pos(c, r)
  if c == mc and r == mr then
    put(row, col, MONSTER, COL.monster)
  elseif c == pc and r == pr then
    put(row, col, PLAYER, COL.player)
  else
    put(row, col, " ", COL.text)
  end
end

local ticks = 0
local moves_made = 0
local function timer_text() return string.format("TIME %5.1f", ticks * TICK_MS / 1000) end

-- A message on the title row and the best escapes (seconds: this escape's time, nil when
-- the monster won); waits for a key.
local function finish(text, seconds)
  put(1, 1, string.format("%-27s", text), COL.text)
  show_best(record_escape(seconds, moves_made))
  put(25, 1, string.format("%-39s", "PRESS A KEY"), COL.text)
  A.show()
  while not A.inkey() do A.sleep(TICK_MS) end
end

local KEYS = { up = "up", w = "up", W = "up", down = "down", s = "down", S = "down",
  left = "left", a = "left", A = "left", right = "right", d = "right", D = "right" }

draw_cell(pc, pr)
draw_cell(mc, mr)
while true do
  put(1, 29, timer_text(), COL.text)
  -- Every key pressed since the last tick.
  local key = A.inkey()
  while key do
    if key == "q" or key == "Q" then return end
    local d = KEYS[key]
    if d and can_go(pc, pr, d) then
      if d == "down" and pr == H and pc == EXIT then
        moves_made = moves_made + 1 -- the step out
        finish("YOU ESCAPED!", ticks * TICK_MS / 1000)
        return
      end
      local oc, or_ = pc, pr
      pc, pr = pc + DC[d], pr + DR[d]
      moves_made = moves_made + 1
      draw_cell(oc, or_)
      draw_cell(pc, pr)
    end
    if pc == mc and pr == mr then break end
    key = A.inkey()
  end
  if not PRACTICE and ticks % MONSTER_TICKS == MONSTER_TICKS - 1
      and not (pc == mc and pr == mr) then
    local dist = distances_from(pc, pr)
    local here = dist[mr * 64 + mc]
    for _, d in ipairs(DIRS) do
      local nc, nr = mc + DC[d], mr + DR[d]
      if inside(nc, nr) and can_go(mc, mr, d) and dist[nr * 64 + nc] == here - 1 then
        local oc, or_ = mc, mr
        mc, mr = nc, nr
        draw_cell(oc, or_)
        draw_cell(mc, mr)
        break
      end
    end
  end
  if pc == mc and pr == mr then
    draw_cell(mc, mr)
    finish("THE MONSTER GOT YOU!")
    return
  end
  A.sleep(TICK_MS)
  ticks = ticks + 1
end
