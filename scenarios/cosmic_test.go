package scenarios

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hexrift/hexrift/rules"
)

// IP4.411, IP4.61: the bundled origin's charts name at least three
// bundled destinations, all loaded with it and handed to rules in its
// Setup, in id order; a destination's own charts are not followed.
func TestRiftGateCharts(t *testing.T) {
	s, err := LoadBundled("rift-gate")
	if err != nil {
		t.Fatal(err)
	}
	su := s.Setup()
	var ids []string
	for _, d := range su.Destinations {
		ids = append(ids, d.ID)
		if len(d.Setup.Destinations) != 0 || len(d.Setup.Units) == 0 {
			t.Errorf("%s: destination setup %d units, %d destinations", d.ID, len(d.Setup.Units), len(d.Setup.Destinations))
		}
	}
	if strings.Join(ids, " ") != "corsair-haven derelict-yard velari-outpost" {
		t.Errorf("destinations %v", ids)
	}
	if len(su.RiftCharts) != 2 || su.RiftCharts[0].Lo != 2 || su.RiftCharts[1].Hi != 12 {
		t.Errorf("charts %+v", su.RiftCharts)
	}
	// IP4.413-417: a row's roll, scenario, port, defend and notes.
	row := su.RiftCharts[0].Rows[0]
	if row.Lo != 2 || row.Hi != 5 || row.Scenario != "derelict-yard" || row.Port != (rules.Hex{}) ||
		row.Defend != (rules.Hex{Q: 4, R: -3}) || !strings.Contains(row.Notes, "hulks") {
		t.Errorf("row %+v", row)
	}
	st, err := rules.NewState(su, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Cosmic.Destinations) != 3 {
		t.Errorf("state holds %d destinations", len(st.Cosmic.Destinations))
	}
}

// IP4.411: hexrift check reports a chart row naming a missing scenario,
// or missing its PORT or DEFEND, at the row; overlapping rolls are errors
// and uncovered totals warnings.
func TestRiftChartProblems(t *testing.T) {
	base := "id: o\nname: O\nsides: [{id: a}]\nunits: [{id: x, side: a, class: fed-cruiser, hex: \"0,0\", facing: A, speed: 0}]\n"
	for _, c := range []struct{ charts, want string }{
		{"rift_charts:\n  - roll: 2-12\n    rows:\n      - {roll: 2-12, scenario: nowhere, port: \"0,0\", defend: \"1,1\"}\n", `destination "nowhere" is no bundled scenario`},
		{"rift_charts:\n  - roll: 2-12\n    rows:\n      - {roll: 2-12, scenario: derelict-yard, defend: \"1,1\"}\n", `missing required field "port"`},
		{"rift_charts:\n  - roll: 2-12\n    rows:\n      - {roll: 2-12, scenario: derelict-yard, port: \"1,1\"}\n", `missing required field "defend"`},
		{"rift_charts:\n  - roll: 2-12\n    rows:\n      - {roll: 2-12, scenario: missing.yaml, port: \"0,0\", defend: \"1,1\"}\n", `destination "missing.yaml"`},
		{"rift_charts:\n  - roll: 2-12\n    rows:\n      - {roll: 2-8, scenario: derelict-yard, port: \"0,0\", defend: \"1,1\"}\n      - {roll: 8-12, scenario: derelict-yard, port: \"0,0\", defend: \"1,1\"}\n", `:9:16: rift_charts[0].rows[1].roll: roll 8-12 overlaps rift_charts[0].rows[0] (line 8, roll 2-8): a roll of 8 would pick both; each roll picks one row`},
		{"rift_charts:\n  - roll: 2-8\n    rows:\n      - {roll: 2-12, scenario: derelict-yard, port: \"0,0\", defend: \"1,1\"}\n  - roll: 6-12\n    rows:\n      - {roll: 2-12, scenario: derelict-yard, port: \"0,0\", defend: \"1,1\"}\n", `:9:11: rift_charts[1].roll: roll 6-12 overlaps rift_charts[0] (line 6, roll 2-8): rolls of 6 to 8 would pick both; each roll picks one chart`},
		{"rift_charts:\n  - roll: 13\n    rows:\n      - {roll: 2-12, scenario: derelict-yard, port: \"0,0\", defend: \"1,1\"}\n", "is not a 2d6 roll"},
	} {
		_, err := Load(filepath.Join(t.TempDir(), "o.yaml"), []byte(base+c.charts))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("want %q, got %v", c.want, err)
		}
	}
	s, err := Load("o.yaml", []byte(base+"rift_charts:\n  - roll: 2-12\n    rows:\n      - {roll: 2-6, scenario: derelict-yard, port: \"0,0\", defend: \"1,1\"}\n"))
	if err != nil || len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0].Msg, "uncharted") {
		t.Errorf("gap: %v %v", err, s)
	}
}

// A destination given by a path is read relative to the origin file.
func TestRiftChartPath(t *testing.T) {
	dir := t.TempDir()
	data, _ := bundled.ReadFile("bundled/derelict-yard.yaml")
	if err := os.MkdirAll(filepath.Join(dir, "far"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "far", "yard.yaml"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	origin := "id: o\nname: O\nsides: [{id: a}]\nunits: [{id: x, side: a, class: fed-cruiser, hex: \"0,0\", facing: A, speed: 0}]\n" +
		"rift_charts:\n  - roll: 2-12\n    rows:\n      - {roll: 2-12, scenario: far/yard.yaml, port: \"0,0\", defend: \"1,1\"}\n"
	p := filepath.Join(dir, "o.yaml")
	if err := os.WriteFile(p, []byte(origin), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := LoadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Destinations) != 1 || s.Destinations[0].ID != "derelict-yard" || s.RiftCharts[0].Rows[0].Scenario != "derelict-yard" {
		t.Errorf("destinations %v", s.Destinations)
	}
}

// IP4.62: the ruleset's rift options load.
func TestRiftRuleset(t *testing.T) {
	s, err := Load("o.yaml", []byte("id: o\nname: O\nruleset: {cosmic_rifts: false, rift_dice: {formation: 3, lifetime: 4}, rift_detect_range: 12}\n"+
		"sides: [{id: a}]\nunits: [{id: x, side: a, class: fed-cruiser, hex: \"0,0\", facing: A, speed: 0}]\n"))
	if err != nil {
		t.Fatal(err)
	}
	r := s.Ruleset
	if !r.NoCosmicRifts || r.RiftDice.Formation != 3 || r.RiftDice.Lifetime != 4 || r.RiftDetectRange != 12 ||
		r.RiftDice.With().Delay != 3 {
		t.Errorf("ruleset %+v", r)
	}
}
