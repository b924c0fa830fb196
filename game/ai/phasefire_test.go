package ai_test

import (
	"testing"

	"github.com/hexrift/hexrift/game/ai"
	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/rules"
)

// driftFire returns phase-drift at the direct fire step of impulse 1 with
// the federation to fire: the lantern, its weapons armed, at hex at
// facing A, and the scorch dist hexes ahead of it.
func driftFire(t *testing.T, at rules.Hex, dist int) *rules.State {
	t.Helper()
	sc, err := source(t, "phase-drift").Load()
	if err != nil {
		t.Fatal(err)
	}
	st, err := rules.NewState(sc.Setup(), 1)
	if err != nil {
		t.Fatal(err)
	}
	return copyState(t, st, func(s *rules.State) {
		s.Clock = rules.Clock{Turn: 1, Impulse: 1, Step: rules.StepDirectFire}
		s.Turn = rules.TurnState{Entered: true, Waiting: []rules.SideID{"federation"}}
		l, e := s.Unit("lantern"), s.Unit("scorch")
		l.Hex, l.Facing = at, rules.DirA
		for m := range l.Ship.Mounts {
			l.Ship.Mounts[m].Armed = true
		}
		h := at
		for range dist {
			h = h.Neighbor(rules.DirA)
		}
		e.Hex, e.Facing = h, rules.DirD
	})
}

// In phase space, where either ship may phase out before a better shot
// comes, hard takes long shots it holds elsewhere; at close range it
// fires in both. (Normal does the same with its lower hold, but by its
// handicap it already takes these long shots outside phase space:
// TestHardHoldsFairShots.)
func TestAIFiresInPhaseSpace(t *testing.T) {
	inside, outside := rules.Hex{Q: 0, R: 4}, rules.Hex{Q: -24, R: 16}
	for _, tc := range []struct {
		dist int
		// in and out are whether the lantern fires in phase space and
		// outside it.
		in, out bool
	}{{2, true, true}, {5, true, false}, {8, true, false}} {
		for _, level := range []ai.Level{ai.Hard} {
			in, out := driftFire(t, inside, tc.dist), driftFire(t, outside, tc.dist)
			if got := shots(t, level, in) > 0; got != tc.in {
				t.Errorf("%s at %d in phase space: fired %v, want %v", level, tc.dist, got, tc.in)
			}
			if got := shots(t, level, out) > 0; got != tc.out {
				t.Errorf("%s at %d outside: fired %v, want %v", level, tc.dist, got, tc.out)
			}
		}
	}
}

// shots returns how many shots level's federation player fires in st.
func shots(t *testing.T, level ai.Level, st *rules.State) int {
	t.Helper()
	cmd := ai.New(level, 1, "federation").Decide(st.View("federation"), st.Legal("federation"), match.NewDesk(st, "federation"))
	if _, err := st.Apply(cmd); err != nil {
		t.Fatal(err)
	}
	return len(cmd.Shots)
}
