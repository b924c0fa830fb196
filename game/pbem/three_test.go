package pbem

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// TestThreeSidesPassFilesAround plays a short three-sided game whose
// files go round the table, each machine passing its file to the next:
// the same log serves any number of sides.
func TestThreeSidesPassFilesAround(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "short-crowns.yaml"))
	require.NoError(t, err)
	src := scenarios.Source{Name: "testdata/short-crowns.yaml", Data: data}
	sc, err := src.Load()
	require.NoError(t, err)
	require.Empty(t, Refusal(sc))
	var ps []*player
	for i, sd := range sc.Setup().Sides {
		ps = append(ps, &player{home: Home{Dir: t.TempDir(), Rand: fixedRand(fmt.Sprint("three-", i))}, side: sd.ID,
			ctrl: match.NewController(match.Seat{Side: sd.ID, Kind: match.SeatComputer, Level: "normal"}, uint64(i))})
	}
	require.Len(t, ps, 3)
	seat, err := NewGame(ps[0].home, src, ps[0].side, testTime)
	require.NoError(t, err)
	file, err := seat.Game.File().Encode()
	require.NoError(t, err)
	n := 1
	for ; n < 600; n++ {
		p := ps[n%3]
		seat, err := Open(p.home, fmt.Sprint("file-", n), file, p.side)
		require.NoError(t, err, "file %d at %s", n, p.side)
		var o *Orders
		if next, err := seat.Preview(); err == nil && next.MustCommit() {
			o = p.orders(t, seat)
		}
		f, err := seat.Send(o)
		if err != nil {
			require.ErrorIs(t, err, ErrNothingNew)
		}
		file, err = f.Encode()
		require.NoError(t, err)
		if seat.Game.Finished() {
			break
		}
	}
	require.Less(t, n, 600, "the game did not end")
	rep, err := Verify("last", file)
	require.NoError(t, err)
	g, err := Replay(parse(t, file))
	require.NoError(t, err)
	require.Equal(t, rules.StepGameOver, g.State.Clock.Step)
	t.Logf("%d files; %s", n+1, rep)
}
