package pbem

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// TestThreeSidesPassFilesAround plays a short three-sided game whose
// files go round the table, each machine passing its file to the next:
// the same log serves any number of sides. In rift-crowns, cosmic rifts
// raised by one side are pending on the two other machines (IP4.22,
// IP4.231), and none forms by the Crown (IP4.233). (Its seed searched
// again for version 4's dice: under "r3-" the only rift is raised on
// turn 2 and the game ends before it is due; under "r31-" the
// federation's rift raised on turn 1 is due at T2 I3 and does not form.)
func TestThreeSidesPassFilesAround(t *testing.T) {
	for _, tc := range []struct{ name, seed string }{{"short-crowns", "three-"}, {"rift-crowns", "r31-"}} {
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
	news := map[string]int{}
	for _, m := range parse(t, file).Messages {
		if an, ok := m.Body.(*wire.Announce); ok {
			for _, r := range an.Rifts {
				news[r.Clause]++
			}
		}
	}
	if name == "rift-crowns" {
		require.Positive(t, news["IP4.233"], "no rift news announced: %v", news)
		require.Zero(t, news["IP4.25"], "a rift formed by the Crown")
	}
	t.Logf("%d files, rift news %v; %s", n+1, news, rep)
}
