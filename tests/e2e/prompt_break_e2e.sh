#!/bin/sh
# The BASIC prompt on a real terminal (tmux): a program that loops is broken by Ctrl-C at
# its next statement with the machine's message (pc "Break in 20", c64 "BREAK IN 20"),
# the machine stays at its prompt with the program in memory, and CONT goes on with it.
# usage: prompt_break_e2e.sh AMAZING_BINARY              (exit 77: tmux missing, skipped)
set -u
bin=$1
command -v tmux >/dev/null 2>&1 || { echo "tmux not installed: skipped"; exit 77; }
. "$(dirname "$0")/tmux_lib.sh"
disk=$(mktemp -d)
trap 'for m in pc c64; do tmux -L amazing-prompt-$$-$m kill-server 2>/dev/null; done; rm -rf "$disk"' EXIT

# scenario MACHINE PROMPT BREAK: the shell reports the exit status when the machine ends.
scenario() {
  tmux_start amazing-prompt-$$-$1 \
    "trap : INT; $bin basic --machine $1 --disk $disk; echo EXIT=\$?; sleep 60"
  wait_for "$2" || exit 1
  type_line '10 A=A+1'
  type_line '20 GOTO 10'
  type_line 'RUN'
  sleep 1
  keys C-c
  wait_for "$3" || exit 1
  if pane | grep -q "EXIT="; then echo "$1: Ctrl-C ended the machine:"; pane; exit 1; fi
  # The variables and the program are still there; CONT goes on; Ctrl-C breaks it again.
  type_line 'PRINT A>0'
  type_line 'CONT'
  sleep 1
  keys C-c
  wait_count "$3" 2 || { echo "$1: CONT did not run again"; exit 1; }
  type_line 'LIST'
  wait_for "20 GOTO 10" || exit 1
}

scenario pc "Ok" "Break in "
type_line 'SYSTEM'
wait_for "EXIT=0" || exit 1
scenario c64 "READY." "BREAK IN "
echo "passed"
