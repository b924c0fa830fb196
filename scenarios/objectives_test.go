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
		"  - {side: red, points: 50, protect: {unit: r1}}\n" +
		"  - {side: blue, points: 70, return: {units: [a, s], count: 1}}\n"
	s, err := Load("s.yaml", []byte(yaml))
	require.NoError(t, err)
	m := rules.MapID("t")
	want := []rules.Objective{
		{Side: "blue", Kind: rules.ObjectiveHold, Points: 40, Area: true, Map: m, Hex: rules.Hex{Q: 3, R: 3}, Radius: 1},
		{Side: "blue", Kind: rules.ObjectiveDestroy, Name: "Kill the raider", Points: 100, Units: []rules.UnitID{"r1"}},
		{Side: "blue", Kind: rules.ObjectiveExit, Points: 60, Units: []rules.UnitID{"s", "a"}, Count: 1, Area: true, Map: m, Hex: rules.Hex{Q: -5, R: 5}, Radius: 2},
		{Side: "blue", Kind: rules.ObjectiveExit, Points: 10, Units: []rules.UnitID{"s"}},
		{Side: "red", Kind: rules.ObjectiveProtect, Points: 50, Units: []rules.UnitID{"r1"}},
		{Side: "blue", Kind: rules.ObjectiveReturn, Points: 70, Units: []rules.UnitID{"a", "s"}, Count: 1},
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
		{"no kind", `{side: blue, points: 4}`, "objectives[0]: give exactly one of hold, destroy, exit, protect, return (found none)"},
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
		{"return another's unit", `{side: blue, points: 4, return: {units: [r1]}}`, `objectives[0].return.units[0]: "r1" belongs to red`},
		{"return count too high", `{side: blue, points: 4, return: {units: [a], count: 2}}`, "count 2 is more than the 1 units listed"},
		{"return has no area", `{side: blue, points: 4, return: {units: [a], hex: "0,0"}}`, `objectives[0].return: unknown field "hex"`},
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

const drillHead = "id: t\nname: T\nsides:\n  - {id: blue}\n  - {id: red}\n" +
	"features:\n  - {id: sun, kind: star, hex: \"9,-9\"}\n" +
	"regions:\n  - {id: storm, kind: ion-storm, disc: {center: \"-9,0\", radius: 2}}\nunits:\n" +
	"  - {id: a, side: blue, class: fed-cruiser, hex: \"0,0\"}\n" +
	"  - {id: r1, side: red, class: kor-raider, hex: \"9,9\"}\n"

// A drill names its practice side and the computer's level, which the
// menu's Info carries; open rifts reach rules through Setup.
func TestDrillAndOpenRiftsLoad(t *testing.T) {
	s, err := Load("s.yaml", []byte(drillHead+"drill: {side: blue, level: hard}\nopen_rifts:\n  - {hex: \"3,-3\", lifetime: 48}\n  - {hex: \"-3,0\", lifetime: 200}\n"))
	require.NoError(t, err)
	require.NotNil(t, s.Drill)
	assert.Equal(t, Drill{Side: "blue", Level: "hard"}, *s.Drill)
	assert.Equal(t, s.Drill, s.Info().Drill)
	want := []rules.OpenRift{{Hex: rules.Hex{Q: 3, R: -3}, Lifetime: 48}, {Hex: rules.Hex{Q: -3}, Lifetime: 200}}
	assert.Equal(t, want, s.OpenRifts)
	st, err := rules.NewState(s.Setup(), 1)
	require.NoError(t, err)
	require.Len(t, st.Cosmic.Rifts, 2)
	assert.Equal(t, rules.Hex{Q: 3, R: -3}, st.Cosmic.Rifts[0].Hex)

	s, err = Load("s.yaml", []byte(drillHead+"drill: {side: red}\n"))
	require.NoError(t, err)
	assert.Equal(t, Drill{Side: "red", Level: DefaultDrillLevel}, *s.Drill)
	s, err = Load("s.yaml", []byte(drillHead))
	require.NoError(t, err)
	assert.Nil(t, s.Drill, "not a drill")
	assert.Empty(t, s.OpenRifts)
}

// Malformed drills and open rifts are reported where they were written.
func TestDrillAndOpenRiftProblems(t *testing.T) {
	for _, tc := range []struct{ name, tail, want string }{
		{"drill of an unknown side", "drill: {side: green}", `drill.side: unknown side "green"; the sides are blue, red`},
		{"drill without a side", "drill: {level: easy}", `drill: missing required field "side"`},
		{"drill of an unknown level", "drill: {side: blue, level: brutal}", "drill.level"},
		{"drill is a mapping", "drill: true", "drill: expected a mapping"},
		{"rift without lifetime", "open_rifts:\n  - {hex: \"3,3\"}", `open_rifts[0]: missing required field "lifetime"`},
		{"rift lifetime too long", "open_rifts:\n  - {hex: \"3,3\", lifetime: 5000}", "open_rifts[0].lifetime"},
		{"rift in an ion storm", "open_rifts:\n  - {hex: \"-9,1\", lifetime: 40}", "lies in an ion storm"},
		{"rift on a star", "open_rifts:\n  - {hex: \"9,-9\", lifetime: 40}", "holds star sun"},
		{"two rifts in a hex", "open_rifts:\n  - {hex: \"3,3\", lifetime: 40}\n  - {hex: \"3,3\", lifetime: 60}", "open_rifts[1].hex: another open rift lies at 3,3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load("s.yaml", []byte(drillHead+tc.tail+"\n"))
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
