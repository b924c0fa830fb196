package rules

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
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

// X4.SEQ, X4.IMP: a turn runs start-of-turn, energy allocation, declare
// movement, six impulses of involuntary movement, movement, activity,
// seeking launch, direct fire and seeking resolution, then damage control.
func TestTurnSequence(t *testing.T) {
	s := newTestState(t, duelUnits()...)
	var evs []Event
	evs = append(evs, s.Advance()...)
	for s.Clock.Turn == 1 {
		p := s.Pending()
		if len(p) == 0 {
			t.Fatalf("stalled at %v", s.Clock)
		}
		evs = append(evs, mustApply(t, s, s.Legal(p[0])[0])...)
	}
	var got []string
	for _, e := range evs {
		if e.Kind == EventStep && e.Clock.Turn == 1 {
			got = append(got, e.Clock.String())
		}
	}
	want := []string{"T1 start-of-turn", "T1 energy-allocation", "T1 declare-movement"}
	for i := 1; i <= 6; i++ {
		for _, st := range []string{"involuntary-movement", "movement", "impulse-activity", "seeking-launch", "direct-fire", "seeking-resolution"} {
			want = append(want, fmt.Sprintf("T1 I%d %s", i, st))
		}
	}
	want = append(want, "T1 damage-control")
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("X4.SEQ/X4.IMP steps:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if s.Clock.Step != StepEnergyAllocation || s.Clock.Turn != 2 {
		t.Fatalf("turn 2 starts at %v", s.Clock)
	}
}

// X4.IMP: with the 32-impulse option every turn has 32 impulses.
func TestThirtyTwoImpulses(t *testing.T) {
	setup := testSetup(duelUnits()...)
	setup.Ruleset.ImpulsesPerTurn = 32
	s, err := NewState(setup, 7)
	if err != nil {
		t.Fatal(err)
	}
	most := 0
	playLegal(t, s, first, func(s *State) bool { most = max(most, s.Clock.Impulse); return s.Clock.Turn >= 2 })
	if most != 32 {
		t.Fatalf("X4.IMP: %d impulses", most)
	}
}

// Hooks: the start-of-turn and involuntary hooks run in order at their
// steps, once per turn and once per impulse.
func TestStepHooks(t *testing.T) {
	s := newTestState(t, duelUnits()...)
	var calls []string
	hook := func(name string) stepHook {
		return stepHook{Name: name, Run: func(s *State) []Event {
			calls = append(calls, fmt.Sprintf("%s %s", name, s.Clock))
			_, ev := s.Roll(D6, RollReason{What: name})
			return []Event{ev}
		}}
	}
	s.hooks = &hookSet{StartOfTurn: []stepHook{hook("a"), hook("b")}, Involuntary: []stepHook{hook("i")}}
	playLegal(t, s, first, atTurn(2))
	want := "a T1 start-of-turn|b T1 start-of-turn|i T1 I1 involuntary-movement|i T1 I2 involuntary-movement|" +
		"i T1 I3 involuntary-movement|i T1 I4 involuntary-movement|i T1 I5 involuntary-movement|i T1 I6 involuntary-movement|" +
		"a T2 start-of-turn|b T2 start-of-turn"
	if got := strings.Join(calls, "|"); got != want {
		t.Fatalf("hook calls\n%s\nwant\n%s", got, want)
	}
}

// Commands are checked before anything changes: a refused command leaves
// the state's hash as it was, and its error starts with "rules: ".
func TestRefusedCommandsLeaveStateUntouched(t *testing.T) {
	s := newTestState(t, duelUnits()...)
	s.Advance()
	h := s.Hash()
	bad := []Command{
		{Kind: CmdMove, Side: "blue"},
		{Kind: CmdAllocate, Side: "green"},
		{Kind: CmdAllocate, Side: "blue"},
		{Kind: CmdAllocate, Side: "blue", Allocations: []Allocation{{Unit: "krag"}}},
		{Kind: CmdAllocate, Side: "blue", Allocations: []Allocation{{Unit: "enterprise", Movement: 99}, {Unit: "hood"}}},
		{Kind: CmdAllocate, Side: "blue", Shots: []Shot{{Attacker: "enterprise"}}},
	}
	for _, c := range bad {
		_, err := s.Apply(c)
		if err == nil || !strings.HasPrefix(err.Error(), "rules: ") {
			t.Errorf("%s: %v", c, err)
		}
		if s.Hash() != h {
			t.Fatalf("%s changed the state", c)
		}
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

// The view tells who must act and who has committed, but never a sealed
// choice; a unit's batteries and armed weapons are its owner's alone.
func TestViewDuringSealedStep(t *testing.T) {
	s := newTestState(t, duelUnits()...)
	s.Advance()
	c := s.Legal("blue")[0]
	mustApply(t, s, c)
	v := s.View("red")
	if !slices.Equal(v.Pending, []SideID{"red"}) || !slices.Equal(v.Committed, []SideID{"blue"}) || v.Expecting != CmdAllocate {
		t.Fatalf("view pending %v committed %v expecting %q", v.Pending, v.Committed, v.Expecting)
	}
	js, _ := json.Marshal(v)
	if strings.Contains(string(js), `"movement"`) || strings.Contains(string(js), "sealed") {
		t.Fatalf("red's view leaks blue's allocation: %s", js)
	}
	for _, u := range v.Units {
		if (u.Detail != nil) != (u.Side == "red") {
			t.Fatalf("detail of %s shown to red: %v", u.ID, u.Detail != nil)
		}
	}
	for _, u := range s.View("").Units {
		if u.Detail != nil {
			t.Fatal("the public view shows unit details")
		}
	}
}

// A committed sealed choice is the side's own copy: changing the
// command value afterwards changes nothing in the game.
func TestCommitCopiesTheCommand(t *testing.T) {
	s := newTestState(t, duelUnits()...)
	s.Advance()
	c := s.Legal("blue")[0]
	mustApply(t, s, c)
	h := s.Hash()
	c.Allocations[0].Movement = 0
	c.Allocations[0].Arm[0] = 99
	if s.Hash() != h {
		t.Fatal("mutating an applied command changed the state")
	}
}
