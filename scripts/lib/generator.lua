-- generator.lua: what every scripts/generators/NAME.lua shares (require("generator")).
-- The contract is in src/core/generators/generator.hpp: the entrance over the open cells
-- of the top row, the carving, the exit over the open cells of the bottom row, then the
-- markers (--starts N, or the backtracker's longest path); pick(k) draws only when k >= 2;
-- neighbours in the order up, right, down, left, masked cells left out.
--
--   local g = require("generator").new("prim", true)  -- name, whether it honours --mask
--   local cell, D, pick = g.cell, g.D, g.pick
--   local start = g.entrance()      -- draws the entrance; returns its cell
--   ... carve: g.open_between(p, d), g.around_unvisited(p) -> n (g.to, g.dirs) ...
--   g.finish()                      -- draws the exit and the markers, prints, publishes
--
-- Cells: g.cell[p] is a whole number of bits for the cell at p, on a grid with a border
-- one cell wide all round (so a neighbour is always p + D[d], never off the table):
--   p = (row + 1) * (W + 2) + col + 2      (col, row from 0; g.pos(i) for i = row*W + col)
--   1 DOWN_OPEN, 2 RIGHT_OPEN (the walls value of the maze), 4 VISITED, 8 MARK,
--   16 MASKED (--mask cells and the border), 128 INTERIOR (set by g.mark_interior() on
--   the open cells whose four neighbours are all open); 32, 64 and the bits from 256 up
--   are free for the algorithm: no helper reads or writes them (g.longest_path keeps
--   its own table). The names are fields of this module (G.VISITED, ...).
-- Only bits 1 and 2 reach the maze. Cells in reading order are p = g.first .. g.last,
-- skipping the border (g.cell[p] & MASKED). Copy what a loop calls into locals: a local
-- is one VM instruction, a field g.x a table lookup on every call.
--
-- The RND in a hot loop: GW-BASIC's RND is x = (x * 214013 + 2531011) % 2^24, so a walk
-- may step it in Lua, as the native generators step it in a register:
--   local s, draws = amazing.rnd_state(), 0
--   s = (s * 214013 + 2531011) & 0xFFFFFF; draws = draws + 1
--   local d = s >> 22          -- pick(4) - 1, exactly (s >> 23 is pick(2) - 1)
--   amazing.set_rnd_state(s, draws)   -- before anything else draws (pick, rnd)

local M = {}

M.DOWN_OPEN, M.RIGHT_OPEN, M.VISITED, M.MARK, M.MASKED, M.INTERIOR = 1, 2, 4, 8, 16, 128
M.UP, M.RIGHT, M.DOWN, M.LEFT = 0, 1, 2, 3

-- pick(k) = INT(RND(1)*k+1) in single precision, only when k >= 2, never above k.
M.pick = amazing.pick

local MASK_ALGORITHMS = "backtracker, wilson, aldous-broder, hunt-and-kill, kruskal, prim, "
    .. "growing-tree, whitney or restart"
-- The built-in generators that refuse a mask: their refusal names the ones that carve
-- around it; a script of one's own is told what to change instead.
local BUILT_IN_NO_MASK = {["binary-tree"] = true, sidewinder = true, eller = true,
                          ["recursive-division"] = true}

-- A generator named `name` (the native name, for messages) for the maze amazing.args
-- asks for; refuses --mask unless `honours_mask`, and what make_generator refuses.
function M.new(name, honours_mask)
  local args = amazing.args
  local W, H = args.width or 20, args.length or 10
  local starts = args.starts or 0
  local mask = args.mask
  local pick = M.pick
  local DOWN_OPEN, RIGHT_OPEN, VISITED, MASKED = M.DOWN_OPEN, M.RIGHT_OPEN, M.VISITED, M.MASKED
  local INTERIOR = M.INTERIOR
  local NOT_OPEN = VISITED | MASKED  -- around_unvisited: neither visited nor masked
  -- The checks of make_generator (src/core/generators/generator.cpp), with its words;
  -- an option the maze cannot honour is refused (amazing.refuse: exit 2, one line).
  if W * H >= 1 << 30 then
    amazing.refuse("a maze of " .. W * H .. " cells is too large for '" .. name .. "' (its "
                   .. "cell lists hold fewer than 2^30 cells); use eller with --format text "
                   .. "for longer mazes")
  end
  local open = W * H
  if mask then
    if not honours_mask then
      if BUILT_IN_NO_MASK[name] then
        amazing.refuse("the algorithm '" .. name .. "' cannot carve around a mask; use "
                       .. MASK_ALGORITHMS)
      end
      amazing.refuse("the algorithm '" .. name .. "' cannot carve around a mask (it calls "
                     .. "require(\"generator\").new(name, false)); leave out --mask, or "
                     .. "pass true if it keeps out of masked cells")
    end
    if mask.width ~= W or mask.height ~= H then
      amazing.refuse("the mask is " .. mask.width .. "x" .. mask.height .. " but the maze is "
                     .. W .. "x" .. H .. "; make them the same size")
    end
    local problem = amazing.mask_check()
    if problem then amazing.refuse(problem) end
    open = open - mask.masked
  end
  if starts < 0 or starts * 2 > open then
    amazing.refuse("--starts " .. starts .. " needs " .. 2 * starts .. " open cells for its "
                   .. "markers; the maze has " .. open)
  end

  local m = amazing.maze(W, H)
  local WP = W + 2
  local N = WP * (H + 2)
  local cell = {}
  for p = 1, N do cell[p] = 0 end
  for p = 1, WP do cell[p] = MASKED; cell[N - WP + p] = MASKED end
  for r = 1, H do cell[r * WP + 1] = MASKED; cell[r * WP + WP] = MASKED end
  local function pos(i) return (i // W + 1) * WP + i % W + 2 end
  if mask then
    for _, i in ipairs(amazing.mask_cells()) do cell[pos(i)] = MASKED end
  end
  local D = {[0] = -WP, 1, WP, -1}
  local first, last = WP + 2, H * WP + W + 1

  -- Opens the wall between cell p and its neighbour in direction d.
  local function open_between(p, d)
    if d == 0 then cell[p - WP] = cell[p - WP] | DOWN_OPEN
    elseif d == 1 then cell[p] = cell[p] | RIGHT_OPEN
    elseif d == 2 then cell[p] = cell[p] | DOWN_OPEN
    else cell[p - 1] = cell[p - 1] | RIGHT_OPEN end
  end
  -- The neighbours of p of one kind, up, right, down, left, into to[1..n] and
  -- dirs[1..n] (reused by every call); each returns n.
  local to, dirs = {}, {}
  local up, right, down, left = -WP, 1, WP, -1
  local function around(p, bits, want)  -- cell[j] & bits == want
    local n = 0
    local j = p + up
    if cell[j] & bits == want then n = 1; to[1] = j; dirs[1] = 0 end
    j = p + right
    if cell[j] & bits == want then n = n + 1; to[n] = j; dirs[n] = 1 end
    j = p + down
    if cell[j] & bits == want then n = n + 1; to[n] = j; dirs[n] = 2 end
    j = p + left
    if cell[j] & bits == want then n = n + 1; to[n] = j; dirs[n] = 3 end
    return n
  end
  -- Not visited and not masked.
  local function around_unvisited(p) return around(p, NOT_OPEN, 0) end
  local function around_visited(p) return around(p, VISITED, VISITED) end
  local function around_open(p) return around(p, MASKED, 0) end
  local function has_unvisited(p)
    return cell[p + up] & NOT_OPEN == 0 or cell[p + right] & NOT_OPEN == 0
        or cell[p + down] & NOT_OPEN == 0 or cell[p + left] & NOT_OPEN == 0
  end

  -- The k-th open cell of a row (k from 1), from p0 on.
  local function kth_open_in_row(p0, k)
    for p = p0, p0 + W - 1 do
      if cell[p] & MASKED == 0 then
        k = k - 1
        if k == 0 then return p end
      end
    end
  end
  local function open_in_row(p0)
    local n = 0
    for p = p0, p0 + W - 1 do if cell[p] & MASKED == 0 then n = n + 1 end end
    return n
  end

  local g = {m = m, W = W, H = H, WP = WP, N = N, TOTAL = W * H, OPEN = open, cell = cell,
             D = D, first = first, last = last, pos = pos, pick = pick, to = to,
             dirs = dirs, starts = starts, masked = mask ~= nil,
             open_between = open_between, around = around,
             around_unvisited = around_unvisited, around_visited = around_visited,
             around_open = around_open, has_unvisited = has_unvisited}
  -- INTERIOR (128) on the open cells whose four neighbours are open: there a walk's pick
  -- over its open neighbours is pick(4), the direction itself.
  function g.mark_interior()
    for p = first, last do
      if cell[p] & MASKED == 0 and cell[p + up] & MASKED == 0 and cell[p + right] & MASKED == 0
          and cell[p + down] & MASKED == 0 and cell[p + left] & MASKED == 0 then
        cell[p] = cell[p] | INTERIOR
      end
    end
  end
  -- Cell p as a 0-based column and row.
  function g.col_row(p) return (p - 2) % WP, (p - 2) // WP - 1 end
  -- Cell p as a 0-based row-major index.
  function g.index(p) return ((p - 2) // WP - 1) * W + (p - 2) % WP end

  -- (1) The entrance: pick(n) over the open cells of the top row; returns its cell.
  local entrance_col
  function g.entrance()
    local p = kth_open_in_row(first, pick(open_in_row(first)))
    entrance_col = p - first + 1
    m:set_entrance(entrance_col)
    return p
  end

  -- The k-th open cell in reading order (k from 1).
  local open_list
  local function nth_open(k)
    if not mask then return pos(k - 1) end
    if not open_list then
      open_list = {}
      local n = 0
      for p = first, last do
        if cell[p] & MASKED == 0 then n = n + 1; open_list[n] = p end
      end
    end
    return open_list[k]
  end
  -- (4) --starts n: a start at the first open cell, an end at the last, then the others
  -- drawn with pick(open cells), again while the cell drawn holds a marker; the starts
  -- first, then the ends.
  local function place_markers(n)
    local marks = {starts = {}, ends = {}}
    local taken = {}
    local function add(list, p)
      local c, r = g.col_row(p)
      list[#list + 1] = {c + 1, r + 1}
      taken[p] = true
    end
    add(marks.starts, nth_open(1))
    add(marks.ends, nth_open(open))
    for _, list in ipairs({marks.starts, marks.ends}) do
      for _ = 2, n do
        local p
        repeat p = nth_open(pick(open)) until not taken[p]
        add(list, p)
      end
    end
    return marks
  end

  -- The two ends of the longest path (the backtracker's markers): the deepest cell from
  -- `first_end` (itself the deepest from the entrance), found depth-first in the order
  -- up, right, down, left without a stack: `back` holds each cell's direction back to
  -- its parent, 2 bits a cell, 32 cells a word (its own table, so the cells' free bits
  -- stay the algorithm's). The first cell to reach the greatest depth wins.
  function g.longest_path(first_end)
    local bottom = last + 1  -- cells below the last row are the border
    local back = {}
    for k = 1, (N >> 5) + 1 do back[k] = 0 end
    local function deepest_from(root)
      local i, best, depth, best_depth, d = root, root, 1, 1, 0
      while true do
        local here = cell[i]
        local pd = (back[(i >> 5) + 1] >> ((i & 31) << 1)) & 3
        local links = 0
        if cell[i + up] & DOWN_OPEN ~= 0 then links = 1 end
        if here & RIGHT_OPEN ~= 0 then links = links | 2 end
        if here & DOWN_OPEN ~= 0 and i + down < bottom then links = links | 4 end
        if cell[i + left] & RIGHT_OPEN ~= 0 then links = links | 8 end
        if i ~= root then links = links & ~(1 << pd) end
        local dd
        for e = d, 3 do
          if links & (1 << e) ~= 0 then dd = e; break end
        end
        if dd then
          i = i + D[dd]
          local k, shift = (i >> 5) + 1, (i & 31) << 1
          back[k] = (back[k] & ~(3 << shift)) | (((dd + 2) & 3) << shift)
          depth = depth + 1
          d = 0
          if depth > best_depth then best_depth, best = depth, i end
        else
          if i == root then break end
          i = i + D[pd]
          depth = depth - 1
          d = ((pd + 2) & 3) + 1
        end
      end
      return best
    end
    local b = deepest_from(first_end)
    local ac, ar = g.col_row(first_end)
    local bc, br = g.col_row(b)
    return {starts = {{ac + 1, ar + 1}}, ends = {{bc + 1, br + 1}}}
  end

  -- (3) The exit: pick(n) over the open cells of the bottom row; (4) the markers
  -- (--starts, else default_markers() when given); then the maze is printed as AMAZING
  -- prints it and handed to the host (amazing.publish) with its markers.
  function g.finish(default_markers)
    local base = H * WP + 2
    local exit = kth_open_in_row(base, pick(open_in_row(base)))
    local marks
    if starts > 0 then
      marks = place_markers(starts)
    elseif default_markers then
      marks = default_markers()
    end
    cell[exit] = cell[exit] | DOWN_OPEN
    amazing.store_cells(m, cell, WP, first)
    do
      local line = {}
      for c = 1, W do line[c] = (c == entrance_col) and ".  " or ".--" end
      amazing.print(table.concat(line) .. ".")
      local a, b = {"I"}, {}
      for r = 0, H - 1 do
        local p0 = (r + 1) * WP + 1
        for c = 1, W do
          local v = cell[p0 + c] & 3
          a[c + 1] = v < 2 and "  I" or "   "
          b[c] = (v & 1 == 1) and ":  " or ":--"
        end
        amazing.print(table.concat(a))
        amazing.print(table.concat(b) .. ".")
      end
    end
    amazing.publish(m, marks)
  end
  return g
end

return M
