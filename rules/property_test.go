package rules

import (
	"fmt"
	"strings"
	"testing"
)

// randomGame builds a small battle from a generator: a few ships of
// every kind close together, so that they fire, ram and dock.
func randomGame(g *RNG) []Unit {
	classes := []ClassID{"fed-cruiser", "fed-destroyer", "fed-frigate", "kor-battlecruiser", "kor-raider",
		"kor-warbird", "kor-sunhawk", "vel-carrier", "vel-corvette", "vel-starbase", "fighter", "shuttle", "mine", "monster-leviathan"}
	n := 2 + g.IntN(5)
	units := make([]Unit, n)
	for i := range units {
		side := SideID("blue")
		if i%2 == 1 {
			side = "red"
		}
		units[i] = ship(UnitID(fmt.Sprintf("u%d", i)), side, classes[g.IntN(len(classes))],
			Hex{g.IntN(7) - 3, g.IntN(7) - 3}, Direction(g.IntN(6)), g.IntN(8))
	}
	return units
}

// Property: over many seeded random legal games no unit is ever lost or
// duplicated (each is on a map, carried, in reserve, destroyed or
// withdrawn), every command Legal offers is accepted, and replaying the
// commands reproduces the hash at every phase boundary.
func TestRandomLegalGames(t *testing.T) {
	games := 500
	if testing.Short() {
		games = 50
	}
	seen := map[string]int{}
	for gi := range games {
		g := NewRNG(uint64(gi))
		units := randomGame(&g)
		s, err := NewState(testSetup(units...), uint64(gi))
		if err != nil {
			t.Fatal(err)
		}
		var cmds []Command
		var hashes []Hash
		var marks []int // command index after which a step boundary was hashed
		s.Advance()
		for step := 0; s.Clock.Turn < 3 && step < 2000; step++ {
			p := s.Pending()
			if len(p) == 0 {
				s.Advance()
				continue
			}
			side := p[g.IntN(len(p))]
			cs := s.Legal(side)
			if len(cs) == 0 {
				t.Fatalf("game %d: no legal command for %s at %s", gi, side, s.Clock)
			}
			c := cs[g.IntN(len(cs))]
			evs, err := s.Apply(c)
			if err != nil {
				t.Fatalf("game %d: legal command refused: %v", gi, err)
			}
			for _, e := range evs {
				seen[e.Kind.String()+" "+e.Clause]++
			}
			for _, e := range evs {
				if strings.Contains(e.Text, " strikes ") {
					seen["drone strike"]++
				}
				for _, w := range []string{"in a tractor beam", "cloaks", "sphere", "in stasis", "displaced", "sets off mine", "launches plasma torpedo", "takes the guidance"} {
					if strings.Contains(e.Text, w) {
						seen[w]++
					}
				}
			}
			if c.Move != nil && c.Move.Erratic {
				seen["X4.EM erratic plan"]++
			}
			before := len(cmds)
			cmds = append(cmds, c)
			if c.Kind != CmdMove || s.Clock.Step != StepMovement {
				hashes = append(hashes, s.Hash())
				marks = append(marks, before)
			}
			checkUnits(t, gi, s, len(units))
		}
		r, _ := NewState(testSetup(units...), uint64(gi))
		r.Advance()
		m := 0
		for i, c := range cmds {
			if _, err := r.Apply(c); err != nil {
				t.Fatalf("game %d: replay of command %d: %v", gi, i, err)
			}
			if m < len(marks) && marks[m] == i {
				if r.Hash() != hashes[m] {
					t.Fatalf("game %d: replay diverges after command %d (%s) at %s", gi, i, c, r.Clock)
				}
				m++
			}
		}
	}
	for _, what := range []string{"destroyed ", "damage X4.DAC", "dock X4.DOCK", "note X4.RAM", "note X4.EV", "note X4.MV.7", "fire X4.IMP.D", "note X4.WARP", "X4.EM erratic plan", "drone strike", "in a tractor beam", "cloaks", "sphere", "in stasis", "displaced", "sets off mine", "launches plasma torpedo", "takes the guidance"} {
		if seen[what] == 0 {
			t.Errorf("no %q event in %d random games", what, games)
		}
	}
	t.Logf("events: %v", seen)
}

func checkUnits(t *testing.T, gi int, s *State, n int) {
	t.Helper()
	if len(s.Units) < n {
		t.Fatalf("game %d: %d units, want at least the %d it began with", gi, len(s.Units), n)
	}
	for i := 1; i < len(s.Units); i++ {
		if s.Units[i-1].ID >= s.Units[i].ID {
			t.Fatalf("game %d: units not sorted by id at %s", gi, s.Units[i].ID)
		}
	}
	seen := map[UnitID]bool{}
	for _, u := range s.Units {
		if seen[u.ID] {
			t.Fatalf("game %d: unit %s twice", gi, u.ID)
		}
		seen[u.ID] = true
		switch u.Status {
		case StatusOnMap, StatusCarried, StatusReserve, StatusDestroyed, StatusWithdrawn:
		default:
			t.Fatalf("game %d: unit %s has status %q", gi, u.ID, u.Status)
		}
		if u.Ship != nil && u.Ship.Docked != "" {
			p := s.Unit(u.Ship.Docked)
			if p == nil || p.Ship.Docked != u.ID || p.Hex != u.Hex || !u.OnMap() {
				t.Fatalf("game %d: %s docked with %s inconsistently", gi, u.ID, u.Ship.Docked)
			}
		}
	}
}
