package scenarios

import (
	"strings"
	"testing"

	"github.com/hexrift/hexrift/rules"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const objectivesHead = "id: t\nname: T\nsides:\n  - {id: blue}\n  - {id: red}\nunits:\n" +
	"  - {id: a, side: blue, class: fed-cruiser, hex: \"0,0\"}\n" +
	"  - {id: s, side: blue, class: shuttle, hex: \"1,0\"}\n" +
	"  - {id: r1, side: red, class: kor-raider, hex: \"9,9\"}\nobjectives:\n"

// Every kind of objective reads into rules.Objective and reaches rules
// through Setup.
func TestObjectivesLoad(t *testing.T) {
	yaml := objectivesHead +
		"  - {side: blue, points: 40, hold: {hex: \"3,3\", radius: 1}}\n" +
		"  - {side: blue, name: Kill the raider, points: 100, destroy: {unit: r1}}\n" +
		"  - {side: blue, points: 60, exit: {units: [s, a], count: 1, hex: \"-5,5\", radius: 2}}\n" +
		"  - {side: blue, points: 10, exit: {units: [s]}}\n" +
		"  - {side: red, points: 50, protect: {unit: r1}}\n"
	s, err := Load("s.yaml", []byte(yaml))
	require.NoError(t, err)
	m := rules.MapID("t")
	want := []rules.Objective{
		{Side: "blue", Kind: rules.ObjectiveHold, Points: 40, Area: true, Map: m, Hex: rules.Hex{Q: 3, R: 3}, Radius: 1},
		{Side: "blue", Kind: rules.ObjectiveDestroy, Name: "Kill the raider", Points: 100, Units: []rules.UnitID{"r1"}},
		{Side: "blue", Kind: rules.ObjectiveExit, Points: 60, Units: []rules.UnitID{"s", "a"}, Count: 1, Area: true, Map: m, Hex: rules.Hex{Q: -5, R: 5}, Radius: 2},
		{Side: "blue", Kind: rules.ObjectiveExit, Points: 10, Units: []rules.UnitID{"s"}},
		{Side: "red", Kind: rules.ObjectiveProtect, Points: 50, Units: []rules.UnitID{"r1"}},
	}
	assert.Equal(t, want, s.Objectives)
	setup := s.Setup()
	assert.Equal(t, want, setup.Objectives)
	setup.Objectives[2].Units[0] = "x"
	assert.Equal(t, rules.UnitID("s"), s.Objectives[2].Units[0], "Setup returns a copy")
	st, err := rules.NewState(s.Setup(), 1)
	require.NoError(t, err)
	assert.Equal(t, want, st.Objectives)
	o := st.Outcome()
	assert.Equal(t, 0, o.Sides[0].Objectives)
	assert.Equal(t, 50, o.Sides[1].Objectives, "red protects its raider as things stand")
}

// Malformed objectives are reported where they were written.
func TestObjectiveProblems(t *testing.T) {
	for _, tc := range []struct{ name, entry, want string }{
		{"no kind", `{side: blue, points: 4}`, "objectives[0]: give exactly one of hold, destroy, exit, protect (found none)"},
		{"two kinds", `{side: blue, points: 4, hold: {hex: "0,0"}, destroy: {unit: r1}}`, "found hold, destroy"},
		{"unknown side", `{side: green, points: 4, hold: {hex: "0,0"}}`, `objectives[0].side: unknown side "green"`},
		{"missing points", `{side: blue, hold: {hex: "0,0"}}`, `missing required field "points"`},
		{"negative points", `{side: blue, points: -1, hold: {hex: "0,0"}}`, "objectives[0].points"},
		{"hold without hex", `{side: blue, points: 4, hold: {radius: 2}}`, `objectives[0].hold: missing required field "hex"`},
		{"unknown field", `{side: blue, points: 4, hold: {hex: "0,0", radus: 2}}`, `unknown field "radus" (did you mean "radius"?)`},
		{"destroy own unit", `{side: blue, points: 4, destroy: {unit: a}}`, `objectives[0].destroy.unit: "a" is a unit of blue itself`},
		{"destroy unknown unit", `{side: blue, points: 4, destroy: {unit: zz}}`, `unknown unit "zz"`},
		{"protect another's unit", `{side: blue, points: 4, protect: {unit: r1}}`, `"r1" belongs to red; a side protects its own units`},
		{"exit another's unit", `{side: blue, points: 4, exit: {units: [a, r1]}}`, `objectives[0].exit.units[1]: "r1" belongs to red`},
		{"exit no units", `{side: blue, points: 4, exit: {units: []}}`, "objectives[0].exit.units: lists no units"},
		{"exit twice", `{side: blue, points: 4, exit: {units: [a, a]}}`, `"a" is listed twice`},
		{"exit count too high", `{side: blue, points: 4, exit: {units: [a], count: 2}}`, "count 2 is more than the 1 units listed"},
		{"exit radius without hex", `{side: blue, points: 4, exit: {units: [a], radius: 2}}`, "a radius needs the hex at its centre"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load("s.yaml", []byte(objectivesHead+"  - "+tc.entry+"\n"))
			ps := problemsOf(t, err)
			for _, p := range ps {
				if strings.Contains(p.String(), tc.want) {
					return
				}
			}
			t.Errorf("no problem containing\n  %s\nin\n  %v", tc.want, ps)
		})
	}
}
