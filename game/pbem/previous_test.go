package pbem

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// Previous is the side's own plot of the last round played, opened by
// its reveal: nil before any round is played, then the plot the side
// committed as the round's stretch left it, not the other side's;
// Needs(nil) names the decision the side faces as Decision does without
// a plot.
func TestPreviousIsTheSidesLastPlot(t *testing.T) {
	a, b, files := playFiles(t, 8)
	fresh, err := Open(Home{Dir: t.TempDir(), Rand: fixedRand("fresh")}, "f0", files[0].Data, b.side)
	require.NoError(t, err)
	require.Nil(t, fresh.Previous(), "no round is played before the first file")

	last := len(files) - 1
	to := a
	if files[last].From == a.side {
		to = b
	}
	seat, err := Open(to.home, "last", files[last].Data, to.side)
	require.NoError(t, err)
	require.NotEmpty(t, seat.Game.played)
	got := seat.Previous()
	require.NotNil(t, got)
	require.Equal(t, to.side, got.Side)
	r := seat.Game.played[len(seat.Game.played)-1]
	want := r.Orders[to.side].Plot
	if r.left != nil {
		want = r.left[to.side] // as its stretch left them
	}
	require.Equal(t, want, got)

	next, err := seat.Preview()
	require.NoError(t, err)
	if next.MustCommit() {
		kind, _ := next.Needs(nil)
		want := next.Game.State.Expecting()
		if !slices.Contains(next.Game.State.Pending(), to.side) {
			want = ""
		}
		require.Equal(t, want, kind)
	}
}
