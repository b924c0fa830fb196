# testdata/window-lib.sh: what the xdotool runs (window-fire.sh,
# window-plotted.sh) share, sourced after they have set SHOTS and
# HEXRIFT_HOME. open_window NAME ARGS... starts "$BIN" ARGS... with its
# output in $SHOTS/game.log, waits for its window and moves it to the corner;
# shot LABEL saves the window as the next numbered screenshot; key KEY LABEL
# [PAUSE] presses KEY, waits PAUSE seconds (KEY_PAUSE by default) and shoots.
open_window() {
  local name=$1
  shift
  mkdir -p "$SHOTS"
  rm -f "$SHOTS"/*.png
  "$BIN" "$@" >"$SHOTS/game.log" 2>&1 &
  PID=$!
  trap 'kill $PID 2>/dev/null || true' EXIT
  WIN=""
  for _ in $(seq 1 60); do
    WIN=$(xdotool search --name hexrift 2>/dev/null | head -1 || true)
    [ -n "$WIN" ] && break
    sleep 1
  done
  [ -n "$WIN" ] || { echo "$name: no hexrift window" >&2; exit 1; }
  xdotool windowmove "$WIN" 0 0
  sleep 3
  n=0
}
shot() { n=$((n + 1)); import -window "$WIN" "$SHOTS/$(printf %02d $n)-$1.png"; }
key() { xdotool key --window "$WIN" "$1"; sleep "${3:-$KEY_PAUSE}"; shot "$2"; }
