-- AMAZING, from BASIC Computer Games (Creative Computing, Morristown, New Jersey, 1978),
-- as structured Lua for the amazing machine (the calls are in scripts/README.md).
--
-- It asks for a width and a length, walks a maze the way the listing does, and prints
-- it. Every RND is drawn exactly where the listing draws one, so the output is the
-- listing's, byte for byte, for the same generator state. The host passes:
--   amazing.args.variant    "book" (1978), "fixed" (line 695 corrected) or "fixed-exit"
--   amazing.args.maze_only  true: no banner and no question, the maze of
--   amazing.args.width, amazing.args.length only (what `amazing gen` prints)
-- Comments name the lines of the book listing the code stands for.

local A = amazing
local args = A.args or {}

-- X=INT(RND(1)*K+1), computed in single precision as GW-BASIC does (the product and the
-- sum are each rounded to a float; exact arithmetic picks differently once in ~20,000).
local function pick(k)
  return math.floor(A.single(A.single(A.rnd(1) * k) + 1))
end

-- Lines 10-30: the banner, then four empty lines.
local function banner()
  A.tab(28)
  A.print("AMAZING PROGRAM")
  A.tab(15)
  A.print("CREATIVE COMPUTING  MORRISTOWN, NEW JERSEY")
  for _ = 1, 4 do A.print() end
end

-- Lines 100-105: INPUT "WHAT ARE YOUR WIDTH AND LENGTH";H,V until the sizes make sense.
local function ask_size()
  while true do
    local h, v = A.input("WHAT ARE YOUR WIDTH AND LENGTH", "nn")
    if h == nil then
      error("the input ended before a width and length were given", 0)
    end
    if h == 1 or v == 1 then
      A.print("MEANINGLESS DIMENSIONS.  TRY AGAIN.")
    elseif h < 2 or v < 2 or h ~= math.floor(h) or v ~= math.floor(v)
        or h > A.max_dimension or v > A.max_dimension then
      -- The 1978 program stops with a BASIC error here; this one lets the user retry.
      A.print("SIZES MUST BE WHOLE NUMBERS FROM 2 TO " .. A.max_dimension .. ".  TRY AGAIN.")
    else
      return math.tointeger(h), math.tointeger(v)
    end
  end
end

-- The moves, in the order the listing offers them.
local LEFT, UP, RIGHT, DOWN = 1, 2, 3, 4

-- Lines 150-1000: the walk. Opens passages in `maze` (walls as the listing's V array)
-- and returns when every cell has been visited: nil, or the line where the listing
-- stops with "Subscript out of range". That happens when RND reaches its state
-- 0xFFFFFF (value 1 - 2^-24) for a column: in single precision INT(RND(1)*H+1) is
-- then H+1 when H is a power of two, outside DIM W(H,V): line 195 (the entrance) or
-- line 1012 (fixed-exit's added exit).
local function walk(maze, variant)
  local width, height = maze:width(), maze:height()
  local cells = width * height
  local col, row = 1, 1
  local count = 0           -- cells visited (the listing's C - 1)
  local exit_made = false   -- the listing's Z
  local done = false
  local stopped = nil       -- the listing line that stops the program, if any
  local choices = {}

  local function visit(c, r)  -- W(R,S)=C: C=C+1
    maze:visit(c, r)
    count = count + 1
  end

  -- The cell after (c, r) in reading order, wrapping from the last cell to the first
  -- (lines 210-250: the scan goes on at the next cell).
  local function after(c, r)
    if c < width then return c + 1, r end
    if r < height then return 1, r + 1 end
    return 1, 1
  end

  -- Lines 810, 840, 900, 950: IF C=H*V+1 THEN 1010.
  local function finish_if_full()
    if count < cells then return end
    done = true
    if variant == "fixed-exit" and not exit_made then
      -- Lines 1010-1014 of the fixed-exit listing: no exit yet, open one at random.
      local c = pick(width)
      if c > width then stopped = 1012; return end
      maze:set_walls(c, height, maze:walls(c, height) == 0 and 1 or 3)
    end
  end

  -- Lines 260-680: which ways are open from (c, r). With left, up and right all open the
  -- listing chooses among those three and never looks down. On the last row "down" is
  -- the exit, offered while there is none (Q=1).
  local function options(c, r)
    local n = 0
    if c > 1 and not maze:visited(c - 1, r) then n = n + 1; choices[n] = LEFT end
    if r > 1 and not maze:visited(c, r - 1) then n = n + 1; choices[n] = UP end
    if c < width and not maze:visited(c + 1, r) then n = n + 1; choices[n] = RIGHT end
    if n < 3 then
      local down
      if r == height then down = not exit_made else down = not maze:visited(c, r + 1) end
      if down then n = n + 1; choices[n] = DOWN end
    end
    return n
  end

  -- Lines 210-250: stuck, so scan forward from (c, r) for a visited cell with a move.
  -- The machine keeps a list of visited cells that may still have one (visit puts a
  -- cell on it, retire takes it off), so the scan skips what the listing would only
  -- look at and pass; the cells it stops at are the same.
  local function scan_from(c, r)
    for _ = 1, 2 do
      local sc, sr = maze:scan(c, r)
      while sc do
        col, row = sc, sr
        if options(col, row) > 0 then return end
        maze:retire(col, row)
        if col == width and row == height then break end
        sc, sr = maze:scan(after(col, row))
      end
      c, r = 1, 1
    end
    error("AMAZING walk: no visited cell has a move left")
  end

  local function move(m)
    if m == LEFT then          -- lines 790-815
      visit(col - 1, row)
      maze:set_walls(col - 1, row, 2)
      col = col - 1
    elseif m == UP then        -- lines 820-850
      visit(col, row - 1)
      maze:set_walls(col, row - 1, 1)
      row = row - 1
    elseif m == RIGHT then     -- lines 860-905
      visit(col + 1, row)
      maze:set_walls(col, row, maze:walls(col, row) == 0 and 2 or 3)
      col = col + 1
    elseif row == height then  -- lines 960-980: the exit; Z=1 and no move
      exit_made = true
      if maze:walls(col, row) == 0 then
        -- The scan restarts at (1,1), looking at (1,1) itself first.
        maze:set_walls(col, row, 1)
        scan_from(1, 1)
      else
        maze:set_walls(col, row, 3)
        scan_from(after(col, row))
      end
      return
    else                       -- lines 910-955
      visit(col, row + 1)
      maze:set_walls(col, row, maze:walls(col, row) == 0 and 1 or 3)
      row = row + 1
    end
    finish_if_full()
  end

  -- Line 160: the entrance; line 195: the walk starts there.
  col = pick(width)
  if col > width then return 195 end
  maze:set_entrance(col)
  visit(col, row)
  finish_if_full()

  while not done do
    local n = options(col, row)
    if n == 0 then
      scan_from(after(col, row))
    elseif variant == "book" and n == 2 and choices[1] == RIGHT and row == height then
      -- Line 695 of the book listing: on the last row with only right and the exit open
      -- it jumps to 830, the middle of "move up": it counts a visit, sets the cell
      -- above to V=1 and stands there. No RND.
      count = count + 1
      maze:set_walls(col, row - 1, 1)
      row = row - 1
      finish_if_full()
    else
      local x = 1
      if n > 1 then
        -- ON X GOTO: at state 0xFFFFFF, INT(RND(1)*2+1) is 3 and ON X GOTO a,b falls
        -- through to the next lines, which all lead to the first of the two.
        x = pick(n)
        if x > n then x = 1 end
      end
      move(choices[x])
    end
  end
  return stopped
end

-- Lines 165-190: the top border, with the entrance.
local function print_top(maze)
  local entrance = maze:entrance()
  for c = 1, maze:width() do A.write(c == entrance and ".  " or ".--") end
  A.print(".")
end

-- Lines 1015-1073: the rows.
local function print_rows(maze)
  local width, height = maze:width(), maze:height()
  for r = 1, height do
    A.write("I")
    for c = 1, width do A.write(maze:walls(c, r) < 2 and "  I" or "   ") end
    A.print()
    for c = 1, width do A.write(maze:walls(c, r) % 2 == 1 and ":  " or ":--") end
    A.print(".")
  end
end

local function main()
  local width, length
  if args.maze_only then
    width, length = args.width, args.length
    if not width or not length then
      error("maze_only needs amazing.args.width and amazing.args.length", 0)
    end
  else
    banner()
    width, length = ask_size()
    for _ = 1, 4 do A.print() end  -- line 110
  end
  local maze = A.maze(width, length)
  local stopped = walk(maze, args.variant or "book")
  -- The listing prints the top border before it walks; its rows after.
  print_top(maze)
  if stopped then
    local message = "Subscript out of range in " .. stopped
    if args.maze_only then
      error("the 1978 program stops on this maze: \"" .. message .. "\". Its RND reached "
        .. "state 0xFFFFFF, where INT(RND(1)*" .. width .. "+1) is " .. width + 1
        .. ", a column outside the maze. A different seed or size avoids it", 0)
    end
    A.print(message .. "\xFF")  -- as GW-BASIC prints an error, 0xFF before the line end
    return
  end
  A.publish(maze)
  print_rows(maze)
end

main()
