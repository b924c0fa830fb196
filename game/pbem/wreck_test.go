package pbem

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// personsOrders are each side's orders for the next stretch as a
// person's would be: the computer's command when the side must act now,
// and the proposed plot (plot.Plan).
func personsOrders(st *rules.State, sides []rules.SideID, ctrls map[rules.SideID]match.Controller) map[rules.SideID]*Orders {
	orders := map[rules.SideID]*Orders{}
	for _, sd := range sides {
		o := &Orders{Plot: plot.Plan(st.View(sd), sd, plot.DefaultBreaks())}
		if slices.Contains(st.Pending(), sd) {
			c := ctrls[sd].Decide(st.View(sd), st.Legal(sd))
			o.Command = &c
		}
		orders[sd] = o
	}
	return orders
}

// testEpoch is the epoch of round r of a game played without machines:
// any string, one a round.
func testEpoch(r int) string { return fmt.Sprintf("%064x", r) }

// wreckStretches plays scenario id stretch by stretch through turn
// turns, each side's orders chosen as a person's would be (the computer's
// command and the proposed plot, plot.Plan), and counts the stretches
// that broke on a course at a unit destroyed in them ("has lost sight
// of" a unit the stretch's events show destroyed), and the ships whose
// course went on from such a wreck to another enemy. The orders a stretch
// is given are never changed by it (stretch.Plots are its own copies).
func wreckStretches(t *testing.T, id string, turns int) (stretches, wreckBreaks, wentOn int) {
	t.Helper()
	src, err := scenarios.ReadSource(id)
	require.NoError(t, err)
	sc, err := src.Load()
	require.NoError(t, err)
	st, err := rules.NewState(sc.Setup(), 0, rules.WithPrivateKey(openKey("0123456789abcdef")))
	require.NoError(t, err)
	var sides []rules.SideID
	for _, sd := range sc.Setup().Sides {
		sides = append(sides, sd.ID)
	}
	ctrls := map[rules.SideID]match.Controller{}
	for i, sd := range sides {
		ctrls[sd] = match.NewController(match.Seat{Side: sd, Kind: match.SeatComputer, Level: "normal"}, uint64(i+1))
	}
	commands := 0
	for r := 1; r < 2000 && st.Clock.Turn <= turns && st.Clock.Step != rules.StepGameOver; r++ {
		orders := personsOrders(st, sides, ctrls)
		given := map[rules.SideID]*plot.Orders{}
		for sd, o := range orders {
			given[sd] = o.Plot.Clone()
		}
		s, err := play(st.Clone(), sides, orders, testEpoch(r), uint64(r), commands, false)
		require.NoError(t, err)
		for sd, o := range orders {
			require.Equal(t, given[sd], o.Plot, "round %d: the orders given are as they were", r)
		}
		require.Empty(t, s.Result.Stopped)
		stretches++
		wrecks := map[rules.UnitID]string{} // destroyed in the stretch, by name
		for _, e := range s.Events {
			if e.Kind == rules.EventDestroyed {
				name, _, _ := strings.Cut(e.Text, " is ")
				wrecks[e.Unit] = name
			}
		}
		for _, name := range wrecks {
			if strings.HasSuffix(s.Result.Break, "has lost sight of "+name) {
				wreckBreaks++
			}
		}
		for sd, o := range orders {
			for _, sh := range o.Plot.Ships {
				if _, wreck := wrecks[sh.Course.Unit]; wreck && sh.Course.Unit != "" {
					if left := s.Plots[sd].Ship(sh.Unit); left != nil && left.Course.Unit != sh.Course.Unit {
						wentOn++
					}
				}
			}
		}
		st, commands = s.State, s.Result.Commands
	}
	return stretches, wreckBreaks, wentOn
}

// A stretch no longer stops on a course at a unit destroyed in it: the
// ship goes on to the nearest enemy its side sees (plot.Orders.Decide,
// reading the stretch's events the side may see), and the stretch plays
// on. Measured through turn 3: corsair-haven had 14 stretches, one of
// them stopped by a wreck, and has 13 with 3 ships gone on; carrier-duel
// had 15 with one, and has 14 with 4 gone on.
func TestStretchGoesOnFromAWreck(t *testing.T) {
	for _, id := range []string{"corsair-haven", "carrier-duel"} {
		t.Run(id, func(t *testing.T) {
			n, breaks, on := wreckStretches(t, id, 3)
			t.Logf("%d stretches, %d stopped by a wreck, %d ships went on", n, breaks, on)
			assert.Zero(t, breaks, "no stretch stops on a wreck")
			assert.Positive(t, on, "ships went on from a wreck")
		})
	}
}
