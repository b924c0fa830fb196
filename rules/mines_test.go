package rules

import (
	"strings"
	"testing"
)

// Mines (house rules): hidden from other sides, set off by another side's
// unit entering their hex, striking everything in the hex; friends pass.
func TestMines(t *testing.T) {
	s := newTestState(t,
		ship("e", "blue", "fed-cruiser", Hex{0, 0}, DirA, 12),
		ship("h", "red", "kor-raider", Hex{5, 0}, DirA, 12),
		Unit{ID: "m1", Side: "red", Class: "mine", Hex: Hex{0, -1}},
		Unit{ID: "m2", Side: "red", Class: "mine", Hex: Hex{5, -1}})
	for _, u := range s.View("blue").Units {
		if u.Kind == KindMine {
			t.Fatalf("blue sees red mine %s", u.ID)
		}
	}
	mines := 0
	for _, u := range s.View("red").Units {
		if u.Kind == KindMine {
			mines++
		}
	}
	if mines != 2 || len(s.View("").Units) != 2 {
		t.Fatalf("red sees %d of its mines; the table view shows %d units", mines, len(s.View("").Units))
	}
	if canTarget(s.Unit("e"), s.Unit("m1")) {
		t.Fatal("blue can target a mine it cannot see")
	}
	// The friendly raider passes its own mine.
	atMovement(s, 1, "h")
	mustApply(t, s, moveCmd("red", MovePlan{Unit: "h", Steps: fwd(2)}))
	if s.Unit("m2").Status != StatusOnMap || s.Unit("h").Ship.Shields[0] != 12 {
		t.Fatal("a mine went off under its own side")
	}
	// The cruiser enters the red mine's hex: it goes off, 10 on shield 1.
	atMovement(s, 1, "e")
	evs := mustApply(t, s, moveCmd("blue", MovePlan{Unit: "e", Steps: fwd(2)}))
	if s.Unit("m1").Status != StatusDestroyed {
		t.Fatal("the mine did not go off")
	}
	if got := s.Unit("e").Ship.Shields[0]; got != 16-10 {
		t.Fatalf("cruiser shield 1 at %d, want 6", got)
	}
	if s.Unit("e").Hex != (Hex{0, -2}) {
		t.Fatal("the cruiser's movement stopped")
	}
	found := false
	for _, e := range evs {
		found = found || e.Kind == EventDestroyed && e.Unit == "m1"
	}
	if !found {
		t.Fatal("no event for the mine")
	}
}

// IP8.12 and the mines' secrecy: what Legal offers and Check answers
// about another unit goes through the one visibility test, so a hidden
// mine is neither offered as a ram target nor answered differently from
// a unit that does not exist.
func TestHiddenMineNotOfferedNorConfirmed(t *testing.T) {
	s := newTestState(t,
		ship("e", "blue", "fed-cruiser", Hex{0, 0}, DirA, 12),
		ship("h", "red", "kor-raider", Hex{5, 0}, DirA, 12),
		Unit{ID: "m1", Side: "red", Class: "mine", Hex: Hex{0, -2}})
	atMovement(s, 1, "e")
	for _, c := range s.Legal("blue") {
		if c.Move != nil && c.Move.Ram != "" {
			t.Fatalf("Legal offers blue a ram on %s, which it cannot see", c.Move.Ram)
		}
	}
	answer := func(target UnitID) string {
		err := s.Check(moveCmd("blue", MovePlan{Unit: "e", Steps: fwd(2), Ram: target}))
		if err == nil {
			t.Fatalf("a ram on %s was accepted", target)
		}
		return strings.ReplaceAll(err.Error(), string(target), "X")
	}
	if hidden, none := answer("m1"), answer("zz-none"); hidden != none {
		t.Fatalf("Check tells a hidden mine from no unit: %q against %q", hidden, none)
	}
	// Its owner's own view of the same hex is unchanged: red's raider is
	// no mover now, but red still sees its mine.
	if !s.visibleTo(s.Unit("m1"), "red") || s.visibleTo(s.Unit("m1"), "blue") || s.visibleTo(s.Unit("m1"), "") {
		t.Fatal("visibleTo: a mine is seen by its side only")
	}
}
