package rules

import "testing"

// Webs (house rules): a web caster lays a line of web hexes to an anchor
// (or casts up to 3 without) on battery energy in impulse activity; a unit
// of another side entering a web hex stops there for the impulse.
func TestWebs(t *testing.T) {
	setup := testSetup(
		ship("car", "red", "vel-carrier", Hex{0, 0}, DirA, 0),
		ship("cor", "red", "vel-corvette", Hex{3, -3}, DirA, 6),
		ship("k", "blue", "kor-raider", Hex{-2, -3}, DirC, 18))
	s, err := NewState(setup, 1)
	if err != nil {
		t.Fatal(err)
	}
	car := s.Unit("car")
	car.Ship.Battery = 6
	line := []Hex{{0, -1}, {1, -2}, {2, -3}}
	bad := []WebOrder{
		{Unit: "car", Hexes: []Hex{{0, -1}, {0, -3}}},                                           // not adjacent
		{Unit: "car", Hexes: []Hex{{0, -3}}},                                                    // not next to the layer
		{Unit: "car", Hexes: line, Anchor: "k"},                                                 // an enemy anchor
		{Unit: "car", Hexes: []Hex{{0, -1}, {0, -2}, {0, -3}, {0, -4}}},                         // cast too long
		{Unit: "car", Hexes: []Hex{{0, -1}, {0, -2}, {0, -3}, {0, -4}, {0, -5}}, Anchor: "cor"}, // anchor too far
	}
	for _, o := range bad {
		if err := s.checkWeb(car, o); err == nil {
			t.Errorf("web %v accepted", o)
		}
	}
	atActivity(s)
	mustApply(t, s, Command{Kind: CmdActivity, Side: "red", Webs: []WebOrder{{Unit: "car", Hexes: line, Anchor: "cor"}}})
	finishActivity(t, s)
	if len(s.Phase.Webs) != 1 || car.Ship.Battery != 3 || s.Phase.Webs[0].Anchors != [2]string{"car", "cor"} {
		t.Fatalf("webs %+v battery %d", s.Phase.Webs, car.Ship.Battery)
	}
	if !s.webAt("main", Hex{1, -2}) {
		t.Fatal("no web at 1,-2")
	}
	// The raider (3 hexes this impulse, heading C from -1,-1) runs into the
	// web at 0,-1 with its first hex and stops there.
	k := s.Unit("k")
	s.setHex(k, Hex{-1, -1})
	atMovement(s, 1, "k")
	evs := mustApply(t, s, moveCmd("blue", MovePlan{Unit: "k", Steps: fwd(3)}))
	caught := false
	for _, e := range evs {
		caught = caught || e.Unit == "k" && e.Text == "k is caught in web car.web1.1 at 0,-1"
	}
	if k.Hex != (Hex{0, -1}) || !caught {
		t.Fatalf("raider at %v, caught %v", k.Hex, caught)
	}
	// A unit of the web's own side passes.
	atMovement(s, 1, "cor")
	s.setHex(s.Unit("cor"), Hex{1, -1})
	mustApply(t, s, moveCmd("red", MovePlan{Unit: "cor", Steps: fwd(2)}))
	if got := s.Unit("cor").Hex; got != (Hex{1, -3}) {
		t.Fatalf("corvette at %v, want 1,-3 through its own web", got)
	}
}
