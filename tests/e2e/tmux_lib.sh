# Shared by the tmux end-to-end scripts (sourced: `. "$(dirname "$0")/tmux_lib.sh"`).
# $sock names the tmux server of the scenario under way; each scenario starts its own
# (tmux_start), since reusing a socket name right after kill-server races with the old
# server's exit ("server exited unexpectedly" on a loaded machine).

# tmux_start SOCKET COMMAND [COLUMNS ROWS]: a terminal (80x30 unless given) running
# COMMAND under sh, on a tmux server of its own with no user config (a few tries).
tmux_start() {
  sock=$1
  tries=0
  until tmux -L "$sock" -f /dev/null new-session -d -x "${3:-80}" -y "${4:-30}" "$2"; do
    tries=$((tries + 1))
    [ $tries -lt 5 ] || { echo "tmux new-session failed"; exit 1; }
    sleep 1
  done
}
pane() { tmux -L "$sock" capture-pane -p; }
# settle: until two captures 0.1 s apart agree (at most 1 s): the rest of a frame whose
# first lines showed may still be on its way on a loaded machine.
settle() {
  before=$(pane); k=0
  while [ $k -lt 10 ]; do
    sleep 0.1; now=$(pane)
    [ "$now" = "$before" ] && return 0
    before=$now; k=$((k + 1))
  done
}
# wait_grep FLAG TEXT: polls the pane (at most 20 s) until grep FLAG (-F or -E) finds TEXT,
# then lets the frame settle.
wait_grep() {
  i=0
  while [ $i -lt 100 ]; do
    pane | grep -q "$1" -- "$2" && { settle; return 0; }
    sleep 0.2; i=$((i + 1))
  done
  echo "never saw: $2"; pane; return 1
}
wait_for() { wait_grep -F "$1"; }     # a text
wait_for_re() { wait_grep -E "$1"; }  # an extended regular expression
wait_count() {  # TEXT N: until N rows of the pane hold TEXT (at most 20 s)
  i=0
  while [ $i -lt 100 ]; do
    [ "$(pane | grep -cF -- "$1")" -ge "$2" ] && { settle; return 0; }
    sleep 0.2; i=$((i + 1))
  done
  echo "never saw $2 rows of: $1"; pane; return 1
}
keys() { tmux -L "$sock" send-keys "$@"; }
type_line() { keys -l -- "$1"; keys Enter; }
# wait_exit FILE: until the line EXIT=N the scenario's command writes is in FILE (at most
# 20 s); then `grep -q EXIT=0 FILE` checks the status.
wait_exit() {
  i=0
  while [ $i -lt 100 ] && ! grep -q EXIT "$1" 2>/dev/null; do sleep 0.2; i=$((i + 1)); done
}
