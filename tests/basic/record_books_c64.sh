#!/bin/sh
# Records what a Commodore 64 prints for each program of BASIC Computer Games in
# ../shared/books beside the repository (or $AMAZING_BOOKS), fed each typed-line stream of
# tests/basic/books/streams, into tests/basic/books_c64/NAME.STREAM.out: the outputs
# books_test.cpp compares the c64 machine with. It runs cbmbasic (the C64's BASIC ROM
# statically recompiled: github.com/mist64/cbmbasic, built with make outside this
# repository) for at most 20 s a run, keeps the lines that end within the first 32768 bytes
# (NAME.STREAM.cut when there were more) and turns CR LF into LF. The listings are reference data and are never
# copied here. Usage: tests/basic/record_books_c64.sh PATH/TO/cbmbasic
set -e
cbm=${1:?usage: record_books_c64.sh PATH/TO/cbmbasic}
here=$(cd "$(dirname "$0")" && pwd)
books=${AMAZING_BOOKS:-$here/../../../shared/books}
out=$here/books_c64
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rm -f "$out"/*.out "$out"/*.cut
for bas in "$books"/*.bas; do
  name=$(basename "$bas" .bas)
  sed 's/$/\r/' "$bas" > "$work/PROG.BAS"
  for stream in a b c; do
    (cd "$work" && timeout 20 "$cbm" PROG.BAS < "$here/books/streams/$stream.in" > run.out) || true
    if [ "$(wc -c < "$work/run.out")" -gt 32768 ]; then
      ext=cut  # the first 32768 bytes less the line they end in
      head -c 32768 "$work/run.out" | sed '$d' | sed 's/\r$//' > "$out/$name.$stream.$ext"
    else
      ext=out
      sed 's/\r$//' "$work/run.out" > "$out/$name.$stream.$ext"
    fi
    echo "$name $stream: $ext"
  done
done
