package rules

import (
	"strings"
	"testing"
)

// Cloaking (house rules): a fitted unit pays its cloak cost each turn to
// keep it on; a cloaked unit cannot fire, launch, hold or dock; it can be
// fired at only within 5 hexes, at +2; a dropped or voided cloak cannot
// come back on that turn or the next.
func TestCloaking(t *testing.T) {
	s := newTestState(t,
		ship("w", "red", "kor-warbird", Hex{0, 0}, DirA, 0),
		ship("e", "blue", "fed-cruiser", Hex{0, -4}, DirD, 0),
		ship("f", "blue", "fed-frigate", Hex{0, -8}, DirD, 0))
	w, e, f := s.Unit("w"), s.Unit("e"), s.Unit("f")
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
	if !Cloaked(w) || !s.View("blue").Units[2].Cloaked {
		t.Fatal("the warbird did not cloak")
	}
	arm(e)
	arm(f)
	if err := s.checkShot(w, 0, e); err == nil || !strings.Contains(err.Error(), "cloaked") {
		t.Fatalf("a cloaked unit fired: %v", err)
	}
	if err := s.checkShot(e, 0, w); err != nil {
		t.Fatalf("fire at a cloaked unit within 5: %v", err)
	}
	if got := FireModifier(e, w); got != CloakModifier {
		t.Fatalf("modifier against a cloaked unit %d", got)
	}
	if err := s.checkShot(f, 0, w); err == nil || !strings.Contains(err.Error(), "beyond") {
		t.Fatalf("fire at a cloaked unit 8 hexes away: %v", err)
	}
	// Turn 2: not paying drops the cloak and voids it; turn 3 it cannot
	// come back, turn 4 it can.
	s.Clock, s.Turn = Clock{Turn: 2, Step: StepEnergyAllocation}, TurnState{Entered: true, Waiting: []SideID{"blue", "red"}}
	mustApply(t, s, Command{Kind: CmdAllocate, Side: "red", Allocations: []Allocation{{Unit: "w"}}})
	mustApply(t, s, s.Legal("blue")[0])
	if Cloaked(w) || w.Gear.Cloak.VoidedAt.Turn != 2 {
		t.Fatalf("cloak %v voided at %v", Cloaked(w), w.Gear.Cloak.VoidedAt)
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
