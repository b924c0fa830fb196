package scenarios

import (
	"slices"
	"strings"
	"testing"

	"github.com/hexrift/hexrift/rules"
)

// TestSemanticChecks covers the checks beyond field types and ranges
// that "hexrift check" reports, each as FILE:LINE:COL: PATH: message,
// and whether it is an error or a warning.
func TestSemanticChecks(t *testing.T) {
	const two = "id: t\nname: T\nsides:\n  - {id: blue}\n  - {id: red}\n"
	red := "  - {id: r1, side: red, class: kor-raider, hex: \"9,9\"}\n"
	tests := []struct {
		name, yaml string
		want       string // a problem's String, after "s.yaml"
		warning    bool
	}{
		// Errors.
		{"unit on a star", two + "features:\n  - {id: sun, kind: star, hex: \"0,0\"}\nunits:\n  - {id: a, side: blue, class: fed-cruiser, hex: \"0,0\"}\n" + red,
			`:9:50: units[0].hex: hex 0,0 holds the star "sun"; no unit may be placed on a star or black hole`, false},
		{"unit in a black hole's hex", two + "features:\n  - {id: bh, kind: black-hole, hex: \"-3,1\"}\nunits:\n  - {id: a, side: blue, class: fed-cruiser, hex: [-3, 1]}\n" + red,
			`:9:50: units[0].hex: hex -3,1 holds the black-hole "bh"`, false},
		{"overlapping systems", two + "systems:\n  - {id: a, hexes: [\"5,5\"]}\n  - {id: b, rift: true, disc: {center: \"5,4\", radius: 1}}\nunits:\n  - {id: a, side: blue, class: fed-cruiser, hex: \"0,0\"}\n" + red,
			`:8:31: systems[1].disc: overlaps system "a" (line 7) at hex 5,5; a hex belongs to at most one system`, false},
		{"unknown ship class", two + "units:\n  - {id: a, side: blue, class: fed-dreadnought, hex: \"0,0\"}\n" + red,
			`:7:32: units[0].class: unknown class "fed-dreadnought"; the classes are drone, fed-cruiser`, false},
		{"duplicate unit id", two + "units:\n  - {id: a, side: blue, class: fed-cruiser, hex: \"0,0\"}\n  - {id: a, side: red, class: kor-raider, hex: \"9,9\"}\n",
			`:8:10: units[1].id: duplicate unit id "a" (first at line 7)`, false},
		{"duplicate side id", two + "  - {id: blue}\nunits:\n  - {id: a, side: blue, class: fed-cruiser, hex: \"0,0\"}\n" + red,
			`:6:10: sides[2].id: duplicate side id "blue" (first at line 4)`, false},
		{"side with no units", two + "  - {id: green}\nunits:\n  - {id: a, side: blue, class: fed-cruiser, hex: \"0,0\"}\n" + red,
			`:6:10: sides[2].id: side "green" has no units`, false},
		{"carrier without shuttle boxes", two + "units:\n  - {id: a, side: blue, class: vel-corvette, hex: \"0,0\"}\n  - {id: f, side: blue, class: fighter, carried_by: a}\n" + red,
			`:8:53: units[1].carried_by: "a" is a vel-corvette, which has no shuttle boxes to carry a fighter`, false},
		{"carrier full", two + "units:\n  - {id: a, side: blue, class: fed-frigate, hex: \"0,0\"}\n  - {id: s1, side: blue, class: shuttle, carried_by: a}\n  - {id: s2, side: blue, class: shuttle, carried_by: a}\n" + red,
			`:9:54: units[2].carried_by: "a" is a fed-frigate with 1 shuttle box; this is unit 2 aboard it`, false},
		{"drone without a rack", two + "units:\n  - {id: a, side: blue, class: fed-frigate, hex: \"0,0\"}\n  - {id: d, side: blue, class: drone, carried_by: a}\n" + red,
			`:8:51: units[1].carried_by: "a" is a fed-frigate, which has no drone rack to carry a drone`, false},

		{"unknown device", two + "units:\n  - {id: a, side: blue, class: fed-cruiser, hex: \"0,0\", devices: [esg, esgg]}\n" + red,
			`:7:72: units[0].devices[1]: unknown device "esgg" (did you mean "esg"?); the devices are cloak, displacement, esg, sfg, temporal-elevator, web`, false},
		{"device on a fighter", two + "units:\n  - {id: a, side: blue, class: fed-cruiser, hex: \"0,0\"}\n  - {id: f, side: blue, class: fighter, hex: \"1,0\", devices: [esg]}\n" + red,
			`:8:63: units[1].devices[0]: a fighter cannot carry a device: devices run on energy and it has no power of its own`, false},
		{"device beyond the batteries", two + "units:\n  - {id: a, side: blue, class: fed-frigate, hex: \"0,0\", devices: [displacement]}\n" + red,
			`:7:67: units[0].devices[0]: the displacement needs 6 battery energy; a fed-frigate's batteries hold 2`, false},
		{"devices not a list", two + "units:\n  - {id: a, side: blue, class: fed-cruiser, hex: \"0,0\", devices: esg}\n" + red,
			`:7:66: units[0].devices: expected a list, found "esg"`, false},

		{"ninth fighter on a carrier", two + "units:\n  - {id: a, side: blue, class: vel-carrier, hex: \"0,0\"}\n" + eightFighters() + "  - {id: f9, side: blue, class: fighter, carried_by: a}\n" + red,
			`:16:54: units[9].carried_by: "a" is a vel-carrier with 8 shuttle boxes; this is unit 9 aboard it`, false},

		// Warnings.
		{"feature in a rift", two + "features:\n  - {id: p, kind: planet, hex: \"4,6\"}\nsystems:\n  - {id: maw, rift: true, hexes: [\"4,6\", \"5,6\"]}\nunits:\n  - {id: a, side: blue, class: fed-cruiser, hex: \"0,0\"}\n" + red,
			`:7:32: warning: features[0].hex: the planet "p" at hex 4,6 lies inside gravity rift system "maw"`, true},
		{"feature in a disc rift", two + "features:\n  - {id: p, kind: star, hex: \"-40,20\"}\nsystems:\n  - {id: maw, rift: true, disc: {center: \"-41,20\", radius: 1}}\nunits:\n  - {id: a, side: blue, class: fed-cruiser, hex: \"0,0\"}\n" + red,
			`:7:30: warning: features[0].hex: the star "p" at hex -40,20 lies inside gravity rift system "maw"`, true},
		{"device listed twice", two + "units:\n  - {id: a, side: blue, class: fed-cruiser, hex: \"0,0\", devices: [cloak, cloak]}\n" + red,
			`:7:74: warning: units[0].devices[1]: device "cloak" is listed twice (first at line 7)`, true},
		{"device the class carries", two + "units:\n  - {id: a, side: blue, class: vel-carrier, hex: \"0,0\", devices: [displacement]}\n" + red,
			`:7:67: warning: units[0].devices[0]: every vel-carrier carries a displacement already`, true},
		{"unit far away", two + "center: \"100,0\"\nunits:\n  - {id: a, side: blue, class: fed-cruiser, hex: \"-301,0\"}\n" + red,
			`:8:50: warning: units[0].hex: hex -301,0 is 401 hexes from the map centre 100,0; more than 400 is likely a typo`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Load("s.yaml", []byte(tt.yaml))
			var ps Problems
			if tt.warning {
				if err != nil {
					t.Fatalf("want only warnings, got %v", err)
				}
				ps = s.Warnings
			} else {
				ps = problemsOf(t, err)
			}
			want := "s.yaml" + tt.want
			for _, p := range ps {
				if strings.HasPrefix(p.String(), want) {
					if p.Warning != tt.warning {
						t.Errorf("%q: Warning = %v", p, p.Warning)
					}
					return
				}
			}
			t.Errorf("no problem starting\n  %s\nin\n  %v", want, ps)
		})
	}
}

// TestSemanticChecksQuiet loads files near each check's limit that must
// load without any problem.
func TestSemanticChecksQuiet(t *testing.T) {
	const two = "id: t\nname: T\nsides:\n  - {id: blue}\n  - {id: red}\n"
	red := "  - {id: r1, side: red, class: kor-raider, hex: \"9,9\"}\n"
	tests := []struct{ name, yaml string }{
		{"feature in a plain system", two + "features:\n  - {id: p, kind: star, hex: \"4,6\"}\nsystems:\n  - {id: reach, disc: {center: \"4,6\", radius: 3}}\nunits:\n  - {id: a, side: blue, class: fed-cruiser, hex: \"0,0\"}\n" + red},
		{"feature beside a rift", two + "features:\n  - {id: p, kind: planet, hex: \"4,7\"}\nsystems:\n  - {id: maw, rift: true, hexes: [\"4,6\", \"5,6\"]}\nunits:\n  - {id: a, side: blue, class: fed-cruiser, hex: \"0,0\"}\n" + red},
		{"unit at 400 hexes", two + "center: \"100,0\"\nunits:\n  - {id: a, side: blue, class: fed-cruiser, hex: \"-300,0\"}\n" + red},
		{"carrier at capacity", two + "units:\n  - {id: a, side: blue, class: fed-cruiser, hex: \"0,0\"}\n  - {id: s1, side: blue, class: shuttle, carried_by: a}\n  - {id: s2, side: blue, class: fighter, carried_by: a}\n  - {id: d1, side: blue, class: drone, carried_by: a}\n  - {id: d2, side: blue, class: drone, carried_by: a}\n" + red},
		{"eight fighters on a carrier", two + "units:\n  - {id: a, side: blue, class: vel-carrier, hex: \"0,0\"}\n" + eightFighters() + red},
		{"every device on a cruiser but displacement", two + "units:\n  - {id: a, side: blue, class: fed-cruiser, hex: \"0,0\", devices: [cloak, esg, sfg, temporal-elevator, web]}\n" + red},
		{"devices at the batteries' limit", two + "units:\n  - {id: a, side: blue, class: kor-warbird, hex: \"0,0\", devices: [temporal-elevator]}\n  - {id: b, side: blue, class: vel-starbase, hex: \"5,5\", devices: [displacement, temporal-elevator]}\n" + red},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Load("s.yaml", []byte(tt.yaml))
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Warnings) > 0 {
				t.Errorf("warnings: %v", s.Warnings)
			}
		})
	}
}

func eightFighters() string {
	var b strings.Builder
	for i := range 8 {
		b.WriteString("  - {id: f" + string(rune('1'+i)) + ", side: blue, class: fighter, carried_by: a}\n")
	}
	return b.String()
}

// A carrier whose class is unknown gets one problem, at its class, not a
// second garbled one at the units it carries.
func TestUnknownCarrierClassReportedOnce(t *testing.T) {
	src := `id: x
name: X
sides:
  - {id: blue, name: Blue}
units:
  - {id: a, side: blue, class: fed-cruizer, hex: "0,0"}
  - {id: b, side: blue, class: shuttle, carried_by: a}
`
	_, err := Load("x.yaml", []byte(src))
	ps, ok := err.(Problems)
	if !ok || len(ps) != 1 {
		t.Fatalf("want exactly one problem, got %v", err)
	}
	if !strings.Contains(ps[0].Msg, `unknown class "fed-cruizer"`) || ps[0].Path != "units[0].class" {
		t.Errorf("problem = %+v", ps[0])
	}
}

// A unit's devices reach the rules: a cloak fits Gear.Cloak, the rest
// Gear.Devices, and the unit may use them.
func TestDevicesFitted(t *testing.T) {
	src := "id: t\nname: T\nsides:\n  - {id: blue}\n  - {id: red}\nunits:\n" +
		"  - {id: a, side: blue, class: fed-cruiser, hex: \"0,0\", devices: [temporal-elevator, cloak]}\n" +
		"  - {id: b, side: red, class: kor-raider, hex: \"9,9\"}\n"
	s, err := Load("s.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	st, err := rules.NewState(s.Setup(), 1)
	if err != nil {
		t.Fatal(err)
	}
	a := st.Unit("a")
	if !slices.Equal(a.Gear.Devices, []rules.DeviceKind{rules.DeviceTemporal}) || !a.Gear.Cloak.Fitted {
		t.Fatalf("gear %+v", a.Gear)
	}
	if got := st.View("red").Units[0].Devices; !slices.Equal(got, []rules.DeviceKind{rules.DeviceCloak, rules.DeviceTemporal}) {
		t.Fatalf("the other side's view lists devices %v", got)
	}
	if cost, ok := rules.CloakCost(a); !ok || cost != rules.FittedCloakCost {
		t.Fatalf("fitted cloak costs %d, %v", cost, ok)
	}
}

// TestDidYouMean checks that a name the format looks up (a class, side,
// unit, device, destination or bundled scenario) that is a likely typo
// of a known one says which, and that one far from any says nothing.
func TestDidYouMean(t *testing.T) {
	head := "id: t\nname: T\nsides:\n  - {id: blue}\n  - {id: red}\n"
	unit := func(fields string) string {
		return "units:\n  - {id: kestrel, side: blue, class: fed-cruiser, hex: \"1,1\"}\n  - {id: claw, side: red, class: kor-raider, hex: \"5,5\"" + fields + "}\n"
	}
	chart := func(dest string) string {
		return "rift_charts:\n  - roll: 2-12\n    rows:\n      - {roll: 2-12, scenario: " + dest + ", port: \"0,0\", defend: \"1,1\"}\n"
	}
	tests := []struct {
		name, yaml, want string
	}{
		{"class", head + "units:\n  - {id: kestrel, side: blue, class: fed-crusier, hex: \"1,1\"}\n  - {id: claw, side: red, class: kor-raider, hex: \"5,5\"}\n", `:7:38: units[0].class: unknown class "fed-crusier" (did you mean "fed-cruiser"?); the classes are drone,`},
		{"class far", head + "units:\n  - {id: kestrel, side: blue, class: klingon, hex: \"1,1\"}\n  - {id: claw, side: red, class: kor-raider, hex: \"5,5\"}\n", `:7:38: units[0].class: unknown class "klingon"; the classes are drone,`},
		{"unit side", head + "units:\n  - {id: kestrel, side: bleu, class: fed-cruiser, hex: \"1,1\"}\n  - {id: claw, side: red, class: kor-raider, hex: \"5,5\"}\n", `:7:25: units[0].side: unknown side "bleu" (did you mean "blue"?); the sides are blue, red`},
		{"side in capitals", head + "units:\n  - {id: kestrel, side: Blue, class: fed-cruiser, hex: \"1,1\"}\n", `units[0].side: "Blue" is not a valid id`},
		{"objective side", head + unit("") + "objectives:\n  - {side: rde, points: 5, destroy: {unit: kestrel}}\n", `:10:12: objectives[0].side: unknown side "rde" (did you mean "red"?); the sides are blue, red`},
		{"drill side", head + unit("") + "drill: {side: blu}\n", `:9:15: drill.side: unknown side "blu" (did you mean "blue"?); the sides are blue, red`},
		{"objective unit", head + unit("") + "objectives:\n  - {side: red, points: 5, destroy: {unit: kestrl}}\n", `:10:44: objectives[0].destroy.unit: unknown unit "kestrl" (did you mean "kestrel"?)`},
		{"carrier", head + unit("") + "  - {id: s, side: blue, class: shuttle, carried_by: kestral}\n", `:9:53: units[2].carried_by: unknown unit "kestral" (did you mean "kestrel"?)`},
		{"device", head + unit(", devices: [clok]"), `units[1].devices[0]: unknown device "clok" (did you mean "cloak"?); the devices are`},
		{"destination", head + unit("") + chart("derelict-yrd"), `:12:32: rift_charts[0].rows[0].scenario: destination "derelict-yrd" is no bundled scenario (did you mean "derelict-yard"?); the bundled ones are`},
		{"destination far", head + unit("") + chart("nowhere"), `:12:32: rift_charts[0].rows[0].scenario: destination "nowhere" is no bundled scenario; the bundled ones are`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load("s.yaml", []byte(tt.yaml))
			ps := problemsOf(t, err)
			for _, p := range ps {
				if strings.HasPrefix(p.String(), "s.yaml"+tt.want) || (!strings.HasPrefix(tt.want, ":") && strings.Contains(p.String(), tt.want)) {
					return
				}
			}
			t.Errorf("no problem %q in\n%v", tt.want, err)
		})
	}
	for _, open := range []func(string) (*Scenario, error){Open, LoadBundled} {
		_, err := open("rift-gat")
		if err == nil || !strings.Contains(err.Error(), `no bundled scenario of that id (did you mean "rift-gate"?); the bundled ones are first-contact,`) {
			t.Errorf("a bundled id with a typo: %v", err)
		}
	}
	if _, err := ReadSource("first-contct"); err == nil || !strings.Contains(err.Error(), `(did you mean "first-contact"?)`) {
		t.Errorf("ReadSource of a bundled id with a typo: %v", err)
	}
}
