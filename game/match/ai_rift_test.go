package match

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// awayUnit returns a unit of one of the scenario's own sides that is
// beyond a cosmic rift, if any.
func awayUnit(s *Session) (rules.UnitID, rules.SideID) {
	for _, u := range s.State.Units {
		if u.OnMap() && u.Away() && !u.Cross.Trapped {
			if seat, ok := s.SeatOf(u.Side); ok && !seat.Defender {
				return u.ID, u.Side
			}
		}
	}
	return "", ""
}

// A computer player whose ship is beyond a cosmic rift brings it back
// through the rift's port before the rift closes. The drill scenario's
// rift dice make rifts frequent; the legal-move player wanders into them,
// then the game is taken over by the hard AI from that step, and the ship
// must come home rather than be trapped.
func TestAIComesBackThroughCosmicRifts(t *testing.T) {
	src, err := scenarios.ReadSource("../testdata/rift-drill.yaml")
	require.NoError(t, err)
	sc, err := src.Load()
	require.NoError(t, err)
	cases, home, trapped := 0, 0, 0
	for seed := uint64(1); seed <= 40 && cases < 4; seed++ {
		seats := DefaultSeats(sc)
		for i := range seats {
			seats[i].Kind, seats[i].Level = SeatComputer, "legal"
		}
		s, err := NewSession(src, seed, seats)
		require.NoError(t, err)
		ctrl := map[rules.SideID]Controller{}
		for _, seat := range seats {
			ctrl[seat.Side] = Bind(NewController(seat, seed), s)
		}
		require.NoError(t, s.PlayUntil(ctrl, func(*rules.State) bool {
			id, _ := awayUnit(s)
			return id != ""
		}))
		id, side := awayUnit(s)
		if id == "" || s.Over() {
			continue
		}
		cases++
		// Take over from here: the hard AI at every seat.
		sf := s.SaveFile("rift", testTime)
		b, err := BranchSession(&sf, len(sf.Commands), "", "hard")
		require.NoError(t, err)
		ctrl = map[rules.SideID]Controller{}
		for i := range b.Seats {
			b.Seats[i].Kind, b.Seats[i].Level = SeatComputer, "hard"
			ctrl[b.Seats[i].Side] = Bind(NewController(b.Seats[i], seed), b)
		}
		require.NoError(t, b.PlayUntil(ctrl, func(*rules.State) bool {
			u := b.State.Unit(id)
			return u == nil || !u.OnMap() || !u.Away() || u.Cross.Trapped
		}))
		u := b.State.Unit(id)
		switch {
		case u.Cross.Trapped:
			trapped++
			t.Logf("seed %d: %s of %s trapped at %s", seed, id, side, b.State.Clock)
		case u.OnMap() && !u.Away():
			home++
			t.Logf("seed %d: %s of %s came home at %s", seed, id, side, b.State.Clock)
		default:
			t.Logf("seed %d: %s of %s: %s at %s", seed, id, side, u.Status, b.State.Clock)
		}
	}
	require.Positive(t, cases, "some seed sends a ship through a rift")
	assert.Positive(t, home, "the AI brings a ship home through a rift")
	assert.GreaterOrEqual(t, home, trapped, "more ships come home than are trapped")
}
