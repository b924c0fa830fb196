package rules

import "testing"

// TestPlaceDefenders checks IP4.442-443 as PlaceDefenders does it: the
// largest fleet unit (the smallest size class number, then the higher
// BPV, ...) moves to DEFEND and every other unit keeps its place
// relative to it; seeking weapons never lead, and with no fleet unit
// nothing moves.
func TestPlaceDefenders(t *testing.T) {
	tests := []struct {
		name   string
		units  []Unit
		defend Hex
		main   int
		want   []Hex
	}{
		{"the starbase leads", []Unit{
			ship("guard", "a", "vel-corvette", Hex{Q: 2, R: -2}, DirA, 0),
			ship("outpost", "a", "vel-starbase", Hex{}, DirA, 0),
			ship("raider", "b", "kor-raider", Hex{Q: -12, R: 4}, DirA, 0),
		}, Hex{Q: 8, R: -4}, 1, []Hex{{Q: 10, R: -6}, {Q: 8, R: -4}, {Q: -4, R: 0}}},
		{"a battlecruiser over a destroyer of another side", []Unit{
			ship("bounty", "b", "fed-destroyer", Hex{Q: 12, R: -8}, DirA, 0),
			ship("brigand", "a", "kor-battlecruiser", Hex{Q: 1, R: 1}, DirA, 0),
		}, Hex{}, 1, []Hex{{Q: 11, R: -9}, {}}},
		{"a drone never leads", []Unit{
			{ID: "d", Side: "a", Class: "drone", Kind: KindDrone, Hex: Hex{Q: 5}},
			ship("skiff", "a", "vel-corvette", Hex{Q: 1}, DirA, 0),
		}, Hex{Q: 3}, 1, []Hex{{Q: 7}, {Q: 3}}},
		{"no fleet unit", []Unit{
			{ID: "d", Side: "a", Class: "drone", Kind: KindDrone, Hex: Hex{Q: 5}},
		}, Hex{Q: 3}, -1, []Hex{{Q: 5}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := make([]Hex, len(tt.units))
			for i, u := range tt.units {
				before[i] = u.Hex
			}
			placed, main := PlaceDefenders(tt.units, tt.defend)
			if main != tt.main {
				t.Errorf("main = %d, want %d", main, tt.main)
			}
			for i, u := range placed {
				if u.Hex != tt.want[i] {
					t.Errorf("%s at %v, want %v", u.ID, u.Hex, tt.want[i])
				}
				if tt.units[i].Hex != before[i] {
					t.Errorf("%s: the units given were moved too", u.ID)
				}
			}
		})
	}
}
