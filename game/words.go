package game

// Words for people that several screens share: clocks, side names, the
// file name a save is given.

import (
	"fmt"
	"strings"

	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// clockText writes a clock for people: "turn 2, impulse 3, movement".
func clockText(c rules.Clock) string {
	step := strings.ReplaceAll(c.Step.String(), "-", " ")
	if c.Step.InImpulse() {
		return fmt.Sprintf("turn %d, impulse %d, %s", c.Turn, c.Impulse, step)
	}
	return fmt.Sprintf("turn %d, %s", c.Turn, step)
}

// sideName returns the name of side id of sc, or the id.
func sideName(sc *scenarios.Scenario, id rules.SideID) string {
	for _, sd := range sc.Sides {
		if sd.ID == id {
			return sd.Name
		}
	}
	return string(id)
}

// saveFileName turns a save name into a safe file name.
func saveFileName(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == ' ' || r == '-' || r == '_' || r == ',' || r == '.':
			b.WriteRune('-')
		}
	}
	s := strings.Trim(b.String(), "-")
	if s == "" {
		s = "save"
	}
	return s + ".hexrift"
}
