package rules

import (
	"strings"
	"testing"
)

// Every class id the scenario files use exists, and the catalogue has at
// least 8 ship classes over 3 races, plus shuttles, fighters and drones,
// with consistent data.
func TestClassCatalogue(t *testing.T) {
	for _, id := range strings.Fields("drone fed-cruiser fed-destroyer fed-frigate fighter kor-battlecruiser kor-raider kor-warbird shuttle vel-carrier vel-corvette vel-starbase") {
		if _, ok := LookupClass(ClassID(id)); !ok {
			t.Errorf("class %s missing", id)
		}
	}
	races := map[string]bool{}
	ships := 0
	for _, c := range Classes() {
		if c.Kind == KindShip || c.Kind == KindBase {
			ships++
			races[c.Race] = true
			if c.Excess < 1 || c.Explosion < 1 {
				t.Errorf("%s: excess %d explosion %d", c.ID, c.Excess, c.Explosion)
			}
		} else if c.Hits < 1 || (c.MaxSpeed < 1 && c.Kind != KindMine) {
			t.Errorf("%s: small craft without hits or speed", c.ID)
		}
		if c.Mobile() {
			if _, ok := turnModeDivisor(c.TurnMode); !ok {
				t.Errorf("%s: turn mode %q", c.ID, c.TurnMode)
			}
		}
		for i, m := range c.Mounts {
			if _, ok := LookupWeapon(m.Weapon); !ok {
				t.Errorf("%s mount %d: weapon %s", c.ID, i, m.Weapon)
			}
		}
	}
	if ships < 8 || len(races) < 3 {
		t.Errorf("%d ship classes over %d races", ships, len(races))
	}
	num, den := lookupClass("fed-frigate").moveCostFraction()
	if num != 1 || den != 3 {
		t.Errorf("0.33 read as %d/%d", num, den)
	}
}

// Small craft take damage on a hit track and are destroyed when it runs
// out; a destroyed unit explodes on everything in its hex and takes its
// carried units with it.
func TestSmallCraftAndExplosions(t *testing.T) {
	s := newTestState(t,
		ship("f", "blue", "fighter", Hex{0, 0}, DirA, 0),
		ship("g", "blue", "fighter", Hex{0, 0}, DirA, 0),
		ship("k", "red", "kor-raider", Hex{0, 0}, DirA, 0),
		Unit{ID: "sh", Side: "red", Class: "shuttle", Status: StatusCarried, CarriedBy: "k"})
	f := s.Unit("f")
	s.damage(f, 0, 7, "", "test")
	if f.Status != StatusOnMap || f.Ship.Hits != 7 {
		t.Fatalf("fighter with 7 hits: %s %d", f.Status, f.Ship.Hits)
	}
	s.damage(f, 0, 1, "", "test")
	if f.Status != StatusDestroyed {
		t.Fatal("fighter survived its 8th hit")
	}
	// Its explosion (2) hit the other fighter and the raider's shield 1.
	if s.Unit("g").Ship.Hits != 2 || s.Unit("k").Ship.Shields[0] != 12-2 {
		t.Fatalf("explosion: fighter hits %d, raider shield %d", s.Unit("g").Ship.Hits, s.Unit("k").Ship.Shields[0])
	}
	k := s.Unit("k")
	k.Ship.Excess = lookupClass("kor-raider").Excess - 1
	k.Ship.Shields, k.Ship.Armor, k.Ship.Boxes, k.Ship.Crew = [6]int{}, 0, Boxes{}, [4]int{}
	evs := s.damage(k, 0, 1, "", "test")
	if k.Status != StatusDestroyed || s.Unit("sh").Status != StatusDestroyed {
		t.Fatalf("raider %s, its shuttle %s", k.Status, s.Unit("sh").Status)
	}
	if s.Unit("g").Status != StatusDestroyed {
		t.Fatal("the raider's explosion (8) did not destroy the damaged fighter")
	}
	n := 0
	for _, e := range evs {
		if e.Kind == EventDestroyed {
			n++
		}
	}
	if n != 3 {
		t.Fatalf("%d destruction events, want raider, shuttle and fighter", n)
	}
}

// Small craft do not allocate energy: they fly at their class speed and
// their weapons are armed every turn.
func TestSmallCraftFlyAndFire(t *testing.T) {
	s := newTestState(t,
		ship("f", "blue", "fighter", Hex{0, 0}, DirA, 0),
		ship("k", "red", "kor-raider", Hex{0, -3}, DirD, 0))
	s.Advance()
	mustApply(t, s, s.Legal("red")[0])
	if s.Unit("f").Speed != 12 || !s.Unit("f").Ship.Mounts[0].Armed {
		t.Fatalf("fighter speed %d armed %v", s.Unit("f").Speed, s.Unit("f").Ship.Mounts[0].Armed)
	}
	if len(s.possibleShots(s.Unit("f"))) == 0 {
		t.Fatal("the fighter cannot fire")
	}
}
