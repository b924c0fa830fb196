package rules

import (
	"strings"
	"testing"
)

// What the table sees of an energy allocation once every side has
// committed (docs/RULES.md, "What the table sees"): the speed bought and
// erratic maneuvering are revealed to all (X4.SEQ, X4.EA.4, X4.MV.1,
// X4.EM); shield and armor reinforcement (X4.EA.2, X4.EA.3), arming,
// the tractor beam made ready and the batteries (X4.MV.7) stay with the
// allocating side.
func TestAllocationRevealShowsTheTableOnlySpeeds(t *testing.T) {
	s := newTestState(t,
		ship("a", "blue", "kor-raider", Hex{0, 0}, DirA, 0),
		ship("z", "red", "kor-raider", Hex{6, 0}, DirA, 0))
	s.Advance()
	if s.Expecting() != CmdAllocate {
		t.Fatalf("the test starts at energy allocation, not %s", s.Expecting())
	}
	blue := Allocation{Unit: "a", Movement: 6, Impulse: true, Shields: [6]int{2}, Armor: 1, Arm: []int{0, 1}, Battery: 1, Tractor: true}
	mustApply(t, s, Command{Kind: CmdAllocate, Side: "blue", Allocations: []Allocation{blue}})
	evs := mustApply(t, s, Command{Kind: CmdAllocate, Side: "red", Allocations: s.defaultAllocations("red")})
	var red, own []string
	for _, e := range evs {
		if e.Kind != EventReveal || e.Side != "blue" {
			continue
		}
		if e.VisibleTo("red") {
			red = append(red, e.Text)
		}
		if e.VisibleTo("blue") {
			own = append(own, e.Text)
		}
	}
	text := strings.Join(red, "\n")
	tests := []struct {
		name, what string
		shown      bool
	}{
		{"X4.EA.4/movement", "movement 6", true},
		{"X4.MV.1/impulse hex", "impulse hex", true},
		{"X4.EA.2/shield reinforcement", "shields", false},
		{"X4.EA.3/armor reinforcement", "armor", false},
		{"X4.SEQ/arming", "arms", false},
		{"X4.MV.7/batteries", "battery", false},
		{"X4.SEQ/tractor readied", "tractor", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := strings.Contains(text, tt.what); got != tt.shown {
				t.Fatalf("red sees %q in blue's reveal: %v, want %v:\n%s", tt.what, got, tt.shown, text)
			}
		})
	}
	if len(red) == 0 || strings.Join(own, "\n") != text {
		t.Fatalf("blue's reveal is one public event: red %q, blue %q", red, own)
	}
	// The allocation itself is applied whole: the reinforcement is there.
	if got := s.Unit("a").Ship.Reinforce[0]; got != 2 {
		t.Fatalf("blue's shield 1 reinforcement %d, want 2", got)
	}
}
