package rules

import (
	"fmt"
	"testing"
)

// phaseBenchUnits returns n ships at speed 6 filling a disc of the given
// radius around 0,0 hex by hex from the centre out, one to a hex while
// the disc has room and then round again (a few to a hex in a small disc).
func phaseBenchUnits(n, radius int) []Unit {
	var spiral []Hex
	for k := 0; len(spiral) < n && k <= radius; k++ {
		spiral = append(spiral, Ring(Hex{}, k)...)
	}
	units := make([]Unit, n)
	for i := range units {
		h := spiral[i%len(spiral)]
		side := SideID("blue")
		if i%2 == 1 {
			side = "red"
		}
		units[i] = ship(UnitID(fmt.Sprintf("u%05d", i)), side, "fed-frigate", h, DirA, 6)
	}
	return units
}

// BenchmarkPhaseStep is the phase step of the involuntary-movement step
// for 1,000 units inside a phase region: a 2d6 roll for each, with its
// event, and the phase-outs and phase-ins it causes with all they do
// (IP8.21-22). The region's size must not matter: membership is a
// distance test (IP8.13). The random course of the phased-out units
// (IP8.33) is movement and is measured by BenchmarkPhaseDrift. How the
// step stays cheap: docs/RULES.md, "Phase space", "Cost".
func BenchmarkPhaseStep(b *testing.B) { benchPhase(b, (*State).phaseRolls, false) }

// BenchmarkPhaseDrift is the whole phase space work of the involuntary
// step: the phase step and the course roll and move of every phased-out
// unit (about half of them, once the units have rolled for a while).
func BenchmarkPhaseDrift(b *testing.B) { benchPhase(b, (*State).phaseStep, true) }

// benchPhase times step over the units; moves says the step moves them,
// so each iteration first puts them back (outside the timing). Putting
// them back is costly and the phase rolls never move a unit, so the
// phase step keeps the same state from one iteration to the next: about
// half the units end up out of phase, as in play.
func benchPhase(b *testing.B, step func(*State) []Event, moves bool) {
	for _, d := range []int{20, 9000} {
		b.Run(fmt.Sprintf("diameter=%d", d), func(b *testing.B) {
			radius := d / 2
			s := newPhaseState(b, radius, phaseBenchUnits(1000, radius-2)...)
			start := make([]Hex, len(s.Units))
			for j, u := range s.Units {
				start[j] = u.Hex
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				// Each iteration is a first impulse: every unit back in
				// its place inside the region, with its impulse to move.
				if !moves {
					s.Clock.Impulse = 1
					s.Phase.Revealed = s.Phase.Revealed[:0] // cleared every turn
					step(s)
					continue
				}
				b.StopTimer()
				atInvoluntary(s, 1)
				s.Phase.Revealed = nil // cleared every turn
				for j := range s.Units {
					s.setHex(&s.Units[j], start[j])
					s.Units[j].Ship.Move = MoveState{}
				}
				b.StartTimer()
				step(s)
			}
		})
	}
}

// BenchmarkRollFloor is the bare cost the phase step is measured against:
// rolling 2d6 for each of 1,000 units with the game's generator.
func BenchmarkRollFloor(b *testing.B) {
	b.Run("units=1000", func(b *testing.B) {
		g := NewRNG(7)
		b.ReportAllocs()
		sum := 0
		for i := 0; i < b.N; i++ {
			for range 1000 {
				sum += g.throw(TwoD6).Total
			}
		}
		if sum == 0 {
			b.Fatal("no rolls")
		}
	})
}
