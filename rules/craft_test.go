package rules

import "testing"

// Carried shuttles and fighters launch in impulse activity: in the
// carrier's hex and facing, armed, flying the rest of the turn.
func TestCraftLaunch(t *testing.T) {
	s := newTestState(t,
		ship("car", "blue", "vel-carrier", Hex{2, 2}, DirB, 0),
		Unit{ID: "f1", Side: "blue", Class: "fighter", Status: StatusCarried, CarriedBy: "car"},
		Unit{ID: "f2", Side: "blue", Class: "fighter", Status: StatusCarried, CarriedBy: "car"},
		ship("k", "red", "kor-raider", Hex{9, -9}, DirD, 0))
	s.Clock = Clock{Turn: 1, Impulse: 3, Step: StepActivity}
	s.Turn = TurnState{}
	s.Advance()
	if _, err := s.Apply(Command{Kind: CmdActivity, Side: "blue", Craft: []UnitID{"k"}}); err == nil {
		t.Fatal("launched an enemy ship")
	}
	mustApply(t, s, Command{Kind: CmdActivity, Side: "blue", Craft: []UnitID{"f1"}})
	f1, f2 := s.Unit("f1"), s.Unit("f2")
	if !f1.OnMap() || f1.Hex != (Hex{2, 2}) || f1.Facing != DirB || f1.Speed != 12 || !f1.Ship.Mounts[0].Armed {
		t.Fatalf("launched fighter: %+v", f1)
	}
	if f2.Status != StatusCarried {
		t.Fatal("the other fighter left too")
	}
	// From impulse 4 it flies its share: 2 hexes, with 6 left for the turn.
	if got := s.Allotment("f1"); got != 12-6 {
		t.Fatalf("remaining movement %d, want 6", got)
	}
	if got := s.allotment(f1, &f1.Ship.Move); got != 0 {
		t.Fatalf("impulse 3 share after launch %d, want 0", got)
	}
}
