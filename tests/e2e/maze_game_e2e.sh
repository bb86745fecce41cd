#!/bin/sh
# The example game on a real terminal (tmux): `amazing run scripts/examples/maze_game.lua`
# shows the maze (block walls, the machine's CP437 drawn as Unicode), the title and a timer
# that runs; q ends it at once and the terminal is as it was (stty settings, the game's
# screen gone); the arrow keys and WASD walk out of a small maze; Ctrl-C ends it too,
# restored, with the shell seeing SIGINT (status 130).
# usage: maze_game_e2e.sh AMAZING_BINARY GAME.lua        (exit 77: tmux missing, skipped)
set -u
bin=$1
game=$2
command -v tmux >/dev/null 2>&1 || { echo "tmux not installed: skipped"; exit 77; }
. "$(dirname "$0")/tmux_lib.sh"
# Each scenario gets a tmux server of its own (a socket named after this shell and a count).
n=0
sock=
# The best escapes go in a data folder of the test's own, not the user's.
data=$(mktemp -d)
trap 'for k in $(seq 1 12); do tmux -L amazing-game-$$-$k kill-server 2>/dev/null; done; rm -rf "$data"' EXIT

# A fresh 80x30 terminal running the game (options: $1) under a shell that records the
# terminal settings before and compares them after, then reports the exit status.
start() {
  n=$((n + 1))
  tmux_start amazing-game-$$-$n \
    "trap : INT; s=\$(stty -g); env TERM=xterm-256color LANG=C.UTF-8 XDG_DATA_HOME=$data $bin run $game $1; st=\$?; if [ \"\$(stty -g)\" = \"\$s\" ]; then echo TTY-RESTORED; else echo TTY-CHANGED; fi; echo EXIT=\$st; sleep 60"
}
timer() { pane | grep -o 'TIME *[0-9.]*' | head -n 1; }

start "--seed 3"
wait_for "MAZE GAME" || exit 1
wait_for "Q QUITS" || exit 1
wait_for "TIME" || exit 1
# The walls are CP437's full block, drawn as U+2588; a 19x11 maze's bottom wall has one gap.
pane | grep -q "█████████" || { echo "no block walls:"; pane; exit 1; }
[ "$(pane | grep -c '█')" -ge 23 ] || { echo "fewer than 23 rows of maze:"; pane; exit 1; }
# The timer runs: it shows another value a little later.
first=$(timer)
i=0
while [ "$(timer)" = "$first" ] && [ $i -lt 100 ]; do sleep 0.2; i=$((i + 1)); done
[ "$(timer)" != "$first" ] || { echo "the timer stayed at '$first'"; pane; exit 1; }
tmux -L $sock send-keys q
wait_for "EXIT=" || exit 1
pane | grep -q "EXIT=0" || { echo "q did not end with status 0:"; pane; exit 1; }
pane | grep -q "TTY-RESTORED" || { echo "terminal settings not restored after q:"; pane; exit 1; }
if pane | grep -q "MAZE GAME"; then echo "the game's screen is still shown after q:"; pane; exit 1; fi

# Walking out: the 3x2 maze of seed 4 is the entrance at column 1, down twice to the exit
# (an arrow key, then WASD's s); the win message waits for a key, then the run ends. In
# practice mode the monster stays put, so no race with it decides the test.
start "--size 3x2 --seed 4 practice"
wait_for "TIME" || exit 1
tmux -L $sock send-keys Down
tmux -L $sock send-keys s
wait_for "YOU ESCAPED!" || exit 1
wait_for "PRESS A KEY" || exit 1
# The best escapes of the size, kept with amazing.save: a practice game is not entered.
wait_for "BEST ESCAPES 3X2" || exit 1
pane | grep -q "PRACTICE: NOT KEPT" || { echo "practice entered:"; pane; exit 1; }
tmux -L $sock send-keys x
wait_for "EXIT=0" || exit 1

# A real escape is entered, kept in the data folder, and shown again by the next game.
# The monster is racing here: on a loaded machine it may win, and then the game is played
# again (at most three times); a lost game enters nothing.
escape() {
  for try in 1 2 3; do
    start "--size 3x2 --seed 4"
    i=0
    until pane | grep -q "TIME"; do
      sleep 0.05; i=$((i + 1)); [ $i -lt 400 ] || { echo "no game:"; pane; return 1; }
    done
    tmux -L $sock send-keys Down
    tmux -L $sock send-keys s
    wait_for "BEST ESCAPES 3X2" || return 1
    pane | grep -q "YOU ESCAPED!" && return 0
    tmux -L $sock send-keys x
    wait_for "EXIT=0" || return 1
  done
  echo "the monster won three times"; return 1
}
for k in 1 2; do
  escape || exit 1
  # The second game shows both escapes: the first was kept.
  wait_count " 2 MOVES" $k || exit 1
  tmux -L $sock send-keys x
  wait_for "EXIT=0" || exit 1
done
[ -f "$data/amazing/saves/maze_game.save" ] || { echo "no save file"; ls -R "$data"; exit 1; }

# Ctrl-C in the middle of the game (while it sleeps between ticks).
start "--seed 3"
wait_for "TIME" || exit 1
tmux -L $sock send-keys C-c
wait_for "EXIT=" || exit 1
pane | grep -q "EXIT=130" || { echo "Ctrl-C did not end it by SIGINT:"; pane; exit 1; }
pane | grep -q "TTY-RESTORED" || { echo "terminal settings not restored after Ctrl-C:"; pane; exit 1; }
echo "maze game: shown, timer running, q and Ctrl-C restore the terminal"
