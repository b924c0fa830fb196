package game

// Words for people that several screens share: clocks and side names.

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
