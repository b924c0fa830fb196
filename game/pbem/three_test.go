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
	ps, _, file := tableHomes(t, src, sc.Setup().Sides, seed, 0)
	require.Len(t, ps, 3)
	n := 1
	for ; n < 600; n++ {
		p := ps[n%3]
		seat, err := Open(p.home, fmt.Sprint("file-", n), file, p.side)
		require.NoError(t, err, "file %d at %s", n, p.side)
		file = sendOn(t, p, seat)
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

// tableHomes gives each of sides a home, its random source seeded from
// seed and the side's index, and a normal computer player seeded from the
// index plus first; it starts the game of src at the first home and
// returns the players, the first home's seat and the game's first file.
func tableHomes(t *testing.T, src scenarios.Source, sides []rules.Side, seed string, first uint64) ([]*player, *Seat, []byte) {
	t.Helper()
	var ps []*player
	for i, sd := range sides {
		ps = append(ps, &player{home: Home{Dir: t.TempDir(), Rand: fixedRand(fmt.Sprint(seed, i))}, side: sd.ID,
			ctrl: match.NewController(match.Seat{Side: sd.ID, Kind: match.SeatComputer, Level: "normal"}, uint64(i)+first)})
	}
	seat, err := NewGame(ps[0].home, src, ps[0].side, testTime)
	require.NoError(t, err)
	file, err := seat.Game.File().Encode()
	require.NoError(t, err)
	return ps, seat, file
}

// sendOn sends what p's seat has to send, with p's orders where the game
// waits for them (a seat with nothing new sends its file again), and
// returns the file encoded.
func sendOn(t *testing.T, p *player, seat *Seat) []byte {
	t.Helper()
	var o *Orders
	if next, err := seat.Preview(); err == nil && next.MustCommit() {
		o = p.orders(t, seat)
	}
	f, err := seat.Send(o)
	if err != nil {
		require.ErrorIs(t, err, ErrNothingNew)
	}
	file, err := f.Encode()
	require.NoError(t, err)
	return file
}
