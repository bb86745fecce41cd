#!/bin/sh
# amazing.save / amazing.load through `amazing run`: one file a script in the user's data
# folder ($XDG_DATA_HOME/amazing/saves/NAME.save), kept between runs, separate for two
# scripts, a key never a path, a damaged or oversized file read as empty with a warning,
# a link or a pipe in its place never followed, and no data folder said clearly.
# usage: save_store.sh AMAZING_BINARY
set -u
bin=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
export XDG_DATA_HOME="$dir/data"
saves="$XDG_DATA_HOME/amazing/saves"
mkdir -p "$dir/a" "$dir/b"
cat > "$dir/a/one.lua" <<'LUA'
local n = (amazing.load("runs") or 0) + 1
amazing.save("runs", n)
amazing.save("../x", "inside")
amazing.save("/tmp/y", {1, 2, name = "z"})
print("one " .. n)
LUA
sed 's/one/two/' "$dir/a/one.lua" > "$dir/b/two.lua"
cp "$dir/a/one.lua" "$dir/b/my game!.lua"

out=$("$bin" run --batch "$dir/a/one.lua") || fail "first run: $out"
[ "$out" = "one 1" ] || fail "first run printed '$out'"
out=$("$bin" run --batch "$dir/a/one.lua") || fail "second run: $out"
[ "$out" = "one 2" ] || fail "the count was not kept: '$out'"
out=$("$bin" run --batch "$dir/b/two.lua") || fail "two: $out"
[ "$out" = "two 1" ] || fail "two saw one's store: '$out'"
"$bin" run --batch "$dir/b/my game!.lua" >/dev/null || fail "my game!.lua"
# One file a script, nothing else anywhere: the keys stayed inside.
files=$(cd "$XDG_DATA_HOME" && find . -type f | sort | tr '\n' ' ')
[ "$files" = "./amazing/saves/my_game_.save ./amazing/saves/one.save ./amazing/saves/two.save " ] ||
  fail "files in the data folder: $files"
head -n 1 "$saves/one.save" | grep -qx "amazing save 1" || fail "no header: $(cat "$saves/one.save")"
grep -q "^runs	i:2$" "$saves/one.save" || fail "runs not 2: $(cat "$saves/one.save")"

# A damaged file: read as empty, a warning on stderr, the run goes on and replaces it.
printf 'return os.exit(9)\n' > "$saves/one.save"
out=$("$bin" run --batch "$dir/a/one.lua" 2>"$dir/err") || fail "damaged: exit $?"
[ "$out" = "one 1" ] || fail "damaged file not read as empty: '$out'"
grep -q "warning: .*one.save: the saved data is damaged" "$dir/err" || fail "no warning: $(cat "$dir/err")"
grep -q "^runs	i:1$" "$saves/one.save" || fail "damaged file not replaced"
# Larger than 64 KB: not read.
head -c 70000 /dev/zero | tr '\0' 'x' > "$saves/one.save"
out=$("$bin" run --batch "$dir/a/one.lua" 2>"$dir/err") || fail "oversized: exit $?"
[ "$out" = "one 1" ] || fail "oversized file not read as empty: '$out'"
grep -q "warning: .*one.save" "$dir/err" || fail "no warning for 70000 bytes: $(cat "$dir/err")"
# A symbolic link in its place is neither read nor written through.
echo "secret" > "$dir/target"
rm -f "$saves/one.save"
ln -s "$dir/target" "$saves/one.save"
"$bin" run --batch "$dir/a/one.lua" >/dev/null 2>"$dir/err"
[ $? -eq 70 ] || fail "a link: not exit 70"
grep -q "symbolic link" "$dir/err" || fail "a link: $(cat "$dir/err")"
grep -q "not a plain file" "$dir/err" || fail "a link was written through: $(cat "$dir/err")"
[ "$(cat "$dir/target")" = "secret" ] || fail "the link's target changed"
rm -f "$saves/one.save"
# A named pipe in its place: no hang, refused.
mkfifo "$saves/one.save"
timeout 20 "$bin" run --batch "$dir/a/one.lua" >/dev/null 2>"$dir/err"
[ $? -eq 70 ] || fail "a pipe: not exit 70: $(cat "$dir/err")"
rm -f "$saves/one.save"
# No data folder at all: save says so.
out=$(env -u XDG_DATA_HOME -u HOME "$bin" run --batch "$dir/a/one.lua" 2>&1)
[ $? -eq 70 ] || fail "no data folder: not exit 70"
echo "$out" | grep -q "keeps no saves" || fail "no data folder: $out"
echo "save store: kept per script, keys inside, damaged files tolerated"
