#!/bin/sh
# amazing run FILE --watch on a terminal (tmux): the program runs; an edit runs it again
# (also in the middle of a game that loops for ever); a syntax error and a run-time error
# show on the screen and the machine waits; the fix runs again; Esc leaves with status 0.
# usage: run_watch_e2e.sh AMAZING_BINARY                 (exit 77: tmux missing, skipped)
set -u
bin=$1
command -v tmux >/dev/null 2>&1 || { echo "tmux not installed: skipped"; exit 77; }
. "$(dirname "$0")/tmux_lib.sh"
dir=$(mktemp -d /tmp/aw.XXXXXX)  # short: error lines fit the 40 columns
trap 'tmux -L amazing-watch-$$ kill-server 2>/dev/null; rm -rf "$dir"' EXIT
prog=$dir/prog.lua
# Each edit changes the file's size too, so a coarse clock cannot hide it.
edit() { printf '%s\n' "$1" > "$prog.new" && mv "$prog.new" "$prog"; }

edit 'print("VERSION ONE")'
tmux_start amazing-watch-$$ \
  "env TERM=xterm-256color LANG=C.UTF-8 XDG_DATA_HOME=$dir/data $bin run $prog --watch; echo EXIT=\$?; sleep 60"
wait_for "VERSION ONE" || exit 1
wait_for "EDIT THE FILE TO RUN IT AGAIN" || exit 1

edit 'print("VERSION TWO, A LONGER LINE")'
wait_for "VERSION TWO" || exit 1
if pane | grep -q "VERSION ONE"; then echo "the old run's screen stayed:"; pane; exit 1; fi

edit 'print("BROKEN" ..)'
wait_for "prog.lua:1:" || exit 1
pane | grep -q "EDIT THE FILE TO RUN IT AGAIN" || { echo "not waiting after a syntax error:"; pane; exit 1; }

edit 'amazing.print("BEFORE") error("BOOM")'
wait_for "prog.lua:1: BOOM" || exit 1
pane | grep -q "BEFORE" || { echo "the output before the error is gone:"; pane; exit 1; }

# A game that never ends: the edit stops it and the new version runs.
edit 'while true do amazing.locate(3, 1) amazing.write("LOOPING") amazing.sleep(50) end'
wait_for "LOOPING" || exit 1
edit 'print("VERSION THREE AFTER THE LOOP")'
wait_for "VERSION THREE" || exit 1

keys Escape
wait_for "EXIT=" || exit 1
pane | grep -q "EXIT=0" || { echo "Esc did not leave with status 0:"; pane; exit 1; }
echo "run --watch: edits run again, errors shown and waited on, Esc leaves"
