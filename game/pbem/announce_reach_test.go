package pbem

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// TestAnnouncementReachesTheStepAStretchStopsBefore: in rift-haven with
// these seeds the hunters' rift raised at the start of turn 1 forms at
// T1 I6 involuntary-movement (IP4.25), in a step the stretch does not
// keep (the game stops before it). The hunters' announcement tells the
// formation, through that step, so that the corsairs' machine computes
// it and stops there too: the hunters' machine sends it (it used to
// refuse its own result, its announcement reaching only the step kept),
// both machines reach the same end, stopped by the rift that formed (not
// by the rolls for one side that its step went on to make, which each
// machine named otherwise), and Verify passes.
func TestAnnouncementReachesTheStepAStretchStopsBefore(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "rift-haven.yaml"))
	require.NoError(t, err)
	g := homesGame{src: scenarios.Source{Name: "testdata/rift-haven.yaml", Data: data}, sides: [2]rules.SideID{"corsairs", "hunters"}, seeds: [2]string{"3a", "rift-b"}}
	a, b, files := playHomes(t, g, 1000)
	seats := loadSeats(t, a, b)
	sa, sb := seats[a.side].Game, seats[b.side].Game
	require.True(t, sa.Finished())
	require.Equal(t, sa.State.PublicHash(), sb.State.PublicHash())
	last := sa.Results[len(sa.Results)-1]
	require.Equal(t, last, sb.Results[len(sb.Results)-1], "the same end, in the same words")
	require.Equal(t, Stop{Kind: stopHidden, Side: string(b.side), Code: hiddenFormed}, last.Stop)
	require.Contains(t, last.Stopped, "hunters's cosmic rift rift-1 forms at T1 I6 involuntary-movement")
	var told []wire.RiftNews
	for _, m := range parse(t, files[len(files)-1].Data).Messages {
		if an, ok := m.Body.(*wire.Announce); ok && len(an.Rifts) > 0 {
			require.Equal(t, string(b.side), an.Side)
			c, err := clockOf(an.Rifts[0].Clock)
			require.NoError(t, err)
			through, err := clockOf(an.Through)
			require.NoError(t, err)
			require.True(t, last.Clock.Before(c), "the rift forms in the step the game stops before, not at %s", c)
			require.False(t, through.Before(c), "the announcement reaches the step")
			told = append(told, an.Rifts...)
		}
	}
	require.Equal(t, []wire.RiftNews{{Raised: 0, Clock: wire.Clock{Turn: 1, Impulse: 6, Step: "involuntary"}, Clause: "IP4.25"}}, told)
	_, err = Verify("last", files[len(files)-1].Data)
	require.NoError(t, err)
}
