#!/bin/sh
# The BASIC prompt's screen editor on a real terminal (tmux), on both machines: a listing
# pasted (bracketed paste) goes in whole; LIST, cursor up onto a listed line, change it in
# place and Enter re-enters it; RUN shows the change; Ctrl-C at an INPUT breaks there and
# CONT asks again; SAVE, NEW, LOAD bring the program back; Ctrl-D leaves with status 0.
# Then `amazing basic FILE` on a terminal runs FILE and stays at the prompt with it, where
# EDIT and AUTO (pc) change it.
# usage: prompt_editor_e2e.sh AMAZING_BINARY              (exit 77: tmux missing, skipped)
set -u
bin=$1
command -v tmux >/dev/null 2>&1 || { echo "tmux not installed: skipped"; exit 77; }
. "$(dirname "$0")/tmux_lib.sh"
work=$(mktemp -d)
trap 'for s in pc c64 file; do tmux -L amazing-editor-$$-$s kill-server 2>/dev/null; done; rm -rf "$work"' EXIT

start() {  # NAME COMMAND
  tmux_start amazing-editor-$$-$1 "trap : INT; $2; echo EXIT=\$?; sleep 60"
}
# Up onto the last row of the pane that holds TEXT (the cursor is below it).
cursor_onto() {
  target=$(pane | grep -nF -- "$1" | tail -n 1 | cut -d: -f1)
  cursor=$(tmux -L $sock display -p '#{cursor_y}')
  [ -n "$target" ] || { echo "no row holds: $1"; pane; exit 1; }
  n=$((cursor + 1 - target))
  while [ $n -gt 0 ]; do keys Up; n=$((n - 1)); done
}

scenario() {  # MACHINE PROMPT BREAK SAVE_ARGS
  mkdir -p "$work/$1"
  start "$1" "$bin basic --machine $1 --disk $work/$1"
  wait_for "$2" || exit 1
  printf '10 PRINT "HELLO"\n20 INPUT A\n30 PRINT A*2\n' >"$work/paste.txt"
  tmux -L $sock load-buffer "$work/paste.txt"
  tmux -L $sock paste-buffer -p -d
  type_line 'LIST'
  wait_count '30 PRINT A*2' 2 || exit 1
  cursor_onto '10 PRINT "HELLO"'
  for k in 1 2 3 4 5 6 7 8 9 10; do keys Right; done
  keys -l 'WORLD'
  keys Enter
  keys Down Down Down Down Down
  type_line 'RUN'
  wait_for 'WORLD' || exit 1
  wait_for '?' || exit 1
  sleep 0.5
  keys C-c
  wait_for "$3" || exit 1
  type_line 'CONT'
  sleep 0.5
  type_line '21'
  wait_for ' 42' || exit 1
  keys C-l  # a clear screen: what LIST shows below comes from the file
  type_line "SAVE \"EDITED\"$4"
  type_line 'NEW'
  type_line 'LOAD "EDITED"'
  type_line 'LIST'
  wait_for '10 PRINT "WORLD"' || exit 1
  if pane | grep -q "EXIT="; then echo "$1: the machine ended early:"; pane; exit 1; fi
  keys C-d
  wait_for "EXIT=0" || exit 1
}

scenario pc "Ok" "Break in 20" ""
scenario c64 "READY." "BREAK IN 20" ",8"

printf '10 PRINT "FROM THE FILE"\n20 X=5\n' >"$work/file.bas"
start file "$bin basic $work/file.bas --disk $work/pc"
wait_for 'FROM THE FILE' || exit 1
type_line 'PRINT X*3'
wait_for ' 15' || exit 1
type_line 'LIST'
wait_for '20 X=5' || exit 1
# EDIT puts the cursor at the start of the line: over the 5, a 7; AUTO numbers a new line.
type_line 'EDIT 20'
for k in 1 2 3 4 5; do keys Right; done
type_line '7'
type_line 'AUTO 30'
type_line 'PRINT X*3'
# Ctrl-C is a signal, not a key in the queue: send it only once AUTO shows its next
# number, and RUN only once the prompt is back (a loaded machine split RUN around AUTO).
wait_for '40 ' || exit 1
keys C-c
i=0
until pane | grep -A1 -F '40 ' | grep -q 'Ok'; do
  i=$((i + 1)); [ $i -lt 100 ] || { echo "never saw Ok after AUTO's Ctrl-C"; pane; exit 1; }
  sleep 0.2
done
type_line 'RUN'
wait_for ' 21' || exit 1
# The program has ended when Ok is on the row below: a Ctrl-C before that would break the
# run instead of being the first of the two that leave (a loaded machine showed this).
i=0
until pane | grep -A1 -F ' 21' | grep -q 'Ok'; do
  i=$((i + 1)); [ $i -lt 100 ] || { echo "never saw Ok after the run"; pane; exit 1; }
  sleep 0.2
done
# Two SIGINTs sent back to back can reach a busy process as one (the kernel keeps one
# pending signal of a kind): the second Ctrl-C comes once the hint shows, as a user's would.
keys C-c
wait_for 'CTRL-C AGAIN LEAVES' || exit 1
keys C-c
wait_for "EXIT=0" || exit 1
echo "passed"
