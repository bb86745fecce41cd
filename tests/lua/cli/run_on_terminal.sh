#!/bin/sh
# amazing run on a terminal (tmux): the program's dialogue on the 40x25 screen, the
# keyboard answering INPUT, "PRESS A KEY" at the end, exit status 0.
# usage: run_on_terminal.sh AMAZING_BINARY              (exit 77: tmux missing, skipped)
set -u
bin=$1
command -v tmux >/dev/null 2>&1 || { echo "tmux not installed: skipped"; exit 77; }
. "$(dirname "$0")/../../e2e/tmux_lib.sh"
sock=amazing-lua-run-$$
out=$(mktemp)
trap 'tmux -L $sock kill-server 2>/dev/null; rm -f "$out"' EXIT
tmux_start $sock "$bin run amazing.lua --seed 3; echo EXIT=\$? > $out; sleep 60" 60 32
wait_for "WHAT ARE YOUR WIDTH AND LENGTH?" || exit 1
tmux -L $sock send-keys "5,4" Enter
wait_for "PRESS A KEY" || exit 1
wait_for ":--:--:  :--:--." || exit 1
tmux -L $sock send-keys x
wait_exit "$out"
grep -q "EXIT=0" "$out" || { echo "exit status: $(cat "$out")"; exit 1; }
