#!/bin/sh
# Records what a Commodore 64 prints for each c64_programs/NAME.bas into NAME.out, byte for
# byte (CR LF line ends, ESC [ C cursor-rights, as ../shared/c64's recordings), by running
# cbmbasic: the C64's BASIC ROM statically recompiled (github.com/mist64/cbmbasic, built
# with make outside this repository). c64_test.cpp checks the interpreter's c64 machine
# against them, typing NAME.in's lines when there is one. Usage:
# tests/basic/record_c64.sh PATH/TO/cbmbasic
set -e
cbm=${1:?usage: record_c64.sh PATH/TO/cbmbasic}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for bas in "$here"/c64_programs/*.bas; do
  name=$(basename "$bas" .bas)
  sed 's/$/\r/' "$bas" > "$work/PROG.BAS"
  # NAME.in, when there, is what is typed (cbmbasic reads it after the program, a line
  # end each); otherwise nothing is.
  input=/dev/null
  [ -f "$here/c64_programs/$name.in" ] && input="$here/c64_programs/$name.in"
  (cd "$work" && timeout 20 "$cbm" PROG.BAS < "$input" > "$here/c64_programs/$name.out") || true
  echo "$name: $(wc -c < "$here/c64_programs/$name.out") bytes"
done
