#!/bin/sh
# Records what PC-BASIC prints for each programs/NAME.bas (typed lines from NAME.in) into
# expected/NAME.out (CRLF -> LF), the golden outputs basic_programs_test checks without
# needing PC-BASIC. Run it again after changing a program: tests/basic/regenerate_expected.sh
# (or name the programs to record only those: tests/basic/regenerate_expected.sh while onerror)
set -e
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$here/expected"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ $# -eq 0 ]; then set -- "$here"/programs/*.bas; fi
for bas in "$@"; do
  name=$(basename "$bas" .bas)
  bas="$here/programs/$name.bas"
  cp "$bas" "$work/PROG.BAS"
  : > "$work/INPUT.TXT"
  if [ -f "$here/programs/$name.in" ]; then
    sed 's/$/\r/' "$here/programs/$name.in" > "$work/INPUT.TXT"
  fi
  (cd "$work" && timeout 120 pcbasic PROG.BAS -n -q < INPUT.TXT > OUT.TXT 2> /dev/null) || true
  sed 's/\r$//' "$work/OUT.TXT" > "$here/expected/$name.out"
  echo "$name: $(wc -c < "$here/expected/$name.out") bytes"
done
