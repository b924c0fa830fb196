package match

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/rules"
)

// A desk answers for its own side and refuses every question about
// another side's units or commands, as if they did not exist.
func TestDeskAnswersForItsSideOnly(t *testing.T) {
	src := defaultSource(t)
	sc, err := src.Load()
	require.NoError(t, err)
	s, err := NewSession(src, 5, DefaultSeats(sc))
	require.NoError(t, err)
	pending := s.State.Pending()
	require.NotEmpty(t, pending)
	me := pending[0]
	var other rules.SideID
	var mine, theirs rules.UnitID
	for _, u := range s.State.Units {
		switch {
		case u.Side == me && mine == "":
			mine = u.ID
		case u.Side != me && theirs == "":
			theirs, other = u.ID, u.Side
		}
	}
	require.NotEmpty(t, mine)
	require.NotEmpty(t, theirs)
	d := s.Desk(me)
	require.Equal(t, me, d.Side())
	assert.Equal(t, s.State.View(me), d.View())
	assert.Equal(t, s.State.Legal(me), d.Legal())
	for _, c := range d.Legal() {
		assert.NoError(t, d.Check(c), "its own legal commands pass")
	}
	refused := []struct {
		name string
		err  func() error
	}{
		{"a command of another side", func() error {
			return d.Check(rules.Command{Kind: rules.CmdAllocate, Side: other})
		}},
		{"a shot by another side's unit", func() error {
			_, err := d.ShotOdds(rules.Shot{Attacker: theirs, Target: mine})
			return err
		}},
		{"a launch by another side's unit", func() error {
			_, err := d.LaunchOdds(rules.Shot{Attacker: theirs, Target: mine})
			return err
		}},
		{"a plan of another side's unit", func() error {
			_, err := d.PlanOdds(rules.MovePlan{Unit: theirs})
			return err
		}},
	}
	for _, tc := range refused {
		t.Run(tc.name, func(t *testing.T) {
			assert.ErrorIs(t, tc.err(), errNotYours)
		})
	}
	assert.Zero(t, d.Allotment(theirs), "no allotment of another side's unit")
	assert.Nil(t, d.ReentryHexes(theirs), "no re-entry hexes of another side's unit")
	if id, ok := s.State.Mover(); ok && s.State.Unit(id).Side != me {
		_, ok := d.Mover()
		assert.False(t, ok, "another side's mover is not named")
	}
	// The session's desk follows the session: after a command it answers
	// from the new state.
	_, err = s.Submit(s.State.Legal(me)[0])
	require.NoError(t, err)
	assert.Equal(t, s.State.Legal(me), d.Legal())
}
