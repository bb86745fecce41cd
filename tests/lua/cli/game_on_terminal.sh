#!/bin/sh
# A game on a terminal (tmux): inkey gives a UTF-8 character as one key and names F5 and
# PgUp; a run-time error shows on the screen's last line in the power-on colours (not the
# game's red background), above the "PRESS A KEY" border; exit status 70.
# usage: game_on_terminal.sh AMAZING_BINARY              (exit 77: tmux missing, skipped)
set -u
bin=$1
command -v tmux >/dev/null 2>&1 || { echo "tmux not installed: skipped"; exit 77; }
. "$(dirname "$0")/../../e2e/tmux_lib.sh"
dir=$(mktemp -d)
sock=amazing-lua-game-$$
trap 'tmux -L $sock kill-server 2>/dev/null; rm -rf "$dir"' EXIT
cat > "$dir/game.lua" <<'LUA'
amazing.color(15, 4) amazing.cls()
amazing.locate(5, 3) amazing.write("READY")
local got = {}
while #got < 3 do
  local k = amazing.inkey()
  if k then got[#got + 1] = utf8.len(k) == 1 and #k > 1 and "U" .. #k or k end
  amazing.sleep(20)
end
amazing.locate(7, 3) amazing.write("KEYS " .. table.concat(got, "|"))
amazing.locate(10, 10)
error("boom")
LUA
# A UTF-8 terminal, so tmux passes é through as its two bytes.
tmux_start $sock "LANG=C.UTF-8 LC_ALL=C.UTF-8 $bin run $dir/game.lua; echo EXIT=\$? > $dir/out; sleep 60" 60 32
wait_for "READY" || exit 1
tmux -L $sock send-keys -l "é"
tmux -L $sock send-keys F5
tmux -L $sock send-keys PPage
wait_for "KEYS U2|f5|pageup" || exit 1
wait_for "PRESS A KEY" || exit 1
pane=$(tmux -L $sock capture-pane -p)
# The message is the frame's last row: the line after it is the border with the hint.
echo "$pane" | grep -A1 "game.lua:11: boom" | tail -1 | grep -qF "PRESS A KEY" ||
  { echo "the error is not on the last line:"; echo "$pane"; exit 1; }
# Its colours: the game's background is red (SGR 41); the error's row has none.
colours=$(tmux -L $sock capture-pane -p -e)
echo "$colours" | grep "READY" | grep -q "41m\|;41[;m]" ||
  { echo "the game's red background was not seen:"; echo "$colours"; exit 1; }
echo "$colours" | grep "boom" | grep -q "41m\|;41[;m]" &&
  { echo "the error is in the game's colours:"; echo "$colours" | grep boom | od -c | head; exit 1; }
tmux -L $sock send-keys x
wait_exit "$dir/out"
grep -q "EXIT=70" "$dir/out" || { echo "exit status: $(cat "$dir/out")"; exit 1; }
