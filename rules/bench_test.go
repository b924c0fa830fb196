package rules

import (
	"fmt"
	"testing"
)

// fleet returns n ships in two lines facing each other across 6 hexes.
func fleet(n int) []Unit {
	classes := []ClassID{"fed-cruiser", "kor-raider", "vel-corvette", "fed-frigate", "kor-battlecruiser"}
	units := make([]Unit, n)
	for i := range units {
		side, r, f := SideID("blue"), 0, DirA
		if i%2 == 1 {
			side, r, f = "red", -6, DirD
		}
		units[i] = ship(UnitID(fmt.Sprintf("u%05d", i)), side, classes[i%len(classes)], Hex{Q: i / 2 * 2, R: r}, f, 4)
	}
	return units
}

// playTurn plays one whole turn with the first legal command of each
// pending side.
func playTurn(b testing.TB, s *State) {
	turn := s.Clock.Turn
	for s.Clock.Turn == turn {
		p := s.Pending()
		if len(p) == 0 {
			s.Advance()
			continue
		}
		if _, err := s.Apply(s.Legal(p[0])[0]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTurn(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		b.Run(fmt.Sprintf("ships=%d", n), func(b *testing.B) {
			base := newTestState(b, fleet(n)...)
			base.Advance()
			b.ResetTimer()
			for range b.N {
				b.StopTimer()
				s := base.Clone()
				b.StartTimer()
				playTurn(b, s)
			}
		})
	}
}

func BenchmarkApply(b *testing.B) {
	base := newTestState(b, fleet(100)...)
	base.Advance()
	for base.Clock.Step != StepMovement {
		mustApply(b, base, base.Legal(base.Pending()[0])[0])
	}
	id, _ := base.Mover()
	u := base.Unit(id)
	cmd := moveCmd(u.Side, MovePlan{Unit: id, Steps: fwd(base.Allotment(id))})
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		s := base.Clone()
		b.StartTimer()
		if _, err := s.Apply(cmd); err != nil {
			b.Fatal(err)
		}
	}
}
