#!/bin/sh
# Scripts and modules the user names, through the real binary: a named pipe or a device
# is an error naming the path, never a wait (each command runs under `timeout`, and a
# wait shows as exit 124); a module of --scripts DIR must be a plain file inside DIR/lib,
# reached without a symbolic link, and nothing of a file it links to is shown.
# Usage: script_files.sh AMAZING
amazing=$1
status=0
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
fail() { echo "FAIL: $*"; status=1; }
# expect CODE TEXT... : the last command's exit status and words of its output, in order.
expect() {
  want=$1; shift
  [ "$rc" -eq "$want" ] || fail "$what: exit $rc, expected $want: $out"
  for part in "$@"; do
    case "$out" in *"$part"*) ;; *) fail "$what: no '$part' in: $out" ;; esac
  done
}

mkfifo "$d/fifo.lua"
what="run FIFO"
out=$(timeout 60 "$amazing" run --batch "$d/fifo.lua" 2>&1 </dev/null); rc=$?
expect 2 "$d/fifo.lua" "pipe"
what="gen --script FIFO"
out=$(timeout 60 "$amazing" gen --size 4x4 --engine lua --script "$d/fifo.lua" 2>&1); rc=$?
expect 2 "$d/fifo.lua" "pipe"
what="run /dev/zero"
out=$(timeout 60 "$amazing" run --batch /dev/zero 2>&1 </dev/null); rc=$?
expect 2 "/dev/zero" "16 MiB"
# A pipe with a program writing to it is read (a fed /dev/stdin).
what="run /dev/stdin fed"
out=$(echo 'amazing.print("from a pipe")' | timeout 60 "$amazing" run --batch /dev/stdin 2>&1); rc=$?
expect 0 "from a pipe"

# --scripts DIR: the issue's downloaded folder, whose lib/ links to a secrets file.
mkdir -p "$d/scripts/lib" "$d/scripts/generators"
echo 'return "TOKEN-5678"' > "$d/secret.txt"
ln -s "$d/secret.txt" "$d/scripts/lib/helper.lua"
cat > "$d/scripts/generators/prim.lua" <<'LUA'
error(tostring(require("helper")), 0)
LUA
what="gen --scripts DIR with a linked module"
out=$(timeout 60 "$amazing" gen --engine lua --algorithm prim --size 5x5 --scripts "$d/scripts" 2>&1); rc=$?
expect 70 "$d/scripts/lib/helper.lua is a symbolic link" "modules must be plain files inside $d/scripts/lib"
case "$out" in *TOKEN*) fail "$what: the token was shown: $out" ;; esac
# A syntax error shows no line of a file outside lib/.
rm "$d/scripts/lib/helper.lua"
printf 'root:x:0:0:SECRET-LINE:/root:/bin/sh\n' > "$d/passwd"
ln -s "$d/passwd" "$d/scripts/lib/helper.lua"
out=$(timeout 60 "$amazing" gen --engine lua --algorithm prim --size 5x5 --scripts "$d/scripts" 2>&1); rc=$?
expect 70 "is a symbolic link"
case "$out" in *SECRET-LINE*) fail "$what: a line of the linked file was shown: $out" ;; esac
# A FIFO module: refused at once, not a wait past --max-steps.
rm "$d/scripts/lib/helper.lua"
mkfifo "$d/scripts/lib/helper.lua"
what="gen --scripts DIR with a FIFO module"
out=$(timeout 60 "$amazing" gen --engine lua --algorithm prim --size 5x5 --max-steps 1000000 --scripts "$d/scripts" 2>&1); rc=$?
expect 70 "$d/scripts/lib/helper.lua is a named pipe (FIFO)"
# A plain module still loads.
rm "$d/scripts/lib/helper.lua"
echo 'return "plain module"' > "$d/scripts/lib/helper.lua"
what="gen --scripts DIR with a plain module"
out=$(timeout 60 "$amazing" gen --engine lua --algorithm prim --size 5x5 --scripts "$d/scripts" 2>&1); rc=$?
expect 70 "plain module"
# The script itself (DIR/generators/NAME.lua) is read inside DIR too: a link there is refused and
# nothing of the file it points to is shown.
mv "$d/scripts/generators/prim.lua" "$d/prim-real.lua"
printf 'export GITHUB_TOKEN=SECRET-9876\n' > "$d/token.txt"
ln -s "$d/token.txt" "$d/scripts/generators/prim.lua"
what="gen --scripts DIR whose script is a link"
out=$(timeout 60 "$amazing" gen --engine lua --algorithm prim --size 5x5 --scripts "$d/scripts" 2>&1); rc=$?
expect 2 "$d/scripts/generators/prim.lua is a symbolic link" "scripts must be plain files inside"
case "$out" in *SECRET-9876*) fail "$what: the linked file was shown: $out" ;; esac
rm "$d/scripts/generators/prim.lua"
what="gen --scripts DIR without the script"
out=$(timeout 60 "$amazing" gen --engine lua --algorithm prim --size 5x5 --scripts "$d/scripts" 2>&1); rc=$?
expect 2 "cannot read the script"
exit $status
