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
// the same log serves any number of sides. In rift-crowns, cosmic rifts
// raised by one side are pending on the two other machines (IP4.22,
// IP4.231), and none forms by the Crown (IP4.233).
func TestThreeSidesPassFilesAround(t *testing.T) {
	for _, tc := range []struct{ name, seed string }{{"short-crowns", "three-"}, {"rift-crowns", "r3-"}} {
		t.Run(tc.name, func(t *testing.T) { threeSides(t, tc.name, tc.seed) })
	}
}

// threeSides plays scenario testdata/NAME.yaml round the table, the
// machines' random sources seeded from seed.
func threeSides(t *testing.T, name, seed string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name+".yaml"))
	require.NoError(t, err)
	src := scenarios.Source{Name: "testdata/" + name + ".yaml", Data: data}
	sc, err := src.Load()
	require.NoError(t, err)
	require.Empty(t, Refusal(sc))
	var ps []*player
	for i, sd := range sc.Setup().Sides {
		ps = append(ps, &player{home: Home{Dir: t.TempDir(), Rand: fixedRand(fmt.Sprint(seed, i))}, side: sd.ID,
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
	news := 0
	for _, m := range parse(t, file).Messages {
		if m.Kind == KindAnnounce {
			news += len(m.Announce.Rifts)
		}
	}
	if name == "rift-crowns" {
		require.Positive(t, news, "no rift news announced")
	}
	t.Logf("%d files, %d rift news; %s", n+1, news, rep)
}
