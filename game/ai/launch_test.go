package ai_test

import (
	"slices"
	"testing"

	"github.com/hexrift/hexrift/game/ai"
	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/rules"
)

// activityNear returns arg at the impulse activity of turn 1 with side to
// act, enemy put dist hexes ahead of carrier.
func activityNear(t *testing.T, arg string, side rules.SideID, carrier, enemy rules.UnitID, dist int) *rules.State {
	t.Helper()
	sc, err := source(t, arg).Load()
	if err != nil {
		t.Fatal(err)
	}
	st, err := rules.NewState(sc.Setup(), 1)
	if err != nil {
		t.Fatal(err)
	}
	return copyState(t, st, func(s *rules.State) {
		s.Clock = rules.Clock{Turn: 1, Impulse: 1, Step: rules.StepActivity}
		s.Turn = rules.TurnState{Entered: true, Waiting: []rules.SideID{side}}
		place(s, enemy, carrier, s.Unit(carrier).Facing, dist)
	})
}

// Normal and hard keep carried craft aboard unless each is known armed (a
// craft lost is points to the enemy, and a side's view does not show what
// its carried craft are): the meridian's unarmed survey shuttle stays
// aboard with an enemy close.
func TestAILaunchesOnlyArmedCraft(t *testing.T) {
	for _, tc := range []struct {
		arg            string
		side           rules.SideID
		carrier, enemy rules.UnitID
		craft          rules.UnitID
		want           bool
	}{
		{"veil-of-storms", "federation", "meridian", "briar", "meridian-shuttle", false},
	} {
		for _, level := range []ai.Level{ai.Normal, ai.Hard} {
			st := activityNear(t, tc.arg, tc.side, tc.carrier, tc.enemy, 4)
			legal := st.Legal(tc.side)
			if !slices.ContainsFunc(legal, func(c rules.Command) bool { return slices.Contains(c.Craft, tc.craft) }) {
				t.Fatalf("%s: no launch of %s offered", tc.arg, tc.craft)
			}
			cmd := ai.New(level, 1, tc.side).Decide(st.View(tc.side), legal, match.NewDesk(st, tc.side))
			if got := slices.Contains(cmd.Craft, tc.craft); got != tc.want {
				t.Errorf("%s, %s: launched %s %v, want %v (%s)", tc.arg, level, tc.craft, got, tc.want, cmd)
			}
			if _, err := st.Apply(cmd); err != nil {
				t.Fatal(err)
			}
		}
	}
}
