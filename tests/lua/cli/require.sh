#!/bin/sh
# require() through the real binary: `amazing run FILE` loads FILE's own lib/ first, then
# the built-in scripts/lib modules (and nothing from the current folder's lib/),
# `gen --engine lua --scripts DIR` loads DIR/lib first, and the built-in generators, which
# require the shared module, still run.
# Usage: require.sh AMAZING
amazing=$1
status=0
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
fail() { echo "FAIL: $*"; status=1; }

# amazing run: the built-in module, from any folder; a lib/ in the current folder is
# not reachable (FILE's folder is another one).
mkdir -p "$d/lib" "$d/scripts/lib" "$d/scripts/generators" "$d/prog"
echo 'return "FROM THE CURRENT FOLDER"' > "$d/lib/generator.lua"
cat > "$d/prog/uses.lua" <<'LUA'
local g = require("generator")
amazing.print(type(g.new) .. " " .. type(g.pick))
LUA
out=$(cd "$d" && "$amazing" run --batch prog/uses.lua 2>&1) || fail "run uses.lua: $out"
[ "$out" = "function function" ] || fail "run uses.lua printed '$out'"
# A built-in script run by name does not read the current folder's lib/ either.
out=$(cd "$d" && "$amazing" run --batch wilson.lua --size 4x3 2>&1) || fail "run wilson.lua: $out"
case "$out" in *"CURRENT FOLDER"*) fail "run wilson.lua read ./lib: $out" ;; esac
# FILE's own lib/ comes before the built-in modules.
mkdir -p "$d/prog/lib"
echo 'return {new = "mine", pick = "mine"}' > "$d/prog/lib/generator.lua"
out=$(cd / && "$amazing" run --batch "$d/prog/uses.lua" 2>&1) || fail "run prog/uses.lua: $out"
[ "$out" = "string string" ] || fail "run prog/uses.lua (own lib/) printed '$out'"

# A generator script of one's own, run with `amazing run`: g.finish() prints the maze.
mkdir -p "$d/own"
cat > "$d/own/mine.lua" <<'LUA'
local g = require("generator").new("mine", false)
local W, H, cell, pos = g.W, g.H, g.cell, g.pos
g.entrance()
for i = 0, W * H - 1 do
  local p = pos(i)
  if i % W < W - 1 then cell[p] = cell[p] | 2 else cell[p] = cell[p] | 1 end
end
g.finish()
LUA
out=$("$amazing" run --batch --size 3x2 --seed 1 "$d/own/mine.lua" 2>&1) || fail "run mine.lua: $out"
[ "$(printf '%s\n' "$out" | wc -l)" -eq 5 ] || fail "run mine.lua printed: $out"

# gen --engine lua --scripts DIR: DIR/generators/NAME.lua; DIR/lib/NAME.lua first, the
# built-in modules after.
echo 'return "from DIR/lib"' > "$d/scripts/lib/helper.lua"
# (gen prints only what a script publishes: the script says what it loaded in its error.)
cat > "$d/scripts/generators/prim.lua" <<'LUA'
error(require("helper") .. " " .. type(require("generator").new), 0)
LUA
out=$("$amazing" gen --engine lua --algorithm prim --size 5x5 --scripts "$d/scripts" 2>&1 | head -1)
[ "$out" = "amazing gen: from DIR/lib function" ] || fail "gen --scripts said '$out'"

# A missing module names where it looked; exit 70.
echo 'require("nope")' > "$d/scripts/generators/prim.lua"
out=$("$amazing" gen --engine lua --algorithm prim --size 5x5 --scripts "$d/scripts" 2>&1)
rc=$?
[ $rc -eq 70 ] || fail "missing module: exit $rc"
case "$out" in
  *"no module 'nope'"*"$d/scripts/lib/nope.lua"*"lib/nope.lua"*) ;;
  *) fail "missing module said: $out" ;;
esac

# The built-in generators (which require "generator") from another folder.
out=$(cd / && "$amazing" gen --engine lua --algorithm wilson --size 6x4 --seed 3 2>&1) ||
  fail "gen --engine lua wilson: $out"
[ "$out" = "$("$amazing" gen --algorithm wilson --size 6x4 --seed 3)" ] ||
  fail "gen --engine lua wilson differs from native: $out"
exit $status
