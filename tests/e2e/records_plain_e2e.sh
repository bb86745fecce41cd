#!/bin/sh
# play --plain on a terminal (tmux), typed keys and Enter, the arrow keys too; then the
# play screen's finish box says a record was set, and `amazing records` lists it.
# usage: records_plain_e2e.sh AMAZING_BINARY                 (exit 77: tmux missing, skipped)
set -u
bin=$1
command -v tmux >/dev/null 2>&1 || { echo "tmux not installed: skipped"; exit 77; }
. "$(dirname "$0")/tmux_lib.sh"
dir=$(mktemp -d /tmp/arec.XXXXXX)
trap 'tmux -L amazing-rec-$$ kill-server 2>/dev/null; tmux -L amazing-rec2-$$ kill-server 2>/dev/null; rm -rf "$dir"' EXIT
maze="--size 4x3 --seed 5 --variant fixed-exit"

# The way out, found through pipes by asking --plain's s from each place on the way.
route=""
i=0
while [ $i -lt 30 ]; do
  out=$(printf '%s\ns\n' "$route" | XDG_DATA_HOME=$dir/scratch "$bin" play --plain $maze)
  hint=$(printf '%s\n' "$out" | grep "the exit is" | tail -n 1)
  case $hint in
    *"1 move away"*) route="${route}j"; break ;;
    *"go south first"*) route="${route}j" ;;
    *"go north first"*) route="${route}k" ;;
    *"go east first"*) route="${route}l" ;;
    *"go west first"*) route="${route}h" ;;
    *) echo "no way out said: $out"; exit 1 ;;
  esac
  i=$((i + 1))
done
[ -n "$route" ] || { echo "no route"; exit 1; }

# --plain on the terminal: lines in, lines out.
tmux_start amazing-rec-$$ \
  "env TERM=xterm-256color LANG=C.UTF-8 XDG_DATA_HOME=$dir/data $bin play --plain $maze; echo EXIT=\$?; sleep 60"
wait_for "a 4 by 3 maze, seed 5." || exit 1
wait_for "row 1, column" || exit 1
type_line "k"
wait_for "a wall to the north." || exit 1
keys Down Enter  # an arrow key on a terminal: ESC [ B on the line
wait_count "row " 3 || exit 1
type_line "?"
wait_for "keys: h, j, k, l" || exit 1
type_line "k"  # back to the start, then the way out
type_line "$route"
wait_for "you escaped in" || exit 1
wait_for "first finish of this maze." || exit 1
type_line "q"
wait_for "EXIT=0" || exit 1

# The play screen: the finish box says the maze's record stands (set by the plain game).
tmux_start amazing-rec2-$$ \
  "env TERM=xterm-256color LANG=C.UTF-8 XDG_DATA_HOME=$dir/data $bin play $maze; echo EXIT=\$?; sleep 60"
wait_for "SEED 5" || exit 1
sock=amazing-rec2-$$
keys -l -- "$route"
wait_for "YOU ESCAPED!" || exit 1
pane | grep -qE "NEW RECORD TIME!|RECORD [0-9]+:[0-9][0-9]\.[0-9], [0-9]+ MOVES" ||
  { echo "the finish box says nothing of the record:"; pane; exit 1; }
keys q
wait_for "EXIT=0" || exit 1
listed=$(XDG_DATA_HOME=$dir/data "$bin" records)
echo "$listed" | grep -qE "^pc fixed-exit 4x3 seed 5: best time [0-9]+:[0-9][0-9]\.[0-9], fewest moves ${#route}\$" ||
  { echo "records listed: $listed"; exit 1; }
echo "play --plain on a terminal, then the finish box's record and amazing records"
