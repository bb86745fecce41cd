#!/bin/sh
# Records what both real interpreters print for each line of statement_errors/cases.txt,
# run as the program `10 <line>` / `20 PRINT "Z"`: PC-BASIC (pcbasic on PATH, Debian's
# python3-pcbasic) into statement_errors/N.pc (CR LF -> LF, the 0xFF PC-BASIC prints after
# an error's line number kept), and cbmbasic (the C64's BASIC ROM recompiled,
# github.com/mist64/cbmbasic, built with make outside this repository) into N.c64 byte for
# byte. N is the case's line number in cases.txt. A line starting `pc: ` is recorded on
# PC-BASIC only: it uses ELSE, which C64 BASIC does not have, or a comma or TAB after text,
# which cbmbasic does not print as a C64 does (it has no screen and answers column 0 when
# the ROM asks where the cursor is: ../shared/c64/README.md, "Known limits of the
# recorder"). statement_errors_test.cpp checks both
# machines of the interpreter against them.
# Usage: tests/basic/record_statement_errors.sh PATH/TO/cbmbasic
set -e
cbm=${1:?usage: record_statement_errors.sh PATH/TO/cbmbasic}
here=$(cd "$(dirname "$0")" && pwd)/statement_errors
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rm -f "$here"/*.pc "$here"/*.c64
n=0
while IFS= read -r line; do
  n=$((n + 1))
  c64=yes
  case $line in "pc: "*) c64=no; line=${line#pc: } ;; esac
  printf '10 %s\r\n20 PRINT "Z"\r\n' "$line" > "$work/PROG.BAS"
  : > "$work/INPUT.TXT"
  (cd "$work" && timeout 60 pcbasic PROG.BAS -n -q < INPUT.TXT 2> /dev/null > OUT.TXT) || true
  sed 's/\r$//' "$work/OUT.TXT" > "$here/$n.pc"
  if [ $c64 = yes ]; then
    (cd "$work" && timeout 20 "$cbm" PROG.BAS < /dev/null > "$here/$n.c64") || true
  fi
  echo "$n: $line"
done < "$here/cases.txt"
