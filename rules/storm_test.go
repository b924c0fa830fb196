package rules

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stormState is an open map (no phase region) centred on c with three
// sides, for the storm rolls.
func stormState(t testing.TB, c Hex, rng int, units ...Unit) *State {
	t.Helper()
	su := testSetup(units...)
	su.Sides = append(su.Sides, Side{ID: "green", Name: "Green"})
	su.Maps[0].Center = c
	su.Ruleset.PhaseStormRange = rng
	s, err := NewState(su, 99)
	require.NoError(t, err)
	return s
}

// IP8.511-514: every turn each side rolls 3d6; a 3 or 18 by exactly one
// side raises a storm of 3d6 turns, by more than one raises none; the
// storm lasts its turns and ends; start and end are public events.
// Checked over 3,000 turns of start-of-turn rolls.
func TestPhaseStormRolls(t *testing.T) {
	s := stormState(t, Hex{}, 300)
	raised, blocked, ended := 0, 0, 0
	for turn := 1; turn <= 3000; turn++ {
		s.Clock = Clock{Turn: turn, Step: StepStartOfTurn}
		before := s.Phase.Storm
		evs := s.phaseStormStep()
		var rolls []Event
		var length *Roll
		for _, e := range evs {
			require.True(t, e.Audience.IsPublic(), "storm events are public: %s", e)
			if e.Kind == EventRoll && e.Clause == "IP8.512" {
				rolls = append(rolls, e)
			}
			if e.Kind == EventRoll && e.Clause == "IP8.514" {
				length = e.Roll
			}
		}
		// IP8.512: one 3d6 per side, every turn.
		require.Len(t, rolls, 3, "IP8.512")
		var hits []SideID
		for _, r := range rolls {
			require.Equal(t, ThreeD6, r.Roll.Dice)
			if r.Roll.Total == 3 || r.Roll.Total == 18 {
				hits = append(hits, r.Side)
			}
		}
		if before != nil && turn > before.Until {
			ended++
			assert.Contains(t, evs[0].Text, "ends", "IP8.514: the end is an event")
		}
		switch len(hits) {
		case 0:
			assert.Nil(t, length)
		case 1:
			// IP8.513: one side's 3 or 18 raises a storm.
			require.NotNil(t, length, "IP8.514: its length is rolled on 3d6")
			assert.Equal(t, ThreeD6, length.Dice)
			raised++
			st := s.Phase.Storm
			require.NotNil(t, st, "IP8.513")
			if st.Start == turn {
				assert.Equal(t, hits[0], st.Side)
				assert.Equal(t, turn+length.Total-1, st.Until, "IP8.514: lasts 3d6 turns")
				assert.Contains(t, evs[len(evs)-1].Text, "a phase storm rises")
			} else {
				assert.GreaterOrEqual(t, st.Until, turn+length.Total-1, "a shorter storm does not cut a raging one")
			}
		default:
			// IP8.513: more than one side rolled it: no storm.
			blocked++
			assert.Nil(t, length)
			assert.Contains(t, evs[len(evs)-1].Text, "no phase storm")
			if before == nil || turn > before.Until {
				assert.Nil(t, s.Phase.Storm)
			}
		}
		// IP8.511: a storm lasts a limited number of turns.
		if st := s.Phase.Storm; st != nil {
			assert.LessOrEqual(t, st.Until-turn, 17)
		}
	}
	t.Logf("storms raised %d, blocked %d, ended %d", raised, blocked, ended)
	// Exactly one of three sides: 3 * 2/216 * (214/216)^2 per turn ~ 2.7%.
	assert.Greater(t, raised, 40)
	assert.Greater(t, ended, 10)
	assert.GreaterOrEqual(t, blocked, 1, "IP8.513: the seed covers a blocked storm")
}

// IP8.515: a storm is phase space within the ruleset's range of the map
// centre; units inside roll to phase, units beyond it do not; on a
// floating map a unit escapes by leaving the disc, and when the storm
// ends the units it held phase in (IP8.124).
func TestPhaseStormArea(t *testing.T) {
	c := Hex{Q: 22, R: 15}
	s := stormState(t, c, 30,
		ship("inside", "blue", "fed-frigate", c.Add(Hex{Q: 30}), DirA, 0),
		ship("outside", "red", "kor-raider", c.Add(Hex{Q: 31}), DirA, 0),
		ship("runner", "blue", "fed-frigate", c.Add(Hex{Q: 29, R: -29}), DirB, 24))
	assert.False(t, s.InPhaseSpace("main", c), "no storm yet: the open map is normal space")
	s.Phase.Storm = &PhaseStorm{Side: "red", Start: 1, Until: 3, Range: s.Ruleset.PhaseStormRange}
	t.Run("IP8.515/disc around the map centre", func(t *testing.T) {
		assert.True(t, s.InPhaseSpace("main", c))
		assert.True(t, s.InPhaseSpace("main", c.Add(Hex{Q: 30})))
		assert.False(t, s.InPhaseSpace("main", c.Add(Hex{Q: 31})))
		atInvoluntary(s, 1)
		evs := s.phaseRolls()
		_, ok := phaseRollFor(evs, "inside")
		assert.True(t, ok)
		_, ok = phaseRollFor(evs, "outside")
		assert.False(t, ok)
		v := s.View("red")
		require.NotNil(t, v.Storm, "the storm is in every view")
		assert.Equal(t, []StormDisc{{Map: "main", Center: c, Radius: 30}}, v.Storm.Discs)
	})
	t.Run("IP8.515/escape by leaving", func(t *testing.T) {
		r := s.Unit("runner")
		forceOut(s, "runner")
		for i := 0; i < 60 && r.PhasedOut; i++ {
			if i%6 == 0 {
				r.Ship.Move = MoveState{} // a new turn
			}
			atInvoluntary(s, i%6+1)
			s.phaseDrift()
			if r.PhasedOut {
				require.LessOrEqual(t, r.Hex.Distance(c), 30)
			}
		}
		require.False(t, r.PhasedOut, "IP8.124: it phased in on leaving the storm")
		assert.Equal(t, 31, r.Hex.Distance(c), "on the first hex beyond it")
	})
	t.Run("IP8.124/storm ends", func(t *testing.T) {
		in := s.Unit("inside")
		if !in.PhasedOut {
			forceOut(s, "inside")
		}
		s.Clock = Clock{Turn: 4, Step: StepStartOfTurn}
		evs := s.phaseStormStep()
		require.Nil(t, s.Phase.Storm, "IP8.514: it lasted turns 1 to 3")
		assert.False(t, in.PhasedOut, "IP8.124: out of phase space, it phases in")
		var texts []string
		for _, e := range evs {
			texts = append(texts, e.Text)
		}
		assert.Contains(t, strings.Join(texts, "\n"), "inside phases in")
		assert.Nil(t, s.View("blue").Storm)
	})
}

// A game on an open map plays on through storms: start-of-turn rolls every
// turn, and states replay to the same hash.
func TestStormGameIsDeterministic(t *testing.T) {
	play := func() (*State, int) {
		s := stormState(t, Hex{}, 20,
			ship("a", "blue", "fed-cruiser", Hex{Q: -3}, DirB, 6),
			ship("b", "red", "kor-raider", Hex{Q: 3}, DirE, 6))
		storms := 0
		playLegal(t, s, first, func(s *State) bool {
			if s.Phase.Storm != nil && s.Phase.Storm.Start == s.Clock.Turn && s.Clock.Step == StepEnergyAllocation {
				storms++
			}
			return s.Clock.Turn > 40
		})
		return s, storms
	}
	a, n := play()
	b, _ := play()
	assert.Equal(t, a.Hash(), b.Hash())
	t.Logf("storms seen: %d", n)
}
