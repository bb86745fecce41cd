# Shared by the tmux end-to-end scripts (sourced: `. "$(dirname "$0")/tmux_lib.sh"`).
# $sock names the tmux server of the scenario under way; each scenario starts its own
# (tmux_start), since reusing a socket name right after kill-server races with the old
# server's exit ("server exited unexpectedly" on a loaded machine).

# tmux_start SOCKET COMMAND: an 80x30 terminal running COMMAND under sh (a few tries).
tmux_start() {
  sock=$1
  tries=0
  until tmux -L "$sock" -f /dev/null new-session -d -x 80 -y 30 "$2"; do
    tries=$((tries + 1))
    [ $tries -lt 5 ] || { echo "tmux new-session failed"; exit 1; }
    sleep 1
  done
}
pane() { tmux -L "$sock" capture-pane -p; }
wait_for() {  # polls the pane (at most 20 s) for a text
  i=0
  while [ $i -lt 100 ]; do
    pane | grep -qF -- "$1" && return 0
    sleep 0.2; i=$((i + 1))
  done
  echo "never saw: $1"; pane; return 1
}
keys() { tmux -L "$sock" send-keys "$@"; }
type_line() { keys -l -- "$1"; keys Enter; }
