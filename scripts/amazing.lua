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
-- On the Commodore 64 the product and the sum are the ROM's 5-byte arithmetic, whose
-- rounding only the host has: amazing.draw computes INT(RND(1)*K+1) there.
if A.machine == "c64" then pick = A.draw end

-- Lines 10-30: the banner, then four empty lines.
local function banner()
  A.tab(28)
  A.print("AMAZING PROGRAM")
  A.tab(15)
  A.print("CREATIVE COMPUTING  MORRISTOWN, NEW JERSEY")
  for _ = 1, 4 do A.print() end
end

-- GW-BASIC's CINT, as DIM rounds its subscripts: half away from zero.
local function cint(x)
  if x >= 0 then return math.floor(x + 0.5) end
  return -math.floor(-x + 0.5)
end

-- The Commodore 64 (amazing.machine "c64") takes subscripts as whole numbers toward zero
-- (DIM W(2.5,3) is W(2,3); -0.4 is 0), runs a FOR body once even when the loop is empty,
-- and words its errors "?BAD SUBSCRIPT  ERROR IN 195", a line end before them.
local C64 = A.machine == "c64"
local function trunc(x)
  if x >= 0 then return math.floor(x) end
  return -math.floor(-x)
end
-- Where the listing runs out of the machine's memory at H x V, or nil: the host knows
-- each machine's layout (src/basic/FACTS.md, "The C64's memory", "The pc's memory"). Line
-- 110's DIM W(H,V),V(H,V) may not fit; or a simple variable made after it, at lines 160
-- (Q, Z, X), 165 (I), 195 (C), 200 (R, S) or 1010 (J; 1015 in fixed-exit). With a --ram
-- size of the user's own the pc has no such line.
local function out_of_memory_line(hn, vn)
  return A.out_of_memory_line(hn, vn, args.variant or "book", args.seed)
end
-- The listing stops at `line` out of memory, as the machine says it.
local function out_of_memory_stop(line)
  if C64 then
    A.print()
    A.write("?OUT OF MEMORY  ERROR IN " .. line)
  else
    A.print("Out of memory in " .. line .. "\xFF")
  end
  A.basic_error("Out of memory in " .. line, line, "out of memory")
end

-- Lines 100-105: INPUT "WHAT ARE YOUR WIDTH AND LENGTH";H,V until neither is 1. Returns
-- H and V as the singles INPUT read (nil, nil when the input ended; nil, "overflow" when
-- the C64 stopped at a typed number past its range).
local function ask_size()
  while true do
    local h, v = A.input("WHAT ARE YOUR WIDTH AND LENGTH", "nn")
    if h == nil then return nil, v end
    h, v = A.single(h), A.single(v)
    if h == 1 or v == 1 then
      A.print("MEANINGLESS DIMENSIONS.  TRY AGAIN.")
    else
      return h, v
    end
  end
end

-- Lines 110-1073 as listed, for sizes the walk below does not take (0, an empty field,
-- a fraction): H and V are the singles typed, the arrays are as big as DIM W(H,V) makes
-- them, and every subscript is checked, so the output and the BASIC error that stops the
-- program are PC-BASIC's (Subscript out of range in 195 for 0,5; in 400 or 700 for
-- 2.5,3). Returns the error message, or nil when the program ran to its END.
local function listing_run(h, v, variant)
  local sub = C64 and trunc or cint
  local hn, vn = sub(h), sub(v)
  local W, V = {}, {}
  local negative = false  -- a negative subscript is an Illegal function call in GW-BASIC
  local function ok(r, s)
    negative = r < 0 or s < 0
    return not negative and r <= hn and s <= vn
  end
  local function key(r, s) return s * (hn + 1) + r end
  local function get(t, r, s) return t[key(r, s)] or 0 end
  local function pk(k)
    if C64 and k >= 1 and k == math.floor(k) then return A.draw(k) end
    return math.floor(A.single(A.single(A.rnd(1) * k) + 1))
  end
  local hv1 = A.single(A.single(h * v) + 1)  -- H*V+1 in single precision
  local q, z, x, r, s, c, line, steps = 0, 0, 0, 0, 0, 0, 0, 0
  local i, j = 1, 1
  for _ = 1, 4 do A.print() end  -- lines 120-150
  x = pk(h)                      -- line 160
  while i <= h or (C64 and i == 1) do A.write(i == x and ".  " or ".--"); i = i + 1 end
  A.print(".")
  c = 1
  if not ok(x, 1) then line = 195 goto stop end
  W[key(x, 1)] = c
  c = c + 1
  r, s = x, 1
  goto L260
  ::L210::
  steps = steps + 1
  if steps > 200000000 then error("the 1978 program walks on without end for this size", 0) end
  if r ~= h then goto L240 end
  if s ~= v then goto L230 end
  r, s = 1, 1
  goto L250
  ::L230::
  r, s = 1, s + 1
  goto L250
  ::L240::
  r = r + 1
  ::L250::
  if not ok(r, s) then line = 250 goto stop end
  if get(W, r, s) == 0 then goto L210 end
  ::L260::
  if r - 1 == 0 then goto L530 end
  if not ok(r - 1, s) then line = 265 goto stop end
  if get(W, r - 1, s) ~= 0 then goto L530 end
  if s - 1 == 0 then goto L390 end
  if not ok(r, s - 1) then line = 280 goto stop end
  if get(W, r, s - 1) ~= 0 then goto L390 end
  if r == h then goto L330 end
  if not ok(r + 1, s) then line = 300 goto stop end
  if get(W, r + 1, s) ~= 0 then goto L330 end
  x = pk(3)
  if x == 1 then goto L790 elseif x == 2 then goto L820 else goto L860 end
  ::L330::
  if s ~= v then goto L340 end
  if z == 1 then goto L370 end
  q = 1
  goto L350
  ::L340::
  if not ok(r, s + 1) then line = 340 goto stop end
  if get(W, r, s + 1) ~= 0 then goto L370 end
  ::L350::
  x = pk(3)
  if x == 1 then goto L790 elseif x == 2 then goto L820 else goto L910 end
  ::L370::
  x = pk(2)
  if x == 1 then goto L790 else goto L820 end
  ::L390::
  if r == h then goto L470 end
  if not ok(r + 1, s) then line = 400 goto stop end
  if get(W, r + 1, s) ~= 0 then goto L470 end
  if s ~= v then goto L420 end
  if z == 1 then goto L450 end
  q = 1
  goto L430
  ::L420::
  if not ok(r, s + 1) then line = 420 goto stop end
  if get(W, r, s + 1) ~= 0 then goto L450 end
  ::L430::
  x = pk(3)
  if x == 1 then goto L790 elseif x == 2 then goto L860 else goto L910 end
  ::L450::
  x = pk(2)
  if x == 1 then goto L790 else goto L860 end
  ::L470::
  if s ~= v then goto L490 end
  if z == 1 then goto L790 end  -- 520 GOTO 790
  q = 1
  goto L500
  ::L490::
  if not ok(r, s + 1) then line = 490 goto stop end
  if get(W, r, s + 1) ~= 0 then goto L790 end
  ::L500::
  x = pk(2)
  if x == 1 then goto L790 else goto L910 end
  ::L530::
  if s - 1 == 0 then goto L670 end
  if not ok(r, s - 1) then line = 540 goto stop end
  if get(W, r, s - 1) ~= 0 then goto L670 end
  if r == h then goto L610 end
  if not ok(r + 1, s) then line = 547 goto stop end
  if get(W, r + 1, s) ~= 0 then goto L610 end
  if s ~= v then goto L560 end
  if z == 1 then goto L590 end
  q = 1
  goto L570
  ::L560::
  if not ok(r, s + 1) then line = 560 goto stop end
  if get(W, r, s + 1) ~= 0 then goto L590 end
  ::L570::
  x = pk(3)
  if x == 1 then goto L820 elseif x == 2 then goto L860 else goto L910 end
  ::L590::
  x = pk(2)
  if x == 1 then goto L820 else goto L860 end
  ::L610::
  if s ~= v then goto L630 end
  if z == 1 then goto L820 end  -- 660 GOTO 820
  q = 1
  goto L640
  ::L630::
  if not ok(r, s + 1) then line = 630 goto stop end
  if get(W, r, s + 1) ~= 0 then goto L820 end
  ::L640::
  x = pk(2)
  if x == 1 then goto L820 else goto L910 end
  ::L670::
  if r == h then goto L740 end
  if not ok(r + 1, s) then line = 680 goto stop end
  if get(W, r + 1, s) ~= 0 then goto L740 end
  if s ~= v then goto L700 end
  if z == 1 then goto L860 end  -- 730 GOTO 860
  q = 1
  if variant == "book" then goto L830 end  -- line 695 as printed in 1978
  goto L710
  ::L700::
  if not ok(r, s + 1) then line = 700 goto stop end
  if get(W, r, s + 1) ~= 0 then goto L860 end
  ::L710::
  x = pk(2)
  if x == 1 then goto L860 else goto L910 end
  ::L740::
  if s ~= v then goto L760 end
  if z == 1 then goto L210 end  -- 780 GOTO 1000: GOTO 210
  q = 1
  goto L910
  ::L760::
  if not ok(r, s + 1) then line = 760 goto stop end
  if get(W, r, s + 1) ~= 0 then goto L210 end
  goto L910
  ::L790::
  if not ok(r - 1, s) then line = 790 goto stop end
  W[key(r - 1, s)] = c
  c = c + 1
  V[key(r - 1, s)] = 2
  r = r - 1
  if c == hv1 then goto L1010 end
  q = 0
  goto L260
  ::L820::
  if not ok(r, s - 1) then line = 820 goto stop end
  W[key(r, s - 1)] = c
  ::L830::
  c = c + 1
  if not ok(r, s - 1) then line = 840 goto stop end
  V[key(r, s - 1)] = 1
  s = s - 1
  if c == hv1 then goto L1010 end
  q = 0
  goto L260
  ::L860::
  if not ok(r + 1, s) then line = 860 goto stop end
  W[key(r + 1, s)] = c
  c = c + 1
  if not ok(r, s) then line = 870 goto stop end
  V[key(r, s)] = get(V, r, s) == 0 and 2 or 3
  r = r + 1
  if c == hv1 then goto L1010 end
  goto L530
  ::L910::
  if q == 1 then goto L960 end
  if not ok(r, s + 1) then line = 920 goto stop end
  W[key(r, s + 1)] = c
  c = c + 1
  V[key(r, s)] = get(V, r, s) == 0 and 1 or 3
  s = s + 1
  if c == hv1 then goto L1010 end
  goto L260
  ::L960::
  z = 1
  if not ok(r, s) then line = 970 goto stop end
  if get(V, r, s) ~= 0 then
    V[key(r, s)] = 3
    q = 0
    goto L210
  end
  V[key(r, s)] = 1
  q, r, s = 0, 1, 1
  goto L250
  ::L1010::
  if variant == "fixed-exit" and z ~= 1 then
    x = pk(h)
    if not ok(x, sub(v)) then line = 1012 goto stop end
    V[key(x, sub(v))] = get(V, x, sub(v)) == 0 and 1 or 3
  end
  j = 1
  while j <= v do
    A.write("I")
    i = 1
    while i <= h do
      if not ok(i, j) then line = variant == "fixed-exit" and 1018 or 1013 goto stop end
      A.write(get(V, i, j) < 2 and "  I" or "   ")
      i = i + 1
    end
    A.print()
    i = 1
    while i <= h do
      if not ok(i, j) then line = 1045 goto stop end
      local w = get(V, i, j)
      A.write((w == 0 or w == 2) and ":--" or ":  ")
      i = i + 1
    end
    A.print(".")
    j = j + 1
  end
  do return nil end
  ::stop::
  if C64 then
    return (negative and "?ILLEGAL QUANTITY  ERROR IN " or "?BAD SUBSCRIPT  ERROR IN ") .. line
  end
  return (negative and "Illegal function call in " or "Subscript out of range in ") .. line
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

-- The listing stopped on its BASIC error `message` ("Subscript out of range in 195",
-- "?OUT OF MEMORY  ERROR IN 110"), printed as the machine prints it: the host is told, so
-- the run ends with that outcome (exit 5, or 3 out of memory) on every route.
local function stopped_by(message)
  local kind = (message:find("OUT OF MEMORY", 1, true) or message:find("Out of memory", 1, true))
    and "out of memory" or "error"
  A.basic_error(message, tonumber(message:match("(%d+)$")) or -1, kind)
end

local function main()
  local width, length, out_of_memory  -- out_of_memory: the line where memory ends
  if args.maze_only then
    width, length = args.width, args.length
    if not width or not length then
      error("maze_only needs amazing.args.width and amazing.args.length", 0)
    end
  else
    banner()
    while true do
      local h, v = ask_size()
      -- PC-BASIC prints nothing more when the input ends at INPUT: the program stops
      -- silently, and ends as a program that ran to its END. A typed number past the
      -- C64's range stops line 100 there.
      if h == nil and v == "overflow" then
        A.print()
        A.write("?OVERFLOW  ERROR IN 100")
        stopped_by("?OVERFLOW  ERROR IN 100")
        return
      end
      if h == nil then return end
      -- Line 110, DIM W(H,V): rounded subscripts, at most 32767, none negative.
      local hn, vn = cint(h), cint(v)
      local message
      if C64 then
        -- Line 110 on the C64: subscripts toward zero, 0..32767 (any negative one, -0.4
        -- too, is refused before it is made an integer), and both arrays in its free
        -- bytes; then the listing runs as sizes below 2 or fractions make it.
        hn, vn = trunc(h), trunc(v)
        if h < 0 or v < 0 or hn > 32767 or vn > 32767 then
          message = "?ILLEGAL QUANTITY  ERROR IN 110"
        elseif out_of_memory_line(hn, vn) == 110 then
          message = "?OUT OF MEMORY  ERROR IN 110"
        elseif h >= 2 and v >= 2 and h == math.floor(h) and v == math.floor(v) then
          width, length = math.tointeger(h), math.tointeger(v)
          out_of_memory = out_of_memory_line(hn, vn)
          break
        else
          message = listing_run(h, v, args.variant or "book")
          if not message then return end  -- it ran to its END
        end
        -- The C64 ends the line first, and stops (READY. follows on its screen).
        A.print()
        A.write(message)
        stopped_by(message)
        return
      end
      if hn > 32767 or vn > 32767 or hn < -32768 or vn < -32768 then
        message = "Overflow in 110"
      elseif hn < 0 or vn < 0 then
        message = "Illegal function call in 110"
      elseif out_of_memory_line(hn, vn) == 110 then
        message = "Out of memory in 110"
      elseif h >= 2 and v >= 2 and h == math.floor(h) and v == math.floor(v) then
        width, length = math.tointeger(h), math.tointeger(v)
        out_of_memory = out_of_memory_line(hn, vn)
        if not out_of_memory or args.batch then break end
        -- A variable made after the arrays does not fit (line 160 on): on the screen the
        -- machine says so after lines 120-150 and offers another try, as after line 110.
        for _ = 1, 4 do A.print() end
        message = "Out of memory in " .. out_of_memory
        out_of_memory = nil
      else
        -- Whether the machine holds the arrays is decided as for a whole size: by its RAM
        -- and the nibble store (A.maze raises the machine's out-of-memory error).
        A.maze(math.max(hn, 2), math.max(vn, 2))
        collectgarbage()  -- the probe's RAM is free again before any next answer
        message = listing_run(h, v, args.variant or "book")
        if not message then return end  -- it ran to its END
      end
      A.print(message .. "\xFF")  -- as GW-BASIC prints an error, 0xFF before the line end
      -- In batch the program stops there, as PC-BASIC's does; on the screen the machine
      -- offers another try instead.
      if args.batch then
        stopped_by(message)
        return
      end
      A.print()
    end
    for _ = 1, 4 do A.print() end  -- line 110
  end
  if out_of_memory and out_of_memory < 195 then  -- lines 160, 165: before the top border
    out_of_memory_stop(out_of_memory)
    return
  end
  local maze = A.maze(width, length)
  local stopped = walk(maze, args.variant or "book")
  -- The listing prints the top border before it walks; its rows after.
  print_top(maze)
  -- Line 195 makes C before W(X,1)=C can be out of range; the walk's other stop (1012 in
  -- fixed-exit) comes before J is made.
  if out_of_memory and (not stopped or out_of_memory <= stopped) then
    out_of_memory_stop(out_of_memory)
    return
  end
  if stopped then
    local message = "Subscript out of range in " .. stopped
    stopped_by(C64 and "?BAD SUBSCRIPT  ERROR IN " .. stopped or message)
    if args.maze_only then
      -- The host prints what the listing printed of it (the top border) from the maze.
      A.publish(maze)
      error("the 1978 program stops on this maze: \"" .. message .. "\". Its RND reached "
        .. "state 0xFFFFFF, where INT(RND(1)*" .. width .. "+1) is " .. width + 1
        .. ", a column outside the maze. A different seed or size avoids it", 0)
    end
    if C64 then
      A.print()
      A.write("?BAD SUBSCRIPT  ERROR IN " .. stopped)
      return
    end
    A.print(message .. "\xFF")  -- as GW-BASIC prints an error, 0xFF before the line end
    return
  end
  A.publish(maze)
  print_rows(maze)
end

main()
