package game

// Words for people that several screens share: clocks and side names.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// clockText writes when something happened for people: "turn 2,
// impulse 3, direct fire" (the step's own name, where stepTitle says
// what a player does in it).
func clockText(c rules.Clock) string {
	step := strings.ReplaceAll(c.Step.String(), "-", " ")
	if c.Step.InImpulse() {
		return fmt.Sprintf("turn %d, impulse %d, %s", c.Turn, c.Impulse, step)
	}
	return fmt.Sprintf("turn %d, %s", c.Turn, step)
}

// stepTitles name each step of the turn for what is done in it, the
// words of the top bar and of the orders panel's heading.
var stepTitles = map[rules.Step]string{
	rules.StepStartOfTurn:       "Start of turn",
	rules.StepEnergyAllocation:  "Energy allocation",
	rules.StepDeclareMovement:   "Movement declarations",
	rules.StepInvoluntary:       "Involuntary movement",
	rules.StepMovement:          "Movement",
	rules.StepActivity:          "Impulse activity",
	rules.StepSeekingLaunch:     "Seeking weapon launches",
	rules.StepDirectFire:        "Fire declaration",
	rules.StepSeekingResolution: "Seeking weapons strike",
	rules.StepDamageControl:     "Damage control",
	rules.StepGameOver:          "Game over",
}

// stepTitle names a step for people: "Fire declaration" for
// direct-fire.
func stepTitle(st rules.Step) string {
	if t, ok := stepTitles[st]; ok {
		return t
	}
	return strings.ReplaceAll(st.String(), "-", " ")
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

// unitNamer names a unit id as players read it.
type unitNamer func(rules.UnitID) string

// namerOf names the units v shows by their names, sorted by id as v
// keeps them; a seeker (whose name is its class's), a unit with a
// dotted id (a destination scenario's, which may share a name), a unit
// without a name and one v does not show keep their ids, as the log does. A nil v names nothing.
func namerOf(v *rules.View) unitNamer {
	return func(id rules.UnitID) string {
		if v == nil {
			return string(id)
		}
		i, ok := slices.BinarySearchFunc(v.Units, id, func(u rules.UnitView, id rules.UnitID) int { return strings.Compare(string(u.ID), string(id)) })
		if ok && v.Units[i].Name != "" && !v.Units[i].Kind.Seeking() && !strings.Contains(string(id), ".") {
			return v.Units[i].Name
		}
		return string(id)
	}
}

// classTitle names a class for people: "Federation Heavy Cruiser", and
// a class any side may field ("any" race) or a monster by its name alone
// ("Drone").
func classTitle(c *rules.Class) string {
	if c.Race == "" || c.Race == "any" || c.Race == "monster" {
		return c.Name
	}
	return c.Race + " " + c.Name
}
