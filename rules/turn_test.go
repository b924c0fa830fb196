package rules

import (
	"encoding/json"
	"testing"
)

func duelUnits() []Unit {
	return []Unit{
		ship("enterprise", "blue", "fed-cruiser", Hex{0, 0}, DirA, 6),
		ship("hood", "blue", "fed-frigate", Hex{1, 0}, DirA, 4),
		ship("krag", "red", "kor-battlecruiser", Hex{0, -8}, DirD, 6),
		ship("vash", "red", "kor-raider", Hex{-1, -8}, DirD, 4),
	}
}

// X4.SEQ: a turn runs start-of-turn, energy allocation, declare movement,
// N impulses of the impulse steps, then damage control.
func TestTurnSequence(t *testing.T) {
	s := newTestState(t, duelUnits()...)
	var steps []Clock
	seen := map[Clock]bool{}
	rec := func(st *State) bool {
		if !seen[st.Clock] {
			seen[st.Clock] = true
			steps = append(steps, st.Clock)
		}
		return st.Clock.Turn >= 2
	}
	playLegal(t, s, first, rec)
	if steps[0].Step != StepEnergyAllocation {
		t.Fatalf("first waiting step %v", steps[0])
	}
	if steps[1].Step != StepDeclareMovement {
		t.Fatalf("second waiting step %v", steps[1])
	}
	last := steps[len(steps)-2]
	if last.Step != StepDamageControl && last.Step != StepDirectFire && last.Step != StepMovement {
		t.Fatalf("last step of turn 1 %v", last)
	}
	maxImp := 0
	for _, c := range steps {
		maxImp = max(maxImp, c.Impulse)
	}
	if maxImp != 6 {
		t.Fatalf("X4.IMP: saw %d impulses, want 6", maxImp)
	}
}

// Determinism: the same setup, seed and commands give the same hash, and
// the commands round-trip through JSON.
func TestDeterminism(t *testing.T) {
	a := newTestState(t, duelUnits()...)
	log := playLegal(t, a, func(cs []Command) Command { return cs[len(cs)-1] }, atTurn(4))
	b, err := NewState(testSetup(duelUnits()...), 42)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := MarshalCommands(log)
	if err != nil {
		t.Fatal(err)
	}
	cmds, err := UnmarshalCommands(raw)
	if err != nil {
		t.Fatal(err)
	}
	b.Advance()
	for _, c := range cmds {
		mustApply(t, b, c)
	}
	if a.Hash() != b.Hash() {
		t.Fatalf("hashes differ: %s vs %s", a.Hash(), b.Hash())
	}
	// A saved state restores to the same hash.
	js, _ := json.Marshal(a)
	var c State
	if err := json.Unmarshal(js, &c); err != nil {
		t.Fatal(err)
	}
	if c.Hash() != a.Hash() {
		t.Fatal("restored state hash differs")
	}
}
