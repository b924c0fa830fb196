package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// Taking over a save of a hot-seat game must not open a person's side to
// whoever is at the machine: with two or more people only a side the
// computer plays may be taken, and the new game's first screen is behind
// the curtain. A solo game may be taken over as any side.
func TestTakeOverKeepsPeoplesSecrets(t *testing.T) {
	requireDisplay(t)
	src, err := scenarios.ReadSource("first-contact")
	require.NoError(t, err)
	sc, err := src.Load()
	require.NoError(t, err)
	seats := match.DefaultSeats(sc) // a person at every side
	require.GreaterOrEqual(t, len(seats), 2)
	sess, err := match.NewSession(src, 11, seats)
	require.NoError(t, err)
	sf := sess.SaveFile("hot-seat", testTime)

	assert.Empty(t, match.TakeOverSides(sf.Seats), "every side is a person's")
	for _, seat := range sf.Seats {
		_, err := match.BranchSession(&sf, 0, seat.Side, "normal")
		require.Error(t, err, "took over %s, a person's side", seat.Side)
		assert.Contains(t, err.Error(), "played by a person")
	}

	// Solo: one person, the computer at the other side: either side.
	solo := append([]match.Seat(nil), sf.Seats...)
	for i := 1; i < len(solo); i++ {
		solo[i].Kind, solo[i].Level = match.SeatComputer, "normal"
	}
	sf.Seats = solo
	assert.Len(t, match.TakeOverSides(sf.Seats), len(solo))
	b, err := match.BranchSession(&sf, 0, solo[1].Side, "normal")
	require.NoError(t, err)
	_, up := NewTakeOverScene(testEnv(t), b, &sf).CurtainUp()
	assert.False(t, up, "a solo game's take-over has nobody to hide from")

	// Three sides, two people and the computer: only the computer's side
	// may be taken, and the new game starts behind the curtain, though
	// the branch has one person.
	src, err = scenarios.ReadSource("three-crowns")
	require.NoError(t, err)
	sc, err = src.Load()
	require.NoError(t, err)
	three := match.DefaultSeats(sc)
	require.Len(t, three, 3)
	three[2].Kind, three[2].Level = match.SeatComputer, "normal"
	sess, err = match.NewSession(src, 11, three)
	require.NoError(t, err)
	sf = sess.SaveFile("two people and the computer", testTime)
	assert.Equal(t, []rules.SideID{three[2].Side}, match.TakeOverSides(sf.Seats))
	_, err = match.BranchSession(&sf, 0, three[0].Side, "normal")
	require.Error(t, err)
	b, err = match.BranchSession(&sf, 0, three[2].Side, "normal")
	require.NoError(t, err)
	p := NewTakeOverScene(testEnv(t), b, &sf)
	side, up := p.CurtainUp()
	require.True(t, up, "the taken side's screen waits behind the curtain")
	assert.Equal(t, three[2].Side, side)
	assert.Equal(t, rules.SideID(""), p.Viewer())
}
