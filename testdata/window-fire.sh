#!/usr/bin/env bash
# testdata/window-fire.sh: one two-person turn of the duel fixture through the
# real window, driven by xdotool as two players at one machine would, every
# decision by hand: curtains, allocations, declarations, a move each, launches,
# fire (a click on the enemy the panel marks, found on screen by its side's
# colour), evasion. The fire resolves when the last side commits its evasion;
# that side keeps the machine to watch it, and the window is shot every 0.15 s
# while the beams, flashes and points play, then once more after Enter raises
# the curtain. Every screenshot goes to $SHOTS, named after the key pressed.
#
#   go build -o /tmp/hexrift . && DISPLAY=:NN BIN=/tmp/hexrift bash testdata/window-fire.sh
set -euo pipefail
export DISPLAY=${DISPLAY:?DISPLAY must name a running X display}
BIN=${BIN:?BIN must name a built hexrift}
SHOTS=${SHOTS:-$(mktemp -d)}
HERE=$(cd "$(dirname "$0")/.." && pwd)
HEXRIFT_HOME=$(mktemp -d)
export HEXRIFT_HOME
echo '{"per_ship_turns": true, "curtain": true, "window_width": 1280, "window_height": 800, "zoom_speed": 1}' >"$HEXRIFT_HOME/settings.json"
KEY_PAUSE=1.5
. "$HERE/testdata/window-lib.sh"
open_window window-fire play -seed 7 -width 1280 -height 800 "$HERE/game/testdata/duel.yaml"
# aim clicks the enemy whose counter is of colour $1 (R G B: its side's colour
# darkened a quarter): the mean position of the map's
# pixels within 40 of it, left of the orders panel and above the log.
aim() {
  import -window "$WIN" "$SHOTS/aim.png"
  read -r x y < <(convert "$SHOTS/aim.png" -crop 880x590+0+40 +repage txt:- | awk -v R="$1" -v G="$2" -v B="$3" -F'[,:() ]+' '
    NR > 1 { r = $3; g = $4; b = $5; if ((r-R)^2 + (g-G)^2 + (b-B)^2 < 1600) { sx += $1; sy += $2; k++ } }
    END { if (k == 0) { print "-1 -1" } else { printf "%d %d\n", sx / k, sy / k + 40 } }')
  rm -f "$SHOTS/aim.png"
  [ "$x" -ge 0 ] || { echo "window-fire: no enemy of colour $* on screen" >&2; exit 1; }
  xdotool mousemove --window "$WIN" "$x" "$y" click 1
  sleep 1
  shot "$4"
}
shot start
key Return blue-curtain-lifted
key Return blue-allocated
key Return red-curtain-lifted
key Return red-allocated
key Return blue-curtain-lifted
key Return blue-declared
key Return red-curtain-lifted
key Return red-declared
# By the default allocation (Claw speed 5, Hawk speed 4) neither ship moves in
# impulse 1: each commits the panel's plan, which stays.
key Return red-moved
key Return blue-curtain-lifted
key Return blue-moved
key Return blue-launches-nothing
key Return red-curtain-lifted
key Return red-launches-nothing
key Return blue-curtain-lifted
aim 194 74 78 blue-aims-at-claw
key Return blue-fires
key Return red-curtain-lifted
aim 61 127 199 red-aims-at-hawk
key Return red-fires
key Return blue-curtain-lifted
key Return blue-evades-nothing
key Return red-curtain-lifted
xdotool key --window "$WIN" Return
for i in $(seq 1 14); do sleep 0.15; shot "red-watches-fire-$i"; done
sleep 2
shot red-watched
key Return curtain-for-blue
echo "window-fire: $n screenshots in $SHOTS"
