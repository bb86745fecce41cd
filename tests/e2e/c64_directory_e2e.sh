#!/bin/sh
# The 1541's directory on the C64's own screen (tmux): a program SAVEd to the --disk
# folder, a file a program wrote, then LOAD"$",8 and LIST show the disk as a C64 lists it
# (the header as plain text, a line per file with its blocks and type, the blocks free);
# a file still open for writing listed "*SEQ"; LOAD"*",8 the program last saved.
# usage: c64_directory_e2e.sh AMAZING_BINARY              (exit 77: tmux missing, skipped)
set -u
bin=$1
command -v tmux >/dev/null 2>&1 || { echo "tmux not installed: skipped"; exit 77; }
. "$(dirname "$0")/tmux_lib.sh"
disk=$(mktemp -d)
trap 'tmux -L amazing-c64dir-$$ kill-server 2>/dev/null; rm -rf "$disk"' EXIT

tmux_start amazing-c64dir-$$ "$bin basic --machine c64 --disk $disk; echo EXIT=\$?; sleep 60"
wait_for "READY." || exit 1
type_line '10 PRINT "HI"'
type_line 'SAVE"HELLO",8'
type_line 'OPEN 2,8,2,"NOTES,S,W":PRINT#2,"X":CLOSE 2'
type_line 'LOAD"$",8'
type_line 'LIST'
wait_for '662 BLOCKS FREE.' || exit 1
pane | grep -qF '0 "AMAZING         " 78 2A' || { echo "no header"; pane; exit 1; }
pane | grep -qF '1    "HELLO"            PRG' || { echo "no HELLO"; pane; exit 1; }
pane | grep -qF '1    "NOTES"            SEQ' || { echo "no NOTES"; pane; exit 1; }
# A pattern selects the files (the screen cleared first: Ctrl-L).
keys C-l
sleep 0.5
type_line 'LOAD"$0:N*",8'
type_line 'LIST'
wait_for '662 BLOCKS FREE.' || exit 1
pane | grep -qF '1    "NOTES"            SEQ' || { echo "no NOTES"; pane; exit 1; }
if pane | grep -qF '"HELLO"'; then echo "the pattern listed HELLO"; pane; exit 1; fi
# A file open for writing is listed unclosed ("*SEQ", 0 blocks, its block taken).
keys C-l
sleep 0.5
type_line 'OPEN 3,8,3,"LOG,S,W":PRINT#3,"Y"'
type_line 'LOAD"$",8'
type_line 'LIST'
wait_for '661 BLOCKS FREE.' || exit 1
pane | grep -qF '0    "LOG"             *SEQ' || { echo "no unclosed LOG"; pane; exit 1; }
# LOAD"*",8 loads the program last SAVEd (or loaded).
keys C-l
sleep 0.5
type_line 'LOAD"*",8'
type_line 'LIST'
wait_for '10 PRINT "HI"' || exit 1
[ -f "$disk/HELLO.prg" ] && [ -f "$disk/NOTES.seq" ] || { echo "files missing"; ls "$disk"; exit 1; }
echo "passed"
