package ai_test

import (
	"slices"
	"testing"

	"github.com/hexrift/hexrift/game/ai"
	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/rules"
)

// emberAt returns the ember-line scenario at step of turn 1 with side to
// act, after edit.
func emberAt(t *testing.T, step rules.Step, side rules.SideID, edit func(*rules.State)) *rules.State {
	t.Helper()
	sc, err := source(t, "ember-line").Load()
	if err != nil {
		t.Fatal(err)
	}
	st, err := rules.NewState(sc.Setup(), 1)
	if err != nil {
		t.Fatal(err)
	}
	return copyState(t, st, func(s *rules.State) {
		s.Clock = rules.Clock{Turn: 1, Impulse: 1, Step: step}
		if step == rules.StepEnergyAllocation {
			s.Clock.Impulse = 0
		}
		s.Turn = rules.TurnState{Entered: true, Waiting: []rules.SideID{side}}
		edit(s)
	})
}

// The computer arms a plasma launcher on, and holds it once full.
func TestAIArmsAndHoldsPlasma(t *testing.T) {
	for _, charge := range []int{0, 1, 2} {
		for _, level := range ai.Levels {
			st := emberAt(t, rules.StepEnergyAllocation, "korath", func(s *rules.State) {
				e := s.Unit("emberwing")
				e.Ship.Mounts[6].Charge, e.Ship.Mounts[7].Charge = charge, charge
			})
			cmd := ai.New(level, 1, "korath").Decide(st.View("korath"), st.Legal("korath"), match.NewDesk(st, "korath"))
			var a rules.Allocation
			for _, x := range cmd.Allocations {
				if x.Unit == "emberwing" {
					a = x
				}
			}
			full := charge == 2
			for m := 6; m <= 7; m++ {
				if slices.Contains(a.Arm, m) == full || slices.Contains(a.Hold, m) != full {
					t.Errorf("%s, charge %d: launcher %d armed %v held %v", level, charge, m, a.Arm, a.Hold)
				}
			}
			if _, err := st.Apply(cmd); err != nil {
				t.Fatalf("%s: %v", level, err)
			}
		}
	}
}

// The computer launches armed plasma at a ship close enough for most of
// the warhead to tell, and holds it against a distant one.
func TestAILaunchesPlasmaInReach(t *testing.T) {
	for _, tc := range []struct {
		dist int
		want bool
	}{{3, true}, {8, true}, {12, false}} {
		for _, level := range []ai.Level{ai.Normal, ai.Hard} {
			st := emberAt(t, rules.StepSeekingLaunch, "korath", func(s *rules.State) {
				e := s.Unit("emberwing")
				for m := 6; m <= 7; m++ {
					e.Ship.Mounts[m].Charge, e.Ship.Mounts[m].Armed = 2, true
				}
				h := e.Hex
				for range tc.dist {
					h = h.Neighbor(e.Facing)
				}
				s.Unit("kestrel").Hex = h
			})
			legal := st.Legal("korath")
			if len(legal) < 2 {
				t.Fatalf("distance %d: no launch offered", tc.dist)
			}
			cmd := ai.New(level, 1, "korath").Decide(st.View("korath"), legal, match.NewDesk(st, "korath"))
			got := slices.ContainsFunc(cmd.Shots, func(sh rules.Shot) bool { return sh.Mount >= 6 && sh.Target == "kestrel" })
			if got != tc.want {
				t.Errorf("%s at distance %d: launched %v (%s), want %v", level, tc.dist, got, cmd, tc.want)
			}
		}
	}
}

// The computer hands a drone's guidance away from a guide whose shields
// and armor are gone, and leaves it with a sound one.
func TestAIHandsGuidanceFromAWreck(t *testing.T) {
	for _, wrecked := range []bool{true, false} {
		st := emberAt(t, rules.StepActivity, "federation", func(s *rules.State) {
			k := s.Unit("kestrel")
			if wrecked {
				k.Ship.Shields = [6]int{}
			}
			d := rules.Unit{ID: "kestrel.d6.1", Name: "Drone", Side: "federation", Class: "drone", Kind: rules.KindDrone,
				Status: rules.StatusOnMap, Map: k.Map, Hex: k.Hex.Neighbor(k.Facing), Facing: k.Facing, Speed: 12,
				Gear: rules.Gear{Target: "emberwing", Guide: "kestrel"}, Ship: &rules.ShipState{}}
			insertUnit(s, d)
		})
		legal := st.Legal("federation")
		cmd := ai.New(ai.Normal, 1, "federation").Decide(st.View("federation"), legal, match.NewDesk(st, "federation"))
		if got := len(cmd.Handoffs) > 0; got != wrecked {
			t.Errorf("guide wrecked %v: handoffs %v", wrecked, cmd.Handoffs)
		}
		if _, err := st.Apply(cmd); err != nil {
			t.Fatal(err)
		}
		if g := st.Unit("kestrel.d6.1").Gear.Guide; (g != "kestrel") != wrecked {
			t.Errorf("guide wrecked %v: the drone's guide is %s", wrecked, g)
		}
	}
}
