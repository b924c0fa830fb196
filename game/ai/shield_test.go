package ai_test

import (
	"testing"

	"github.com/hexrift/hexrift/game/ai"
	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/rules"
)

// In energy allocation with an enemy within 12 hexes, normal and hard
// reinforce the shield of each ship that faces the nearest enemy; easy
// reinforces shields too, but misjudges which (its handicap,
// handicap.go): over seeds it picks several shields, not only the one
// facing the enemy.
func TestShieldReinforcementByLevel(t *testing.T) {
	// testdata/gear.yaml: claw 8 hexes ahead of sphere, so that its
	// reinforcement goes into the shield facing claw.
	edit := func(s *rules.State) { place(s, "claw", "sphere", rules.DirB, 8) }
	st := gearAt(t, rules.StepEnergyAllocation, "federation", edit)
	v := st.View("federation")
	var sphere *rules.UnitView
	for i := range v.Units {
		if v.Units[i].ID == "sphere" {
			sphere = &v.Units[i]
		}
	}
	claw := st.Unit("claw")
	d, ok := sphere.Hex.DirectionTo(claw.Hex)
	if !ok {
		t.Fatalf("claw at %v is not in a straight line from sphere at %v", claw.Hex, sphere.Hex)
	}
	facing := ((int(d)-int(sphere.Facing))%6 + 6) % 6
	reinforced := func(level ai.Level, seed uint64) (shields [6]int) {
		t.Helper()
		st := gearAt(t, rules.StepEnergyAllocation, "federation", edit)
		cmd := ai.New(level, seed, "federation").Decide(st.View("federation"), st.Legal("federation"), match.NewDesk(st, "federation"))
		if _, err := st.Apply(cmd); err != nil {
			t.Fatalf("%s, seed %d: %v", level, seed, err)
		}
		for _, a := range cmd.Allocations {
			if a.Unit == "sphere" {
				return a.Shields
			}
		}
		t.Fatalf("%s, seed %d: no allocation for sphere in %s", level, seed, cmd)
		return
	}
	for _, level := range []ai.Level{ai.Normal, ai.Hard} {
		sh := reinforced(level, 1)
		for i, n := range sh {
			if (i == facing) != (n > 0) {
				t.Errorf("%s reinforces shields %v, want the one facing claw (%d) alone", level, sh, facing+1)
				break
			}
		}
	}
	picked := map[int]bool{}
	for seed := uint64(1); seed <= 12; seed++ {
		for i, n := range reinforced(ai.Easy, seed) {
			if n > 0 {
				picked[i] = true
			}
		}
	}
	if len(picked) < 3 {
		t.Errorf("easy reinforced shields %v over 12 seeds; want several, drawn at random", picked)
	}
}
