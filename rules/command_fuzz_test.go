package rules_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hexrift/hexrift/rules"
)

// fuzzApplyLimit bounds how many decoded commands one input applies, so
// that one long input cannot take the time of thousands of short ones.
const fuzzApplyLimit = 64

// FuzzUnmarshalCommands checks the command decoder that saves and
// replays go through, on any bytes: it never panics, a refusal says it
// is about commands, whatever it accepts encodes back to the same
// commands, and applying the decoded commands to a game of First
// Contact either carries each out or refuses it leaving the state as it
// was (its hash unchanged), with no panic. Seeds are the commands of the
// golden games: the whole First Contact game and prefixes of it, and the
// first commands of every other game.
func FuzzUnmarshalCommands(f *testing.F) {
	files, err := filepath.Glob(filepath.Join("testdata", "games", "*.json"))
	if err != nil || len(files) == 0 {
		f.Fatalf("no golden games to seed from: %v", err)
	}
	var first goldenGame
	for _, file := range files {
		g := readGolden(f, file)
		n := []int{1, 3, 10, len(g.Commands)}
		if g.Scenario == "first-contact" {
			first = g
		} else {
			n = n[:2]
		}
		for _, k := range n {
			data, err := rules.MarshalCommands(g.Commands[:min(k, len(g.Commands))])
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
	if first.Scenario == "" {
		f.Fatal("no golden game of first-contact")
	}
	setup, _ := bundledSetup(f, first.Scenario)
	f.Add([]byte(`[]`))
	f.Add([]byte(`[{"kind":"move","side":"federation","move":{"unit":"harrier","steps":[{"op":"forward","n":3}]}}]`))
	f.Add([]byte(`[{"kind":"allocate"}, null, {}]`))

	f.Fuzz(func(t *testing.T, data []byte) {
		cmds, err := rules.UnmarshalCommands(data)
		if err != nil {
			if cmds != nil {
				t.Fatal("both commands and an error")
			}
			if !strings.HasPrefix(err.Error(), "rules: commands: ") {
				t.Fatalf("the error does not say what it read: %q", err)
			}
			return
		}
		again, err := rules.MarshalCommands(cmds)
		if err != nil {
			t.Fatalf("decoded commands do not encode: %v", err)
		}
		cmds2, err := rules.UnmarshalCommands(again)
		if err != nil {
			t.Fatalf("decoded commands, encoded again, are refused: %v", err)
		}
		if third, _ := rules.MarshalCommands(cmds2); !bytes.Equal(again, third) {
			t.Fatalf("commands change when read again:\n%s\n%s", again, third)
		}
		s, err := rules.NewState(setup, first.Seed)
		if err != nil {
			t.Fatal(err)
		}
		s.Advance()
		for i, c := range cmds[:min(len(cmds), fuzzApplyLimit)] {
			_ = c.String()
			if len(s.Pending()) == 0 {
				s.Advance()
			}
			before := s.Hash()
			if _, err := s.Apply(c); err != nil && s.Hash() != before {
				t.Fatalf("command %d (%s) was refused (%v) but changed the state", i, c, err)
			}
		}
	})
}
