package rules

import "testing"

// Ion storms add 1 to fire from or at a unit inside one.
func TestIonStormScattersFire(t *testing.T) {
	setup := testSetup(
		ship("e", "blue", "fed-cruiser", Hex{0, 0}, DirA, 0),
		ship("k", "red", "kor-raider", Hex{0, -4}, DirD, 0),
		ship("v", "red", "kor-raider", Hex{6, -4}, DirD, 0))
	setup.Maps[0].Terrain = &Terrain{Regions: []Region{{ID: "storm", Kind: RegionIonStorm, Shape: DiscShape(Hex{0, -5}, 1)}}}
	s, err := NewState(setup, 1)
	if err != nil {
		t.Fatal(err)
	}
	e, k, v := s.Unit("e"), s.Unit("k"), s.Unit("v")
	if !s.inIonStorm(k) || s.inIonStorm(e) {
		t.Fatal("storm membership")
	}
	if s.shotModifier(e, k) != 1 || s.shotModifier(k, e) != 1 || s.shotModifier(e, v) != 0 {
		t.Fatalf("modifiers %d %d %d", s.shotModifier(e, k), s.shotModifier(k, e), s.shotModifier(e, v))
	}
	k.Ship.Erratic = true
	if s.shotModifier(e, k) != 1+ErraticModifier {
		t.Fatal("storm and erratic do not add up")
	}
}
