#!/bin/sh
# amazing run on a terminal (tmux): the program's dialogue on the 40x25 screen, the
# keyboard answering INPUT, "PRESS A KEY" at the end, exit status 0.
# usage: run_on_terminal.sh AMAZING_BINARY              (exit 77: tmux missing, skipped)
set -u
bin=$1
command -v tmux >/dev/null 2>&1 || { echo "tmux not installed: skipped"; exit 77; }
# A tmux server of its own (not the user's default one, nor their ~/.tmux.conf).
sock=amazing-lua-run-$$
out=$(mktemp)
trap 'tmux -L $sock kill-server 2>/dev/null; rm -f "$out"' EXIT
tmux -L $sock -f /dev/null new-session -d -x 60 -y 32 \
  "$bin run amazing.lua --seed 3; echo EXIT=\$? > $out; sleep 60" ||
  { echo "tmux new-session failed"; exit 1; }
wait_for() {  # polls the pane (up to 20 s) for a text
  i=0
  while [ $i -lt 100 ]; do
    tmux -L $sock capture-pane -p | grep -qF "$1" && return 0
    sleep 0.2; i=$((i + 1))
  done
  echo "never saw: $1"; tmux -L $sock capture-pane -p; return 1
}
wait_for "WHAT ARE YOUR WIDTH AND LENGTH?" || exit 1
tmux -L $sock send-keys "5,4" Enter
wait_for "PRESS A KEY" || exit 1
wait_for ":--:--:  :--:--." || exit 1
tmux -L $sock send-keys x
i=0
while [ $i -lt 100 ] && ! grep -q EXIT "$out"; do sleep 0.2; i=$((i + 1)); done
grep -q "EXIT=0" "$out" || { echo "exit status: $(cat "$out")"; exit 1; }
