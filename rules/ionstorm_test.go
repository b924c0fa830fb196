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
	if !s.InIonStorm(k) || s.InIonStorm(e) {
		t.Fatal("storm membership")
	}
	if s.ShotModifier(e, k) != 1 || s.ShotModifier(k, e) != 1 || s.ShotModifier(e, v) != 0 {
		t.Fatalf("modifiers %d %d %d", s.ShotModifier(e, k), s.ShotModifier(k, e), s.ShotModifier(e, v))
	}
	k.Ship.Erratic = true
	if s.ShotModifier(e, k) != 1+ErraticModifier {
		t.Fatal("storm and erratic do not add up")
	}
}
