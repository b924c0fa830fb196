package rules

import "testing"

// Monsters (house data): a leviathan allocates no energy, moves at its
// class speed, bites with armed maws and takes damage on a hit track.
func TestMonster(t *testing.T) {
	s := newTestState(t,
		Unit{ID: "lev", Side: "blue", Class: "monster-leviathan", Hex: Hex{0, 0}, Facing: DirA},
		ship("k", "red", "kor-raider", Hex{0, -1}, DirD, 0))
	s.Advance()
	mustApply(t, s, s.Legal("red")[0])
	lev := s.Unit("lev")
	if lev.Kind != KindMonster || lev.Speed != 6 || !lev.Ship.Mounts[0].Armed {
		t.Fatalf("leviathan kind %s speed %d armed %v", lev.Kind, lev.Speed, lev.Ship.Mounts[0].Armed)
	}
	if sh := s.possibleShots(lev); len(sh) != 2 || sh[0].Target != "k" {
		t.Fatalf("leviathan shots %v", sh)
	}
	s.damage(lev, 0, 30, "", "test")
	if lev.Ship.Hits != 30 || lev.Status != StatusOnMap {
		t.Fatalf("leviathan hits %d", lev.Ship.Hits)
	}
}
