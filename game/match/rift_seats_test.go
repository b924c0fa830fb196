package match

import (
	"path/filepath"
	"slices"
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
// attacking side takes them, and the game waits for that person. The
// destination begins when its rift forms, before anyone arrives (IP4.34,
// IP4.442): the attacking side is then the side that generated the rift
// (docs/RULES.md "Cosmic rifts").
func TestRiftDefendersPlayedByPlayers(t *testing.T) {
	src, err := scenarios.ReadSource("../testdata/rift-drill.yaml")
	require.NoError(t, err)
	sc, err := src.Load()
	require.NoError(t, err)
	for seed := uint64(1); seed <= 100; seed++ {
		s, err := NewSession(src, seed, DefaultSeats(sc)) // two people
		require.NoError(t, err)
		s.SetDefenders(DefendersPlayers)
		// Both people play by the legal-move player until a defender
		// side, which nobody here drives, is seated.
		ctrl := map[rules.SideID]Controller{}
		for _, seat := range s.Seats {
			ctrl[seat.Side] = NewLegalPlayer(seed, seat.Side)
		}
		seated := func(*rules.State) bool {
			return slices.ContainsFunc(s.Seats, func(st Seat) bool { return st.Defender })
		}
		require.NoError(t, s.PlayUntil(ctrl, func(st *rules.State) bool { return st.Clock.Turn > 6 || seated(st) }))
		for _, seat := range s.Seats {
			if !seat.Defender {
				continue
			}
			m := sideMap(s, seat.Side)
			var rift *rules.CosmicRift
			for i := range s.State.Cosmic.Rifts {
				if r := &s.State.Cosmic.Rifts[i]; r.Dest == m {
					rift = r
				}
			}
			require.NotNil(t, rift, "seed %d: a rift leads to %s", seed, m)
			assert.False(t, rift.Entered, "seed %d: IP4.442: the defenders are seated as the rift forms, before anyone arrives", seed)
			attacker := s.attackingSide(m)
			assert.Equal(t, rift.Side, attacker, "seed %d: the side whose rift it is attacks", seed)
			assert.Equal(t, SeatHuman, seat.Kind, "seed %d: a person plays the defenders", seed)
			other, _ := s.SeatOf(attacker)
			assert.NotContains(t, seat.Name, other.Name, "not the attacker's player")
			assert.Contains(t, seat.Name, "(defending")
			require.NotEmpty(t, s.State.Pending())
			return
		}
	}
	t.Fatal("no seed opened a destination")
}

// IP4.442: a scenario's open rift, which no side generated, begins its
// destination in the first impulse, before anyone crossed; its
// defenders then face the first side of the origin scenario, and a
// person not playing that side plays them.
func TestOpenRiftDefendersFaceTheFirstSide(t *testing.T) {
	src, err := scenarios.ReadSource("drill-rift")
	require.NoError(t, err)
	sc, err := src.Load()
	require.NoError(t, err)
	seats := DefaultSeats(sc)
	for i := range seats {
		seats[i].Kind, seats[i].Level = SeatHuman, ""
	}
	s, err := NewSession(src, 1, seats)
	require.NoError(t, err)
	s.SetDefenders(DefendersPlayers)
	ctrl := map[rules.SideID]Controller{}
	for _, seat := range s.Seats {
		ctrl[seat.Side] = NewLegalPlayer(1, seat.Side)
	}
	seated := func(*rules.State) bool {
		return slices.ContainsFunc(s.Seats, func(st Seat) bool { return st.Defender })
	}
	require.NoError(t, s.PlayUntil(ctrl, func(st *rules.State) bool { return st.Clock.Turn > 1 || seated(st) }))
	assert.Equal(t, 1, s.State.Clock.Turn)
	assert.Equal(t, 1, s.State.Clock.Impulse, "IP4.442: in play from the first impulse")
	assert.False(t, s.State.Cosmic.Rifts[0].Entered, "nobody crossed")
	var defender Seat
	for _, seat := range s.Seats {
		if seat.Defender {
			defender = seat
		}
	}
	require.True(t, defender.Defender, "the defenders are seated before anyone crossed")
	assert.Equal(t, rules.SideID("federation"), s.attackingSide(sideMap(s, defender.Side)))
	fed, _ := s.SeatOf("federation")
	kor, _ := s.SeatOf("korath")
	assert.NotContains(t, defender.Name, fed.Name)
	assert.Contains(t, defender.Name, kor.Name+" (defending")
}

// sideMap returns the destination map of a defender side.
func sideMap(s *Session, side rules.SideID) rules.MapID {
	sd, _ := s.State.Side(side)
	return sd.Destination
}
