#!/bin/sh
# The Lua prompt on a terminal (tmux): `amazing run` without FILE on the 40x25 screen;
# 1+1 shows 2, Up recalls the line, a chunk over three lines runs, Ctrl-C breaks a
# running line and the prompt stays, Ctrl-D on an empty line leaves with status 0.
# usage: prompt_on_terminal.sh AMAZING_BINARY             (exit 77: tmux missing, skipped)
set -u
bin=$1
command -v tmux >/dev/null 2>&1 || { echo "tmux not installed: skipped"; exit 77; }
. "$(dirname "$0")/../../e2e/tmux_lib.sh"
sock=amazing-lua-prompt-$$
out=$(mktemp)
trap 'tmux -L $sock kill-server 2>/dev/null; rm -f "$out"' EXIT
tmux_start $sock "$bin run; echo EXIT=\$? > $out; sleep 60" 60 32
count() { pane | grep -cE "$1"; }
wait_for_re "CTRL-D LEAVES" || exit 1
tmux -L $sock send-keys "1+1" Enter
wait_for_re "^ *. *2 *.$" || exit 1
# Up recalls 1+1 onto the new prompt line; Enter runs it again: two 2s.
tmux -L $sock send-keys Up
wait_for_re "> 1\+1 .*$" || exit 1
[ "$(count '> 1\+1')" -eq 2 ] || { echo "Up did not recall 1+1"; pane; exit 1; }
tmux -L $sock send-keys Enter
i=0
while [ $i -lt 100 ] && [ "$(count '^ *. *2 *.$')" -lt 2 ]; do sleep 0.2; i=$((i + 1)); done
[ "$(count '^ *. *2 *.$')" -eq 2 ] || { echo "the recalled line did not run"; pane; exit 1; }
# A chunk over three lines: >> asks for more.
tmux -L $sock send-keys "for i=7,9 do" Enter
wait_for_re ">> " || exit 1
tmux -L $sock send-keys -l "print('v' .. i*11)"
tmux -L $sock send-keys Enter
tmux -L $sock send-keys -l "end"  # -l: "end" is not the End key
tmux -L $sock send-keys Enter
wait_for_re "v99" || exit 1
pane | grep -q "v77" && pane | grep -q "v88" || { echo "the chunk's lines"; pane; exit 1; }
# Ctrl-C breaks a line that never ends; the prompt stays and runs the next line.
tmux -L $sock send-keys "while true do end" Enter
sleep 1
tmux -L $sock send-keys C-c
wait_for_re "interrupted" || exit 1
tmux -L $sock send-keys "6*7" Enter
wait_for_re "[^0-9]42 " || exit 1
tmux -L $sock send-keys C-d
wait_exit "$out"
grep -q "EXIT=0" "$out" || { echo "exit status: $(cat "$out")"; exit 1; }
