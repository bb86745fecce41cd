#!/bin/sh
# SCREEN's pages on a real terminal (tmux): a program prints on page 1 while page 0 is
# shown, and that text shows only once SCREEN 0,1,1,1 flips to page 1; PCOPY 0,1 puts page
# 0's text on the page shown; while the active page is not shown, the cursor is hidden and
# what is typed goes to the active page, unseen (PC-BASIC), until a page flip shows it. In
# SCREEN 1 a box drawn on page 1 shows (as '#' cells, no UTF-8 here) only after the flip.
# usage: prompt_pages_e2e.sh AMAZING_BINARY             (exit 77: tmux missing, skipped)
set -u
bin=$1
command -v tmux >/dev/null 2>&1 || { echo "tmux not installed: skipped"; exit 77; }
. "$(dirname "$0")/tmux_lib.sh"
disk=$(mktemp -d)
trap 'tmux -L amazing-pages-$$ kill-server 2>/dev/null; rm -rf "$disk"' EXIT

# cursor_shown: 1 when the terminal shows its cursor, 0 when the program hid it.
cursor_shown() { tmux -L "$sock" display -p '#{cursor_flag}'; }

tmux_start amazing-pages-$$ "trap : INT; env LANG=C $bin basic --machine pc --disk $disk; echo EXIT=\$?; sleep 60"
wait_for "Ok" || exit 1
type_line '10 CLS: PRINT "SHOWN PAGE ZERO"'
type_line '20 SCREEN 0,1,1,0: PRINT "DRAWN ON PAGE ONE"'
type_line '30 SCREEN 0,1,0,0: PRINT "WAITING": A$=INPUT$(1)'
type_line '40 SCREEN 0,1,1,1'
type_line 'RUN'
wait_for "WAITING" || exit 1
if pane | grep -q "DRAWN ON PAGE ONE"; then
  echo "page 1's text showed while page 0 was the visual page:"; pane; exit 1
fi
keys x
wait_for "DRAWN ON PAGE ONE" || exit 1
if pane | grep -qE "SHOWN PAGE ZERO|WAITING"; then
  echo "page 0's text still showed after the flip to page 1:"; pane; exit 1
fi
wait_for "Ok" || exit 1
type_line 'SCREEN 0,1,0,1: CLS: PRINT "COPIED FROM ZERO": PCOPY 0,1'
wait_for "COPIED FROM ZERO" || exit 1
[ "$(cursor_shown)" = 0 ] || { echo "the cursor showed on a page that is not active"; exit 1; }
# Typed unseen onto page 0, the active one: the flip shows it, its Ok and the cursor.
type_line 'SCREEN 0,1,0,0'
wait_for "SCREEN 0,1,0,0" || exit 1
[ "$(cursor_shown)" = 1 ] || { echo "no cursor once the active page showed"; exit 1; }
full="########################################"
type_line 'SCREEN 1,,1,0: LINE (0,0)-(319,199),3,BF'
i=0
while pane | grep -qF "LINE (0,0)"; do  # until the new mode blanks the screen
  [ $i -lt 100 ] || { echo "SCREEN 1 never cleared the screen:"; pane; exit 1; }
  sleep 0.2; i=$((i + 1))
done
settle
if pane | grep -qF "$full"; then
  echo "page 1's pixels showed while page 0 was the visual page:"; pane; exit 1
fi
type_line 'SCREEN 1,,1,1'
wait_for "$full" || { echo "the flip did not show page 1's pixels"; exit 1; }
type_line 'SYSTEM'
wait_for "EXIT=0" || exit 1
echo "passed"
