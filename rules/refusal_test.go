package rules

import (
	"errors"
	"testing"
)

// TestRefusal checks that Check and Apply refuse a command with a
// *Refusal built where the refusal is decided: its clause, its message
// and the error text with the package prefix.
func TestRefusal(t *testing.T) {
	cases := []struct {
		name   string
		cmd    Command
		clause string
		msg    string
	}{
		{"wrong kind", Command{Kind: CmdFire, Side: "blue"}, "",
			`T1 energy-allocation expects a "allocate" command, not "fire"`},
		{"foreign payload", Command{Kind: CmdAllocate, Side: "blue", Shots: []Shot{{Attacker: "e"}}}, "",
			`a "allocate" command carries shots`},
		{"no allocation", allocCmd("blue"), "", "no energy allocation for e"},
		{"X4.EA.3 armor", allocCmd("blue", Allocation{Unit: "e", Armor: 99}), "X4.EA.3",
			"e: armor reinforcement 99 exceeds its 0 intact armor boxes"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newTestState(t,
				ship("e", "blue", "fed-cruiser", Hex{0, 0}, DirA, 6),
				ship("k", "red", "kor-raider", Hex{0, -1}, DirD, 0))
			s.Advance()
			for _, err := range []error{s.Check(c.cmd), applyErr(s, c.cmd)} {
				var ref *Refusal
				if !errors.As(err, &ref) {
					t.Fatalf("error %v (%T) is not a *Refusal", err, err)
				}
				if ref.Clause != c.clause || ref.Msg != c.msg {
					t.Errorf("refusal {%q %q}, want {%q %q}", ref.Clause, ref.Msg, c.clause, c.msg)
				}
				want := "rules: " + c.msg
				if c.clause != "" {
					want += " (" + c.clause + ")"
				}
				if err.Error() != want {
					t.Errorf("Error() = %q, want %q", err.Error(), want)
				}
			}
		})
	}
}

func applyErr(s *State, c Command) error {
	_, err := s.Apply(c)
	return err
}
