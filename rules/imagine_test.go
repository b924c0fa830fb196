package rules_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/hexrift/hexrift/rules"
)

// imaginePoint is a decision of one side in a game: the true state just
// before the side decides, and a twin of it that differs only in what the
// side cannot see.
type imaginePoint struct {
	side        rules.SideID
	truth, twin *rules.State
}

// hideDifferently changes, in st, what side cannot see: every other
// side's batteries, crew, internal boxes and armed mounts, and the hex of
// every other side's unit out of phase.
func hideDifferently(st *rules.State, side rules.SideID) {
	for i := range st.Units {
		u := &st.Units[i]
		if u.Side == side {
			continue
		}
		if u.PhasedOut {
			u.Hex = u.Hex.Neighbor(0)
		}
		ss := u.Ship
		if ss == nil {
			continue
		}
		ss.Battery += 3
		ss.Crew[0]++
		for j := range ss.Mounts {
			ss.Mounts[j].Armed = !ss.Mounts[j].Armed
		}
		for j := range ss.Boxes {
			if ss.Boxes[j] > 0 {
				ss.Boxes[j]--
				break
			}
		}
	}
}

// imaginePoints plays scenario id with the first legal command of every
// side (a different one for the first side of a step, in the twin: its
// sealed choice) and returns every decision of the sides up to turn 3.
func imaginePoints(t *testing.T, id string) []imaginePoint {
	t.Helper()
	setup, _ := bundledSetup(t, id)
	st, err := rules.NewState(setup, 5)
	if err != nil {
		t.Fatal(err)
	}
	st.Advance()
	var out []imaginePoint
	for guard := 0; guard < 4000 && st.Clock.Turn <= 3 && !st.Outcome().Over; guard++ {
		p := st.Pending()
		if len(p) == 0 {
			st.Advance()
			continue
		}
		legal := st.Legal(p[0])
		if len(p) > 1 && len(legal) > 1 {
			// The next side decides after p[0] sealed one of two
			// choices: the twin's sealed choice differs.
			twin := st.Clone()
			mustApplyX(t, twin, legal[1])
			mustApplyX(t, st, legal[0])
			hideDifferently(twin, p[1])
			out = append(out, imaginePoint{p[1], st.Clone(), twin})
			continue
		}
		twin := st.Clone()
		hideDifferently(twin, p[0])
		out = append(out, imaginePoint{p[0], st.Clone(), twin})
		mustApplyX(t, st, legal[0])
	}
	if len(out) < 20 {
		t.Fatalf("%s: only %d decisions", id, len(out))
	}
	return out
}

func mustApplyX(t *testing.T, st *rules.State, c rules.Command) {
	t.Helper()
	if _, err := st.Apply(c); err != nil {
		t.Fatalf("apply %s at %s: %v", c, st.Clock, err)
	}
}

var imagineScenarios = []string{"first-contact", "carrier-duel", "phase-drift", "siege-of-bastion", "three-crowns", "storm-front"}

// A side's imagined state is built from its view alone: two true states
// that differ only in what the side cannot see (another side's systems
// and armed weapons, a phased-out unit's hex, another side's sealed
// choice) give the same view and byte-identical imagined states, and a
// different seed samples the hidden part anew.
func TestImagineSeesOnlyTheView(t *testing.T) {
	for _, id := range imagineScenarios {
		t.Run(id, func(t *testing.T) {
			for _, pt := range imaginePoints(t, id) {
				a, b := pt.truth.View(pt.side), pt.twin.View(pt.side)
				ja, _ := json.Marshal(a)
				jb, _ := json.Marshal(b)
				if !bytes.Equal(ja, jb) {
					t.Fatalf("%s at %s: the twin changed the side's own view", pt.side, pt.truth.Clock)
				}
				ia, err := rules.Imagine(a, 9)
				if err != nil {
					t.Fatalf("%s at %s: %v", pt.side, pt.truth.Clock, err)
				}
				ib, err := rules.Imagine(b, 9)
				if err != nil {
					t.Fatal(err)
				}
				ea, _ := json.Marshal(ia)
				eb, _ := json.Marshal(ib)
				if !bytes.Equal(ea, eb) {
					t.Fatalf("%s at %s: imagined states differ with what the side cannot see", pt.side, pt.truth.Clock)
				}
				if pt.truth.Hash() == ia.Hash() {
					t.Fatalf("%s at %s: the imagined state is the true state", pt.side, pt.truth.Clock)
				}
			}
		})
	}
}

// An imagined state is playable: it waits for the side at the same step,
// accepts every legal command the true game offers the side, and plays
// on with Apply for a turn.
func TestImaginedStatePlays(t *testing.T) {
	for _, id := range imagineScenarios {
		t.Run(id, func(t *testing.T) {
			for _, pt := range imaginePoints(t, id) {
				v := pt.truth.View(pt.side)
				im, err := rules.Imagine(v, 3)
				if err != nil {
					t.Fatal(err)
				}
				if im.Clock != pt.truth.Clock || im.Expecting() != v.Expecting {
					t.Fatalf("imagined %s %s, true %s %s", im.Clock, im.Expecting(), pt.truth.Clock, v.Expecting)
				}
				if id, ok := im.Mover(); v.Mover != "" && (!ok || id != v.Mover) {
					t.Fatalf("%s: imagined mover %s, true %s", pt.truth.Clock, id, v.Mover)
				}
				for _, c := range pt.truth.Legal(pt.side) {
					if _, err := im.Clone().Apply(c); err != nil {
						t.Fatalf("%s at %s: the imagined state refuses %s: %v", pt.side, pt.truth.Clock, c, err)
					}
				}
				play := im.Clone()
				turn := play.Clock.Turn
				for guard := 0; guard < 3000 && play.Clock.Turn <= turn && !play.Outcome().Over; guard++ {
					p := play.Pending()
					if len(p) == 0 {
						play.Advance()
						continue
					}
					mustApplyX(t, play, play.Legal(p[0])[0])
				}
			}
		})
	}
}
