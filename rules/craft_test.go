package rules

import (
	"slices"
	"testing"
)

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

// A side's view lists its own carried craft, with their classes and
// carriers, and never another side's; the public view lists none.
func TestViewCarriedCraft(t *testing.T) {
	s := newTestState(t,
		ship("car", "blue", "vel-carrier", Hex{2, 2}, DirB, 0),
		Unit{ID: "f1", Side: "blue", Class: "fighter", Status: StatusCarried, CarriedBy: "car"},
		Unit{ID: "s1", Side: "blue", Class: "shuttle", Status: StatusCarried, CarriedBy: "car"},
		ship("k", "red", "vel-carrier", Hex{9, -9}, DirD, 0),
		Unit{ID: "r1", Side: "red", Class: "fighter", Status: StatusCarried, CarriedBy: "k"})
	for _, tc := range []struct {
		side SideID
		want []string
	}{
		{"blue", []string{"f1 fighter car", "s1 shuttle car"}},
		{"red", []string{"r1 fighter k"}},
		{"", nil},
	} {
		var got []string
		for _, c := range s.View(tc.side).Carried {
			if c.Side != tc.side || c.Detail == nil {
				t.Errorf("%q sees %s of %s (detail %v)", tc.side, c.ID, c.Side, c.Detail != nil)
			}
			got = append(got, string(c.ID)+" "+string(c.Class)+" "+string(c.CarriedBy))
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q: carried %v, want %v", tc.side, got, tc.want)
		}
	}
}
