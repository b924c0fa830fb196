package match

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// When a cosmic rift brings a destination scenario into play, its
// defenders get a seat (the computer's by default) and the game plays on;
// a save of such a game loads back to the same state.
func TestRiftDefendersGetSeats(t *testing.T) {
	src, err := scenarios.ReadSource("../testdata/rift-drill.yaml") // rift_dice make rifts frequent and near
	require.NoError(t, err)
	found := false
	for seed := uint64(1); seed <= 100 && !found; seed++ {
		s, err := Simulate(src, seed, 6)
		require.NoError(t, err)
		for _, sd := range s.State.Sides {
			if sd.Destination == "" {
				continue
			}
			found = true
			seat, ok := s.SeatOf(sd.ID)
			require.True(t, ok, "seed %d: defender side %s has a seat", seed, sd.ID)
			assert.True(t, seat.Defender)
			assert.Equal(t, SeatComputer, seat.Kind, "defenders are the computer's by default")
		}
		if !found {
			continue
		}
		assert.True(t, s.Over() || s.State.Clock.Turn > 6, "seed %d: the game played on after the defenders appeared (at %s)", seed, s.State.Clock)
		path := filepath.Join(t.TempDir(), "rift.hexrift")
		require.NoError(t, WriteSave(path, s, "rift", testTime))
		back, _, err := LoadSave(path)
		require.NoError(t, err)
		assert.Equal(t, s.State.Hash(), back.State.Hash())
	}
	require.True(t, found, "some seed opened a destination")
}

// With the players playing the defenders, the person who is not on the
// side that went through the rift takes them, and the game waits for
// that person.
func TestRiftDefendersPlayedByPlayers(t *testing.T) {
	src, err := scenarios.ReadSource("../testdata/rift-drill.yaml")
	require.NoError(t, err)
	sc, err := src.Load()
	require.NoError(t, err)
	for seed := uint64(1); seed <= 100; seed++ {
		s, err := NewSession(src, seed, DefaultSeats(sc)) // two people
		require.NoError(t, err)
		s.Defenders = DefendersPlayers
		// Both people play by the legal-move player until a defender
		// side, which nobody here drives, must act.
		ctrl := map[rules.SideID]Controller{}
		for _, seat := range s.Seats {
			ctrl[seat.Side] = NewLegalPlayer(seed, seat.Side)
		}
		require.NoError(t, s.PlayUntil(ctrl, func(st *rules.State) bool { return st.Clock.Turn > 6 }))
		for _, seat := range s.Seats {
			if !seat.Defender {
				continue
			}
			attacker := s.attackerInto(sideMap(s, seat.Side))
			require.NotEqual(t, rules.SideID(""), attacker)
			assert.Equal(t, SeatHuman, seat.Kind, "seed %d: a person plays the defenders", seed)
			other, _ := s.SeatOf(attacker)
			assert.NotContains(t, seat.Name, other.Name, "not the attacker's player")
			assert.Contains(t, seat.Name, "(defending")
			pending := s.State.Pending()
			require.NotEmpty(t, pending)
			return
		}
	}
	t.Fatal("no seed opened a destination")
}

// sideMap returns the destination map of a defender side.
func sideMap(s *Session, side rules.SideID) rules.MapID {
	sd, _ := s.State.Side(side)
	return sd.Destination
}
