#!/bin/sh
# Modules, arguments, refusals and log lines of a script, through the real binary:
# require finds FILE's own lib/ (run FILE, gen --script FILE) before the built-in modules,
# inside that folder only; --scripts DIR has the repository's scripts/ layout; arguments
# after -- reach the script as Lua's arg table; amazing.refuse ends the run with exit 2
# and one line; amazing.log writes a bounded, escaped line to standard error.
# Usage: modules_args.sh AMAZING REPO_SCRIPTS_DIR
amazing=$1
repo_scripts=$2
status=0
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
fail() { echo "FAIL: $*"; status=1; }
# expect CODE TEXT... : the last command's exit status and words of its output.
expect() {
  want=$1; shift
  [ "$rc" -eq "$want" ] || fail "$what: exit $rc, expected $want: $out"
  for part in "$@"; do
    case "$out" in *"$part"*) ;; *) fail "$what: no '$part' in: $out" ;; esac
  done
}

# A generator with a module in its own lib/ and an argument (scripts/README.md's example).
mkdir -p "$d/gen/lib" "$d/elsewhere/lib"
cat > "$d/gen/lib/walls.lua" <<'LUA'
local M = {}
function M.open_all(g, every)
  local W, H, cell, pos = g.W, g.H, g.cell, g.pos
  for i = 0, W * H - 1 do
    local p = pos(i)
    if i % W < W - 1 and (i // W) % every == 0 then cell[p] = cell[p] | 2
    elseif i // W < H - 1 then cell[p] = cell[p] | 1 end
  end
end
return M
LUA
cat > "$d/gen/comb.lua" <<'LUA'
local g = require("generator").new("comb", true)
local every = tonumber(arg[1] or "1")
if not every or every < 1 then amazing.refuse("comb: give a whole number >= 1, not " .. tostring(arg[1])) end
g.entrance()
require("walls").open_all(g, every)
g.finish()
LUA
echo 'error("the module of the current folder was loaded", 0)' > "$d/elsewhere/lib/walls.lua"
what="gen --script FILE with FILE's lib/ and an argument"
out=$(cd "$d/elsewhere" && "$amazing" gen --engine lua --script "$d/gen/comb.lua" --size 4x3 -- 1 2>&1); rc=$?
expect 0 "I           I"
what="gen --script FILE without --engine is --engine lua"
plain=$(cd "$d/elsewhere" && "$amazing" gen --script "$d/gen/comb.lua" --size 4x3 -- 1 2>&1); rc=$?
expect 0
[ "$plain" = "$out" ] || fail "$what: '$plain' is not '$out'"
what="the same maze through run FILE --batch -- 1"
run_out=$(cd "$d/elsewhere" && "$amazing" run "$d/gen/comb.lua" --batch --size 4x3 -- 1 2>&1); rc=$?
expect 0
[ "$run_out" = "$out" ] || fail "run and gen differ: run '$run_out' gen '$out'"
what="gen --script FILE -- 0: amazing.refuse"
out=$("$amazing" gen --engine lua --script "$d/gen/comb.lua" --size 4x3 -- 0 2>/dev/null); rc=$?
expect 2
[ -z "$out" ] || fail "$what wrote to stdout: $out"
err=$("$amazing" gen --engine lua --script "$d/gen/comb.lua" --size 4x3 -- 0 2>&1 >/dev/null)
[ "$err" = "amazing gen: comb: give a whole number >= 1, not 0" ] || fail "$what said: $err"
what="run FILE -- x: amazing.refuse"
err=$("$amazing" run --batch "$d/gen/comb.lua" --size 4x3 -- x 2>&1 >/dev/null); rc=$?
[ $rc -eq 2 ] || fail "$what: exit $rc"
[ "$err" = "amazing run: comb: give a whole number >= 1, not x" ] || fail "$what said: $err"

# The generator helpers refuse an option the script's maze cannot honour the same way.
printf '#...\n....\n....\n' > "$d/corner.mask"
echo 'require("generator").new("nomask", false)' > "$d/gen/nomask.lua"
what="a generator of one's own that refuses --mask"
out=$("$amazing" gen --engine lua --script "$d/gen/nomask.lua" --mask "$d/corner.mask" 2>&1); rc=$?
expect 2 "amazing gen: the algorithm 'nomask' cannot carve around a mask"  "leave out --mask"
case "$out" in *backtracker*|*traceback*) fail "$what: a hint of built-in algorithms: $out" ;; esac
[ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] || fail "$what: more than one line: $out"

# arg: arg[0] is FILE, arg[1].. what follows --; amazing's own options never reach it.
cat > "$d/args.lua" <<'LUA'
local parts = {tostring(arg[0]), tostring(#arg)}
for i = 1, #arg do parts[#parts + 1] = arg[i] end
local a, b = ...
parts[#parts + 1] = tostring(a) .. "/" .. tostring(b)
amazing.refuse(table.concat(parts, " "))
LUA
what="run FILE --batch -- A B"
out=$("$amazing" run "$d/args.lua" --batch -- A --seed 2>&1); rc=$?
expect 2 "amazing run: $d/args.lua 2 A --seed A/--seed"
what="gen --script FILE -- A B"
out=$("$amazing" gen --engine lua --script "$d/args.lua" --size 4x3 --seed 5 -- A B 2>&1); rc=$?
expect 2 "amazing gen: $d/args.lua 2 A B A/B"
what="gen without -- has an empty arg"
out=$("$amazing" gen --engine lua --script "$d/args.lua" --size 4x3 2>&1); rc=$?
expect 2 "amazing gen: $d/args.lua 0 nil/nil"
what="gen: an argument before -- is still a mistake"
out=$("$amazing" gen --engine lua --script "$d/args.lua" --size 4x3 A 2>&1); rc=$?
expect 2 "unexpected argument 'A'"
what="gen --algorithm NAME -- A reaches the built-in generator"
out=$("$amazing" gen --engine lua --algorithm wilson --size 4x3 -- A 2>&1); rc=$?
expect 0
what="gen --engine native -- A: nothing would read it"
out=$("$amazing" gen --size 4x3 -- A 2>&1); rc=$?
expect 2 "-- A" "--engine lua"
what="play --size -- A without a script: nothing would read it"
out=$("$amazing" play --size 5x5 --screenshot "$d/shot.png" -- A 2>&1); rc=$?
expect 2 "-- A" "--script FILE"

# amazing.refuse: one line, bounded, control characters escaped, no traceback; not caught.
cat > "$d/refuse.lua" <<'LUA'
pcall(amazing.refuse, "bad\27[2Jsize\nsecond " .. string.rep("x", 5000))
amazing.print("NOT REACHED")
LUA
what="amazing.refuse under pcall"
out=$("$amazing" run --batch "$d/refuse.lua" 2>&1); rc=$?
expect 2 'amazing run: bad\x1b[2Jsize\nsecond xxx'
[ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] || fail "$what: more than one line: $out"
[ ${#out} -lt 600 ] || fail "$what: not bounded (${#out} bytes)"
case "$out" in *"NOT REACHED"*|*traceback*|*"choose one of"*) fail "$what: $out" ;; esac
echo 'amazing.refuse({})' > "$d/refuse_table.lua"
what="amazing.refuse with no text"
out=$("$amazing" run --batch "$d/refuse_table.lua" 2>&1); rc=$?
expect 70 "refuse"

# amazing.log: stderr, in gen and run, bounded, escaped; stdout keeps the maze alone.
cat > "$d/log.lua" <<'LUA'
amazing.log("size", amazing.args.width, "x", amazing.args.length, true, nil)
amazing.log("evil\27]0;title\7 end " .. string.rep("y", 5000))
local g = require("generator").new("log", true)
g.entrance()
for i = 0, g.W * g.H - 1 do
  local p = g.pos(i)
  if i % g.W < g.W - 1 then g.cell[p] = g.cell[p] | 2
  elseif i // g.W < g.H - 1 then g.cell[p] = g.cell[p] | 1 end
end
g.finish()
LUA
what="amazing.log in gen"
err=$("$amazing" gen --engine lua --script "$d/log.lua" --size 3x2 2>&1 >/dev/null); rc=$?
out=$err
expect 0 "size 3 x 2 true nil" 'evil\x1b]0;title\x07 end yyy'
[ "$(printf '%s\n' "$err" | wc -l)" -eq 2 ] || fail "$what: not two lines: $err"
[ ${#err} -lt 2200 ] || fail "$what: not bounded (${#err} bytes)"
case "$err" in *"$(printf '\033')"*) fail "$what: a raw ESC reached stderr" ;; esac
maze=$("$amazing" gen --engine lua --script "$d/log.lua" --size 3x2 2>/dev/null)
[ "$(printf '%s\n' "$maze" | wc -l)" -eq 5 ] || fail "$what: stdout is not the maze: $maze"
what="amazing.log in run --batch"
out=$("$amazing" run --batch "$d/log.lua" --size 3x2 2>&1 >/dev/null); rc=$?
expect 0 "size 3 x 2 true nil"

# --scripts DIR takes the repository's layout: DIR/generators/NAME.lua, DIR/lib.
what="--scripts <repo>/scripts --algorithm wilson"
out=$("$amazing" gen --engine lua --scripts "$repo_scripts" --algorithm wilson --size 9x7 --seed 4 2>&1); rc=$?
expect 0
[ "$out" = "$("$amazing" gen --engine lua --algorithm wilson --size 9x7 --seed 4)" ] ||
  fail "$what differs from the built-in: $out"
what="--scripts <repo>/scripts (amazing.lua)"
out=$("$amazing" gen --engine lua --scripts "$repo_scripts" --size 9x7 --seed 4 2>&1); rc=$?
expect 0
[ "$out" = "$("$amazing" gen --size 9x7 --seed 4)" ] || fail "$what differs: $out"

# --script FILE with --scripts DIR: FILE, its lib/ first, then DIR/lib, then built-in.
mkdir -p "$d/dir/lib"
echo 'return "from DIR/lib"' > "$d/dir/lib/only_dir.lua"
echo 'return "from DIR/lib"' > "$d/dir/lib/walls.lua"
echo 'amazing.refuse(require("only_dir") .. " " .. type(require("walls").open_all))' > "$d/gen/both.lua"
what="--script FILE --scripts DIR"
out=$("$amazing" gen --engine lua --script "$d/gen/both.lua" --scripts "$d/dir" --size 4x3 2>&1); rc=$?
expect 2 "amazing gen: from DIR/lib function"

# FILE's lib/ is a sandbox as DIR/lib is: a link or a FIFO there is refused by name.
echo 'return "TOKEN-4321"' > "$d/secret.txt"
ln -s "$d/secret.txt" "$d/gen/lib/linked.lua"
echo 'require("linked")' > "$d/gen/uses_link.lua"
what="FILE's lib/ with a linked module"
out=$(timeout 60 "$amazing" run --batch "$d/gen/uses_link.lua" 2>&1); rc=$?
expect 70 "$d/gen/lib/linked.lua is a symbolic link" "modules must be plain files inside $d/gen/lib"
case "$out" in *TOKEN*) fail "$what: the token was shown: $out" ;; esac
mkfifo "$d/gen/lib/piped.lua"
echo 'require("piped")' > "$d/gen/uses_fifo.lua"
what="FILE's lib/ with a FIFO module"
out=$(timeout 60 "$amazing" gen --engine lua --script "$d/gen/uses_fifo.lua" --size 4x3 2>&1); rc=$?
expect 70 "$d/gen/lib/piped.lua is a named pipe (FIFO)"
rm -rf "$d/linkdir"; mkdir -p "$d/linkdir"; ln -s "$d/elsewhere/lib" "$d/linkdir/lib"
echo 'require("walls")' > "$d/linkdir/via_linked_lib.lua"
what="FILE's lib/ itself a link"
out=$(timeout 60 "$amazing" run --batch "$d/linkdir/via_linked_lib.lua" 2>&1); rc=$?
expect 70 "symbolic link"
case "$out" in *"current folder was loaded"*) fail "$what: the linked lib was read: $out" ;; esac
what="a missing module names every folder looked in"
echo 'require("nowhere")' > "$d/gen/missing.lua"
out=$("$amazing" gen --engine lua --script "$d/gen/missing.lua" --scripts "$d/dir" --size 4x3 2>&1); rc=$?
expect 70 "no module 'nowhere'" "$d/gen/lib/nowhere.lua" "$d/dir/lib/nowhere.lua" "lib/nowhere.lua"
exit $status
