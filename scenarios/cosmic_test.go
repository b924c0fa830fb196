package scenarios

import (
	"fmt"
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

// arrivalMap is the destination of TestArrivalWarnings, in short:
//
//	star at 3,0     planet at -3,0    moon at 0,3
//	ion storm "fog": the disc of radius 1 round 0,-4
//	warden (kor-warbird, the largest) at 0,0
//	tender (vel-corvette) at 3,-2: DEFEND 0,2 puts it on the star
//	lurker (kor-raider) at 6,-6, inside storm "mist" round 6,-6
const arrivalMap = `id: far
name: Far
sides: [{id: wardens}, {id: lurkers}]
features:
  - {id: sun, kind: star, hex: "3,0"}
  - {id: rock, kind: planet, hex: "-3,0"}
  - {id: pebble, kind: moon, hex: "0,3"}
regions:
  - {id: fog, kind: ion-storm, disc: {center: "0,-4", radius: 1}}
  - {id: mist, kind: ion-storm, disc: {center: "6,-6", radius: 0}}
units:
  - {id: warden, side: wardens, class: kor-warbird, hex: "0,0"}
  - {id: tender, side: wardens, class: vel-corvette, hex: "3,-2"}
  - {id: lurker, side: lurkers, class: kor-raider, hex: "6,-6"}
`

// TestArrivalWarnings checks the warnings for a chart row whose PORT
// (where arrivals appear) or DEFEND (where the destination's largest unit
// comes into play) lies on point terrain or in an ion storm of the
// destination: each at the hex's line and column, saying what the rules
// do there, and none for a row that keeps clear.
func TestArrivalWarnings(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "far.yaml"), []byte(arrivalMap), 0o644); err != nil {
		t.Fatal(err)
	}
	origin := func(port, defend string) string {
		return "id: o\nname: O\nsides: [{id: a}]\nunits: [{id: x, side: a, class: fed-cruiser, hex: \"0,0\"}]\n" +
			"rift_charts:\n  - roll: 2-12\n    rows:\n      - {roll: 2-12, scenario: far.yaml, port: \"" + port + "\", defend: \"" + defend + "\"}\n"
	}
	// Each warning stands at its hex's value: PORT's or DEFEND's quote on
	// the row's line, 8.
	at := func(port, defend, field string) string {
		line := strings.Split(origin(port, defend), "\n")[7]
		return fmt.Sprintf("o.yaml:8:%d: warning: rift_charts[0].rows[0].%s: ", strings.Index(line, field+": ")+len(field)+3, field)
	}
	tests := []struct {
		name, port, defend string
		want               []string
	}{
		{"clear", "-1,1", "0,0", nil},
		{"port on a star", "3,0", "0,0", []string{"port|" + `PORT 3,0 holds the star "sun" of far: arrivals appear in its hex (IP4.421), and the rules give point terrain no effect on a unit there, though no scenario may place a unit on a star at the start; most likely PORT was meant beside it`}},
		{"port on a planet", "-3,0", "0,0", []string{"port|" + `PORT -3,0 holds the planet "rock" of far: arrivals appear in its hex (IP4.421), and the rules give point terrain no effect on a unit there; most likely PORT was meant beside it`}},
		{"port in an ion storm", "1,-4", "0,0", []string{"port|" + `PORT 1,-4 lies inside ion storm "fog" of far: arrivals appear in the storm, where every direct-fire roll from or at a unit there takes +1 (docs/RULES.md "Ion storms"); the rift's far end is no cosmic storm (IP4.51 is about a rift that forms in a storm)`}},
		{"defend on a moon", "-1,1", "0,3", []string{"defend|" + `DEFEND 0,3 holds the moon "pebble" of far: its largest unit "warden" comes into play in that hex (IP4.442), and the rules give point terrain no effect on a unit there; most likely DEFEND was meant beside it`}},
		{"defend in an ion storm", "-1,1", "0,-4", []string{"defend|" + `DEFEND 0,-4 lies inside ion storm "fog" of far: its largest unit "warden" comes into play in the storm, where every direct-fire roll from or at a unit there takes +1 (docs/RULES.md "Ion storms"), though its file has it outside any storm (at 0,0)`}},
		{"defend moves a unit onto a star", "-1,1", "0,2", []string{"defend|" + `DEFEND 0,2 moves unit "tender" of far onto the star "sun" at 3,0: its units keep their places relative to the largest, "warden", and its terrain stays where it is`}},
		{"port and defend both", "3,0", "0,3", []string{
			"port|" + `PORT 3,0 holds the star "sun"`,
			"defend|" + `DEFEND 0,3 holds the moon "pebble"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(dir, "o.yaml")
			if err := os.WriteFile(p, []byte(origin(tt.port, tt.defend)), 0o644); err != nil {
				t.Fatal(err)
			}
			s, err := LoadFile(p)
			if err != nil {
				t.Fatalf("warnings only, yet: %v", err)
			}
			if len(s.Warnings) != len(tt.want) {
				t.Fatalf("got %d warnings, want %d: %v", len(s.Warnings), len(tt.want), s.Warnings)
			}
			for i, w := range tt.want {
				field, msg, _ := strings.Cut(w, "|")
				w = at(tt.port, tt.defend, field) + msg
				if got := strings.TrimPrefix(s.Warnings[i].String(), dir+string(filepath.Separator)); !strings.HasPrefix(got, w) {
					t.Errorf("warning %d:\n got %s\nwant %s", i, got, w)
				}
			}
		})
	}
	// A destination whose largest unit starts in its own ion storm, moved
	// out of it: its terrain stays put, so the unit leaves the storm.
	stormy := strings.Replace(arrivalMap, `{id: warden, side: wardens, class: kor-warbird, hex: "0,0"}`, `{id: warden, side: wardens, class: kor-warbird, hex: "0,-4"}`, 1)
	if err := os.WriteFile(filepath.Join(dir, "far.yaml"), []byte(stormy), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ defend, want string }{
		{"0,-4", ""},
		{"5,-8", `DEFEND 5,-8 takes the largest unit "warden" of far out of its ion storm "fog" (its file has it at 0,-4): a destination's units move to DEFEND, its terrain stays where it is; give DEFEND 0,-4 to keep them in the storm`},
	} {
		s, err := Load(filepath.Join(dir, "o.yaml"), []byte(origin("-1,1", c.defend)))
		switch {
		case err != nil:
			t.Errorf("DEFEND %s: %v", c.defend, err)
		case c.want == "" && len(s.Warnings) > 0:
			t.Errorf("DEFEND %s at the file's own place: %v", c.defend, s.Warnings)
		case c.want != "" && (len(s.Warnings) != 1 || s.Warnings[0].Msg != c.want):
			t.Errorf("DEFEND %s: %v", c.defend, s.Warnings)
		}
	}
}
