package pbem

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/rules"
)

// TestRecapReplaysWhatTheSideMaySee: in the phase game, each machine
// opening each file the other sent replays the stretches it had not seen
// (Seat.Recap), impulse by impulse. The frames hold exactly the side's
// new log lines, in order, one frame per impulse; the last is the table
// the side is shown; and no frame shows a unit of the other side while
// it is out of phase, however its log says it phased out and in. The
// side's own units out of phase are in its frames, as ghosts.
func TestRecapReplaysWhatTheSideMaySee(t *testing.T) {
	a, b, files := playPhase(t)
	secs := map[rules.SideID]*secret{}
	for sd, s := range loadSeats(t, a, b) {
		secs[sd] = s.sec
	}
	seen := map[rules.SideID]int{} // rounds each machine has seen
	recaps, frames, hiddenOut, ghosts, previews := 0, 0, 0, 0, 0
	for i, f := range files {
		tf := parse(t, f.Data)
		for sd, sec := range secs {
			if sd == f.From {
				continue // the machine that wrote it saw its stretches as it did
			}
			g, err := replay(tf, replayOpts{sec: sec})
			require.NoError(t, err, "file %d as %s", i, sd)
			seat := &Seat{Side: sd, Game: g, Seen: seen[sd], sec: sec}
			seen[sd] = len(g.Results)
			fr, err := seat.Recap()
			require.NoError(t, err, "file %d as %s", i, sd)
			if len(g.Results) == 0 {
				require.Empty(t, fr, "file %d: a recap before any stretch", i)
				continue
			}
			require.NotEmpty(t, fr, "file %d as %s: no frame of %d rounds", i, sd, len(g.Results))
			recaps++
			frames += len(fr)
			if seat.Seen >= len(g.Results) {
				seat.Seen = len(g.Results) - 1 // all seen: the last stretch is replayed
			}
			var lines []rules.Event
			for k, x := range fr {
				lines = append(lines, x.Events...)
				require.Equal(t, lines, x.Seen[len(x.Seen)-len(lines):], "file %d frame %d: its log by then ends with the lines replayed", i, k)
				if k > 0 {
					require.False(t, x.Clock.Before(fr[k-1].Clock), "file %d frame %d goes back in time", i, k)
					require.NotEqual(t, match.SnapshotKey(fr[k-1].Clock), match.SnapshotKey(x.Clock), "file %d frame %d: two frames of one impulse", i, k)
				}
			}
			require.Equal(t, seat.NewEvents(), lines, "file %d as %s: the recap's lines are the side's new log", i, sd)
			if i%8 == 1 {
				// The table's preview keeps the frames as it replays the
				// log: the same as the log played again for them.
				pre, err := seat.Preview()
				require.NoError(t, err)
				require.NotNil(t, pre.Game.recap)
				if pre.Game.recap.From == recapFrom(pre.Seen, len(pre.Game.Results)) {
					previews++
				}
				kept, err := pre.Recap()
				require.NoError(t, err)
				pre.Game.recap = nil
				again, err := pre.Recap()
				require.NoError(t, err)
				require.Equal(t, again, kept, "file %d as %s: the preview's frames", i, sd)
			}
			last, err := json.Marshal(fr[len(fr)-1].View)
			require.NoError(t, err)
			table, err := json.Marshal(seat.View())
			require.NoError(t, err)
			require.JSONEq(t, string(table), string(last), "file %d as %s: the last frame is the table", i, sd)

			// The other side's units out of phase, followed through the
			// side's own log.
			out := map[rules.UnitID]bool{}
			for k, x := range fr {
				for _, e := range x.Events {
					switch {
					case e.Side == sd || e.Unit == "":
					case strings.Contains(e.Text, " phases out at "):
						out[e.Unit] = true
					case strings.Contains(e.Text, " phases in at "):
						delete(out, e.Unit)
					}
				}
				for _, u := range x.View.Units {
					if u.Side == sd {
						if u.Ghost {
							ghosts++
						}
						continue
					}
					require.False(t, u.Ghost || u.Phase != nil, "file %d frame %d: %s sees %s's course", i, k, sd, u.ID)
					require.False(t, out[u.ID], "file %d frame %d (%s): %s sees %s, out of phase", i, k, x.Clock, sd, u.ID)
				}
				hiddenOut += len(out)
			}
		}
	}
	require.Positive(t, hiddenOut, "no frame with a unit of the other side out of phase")
	require.Positive(t, ghosts, "no frame with a side's own unit out of phase")
	require.Positive(t, previews, "no preview kept its frames")
	t.Logf("%d files, %d recaps, %d frames; %d frame-units of the other side out of phase kept out; %d own ghosts shown; %d previews kept their frames", len(files), recaps, frames, hiddenOut, ghosts, previews)
}
