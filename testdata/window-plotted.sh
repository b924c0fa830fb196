#!/usr/bin/env bash
# testdata/window-plotted.sh: a two-person game of first-contact through the
# real window, driven by xdotool as two players at one machine would: the
# curtains, allocations, declarations and plots (Tab to the next ship, a click
# on the map for a course), watching the orders play (pause, play on, faster),
# the breaks and re-plots, the F1 help. A screenshot of the window after every
# key goes to $SHOTS; at the end it counts the curtains among them (a curtain
# has a plain top bar) and prints them with the keys pressed.
#
#   go build -o /tmp/hexrift . && DISPLAY=:NN BIN=/tmp/hexrift bash testdata/window-plotted.sh
set -euo pipefail
export DISPLAY=${DISPLAY:?DISPLAY must name a running X display}
BIN=${BIN:?BIN must name a built hexrift}
SHOTS=${SHOTS:-$(mktemp -d)}
KEYS=${KEYS:-40}
HEXRIFT_HOME=$(mktemp -d)
export HEXRIFT_HOME
KEY_PAUSE=2
. "$(cd "$(dirname "$0")" && pwd)/window-lib.sh"
open_window window-plotted play first-contact
shot start
key Return curtain-lifted
key Return allocated
key Return curtain-lifted
key Return allocated
key Return declared # the declaring side's plot panel follows in the same sitting
key Tab plot-next-ship
xdotool mousemove --window "$WIN" 520 420 click 1
sleep 1
shot plot-toward-hex
key Return plotted
key Return next
key Return next
key Return next
key p paused 1
key p playing 1
key bracketright faster 1
for i in $(seq 1 "$KEYS"); do key Return "go-$i" 2.5; done
key F1 help 1
curtains=0
for f in "$SHOTS"/*.png; do
  sd=$(convert "$f" -crop 1280x30+0+0 -colorspace gray -format '%[fx:standard_deviation]' info:)
  if awk -v s="$sd" 'BEGIN { exit !(s < 0.05) }'; then curtains=$((curtains + 1)); fi
done
echo "window-plotted: $n screenshots in $SHOTS, $curtains of them curtains, $((KEYS + 13)) keys pressed"
