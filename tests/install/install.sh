#!/bin/sh
# cmake --install, then the installed copy moved to another folder and run from a folder
# with no roms/ or scripts/: it finds its scripts, examples and listings beside itself
# (PREFIX/share/amazing, src/machine/data_dir.hpp), never in the source tree.
# Usage: install.sh BUILD_DIR SOURCE_DIR SHARED_DIR
build=$1
source=$2
shared=$3
status=0
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
fail() { echo "FAIL: $*"; status=1; }

cmake --install "$build" --prefix "$d/p" --strip >"$d/install.log" 2>&1 || {
  cat "$d/install.log"; echo "FAIL: cmake --install"; exit 1; }
# The installed tree is moved: nothing may point back at where it was installed.
mkdir "$d/moved"
mv "$d/p" "$d/moved/prefix"
p="$d/moved/prefix"
exe=bin/amazing  # the installed program, relative to the prefix
for f in "$exe" share/amazing/scripts/amazing.lua share/amazing/scripts/lib/generator.lua \
         share/amazing/scripts/generators/wilson.lua share/amazing/scripts/examples/maze_game.lua \
         share/amazing/roms/README.md share/doc/amazing/README.md \
         share/doc/amazing/scripts/README.md share/doc/amazing/roms/README.md \
         share/doc/amazing/docs/maze.png; do
  [ -f "$p/$f" ] || fail "not installed: $f"
done
# No path of the source tree is compiled into the (stripped) binary (a sanitizer build
# keeps its source file names for its reports: AMAZING_SANITIZED=1 leaves this out).
if [ "${AMAZING_SANITIZED:-0}" != 1 ] && grep -qF "$source" "$p/$exe"; then
  fail "$exe names the source tree $source"
fi

# Run from an empty folder, with no listing folder in the environment.
mkdir "$d/cwd" "$d/user"
run() { (cd "$d/cwd" && env -u AMAZING_ROM_DIR HOME="$d/user" XDG_DATA_HOME="$d/user/data" \
                          "$p/$exe" "$@"); }

out=$(run gen --engine lua --algorithm wilson --size 8x5 --seed 3 2>&1) || fail "gen wilson: $out"
[ "$(printf '%s\n' "$out" | grep -c '^[.:I]')" -ge 5 ] || fail "gen wilson printed: $out"

out=$(run run scripts/examples/maze_game.lua --batch --size 5x4 --seed 2 2>&1) ||
  fail "run the example: $out"
printf '%s\n' "$out" | grep -q 'NEEDS A TERMINAL' || fail "run the example printed: $out"

out=$(echo 10,12 | run 2>&1) || fail "the dialogue: $out"
printf '%s\n' "$out" | grep -q 'AMAZING PROGRAM' || fail "the dialogue printed: $out"
[ "$(printf '%s\n' "$out" | grep -c '^I')" -ge 12 ] || fail "the dialogue's maze: $out"

# No listing yet: the message says to put it in the installed roms/ folder.
out=$(run gen --engine basic --size 5x5 2>&1) && fail "gen --engine basic without a listing: $out"
printf '%s\n' "$out" | grep -qF "$p/share/amazing/roms/" ||
  fail "the missing-listing message does not name $p/share/amazing/roms/: $out"

# With the listings in PREFIX/share/amazing/roms, as roms/README.md says.
if [ -f "$shared/roms/amazing-book.bas" ]; then
  cp "$shared/roms/"*.bas "$p/share/amazing/roms/"
  out=$(printf 'LOAD "AMAZING"\nLIST 695\nSYSTEM\n' | run basic 2>&1) || fail "basic: $out"
  printf '%s\n' "$out" | grep -q '^695 Q=1:GOTO 830' || fail "LOAD \"AMAZING\" printed: $out"
  out=$(run gen --engine basic --size 5x5 --seed 1 2>&1) || fail "gen --engine basic: $out"
elif [ "${AMAZING_REQUIRE_ORACLE:-}" = 1 ]; then
  fail "the listings ($shared/roms) are missing"
else
  echo "the listings ($shared/roms) are missing: LOAD \"AMAZING\" not tried"
fi
exit $status
