#!/bin/sh
# The C64's keyboard on a real terminal (tmux): GET takes the keys as they are typed, not
# echoed and without RETURN, in PETSCII (a letter as its capital, the cursor keys, F1), ""
# while none waits; WAIT 198,1 waits for a key in the keyboard buffer. The screen
# editor's quote mode: a cursor key typed after a quote is typed as its code. The screen
# shows PETSCII's graphics characters (in a UTF-8 locale, their Unicode look-alikes).
# usage: c64_keys_e2e.sh AMAZING_BINARY              (exit 77: tmux missing, skipped)
set -u
bin=$1
command -v tmux >/dev/null 2>&1 || { echo "tmux not installed: skipped"; exit 77; }
. "$(dirname "$0")/tmux_lib.sh"
disk=$(mktemp -d)
trap 'tmux -L amazing-c64keys-$$ kill-server 2>/dev/null; rm -rf "$disk"' EXIT

tmux_start amazing-c64keys-$$ "env LANG=C.UTF-8 $bin basic --machine c64 --disk $disk; echo EXIT=\$?; sleep 60"
wait_for "READY." || exit 1
type_line '10 GET A$: N=N+1: IF A$="" THEN 10'
type_line '20 PRINT ASC(A$);: IF A$<>"Q" THEN 10'
type_line '30 WAIT 198,1: GET B$: PRINT B$;N>100'
type_line 'RUN'
sleep 0.5
keys x
keys Up
keys F1
keys q
wait_for " 88  145  133  81" || exit 1
sleep 0.3
keys z
# Z, and the GET loop ran many times while no key waited (-1: true).
wait_for "Z-1" || exit 1
wait_count "READY." 2 || exit 1

# Quote mode: after the quote typed, Down types its code (CHR$(17)), shown as a reverse Q;
# LIST shows it so (the reverse video as tmux captures it: ESC [ 7 m), RUN performs it
# (X one row lower: an empty row under RUN).
keys C-l
keys -l -- 'NEW'
keys Enter
keys -l -- '10 PRINT "'
keys Down
type_line 'X"'
type_line 'LIST'
wait_count '10 PRINT "QX"' 2 || exit 1
tmux -L "$sock" capture-pane -p -e | grep -q "$(printf '\033')\[7mQ" ||
  { echo "no reverse Q"; tmux -L "$sock" capture-pane -p -e | cat -v; exit 1; }
type_line 'RUN'
wait_count "READY." 3 || exit 1
# The rows' text without the frame's borders: RUN, an empty row, X.
pane | sed 's/^ *│//; s/│ *$//; s/ *$//' | grep -A2 '^RUN$' | paste -sd '|' | grep -q '^RUN||X$' ||
  { echo "X not on the second row under RUN"; pane; exit 1; }

# PETSCII 113 (shifted Q) is a filled circle, 97 (shifted A) a spade.
keys C-l
type_line 'PRINT "<";CHR$(113);CHR$(97);">"'
wait_for "<●♠>" || exit 1

# RVS ON (CHR$(18)) reverses what is printed after it, until RVS OFF (CHR$(146)).
keys C-l
type_line 'PRINT "A";CHR$(18);"RV";CHR$(146);"B"'
wait_for "ARVB" || exit 1
tmux -L "$sock" capture-pane -p -e | grep -q "A$(printf '\033')\[7mRV" ||
  { echo "RV not reversed"; tmux -L "$sock" capture-pane -p -e | cat -v; exit 1; }
echo "passed"
