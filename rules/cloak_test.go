package rules

import (
	"fmt"
	"strings"
	"testing"
)

// atStep plays the game on with empty commands (or the first legal one)
// until the clock reaches step of impulse in turn.
func atStep(t *testing.T, s *State, turn, impulse int, step Step) {
	t.Helper()
	passUntil(t, s, func(s *State) bool {
		return s.Clock.Turn == turn && s.Clock.Impulse == impulse && s.Clock.Step == step
	})
	if s.Clock.Turn != turn || s.Clock.Impulse != impulse || s.Clock.Step != step {
		t.Fatalf("stopped at %s", s.Clock)
	}
}

// Cloaking (house rules): a fitted unit pays its cloak cost each turn to
// keep it on; a dropped or voided cloak cannot come back on that turn or
// the next; a unit without a cloak cannot cloak.
func TestCloaking(t *testing.T) {
	s := newTestState(t,
		ship("w", "red", "kor-warbird", Hex{0, 0}, DirA, 0),
		ship("e", "blue", "fed-cruiser", Hex{0, -4}, DirD, 0))
	w, e := s.Unit("w"), s.Unit("e")
	if err := s.checkCloak(e, &Allocation{Unit: "e", Cloak: true}); err == nil {
		t.Fatal("a cruiser without a cloak cloaked")
	}
	c := lookupClass("kor-warbird")
	if got := (&Allocation{Cloak: true}).Cost(c); got != c.CloakCost {
		t.Fatalf("cloak costs %d, want %d", got, c.CloakCost)
	}
	s.Advance()
	mustApply(t, s, Command{Kind: CmdAllocate, Side: "red", Allocations: []Allocation{{Unit: "w", Cloak: true, Arm: []int{0}}}})
	mustApply(t, s, s.Legal("blue")[0])
	if !cloaked(w) || !s.View("blue").Units[1].Cloaked {
		t.Fatal("the warbird did not cloak")
	}
	// Turn 2: not paying drops the cloak and voids it; turn 3 it cannot
	// come back, turn 4 it can.
	s.Clock, s.Turn = Clock{Turn: 2, Step: StepEnergyAllocation}, TurnState{Entered: true, Waiting: []SideID{"blue", "red"}}
	mustApply(t, s, Command{Kind: CmdAllocate, Side: "red", Allocations: []Allocation{{Unit: "w"}}})
	mustApply(t, s, s.Legal("blue")[0])
	if w.Gear.Cloak.On || w.Gear.Cloak.VoidedAt.Turn != 2 {
		t.Fatalf("cloak %v voided at %v", w.Gear.Cloak, w.Gear.Cloak.VoidedAt)
	}
	s.Clock.Turn = 3
	if err := s.checkCloak(w, &Allocation{Unit: "w", Cloak: true}); err == nil {
		t.Fatal("re-cloaked the turn after dropping the cloak")
	}
	s.Clock.Turn = 4
	if err := s.checkCloak(w, &Allocation{Unit: "w", Cloak: true}); err != nil {
		t.Fatalf("cannot re-cloak two turns later: %v", err)
	}
}

// Gradual cloaking (house rules): switched on, a cloak fades in over five
// impulses: in impulse i its level is i; fire at it takes +0 +0 +1 +1 +2
// and it can be locked on to within 13 11 9 7 5 hexes; it cannot fire
// from the moment it is on. Switched off, it fades out over five
// impulses the other way and its unit cannot fire until the fade-out
// ends.
func TestCloakFades(t *testing.T) {
	s := newTestState(t,
		ship("w", "red", "kor-warbird", Hex{0, 0}, DirA, 0),
		ship("e", "blue", "fed-cruiser", Hex{0, -4}, DirD, 0),
		ship("f", "blue", "fed-frigate", Hex{0, -8}, DirD, 0),
		ship("g", "blue", "fed-frigate", Hex{0, -10}, DirD, 0))
	w := s.Unit("w")
	s.Advance()
	mustApply(t, s, Command{Kind: CmdAllocate, Side: "red", Allocations: []Allocation{{Unit: "w", Cloak: true, Arm: []int{0}}}})
	mustApply(t, s, s.Legal("blue")[0])
	fadeIn := []struct{ level, mod, reach int }{{1, 0, 13}, {2, 0, 11}, {3, 1, 9}, {4, 1, 7}, {5, 2, 5}, {5, 2, 5}}
	for i, want := range fadeIn {
		t.Run(fmt.Sprintf("in/impulse %d", i+1), func(t *testing.T) {
			atStep(t, s, 1, i+1, StepDirectFire)
			checkCloakAt(t, s, w, want.level, want.mod, want.reach)
			if err := s.checkShot(w, 0, s.Unit("e")); err == nil || !strings.Contains(err.Error(), "cloaked") {
				t.Fatalf("a cloaked unit fired: %v", err)
			}
		})
	}
	atStep(t, s, 2, 0, StepEnergyAllocation)
	mustApply(t, s, Command{Kind: CmdAllocate, Side: "red", Allocations: []Allocation{{Unit: "w", Arm: []int{0}}}})
	mustApply(t, s, s.Legal("blue")[0])
	if v := s.View("blue").Units[3]; v.ID != "w" || !v.Cloaked || v.CloakFading != "out" || v.CloakLevel != 5 {
		t.Fatalf("fading out, blue sees %+v", v)
	}
	fadeOut := []struct{ level, mod, reach int }{{4, 1, 7}, {3, 1, 9}, {2, 0, 11}, {1, 0, 13}, {0, 0, 0}, {0, 0, 0}}
	for i, want := range fadeOut {
		t.Run(fmt.Sprintf("out/impulse %d", i+1), func(t *testing.T) {
			atStep(t, s, 2, i+1, StepDirectFire)
			checkCloakAt(t, s, w, want.level, want.mod, want.reach)
			err := s.checkShot(w, 0, s.Unit("e"))
			if want.level > 0 && (err == nil || !strings.Contains(err.Error(), "cloaked")) {
				t.Fatalf("fired while its cloak fades out: %v", err)
			}
			if want.level == 0 && err != nil {
				t.Fatalf("cannot fire once the cloak faded out: %v", err)
			}
		})
	}
}

// checkCloakAt checks w's cloak level, the modifier of fire at it and the
// range at which the frigates f (8 hexes) and g (10 hexes) may fire.
func checkCloakAt(t *testing.T, s *State, w *Unit, level, mod, reach int) {
	t.Helper()
	if got := cloakLevel(w); got != level {
		t.Fatalf("level %d, want %d", got, level)
	}
	v := s.View("blue").Units[3]
	if v.CloakLevel != level || v.Cloaked != (level > 0) {
		t.Fatalf("view level %d cloaked %v, want %d", v.CloakLevel, v.Cloaked, level)
	}
	e := s.Unit("e")
	if got := fireModifier(e, w); got != mod {
		t.Fatalf("fire at it %+d, want %+d", got, mod)
	}
	if o, err := s.ShotOdds(Shot{Attacker: "e", Mount: 0, Target: "w"}); err != nil || o.Modifier != mod {
		t.Fatalf("odds %+v, %v: want modifier %+d", o, err, mod)
	}
	for _, id := range []UnitID{"f", "g"} {
		a := s.Unit(id)
		d := a.Hex.Distance(w.Hex)
		err := s.checkShot(a, 0, w)
		blocked := err != nil && strings.Contains(err.Error(), "beyond")
		if wantBlocked := level > 0 && d > reach; blocked != wantBlocked {
			t.Fatalf("%s at %d hexes: %v (reach %d)", id, d, err, reach)
		}
	}
}

// A cloak voided (phase space, a cosmic rift) drops at once, with no
// fade-out, even while it fades in or out.
func TestCloakVoidedDropsAtOnce(t *testing.T) {
	for _, c := range []CloakState{
		{Fitted: true, On: true},
		{Fitted: true, On: true, Fade: 3},
		{Fitted: true, Fade: 2},
	} {
		t.Run(fmt.Sprintf("%+v", c), func(t *testing.T) {
			s := newTestState(t, ship("w", "red", "fed-cruiser", Hex{}, DirA, 0))
			w := s.Unit("w")
			w.Gear.Cloak = c
			s.Clock = Clock{Turn: 3, Impulse: 2, Step: StepInvoluntary}
			if !s.voidCloak(w) || cloaked(w) || cloakLevel(w) != 0 || w.Gear.Cloak.VoidedAt != s.Clock {
				t.Fatalf("after voiding: %+v", w.Gear.Cloak)
			}
			if s.voidCloak(w) {
				t.Fatal("voided a cloak twice")
			}
		})
	}
}
