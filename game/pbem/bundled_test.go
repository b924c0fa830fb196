package pbem

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// TestBundledScenariosPlayByFile: every bundled scenario that Refusal
// accepts (those with cosmic rifts on among them, IP4.21) starts by file
// between a home per side, its files passed round the table, and plays
// its first rounds: the formation rolls of turn 1 in the results where
// rifts are on, every machine at the same public hash once it has the
// last file. Rift charts and destinations (rift-gate) play; the one with
// an open rift (drill-rift) is refused. (A result names its rolls by
// their faces alone now: the formation rolls are counted among the
// stretches' public events, each result's faces one for one with them.)
func TestBundledScenariosPlayByFile(t *testing.T) {
	accepted := 0
	for _, info := range scenarios.Bundled() {
		t.Run(info.ID, func(t *testing.T) {
			src, err := scenarios.ReadSource(info.ID)
			require.NoError(t, err)
			sc, err := src.Load()
			require.NoError(t, err)
			setup := sc.Setup()
			if why := Refusal(sc); why != "" {
				require.NotEmpty(t, setup.OpenRifts, why)
				return
			}
			accepted++
			ps, seat, file := tableHomes(t, src, setup.Sides, info.ID+"-", 1)
			// Round the table until the energy allocation of turn 1 is
			// played and every machine has the last file.
			for n := 1; n < 8*len(ps); n++ {
				p := ps[n%len(ps)]
				seat, err := Open(p.home, fmt.Sprint("file-", n), file, p.side)
				require.NoError(t, err, "file %d at %s", n, p.side)
				if len(seat.Game.Results) >= 2 && n%len(ps) == len(ps)-1 {
					break
				}
				file = sendOn(t, p, seat)
			}
			var hash rules.Hash
			var g *Game
			last := parse(t, file)
			for i, p := range ps {
				s, err := LoadSeat(p.home, seat.Game.ID)
				require.NoError(t, err)
				if s.Game.Len() < len(last.Messages) {
					s, err = Open(p.home, "last", file, p.side)
					require.NoError(t, err, "the last file at %s", p.side)
				}
				if i == 0 {
					hash, g = s.Game.State.PublicHash(), s.Game
					continue
				}
				require.Equal(t, hash, s.Game.State.PublicHash(), "%s's machine", p.side)
			}
			require.GreaterOrEqual(t, len(g.Results), 2, "the first rounds played")
			for i, r := range g.Results {
				require.Empty(t, r.Stopped)
				require.Len(t, r.Rolls, publicRolls(g.Stretches[i], ""), "round %d's result names its public rolls", i+1)
			}
			rolls := publicRolls(g.Events, "IP4.21")
			if setup.Ruleset.NoCosmicRifts {
				require.Zero(t, rolls)
			} else {
				require.Equal(t, len(setup.Sides), rolls, "IP4.21: every side rolls at the start of turn 1")
			}
		})
	}
	require.Equal(t, 19, accepted, "bundled scenarios that play by file")
}
