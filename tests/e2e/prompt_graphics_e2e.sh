#!/bin/sh
# The pc's graphics screens on a real terminal (tmux): after SCREEN 1, a box filled by LINE
# ... BF shows as rows of full Braille cells (U+28FF) round the text, SCREEN 0 brings the
# text screen back; pixels a running program draws while its text stays still show too;
# without a UTF-8 locale the full cells are '#'. The palette colours them: COLOR 1,0 in
# SCREEN 1 shows attribute 3 yellow on blue, PALETTE 3,4 makes it red; on the text screen
# PALETTE 0,1 makes the background blue and PALETTE 7,60 the text light red (EGA 60).
# usage: prompt_graphics_e2e.sh AMAZING_BINARY          (exit 77: tmux missing, skipped)
set -u
bin=$1
command -v tmux >/dev/null 2>&1 || { echo "tmux not installed: skipped"; exit 77; }
. "$(dirname "$0")/tmux_lib.sh"
disk=$(mktemp -d)
trap 'for s in utf8 loop ascii palette; do tmux -L amazing-gfx-$$-$s kill-server 2>/dev/null; done; rm -rf "$disk"' EXIT

full=$(printf '\342\243\277')  # U+28FF, all eight dots
row=""
i=0
while [ $i -lt 40 ]; do row="$row$full"; i=$((i + 1)); done

# start NAME LANG [OPTION...]: the pc at its prompt on a terminal of its own.
start() {
  name=$1 lang=$2
  shift 2
  tmux_start amazing-gfx-$$-$name \
    "trap : INT; env TERM=xterm-256color LANG=$lang $bin basic --machine pc --disk $disk $*; echo EXIT=\$?; sleep 60"
  wait_for "Ok" || exit 1
}
# gone TEXT: until no row of the pane holds TEXT (at most 20 s).
gone() {
  i=0
  while [ $i -lt 100 ]; do
    pane | grep -qF -- "$1" || { settle; return 0; }
    sleep 0.2; i=$((i + 1))
  done
  return 1
}

start utf8 C.UTF-8
type_line 'SCREEN 1: LINE (0,0)-(319,199),3,BF'
wait_for "$row" || { echo "no row of full Braille cells"; exit 1; }
# The text printed over the pixels stays text: the prompt, full cells after it.
pane | grep -q "Ok$full" || { echo "the prompt's row lost its text:"; pane; exit 1; }
type_line 'SCREEN 0'
gone "$full" || { echo "SCREEN 0 kept the pixels:"; pane; exit 1; }
type_line 'PRINT "TEXT IS BACK"'
wait_for "TEXT IS BACK" || exit 1
type_line 'SYSTEM'
wait_for "EXIT=0" || exit 1

# A program drawing after its text is still: the pixels alone make the screen redraw (at
# the 5150's pace the FOR loop gives the screen time to show the text first).
start loop C.UTF-8 --speed original
type_line '10 SCREEN 1: PRINT "DRAWING"'
type_line '20 FOR I=1 TO 300: NEXT'
type_line '30 LINE (0,100)-(319,199),2,BF'
type_line '40 GOTO 40'
type_line 'RUN'
wait_count "$row" 12 || { echo "the running program's pixels never showed"; exit 1; }
keys C-c
wait_for "Break in 40" || exit 1
type_line 'SYSTEM'
wait_for "EXIT=0" || exit 1

# The palette: the pane's escape sequences (tmux capture-pane -e) carry the colours, on
# this 16-colour terminal as foregrounds 31 (ANSI 1, red), 37 (7, white), 91 (9, light
# red), 93 (11, yellow) and backgrounds 40 (black), 44 (blue).
epane() { tmux -L "$sock" capture-pane -p -e; }
# ewait COLOURS TEXT: until a row of the escaped pane holds TEXT and COLOURS (at most 20 s).
ewait() {
  i=0
  while [ $i -lt 100 ]; do
    epane | grep -F -- "$2" | grep -qF -- "$1" && return 0
    sleep 0.2; i=$((i + 1))
  done
  echo "never saw $2 in: $1" | cat -v; epane | cat -v; return 1
}
esc=$(printf '\033')
start palette C.UTF-8
type_line 'SCREEN 1: COLOR 1,0: LINE (0,0)-(319,199),3,BF'
wait_for "$row" || exit 1
ewait "$esc[93m$esc[44m" "$full$full" || { echo "COLOR 1,0 did not show yellow on blue"; exit 1; }
type_line 'PALETTE 3,4'
ewait "$esc[31m$esc[44m" "$full$full" || { echo "PALETTE 3,4 did not make the pixels red"; exit 1; }
type_line 'SCREEN 0: PALETTE 0,1: PALETTE 7,60: PRINT "RED ON BLUE"'
ewait "$esc[91m$esc[44m" "RED ON BLUE" || { echo "the text screen's palette did not show"; exit 1; }
type_line 'PALETTE: PRINT "DEFAULTS"'
ewait "$esc[37m$esc[40m" "DEFAULTS" || { echo "PALETTE alone did not bring the defaults back"; exit 1; }
type_line 'SYSTEM'
wait_for "EXIT=0" || exit 1

# No UTF-8: a full cell is '#'.
start ascii C
type_line 'SCREEN 2: LINE (0,0)-(639,199),1,BF'
wait_for "########################################" || exit 1
type_line 'SYSTEM'
wait_for "EXIT=0" || exit 1
echo "passed"
