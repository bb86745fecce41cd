#!/bin/sh
# amazing.log while `amazing run` shows its 40x25 screen (tmux): the line never lands on
# the screen while it is shown, and is written to standard error once the terminal is
# given back.
# usage: log_on_terminal.sh AMAZING_BINARY              (exit 77: tmux missing, skipped)
set -u
bin=$1
command -v tmux >/dev/null 2>&1 || { echo "tmux not installed: skipped"; exit 77; }
. "$(dirname "$0")/../../e2e/tmux_lib.sh"
sock=amazing-lua-log-$$
d=$(mktemp -d)
trap 'tmux -L $sock kill-server 2>/dev/null; rm -rf "$d"' EXIT
cat > "$d/logs.lua" <<'LUA'
amazing.log("LOGGED", "LINE", "\27[2J")
amazing.print("ON SCREEN")
LUA
tmux_start $sock "$bin run $d/logs.lua; echo EXIT=\$? > $d/out; sleep 60" 60 32
wait_for "PRESS A KEY" || exit 1
wait_for "ON SCREEN" || exit 1
if tmux -L $sock capture-pane -p | grep -qF "LOGGED"; then
  echo "the log line was drawn over the screen:"; tmux -L $sock capture-pane -p; exit 1
fi
tmux -L $sock send-keys x
wait_exit "$d/out"
grep -q "EXIT=0" "$d/out" || { echo "exit status: $(cat "$d/out" 2>/dev/null)"; exit 1; }
wait_for 'LOGGED LINE \x1b[2J' || exit 1
exit 0
