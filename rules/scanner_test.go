package rules

import (
	"fmt"
	"strings"
	"testing"
)

// Scanners (house rule): a ship's direct fire takes +1 with half or fewer
// of its class's scanner boxes intact and +2 with none; units without a
// chart or without scanners take nothing.
func TestScannerPenalty(t *testing.T) {
	tests := []struct {
		class  ClassID
		intact int
		want   int
	}{
		{"fed-cruiser", 4, 0},
		{"fed-cruiser", 3, 0},
		{"fed-cruiser", 2, scannerHalfPenalty},
		{"fed-cruiser", 1, scannerHalfPenalty},
		{"fed-cruiser", 0, scannerLostPenalty},
		{"kor-warbird", 2, 0},
		{"kor-warbird", 1, scannerHalfPenalty},
		{"vel-corvette", 1, 0},
		{"vel-corvette", 0, scannerLostPenalty},
		{"fighter", 0, 0},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%d", tt.class, tt.intact), func(t *testing.T) {
			s := newTestState(t, ship("a", "blue", tt.class, Hex{}, DirA, 0), ship("z", "red", "kor-raider", Hex{0, -2}, DirD, 0))
			a := s.Unit("a")
			a.Ship.Boxes[SysScanner] = tt.intact
			if got := ScannerPenalty(lookupClass(tt.class), &a.Ship.Boxes); got != tt.want {
				t.Fatalf("penalty %d, want %d", got, tt.want)
			}
			if got := fireModifier(a, s.Unit("z")); got != tt.want {
				t.Fatalf("fire modifier %d, want %d", got, tt.want)
			}
		})
	}
}

// The modifier ShotOdds shows is the one the fire resolution adds, for
// every kind of modifier: scanners, erratic maneuvering, ion storms,
// radiation and a fading cloak.
func TestShotOddsModifierIsPlayed(t *testing.T) {
	tests := []struct {
		name  string
		setup func(s *State, a, z *Unit)
		want  int
	}{
		{"plain", func(*State, *Unit, *Unit) {}, 0},
		{"scanners half gone", func(_ *State, a, _ *Unit) { a.Ship.Boxes[SysScanner] = 2 }, scannerHalfPenalty},
		{"scanners gone", func(_ *State, a, _ *Unit) { a.Ship.Boxes[SysScanner] = 0 }, scannerLostPenalty},
		{"scanners gone, target erratic", func(_ *State, a, z *Unit) {
			a.Ship.Boxes[SysScanner] = 0
			z.Ship.Erratic = true
		}, scannerLostPenalty + ErraticModifier},
		{"radiation", func(_ *State, a, _ *Unit) { a.Ship.Radiation.FireShift = 1 }, 1},
		{"ion storm", func(s *State, _, _ *Unit) {
			s.Maps[0].Terrain = &Terrain{Regions: []Region{{ID: "storm", Kind: RegionIonStorm, Shape: DiscShape(Hex{0, -3}, 0)}}}
			s.Maps[0].Terrain.index()
		}, ionStormModifier},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestState(t,
				ship("a", "blue", "fed-cruiser", Hex{0, 0}, DirA, 0),
				ship("z", "red", "kor-raider", Hex{0, -3}, DirD, 0))
			a, z := s.Unit("a"), s.Unit("z")
			arm(a)
			tt.setup(s, a, z)
			atFire(s)
			shot := Shot{Attacker: "a", Mount: 0, Target: "z"}
			o, err := s.ShotOdds(shot)
			if err != nil {
				t.Fatal(err)
			}
			if o.Modifier != tt.want {
				t.Fatalf("odds modifier %+d, want %+d", o.Modifier, tt.want)
			}
			evs := mustApply(t, s, Command{Kind: CmdFire, Side: "blue", Shots: []Shot{shot}})
			evs = append(evs, passUntil(t, s, func(s *State) bool { return s.Clock.Step != StepDirectFire })...)
			want := fmt.Sprintf("%+d against %d", o.Modifier, o.Need)
			for _, e := range evs {
				if e.Kind == EventFire && strings.HasPrefix(e.Text, "a Phaser-1 at z") {
					if !strings.Contains(e.Text, want) {
						t.Fatalf("resolution %q, odds said %s", e.Text, want)
					}
					return
				}
			}
			t.Fatal("the shot was not resolved")
		})
	}
}
