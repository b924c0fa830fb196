package scenarios

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hexrift/hexrift/rules"
)

// problemsOf returns err as Problems, failing the test if it is not.
func problemsOf(t *testing.T, err error) Problems {
	t.Helper()
	if err == nil {
		t.Fatal("expected problems, got none")
	}
	var ps Problems
	if !errors.As(err, &ps) {
		t.Fatalf("error %T is not Problems: %v", err, err)
	}
	return ps
}

// mustLoad loads a bundled scenario and fails on any problem.
func mustLoad(t *testing.T, id string) *Scenario {
	t.Helper()
	s, err := LoadBundled(id)
	if err != nil {
		t.Fatalf("bundled %s: %v", id, err)
	}
	return s
}

func TestBundledLoadCleanly(t *testing.T) {
	entries, err := fs.ReadDir(bundled, "bundled")
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) < 10 { // issue 8: at least 10 bundled scenarios
		t.Fatalf("only %d bundled scenarios", len(entries))
	}
	for _, e := range entries {
		id := strings.TrimSuffix(e.Name(), ".yaml")
		t.Run(id, func(t *testing.T) {
			s := mustLoad(t, id)
			if len(s.Warnings) > 0 {
				t.Errorf("warnings: %v", s.Warnings)
			}
			if s.ID != id {
				t.Errorf("file %s holds id %q", e.Name(), s.ID)
			}
			if s.Name == "" || s.Description == "" {
				t.Errorf("name %q / description %q must both be set", s.Name, s.Description)
			}
			st, err := rules.NewState(s.Setup(), 1)
			if err != nil {
				t.Fatalf("NewState: %v", err)
			}
			if len(st.Units) != len(s.Units) || len(st.Maps) != 1 || st.Maps[0].ID != rules.MapID(id) {
				t.Errorf("state has %d units, %d maps", len(st.Units), len(st.Maps))
			}
			perSide := map[rules.SideID]int{}
			for _, u := range s.Units {
				perSide[u.Side]++
				if u.OnMap() && u.Hex.Distance(s.Center) > 30 {
					t.Errorf("unit %s at %v is %d hexes from the centre", u.ID, u.Hex, u.Hex.Distance(s.Center))
				}
			}
			if len(s.Sides) < 2 {
				t.Errorf("only %d sides", len(s.Sides))
			}
			for _, sd := range s.Sides {
				if perSide[sd.ID] < 3 && s.Drill == nil { // a drill is small by design
					t.Errorf("side %s has %d units", sd.ID, perSide[sd.ID])
				}
			}
			if d := s.Drill; d != nil {
				// A drill is focused: a turn limit, and objectives that
				// say what the practice side is to do.
				if s.Ruleset.TurnLimit == 0 || s.Ruleset.TurnLimit > 12 {
					t.Errorf("drill of %d turns; give it a turn limit of at most 12", s.Ruleset.TurnLimit)
				}
				n := 0
				for _, o := range s.Objectives {
					if o.Side == d.Side {
						n++
					}
				}
				if n == 0 {
					t.Errorf("drill side %s has no objectives", d.Side)
				}
			}
		})
	}
}

func TestFirstContactHasEverything(t *testing.T) {
	s := mustLoad(t, DefaultID)
	kinds := map[rules.FeatureKind]int{}
	for _, f := range s.Features {
		kinds[f.Kind]++
	}
	if kinds[rules.FeatureStar] == 0 || kinds[rules.FeaturePlanet] == 0 {
		t.Errorf("features %v: need a star and a planet", kinds)
	}
	phase := false
	for _, r := range s.Regions {
		phase = phase || r.Kind == rules.RegionPhaseSpace
	}
	if !phase {
		t.Error("no phase space region")
	}
	rift := false
	for _, sy := range s.Systems {
		rift = rift || sy.Rift && sy.Shape.Size() >= 2
	}
	if !rift {
		t.Error("no gravity rift system of 2 or more hexes")
	}
	facings := map[rules.Direction]bool{}
	ships := map[rules.SideID]int{}
	for _, u := range s.Units {
		if u.Kind == rules.KindShip {
			ships[u.Side]++
			facings[u.Facing] = true
			if d := u.Hex.Distance(s.Center); d > 25 {
				t.Errorf("%s is %d hexes from the centre", u.ID, d)
			}
		}
	}
	if len(ships) != 2 || len(facings) < 3 {
		t.Errorf("ships per side %v, facings %v", ships, facings)
	}
	for side, n := range ships {
		if n < 3 || n > 4 {
			t.Errorf("side %s has %d ships", side, n)
		}
	}
}

func TestBundledList(t *testing.T) {
	list := Bundled()
	if len(list) < 10 || list[0].ID != DefaultID {
		t.Fatalf("Bundled() = %v", list)
	}
	for i := 2; i < len(list); i++ {
		if list[i-1].ID >= list[i].ID {
			t.Errorf("not sorted after the default: %s before %s", list[i-1].ID, list[i].ID)
		}
	}
	for _, in := range list {
		if in.Name == "" || in.Description == "" {
			t.Errorf("%s: empty name or description", in.ID)
		}
	}
}

func TestOpen(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "mine.yaml")
	data, err := bundled.ReadFile("bundled/rift-run.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		arg, wantID, wantFile string
	}{
		{DefaultID, DefaultID, "bundled/first-contact.yaml"},
		{"dark-harbour", "dark-harbour", "bundled/dark-harbour.yaml"},
		{file, "rift-run", file},
		{"testdata/base.yaml", "base", "testdata/base.yaml"},
	}
	for _, tt := range tests {
		s, err := Open(tt.arg)
		if err != nil {
			t.Errorf("Open(%q): %v", tt.arg, err)
			continue
		}
		if s.ID != tt.wantID || s.File != tt.wantFile {
			t.Errorf("Open(%q) = %s from %s, want %s from %s", tt.arg, s.ID, s.File, tt.wantID, tt.wantFile)
		}
	}
	for _, arg := range []string{"no-such-scenario", "missing.yaml", filepath.Join(dir, "nope"), "", "../x"} {
		_, err := Open(arg)
		ps := problemsOf(t, err)
		if !errors.Is(err, fs.ErrNotExist) && arg != "" {
			t.Errorf("Open(%q): %v is not fs.ErrNotExist", arg, err)
		}
		if ps[0].File != arg || !strings.Contains(err.Error(), "scenarios: ") {
			t.Errorf("Open(%q): %v", arg, err)
		}
	}
}

// TestErrorPositions checks that each kind of mistake is reported at the
// line and column of the offending text.
func TestErrorPositions(t *testing.T) {
	tests := []struct {
		file string
		want string // the problem's String, after the file name
	}{
		{"bad-facing", `:9:65: units[0].facing: "Q" is not one of A, B, C, D, E, F`},
		{"unknown-side", `:10:19: units[1].side: unknown side "green"; the sides are blue, red`},
		{"unknown-class", `:10:31: units[1].class: unknown class "kor-rader"`},
		{"duplicate-id", `:10:10: units[1].id: duplicate unit id "a" (first at line 9)`},
		{"unknown-field", `:3:1: unknown field "descripton" (did you mean "description"?)`},
		{"malformed-hex", `:10:48: units[1].hex: expected a hex written "Q,R" or [Q, R]`},
		{"unit-on-star", `:9:50: units[0].hex: hex 0,0 holds the star "sun"`},
		{"bad-syntax", `:10:23: YAML syntax: a comma is missing before "class": write side: red, class: kor-raider`},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			name := "testdata/" + tt.file + ".yaml"
			_, err := LoadFile(name)
			ps := problemsOf(t, err)
			want := name + tt.want
			for _, p := range ps {
				if strings.HasPrefix(p.String(), want) {
					return
				}
			}
			t.Errorf("no problem starting %q in:\n%v", want, err)
		})
	}
}

func TestAllProblemsReported(t *testing.T) {
	_, err := LoadFile("testdata/many.yaml")
	ps := problemsOf(t, err)
	want := []string{
		`:1:5: id: "Many_Problems" is not a valid id`,
		`:3:21: ruleset.impulses: 7 impulses per turn`,
		`:3:38: ruleset.gravity_rift: "sometimes" is not one of thunders-edge, lrr`,
		`:5:23: sides[0].color: "blue" is not a colour`,
		`:6:10: sides[1].id: duplicate side id "blue"`,
		`:8:64: regions[0].disc.radius: -1 is too small: must be at least 0`,
		`:10:65: units[0].facing: "G" is not one of`,
		`:10:75: units[0].speed: -3 is too small`,
		`:11:57: units[1]: unknown field "sped" (did you mean "speed"?)`,
		`:12:53: units[2].carried_by: unknown unit "zz"`,
	}
	if len(ps) != len(want) {
		t.Errorf("got %d problems, want %d:\n%v", len(ps), len(want), err)
	}
	for i := range min(len(ps), len(want)) {
		if w := "testdata/many.yaml" + want[i]; !strings.HasPrefix(ps[i].String(), w) {
			t.Errorf("problem %d = %q, want prefix %q", i, ps[i], w)
		}
	}
	if !strings.HasPrefix(err.Error(), "scenarios: 10 problems:\n") {
		t.Errorf("Error() = %q", err.Error())
	}
}

func TestWarningsOnly(t *testing.T) {
	s, err := LoadFile("testdata/warnings.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Warnings) != 2 || s.Warnings.HasErrors() {
		t.Fatalf("warnings = %v", s.Warnings)
	}
	if got := s.Warnings[0].String(); !strings.HasPrefix(got, "testdata/warnings.yaml:7:41: warning: regions[0].disc: phase space 7 hexes across") {
		t.Errorf("first warning = %q", got)
	}
	if len(s.Systems[0].Shape.Hexes) != 2 {
		t.Errorf("repeated hex kept: %v", s.Systems[0].Shape.Hexes)
	}
}

func TestCheck(t *testing.T) {
	ps := Check(DefaultID, "testdata/warnings.yaml", "testdata/bad-facing.yaml", "testdata/absent.yaml")
	files := map[string]int{}
	for _, p := range ps {
		files[p.File]++
	}
	if files["testdata/warnings.yaml"] != 2 || files["testdata/bad-facing.yaml"] != 1 || files["testdata/absent.yaml"] != 1 || len(files) != 3 {
		t.Errorf("Check = %v", ps)
	}
	if !ps.HasErrors() || len(ps.Warnings()) != 2 {
		t.Errorf("HasErrors %v, warnings %v", ps.HasErrors(), ps.Warnings())
	}
	if ws := Check("testdata/warnings.yaml"); ws.HasErrors() || len(ws) != 2 {
		t.Errorf("warnings only: %v", ws)
	}
	if ok := Check(DefaultID, "rift-run"); len(ok) != 0 {
		t.Errorf("bundled: %v", ok)
	}
}

func TestProblemString(t *testing.T) {
	tests := []struct {
		p    Problem
		want string
	}{
		{Problem{File: "a.yaml", Line: 3, Col: 7, Path: "units[2].facing", Msg: "bad"}, "a.yaml:3:7: units[2].facing: bad"},
		{Problem{File: "a.yaml", Line: 3, Msg: "YAML syntax: oops"}, "a.yaml:3: YAML syntax: oops"},
		{Problem{File: "a.yaml", Msg: "file is empty"}, "a.yaml: file is empty"},
		{Problem{File: "a.yaml", Line: 1, Col: 2, Path: "x", Msg: "small", Warning: true}, "a.yaml:1:2: warning: x: small"},
	}
	for _, tt := range tests {
		if got := tt.p.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
		if got := (Problems{tt.p}).Error(); got != "scenarios: "+tt.want {
			t.Errorf("Error() = %q", got)
		}
		if got := fmt.Sprint(tt.p); got != tt.want {
			t.Errorf("Sprint = %q", got)
		}
	}
}

func TestSetupIsACopy(t *testing.T) {
	s := mustLoad(t, DefaultID)
	a := s.Setup()
	a.Units[0].Speed = 99
	a.Maps[0].Terrain.Systems[0].Shape.Hexes[0] = rules.Hex{Q: 99, R: 99}
	a.Sides[0].Name = "changed"
	b := s.Setup()
	if b.Units[0].Speed == 99 || b.Maps[0].Terrain.Systems[0].Shape.Hexes[0] == (rules.Hex{Q: 99, R: 99}) || b.Sides[0].Name == "changed" {
		t.Error("Setup shares data between calls")
	}
	st1, err1 := rules.NewState(s.Setup(), 7)
	st2, err2 := rules.NewState(mustLoad(t, DefaultID).Setup(), 7)
	if err1 != nil || err2 != nil || st1.Hash() != st2.Hash() {
		t.Errorf("loading twice gives different states: %v %v", err1, err2)
	}
}

func TestCarriedUnits(t *testing.T) {
	s := mustLoad(t, DefaultID)
	var carrier, shuttle rules.Unit
	for _, u := range s.Units {
		switch u.ID {
		case "kestrel":
			carrier = u
		case "kestrel-shuttle":
			shuttle = u
		}
	}
	if shuttle.Status != rules.StatusCarried || shuttle.CarriedBy != "kestrel" || shuttle.Hex != carrier.Hex || shuttle.Kind != rules.KindShuttle {
		t.Errorf("shuttle = %+v", shuttle)
	}
}
