package ai_test

import (
	"testing"

	"github.com/hexrift/hexrift/game/ai"
	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/rules"
)

// closing plays arg for turns turns, the hard player at side against
// legal-move players, over seeds 1..12, and returns the summed distance of
// side's ships on the map to target at the end, with the scenario's
// objectives and with none.
func closing(t *testing.T, arg string, side rules.SideID, target rules.Hex, turns int) (with, without int) {
	t.Helper()
	sc, _ := source(t, arg).Load()
	for seed := uint64(1); seed <= 12; seed++ {
		for _, strip := range []bool{false, true} {
			st, err := rules.NewState(sc.Setup(), seed)
			if err != nil {
				t.Fatal(err)
			}
			if strip {
				st = copyState(t, st, func(s *rules.State) { s.Objectives = nil })
			}
			ctrl := map[rules.SideID]match.Controller{}
			for _, sd := range st.Sides {
				ctrl[sd.ID] = match.NewLegalPlayer(seed, sd.ID)
			}
			hard := ai.New(ai.Hard, seed, side)
			for n := 0; n < 20000 && pending(st) != "" && st.Clock.Turn <= turns; n++ {
				sd := pending(st)
				var cmd rules.Command
				if sd == side {
					cmd = hard.Decide(st.View(sd), st.Legal(sd), match.NewDesk(st, sd))
				} else {
					cmd = ctrl[sd].Decide(st.View(sd), st.Legal(sd))
				}
				if _, err := st.Apply(cmd); err != nil {
					t.Fatal(err)
				}
			}
			sum := 0
			for _, u := range st.Units {
				if u.Side == side && u.Kind == rules.KindShip && u.OnMap() {
					sum += u.Hex.Distance(target)
				}
			}
			if strip {
				without += sum
			} else {
				with += sum
			}
		}
	}
	return with, without
}

// TestObjectivesDrawTheFleet checks that the hard player moves for the
// scenario's objectives: its ships close on the starbase they must
// destroy in siege-of-bastion, and on the colony they must hold in
// first-contact, more than they do in the same games with no objectives.
func TestObjectivesDrawTheFleet(t *testing.T) {
	for _, tc := range []struct {
		arg    string
		side   rules.SideID
		target rules.Hex
		turns  int
	}{
		{"siege-of-bastion", "federation", rules.Hex{Q: 8, R: -6}, 4},
		{"first-contact", "federation", rules.Hex{Q: -12, R: -2}, 6},
	} {
		t.Run(tc.arg, func(t *testing.T) {
			with, without := closing(t, tc.arg, tc.side, tc.target, tc.turns)
			t.Logf("summed distance to %v: %d with objectives, %d without", tc.target, with, without)
			if with >= without {
				t.Errorf("with objectives the fleet ends %d hexes (summed) from %v, without %d: want closer", with, tc.target, without)
			}
		})
	}
}
