#!/bin/sh
# Key traps on a real terminal (tmux): a pc program's ON KEY(1) (F1), ON KEY(11) (the Up
# key) and ON KEY(15) (KEY 15 names Ctrl-A by its scan code) handlers run when the keys are
# pressed while it runs (issue 21); F9, whose trap is off, fires nothing: it is typed ahead,
# and at the prompt it types its text, "KEY ". F3 then types the text KEY 3 gave it. INKEY$
# reads keys as they are typed. A trapped key pressed at an INPUT goes to its trap.
# usage: prompt_keys_e2e.sh AMAZING_BINARY              (exit 77: tmux missing, skipped)
set -u
bin=$1
command -v tmux >/dev/null 2>&1 || { echo "tmux not installed: skipped"; exit 77; }
. "$(dirname "$0")/tmux_lib.sh"
disk=$(mktemp -d)
trap 'tmux -L amazing-keys-$$ kill-server 2>/dev/null; rm -rf "$disk"' EXIT

tmux_start amazing-keys-$$ "trap : INT; $bin basic --machine pc --disk $disk; echo EXIT=\$?; sleep 60"
wait_for "Ok" || exit 1
type_line '10 ON KEY(1) GOSUB 100: KEY(1) ON: ON KEY(11) GOSUB 200: KEY(11) ON'
type_line '15 KEY 15,CHR$(4)+CHR$(30): ON KEY(15) GOSUB 300: KEY(15) ON'
type_line '20 IF C<3 THEN 20'
type_line '30 PRINT "DONE";C: END'
type_line '100 C=C+1: PRINT "F1 TRAP": RETURN'
type_line '200 C=C+1: PRINT "UP TRAP": RETURN'
type_line '300 C=C+1: PRINT "CA TRAP": RETURN'
type_line 'RUN'
sleep 1
keys F9
keys F1
wait_for "F1 TRAP" || exit 1
keys Up
wait_for "UP TRAP" || exit 1
keys C-a
wait_for "DONE 3" || exit 1
# The handlers' output rows (not the listing's): one each.
if [ "$(pane | grep -cE '(F1|UP|CA) TRAP +.$')" -ne 3 ] ||
  ! pane | grep -qE 'CA TRAP +.$'; then
  echo "a trap ran twice or not at all:"; pane; exit 1
fi
wait_for_re ".KEY {30,}.$" || exit 1
type_line '3,"PRINT 6*7"+CHR$(13)'
sleep 0.5
keys F3
wait_for " 42 " || exit 1
# INKEY$ takes the keys as they are typed, not echoed, without Enter: x, the Up key
# (CHR$(0) and its scan code, one INKEY$) and q, while the loop runs.
type_line 'NEW'
type_line '10 A$=INKEY$: IF A$="" THEN 10'
type_line '20 PRINT ASC(A$);LEN(A$);: IF A$<>"q" THEN 10'
type_line 'RUN'
sleep 0.5
keys x
keys Up
keys q
wait_for " 120  1  0  2  113  1" || exit 1
# F2 pressed at an INPUT while KEY(2) is on is its trap's, not typed (PC-BASIC drops a
# trapped key): the answer is x, not F2's text RUN, and the trap runs after the INPUT.
type_line 'NEW'
type_line '10 ON KEY(2) GOSUB 100: KEY(2) ON: INPUT A$: PRINT "GOT ";A$;"!": END'
type_line '100 PRINT "F2 TRAP": RETURN'
type_line 'RUN'
wait_for_re "│\? +│$" || exit 1
keys F2
sleep 0.3
keys x Enter
wait_for "GOT x!" || exit 1
pane | grep -q "F2 TRAP" || { echo "the F2 trap did not run:"; pane; exit 1; }
type_line 'SYSTEM'
wait_for "EXIT=0" || exit 1
echo "passed"
