package ai_test

import (
	"slices"
	"testing"

	"github.com/hexrift/hexrift/game/ai"
	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/rules"
)

// Normal and hard cast a web across the way of an enemy ship closing on
// a losing ship with a web caster (the thrower, a carrier); not from a
// sound ship, nor with the enemy far; the web is laid when the step
// resolves.
func TestAICastsWebs(t *testing.T) {
	for _, tc := range []struct {
		name    string
		dist    int
		wrecked bool
		want    bool
	}{
		{"losing, enemy closing", 3, true, true},
		{"sound, enemy closing", 3, false, false},
		{"losing, enemy far", 10, true, false},
	} {
		for _, level := range []ai.Level{ai.Normal, ai.Hard} {
			st := gearAt(t, rules.StepActivity, "federation", func(s *rules.State) {
				place(s, "claw", "thrower", rules.DirB, tc.dist)
				if tc.wrecked {
					wreck(s, "thrower")
				}
			})
			cmd := ai.New(level, 1, "federation").Decide(st.View("federation"), st.Legal("federation"), match.NewDesk(st, "federation"))
			got := slices.ContainsFunc(cmd.Webs, func(w rules.WebOrder) bool { return w.Unit == "thrower" })
			if got != tc.want {
				t.Fatalf("%s, %s: web %v, want %v (%s)", tc.name, level, got, tc.want, cmd)
			}
			if _, err := st.Apply(cmd); err != nil {
				t.Fatal(err)
			}
			if !tc.want {
				continue
			}
			for range 20 {
				if st.Clock.Step != rules.StepActivity {
					break
				}
				st.Advance()
			}
			// The web stands between the thrower and the claw.
			th, cl := st.Unit("thrower").Hex, st.Unit("claw").Hex
			var between bool
			for _, w := range st.View("federation").Webs {
				for _, h := range w.Hexes {
					between = between || (th.Distance(h) == 1 && cl.Distance(h) < cl.Distance(th))
				}
			}
			if !between {
				t.Errorf("%s, %s: no web laid between the thrower and the claw: %+v", tc.name, level, st.View("federation").Webs)
			}
		}
	}
}
