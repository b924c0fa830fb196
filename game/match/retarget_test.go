package match

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// wreckBreaks plays id with every side an orders player over the normal
// level, as hexrift sim -hotseat does, through turn turns, and counts
// its breaks by kind and the blocked ones whose course was on a unit the
// side's log showed destroyed. With blind the players are not given
// their log: the orders player as it was before it read it.
func wreckBreaks(t *testing.T, id string, seed uint64, turns int, blind bool) (breaks map[string]int, wrecks int) {
	t.Helper()
	src, err := scenarios.ReadSource(id)
	require.NoError(t, err)
	sc, err := src.Load()
	require.NoError(t, err)
	seats := DefaultSeats(sc)
	s, err := NewSession(src, seed, seats)
	require.NoError(t, err)
	s.Unrecorded = true
	breaks = map[string]int{}
	ctrl := map[rules.SideID]Controller{}
	for _, seat := range seats {
		side := seat.Side
		op := NewOrdersPlayer(Bind(NewController(Seat{Side: side, Kind: SeatComputer, Level: "normal"}, seed), s), side)
		Bind(op, s)
		if blind {
			op.watch.SetLog(nil)
		}
		op.Sat = func(_ int, br *plot.Break) {
			if br == nil {
				return
			}
			breaks[br.Kind]++
			if br.Kind != "blocked" {
				return
			}
			sh := op.Orders().Ship(br.Unit)
			require.NotNil(t, sh, "a blocked course is a ship's")
			for _, e := range s.LogFor(side) {
				if e.Kind == rules.EventDestroyed && sh.Course.Unit != "" && e.Unit == sh.Course.Unit {
					wrecks++
					break
				}
			}
		}
		ctrl[side] = op
	}
	require.NoError(t, s.PlayUntil(ctrl, func(st *rules.State) bool { return st.Clock.Turn > turns }))
	return breaks, wrecks
}

// An orders player reads its side's log: a ship whose course was on a
// unit the side saw destroyed goes on to the nearest enemy in sight
// (plot.Orders.Decide) instead of breaking, a sitting of the level and a
// plot of the whole side. Without its log (blind) the player broke on
// each of these games' wrecks; the courses on units gone out of phase in
// phase-drift still break, with the log as without it. Measured, three
// turns: first-contact seed 3 and dark-harbour seed 1 had 1 blocked
// break each (a wreck), none with the log; phase-drift seed 1 has 2
// (units out of phase) either way.
func TestOrdersPlayerGoesOnFromAWreck(t *testing.T) {
	for _, tc := range []struct {
		id             string
		seed           uint64
		blind, sighted int // blocked breaks without and with the log
	}{
		{"first-contact", 3, 1, 0},
		{"dark-harbour", 1, 1, 0},
		{"phase-drift", 1, 2, 2},
	} {
		t.Run(tc.id, func(t *testing.T) {
			before, wrecksBefore := wreckBreaks(t, tc.id, tc.seed, 3, true)
			after, wrecks := wreckBreaks(t, tc.id, tc.seed, 3, false)
			t.Logf("breaks without the log %v, with it %v", before, after)
			assert.Equal(t, tc.blind, before["blocked"], "blocked breaks without the log")
			assert.Equal(t, tc.blind-tc.sighted, wrecksBefore, "of them on a wreck")
			assert.Equal(t, tc.sighted, after["blocked"], "blocked breaks with the log")
			assert.Zero(t, wrecks, "none on a wreck")
		})
	}
}
