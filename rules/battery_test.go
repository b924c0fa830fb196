package rules

import (
	"strings"
	"testing"
)

// X4.MV.7: after a deceleration the batteries may be spent in the same
// impulse, their effect coming later in it (impulse activity, before
// direct fire); without a deceleration they may not.
func TestBatteriesSpentAfterDeceleration(t *testing.T) {
	s := newTestState(t,
		ship("f", "blue", "fed-frigate", Hex{0, 0}, DirA, 6),
		ship("k", "red", "kor-raider", Hex{9, 9}, DirA, 0))
	f := s.Unit("f")
	f.Ship.Battery = 0
	atMovement(s, 1, "f")
	mustApply(t, s, moveCmd("blue", MovePlan{Unit: "f", Steps: []MoveStep{{Op: OpDecelerate, N: 2}}}))
	if f.Ship.Battery != 2 {
		t.Fatalf("X4.MV.7: battery %d after decelerating 2 (capacity 2)", f.Ship.Battery)
	}
	// Nobody else had anything to do: the run stopped at activity for blue.
	if s.Clock.Step != StepActivity || s.Expecting() != CmdActivity {
		t.Fatalf("X4.MV.7: at %v expecting %q", s.Clock, s.Expecting())
	}
	legal := s.Legal("blue")
	found := false
	for _, c := range legal {
		found = found || len(c.Batteries) > 0
	}
	if !found {
		t.Fatal("X4.MV.7: Legal offers no battery use")
	}
	if _, err := s.Apply(Command{Kind: CmdActivity, Side: "blue", Batteries: []BatteryUse{{Unit: "f", Shields: [6]int{0, 0, 2}}}}); err == nil ||
		!strings.Contains(err.Error(), "X4.MV.7") {
		t.Fatalf("X4.MV.7: overspent battery: %v", err)
	}
	mustApply(t, s, Command{Kind: CmdActivity, Side: "blue", Batteries: []BatteryUse{{Unit: "f", Shields: [6]int{0, 0, 1}}}})
	if f.Ship.Battery != 0 || f.Ship.Reinforce[2] != 1 {
		t.Fatalf("X4.MV.7: battery %d reinforce %v", f.Ship.Battery, f.Ship.Reinforce)
	}
	// Without a deceleration in this impulse the batteries stay shut.
	f.Ship.Battery = 2
	s.Clock = Clock{Turn: 1, Impulse: 2, Step: StepActivity}
	s.Turn = TurnState{Entered: true, Waiting: []SideID{"blue"}}
	if _, err := s.Apply(Command{Kind: CmdActivity, Side: "blue", Batteries: []BatteryUse{{Unit: "f", Shields: [6]int{1}}}}); err == nil {
		t.Fatal("X4.MV.7: batteries spent without a deceleration")
	}
}
