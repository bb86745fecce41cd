#!/bin/sh
# Hostile scripts through the real binary: each stops quickly, at a limit (exit 6) or refused
# with a run-time error (exit 70; README.md, "Exit statuses"), and a message
# on stderr, and what it printed before reaches stdout. Usage: hostile.sh AMAZING DIR
amazing=$1
dir=$2
status=0
err=$(mktemp)
for f in "$dir"/*.lua; do
  out=$(timeout 60 "$amazing" run --batch --max-steps 1000000 "$f" 2>"$err")
  rc=$?
  if [ "$rc" -ne 6 ] && [ "$rc" -ne 70 ]; then
    echo "FAIL $f: exit $rc, expected 6 or 70"; status=1
  fi
  if [ "$out" != "before" ]; then
    echo "FAIL $f: stdout was '$out', expected 'before'"; status=1
  fi
  if ! grep -q "$(basename "$f"):[0-9]*: " "$err"; then
    echo "FAIL $f: no file:line message on stderr:"; cat "$err"; status=1
  fi
done
rm -f "$err"
exit $status
