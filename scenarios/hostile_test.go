package scenarios

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// header is a valid start of a scenario for the snippets below.
const (
	header    = "id: t\nname: T\n" + sidesBlue
	sidesBlue = "sides:\n  - {id: blue}\n"
)

// TestFieldChecks loads small files each with one mistake and checks the
// problem reported.
func TestFieldChecks(t *testing.T) {
	unit := "units:\n  - {id: a, side: blue, class: fed-cruiser, hex: \"1,1\"}\n"
	tests := []struct {
		name, yaml, want string
	}{
		{"color comment", "id: t\nname: T\nsides:\n  - id: blue\n    color: #4da3ff\n" + unit, `:5:11: sides[0].color: has no value: "#" starts a comment`},
		{"color bad", "id: t\nname: T\nsides:\n  - {id: blue, color: \"#12345g\"}\n" + unit, `sides[0].color: "#12345g" is not a colour`},
		{"no sides", "id: t\nname: T\n" + unit, `:1:1: missing required field "sides"`},
		{"empty sides", "id: t\nname: T\nsides: []\n" + unit, `:3:8: sides: a scenario needs at least one side`},
		{"no name", "id: t\nsides:\n  - {id: blue}\n" + unit, `:1:1: missing required field "name"`},
		{"side without units", header + "  - {id: red}\n" + unit, `:5:10: sides[1].id: side "red" has no units`},
		{"field twice", header + unit + "name: Again\n", `:7:1: name: field given twice (first at line 2)`},
		{"unquoted hex in flow", header + "units:\n  - {id: a, side: blue, class: fed-cruiser, hex: 1,1}\n", `unknown field "1"; a hex inside {...} must be quoted`},
		{"hex list form", header + "units:\n  - {id: a, side: blue, class: fed-cruiser, hex: [1, x]}\n", `units[0].hex: expected a hex`},
		{"hex too far", header + "units:\n  - {id: a, side: blue, class: fed-cruiser, hex: \"9999999999,0\"}\n", `is too far out`},
		{"no hex", header + "units:\n  - {id: a, side: blue, class: fed-cruiser}\n", `units[0]: missing required field "hex"`},
		{"hex and carried", header + "units:\n  - {id: a, side: blue, class: fed-cruiser, hex: \"0,0\"}\n  - {id: b, side: blue, class: shuttle, hex: \"0,0\", carried_by: a}\n", `give either hex or carried_by`},
		{"carried ship", header + "units:\n  - {id: a, side: blue, class: fed-cruiser, hex: \"0,0\"}\n  - {id: b, side: blue, class: fed-frigate, carried_by: a}\n", `a ship cannot be carried`},
		{"carried plasma", header + "units:\n  - {id: a, side: blue, class: kor-sunhawk, hex: \"0,0\"}\n  - {id: b, side: blue, class: plasma, carried_by: a}\n", `a plasma torpedo cannot be carried`},
		{"carried by self", header + "units:\n  - {id: a, side: blue, class: shuttle, carried_by: a}\n", `a unit cannot carry itself`},
		{"carrier is small", header + "units:\n  - {id: a, side: blue, class: shuttle, hex: \"0,0\"}\n  - {id: b, side: blue, class: fighter, carried_by: a}\n", `only ships and bases carry units`},
		{"speed text", header + "units:\n  - {id: a, side: blue, class: fed-cruiser, hex: \"0,0\", speed: fast}\n", `units[0].speed: expected a whole number, found "fast"`},
		{"speed huge", header + "units:\n  - {id: a, side: blue, class: fed-cruiser, hex: \"0,0\", speed: 99999999999999999999999}\n", `units[0].speed: expected a whole number`},
		{"unit kind", header + "units:\n  - {id: a, side: blue, class: fed-cruiser, kind: boat, hex: \"0,0\"}\n", `units[0].kind: "boat" is not one of ship, base`},
		{"black hole", header + "features:\n  - {id: bh, kind: black-hole, hex: \"2,2\"}\nunits:\n  - {id: a, side: blue, class: fed-cruiser, hex: [2, 2]}\n", `:8:50: units[0].hex: hex 2,2 holds the black-hole "bh"`},
		{"feature kind", header + "features:\n  - {id: x, kind: comet, hex: \"2,2\"}\n" + unit, `features[0].kind: "comet" is not one of star, planet, moon, black-hole`},
		{"two features one hex", header + "features:\n  - {id: x, kind: planet, hex: \"2,2\"}\n  - {id: y, kind: moon, hex: \"2,2\"}\n" + unit, `features[1].hex: hex 2,2 already holds a feature (line 6)`},
		{"duplicate feature", header + "features:\n  - {id: x, kind: planet, hex: \"2,2\"}\n  - {id: x, kind: moon, hex: \"3,2\"}\n" + unit, `features[1].id: duplicate feature id "x"`},
		{"region no area", header + "regions:\n  - {id: r, kind: ion-storm}\n" + unit, `regions[0]: missing its area`},
		{"region both", header + "regions:\n  - {id: r, kind: ion-storm, disc: {center: \"0,0\", radius: 2}, hexes: [\"1,1\"]}\n" + unit, `give either disc or hexes`},
		{"region empty hexes", header + "regions:\n  - {id: r, kind: ion-storm, hexes: []}\n" + unit, `regions[0].hexes: lists no hexes`},
		{"duplicate region", header + "regions:\n  - {id: r, kind: ion-storm, hexes: [\"1,1\"]}\n  - {id: r, kind: ion-storm, hexes: [\"2,1\"]}\n" + unit, `regions[1].id: duplicate region id "r"`},
		{"rifts overlap", header + "systems:\n  - {id: a, rift: true, hexes: [\"5,5\", \"5,6\"]}\n  - {id: b, rift: true, hexes: [\"5,6\", \"6,6\"]}\n" + unit, `:7:32: systems[1].hexes: overlaps rift system "a" (line 6) at hex 5,6`},
		{"disc systems overlap", header + "systems:\n  - {id: a, disc: {center: \"0,5\", radius: 2}}\n  - {id: b, rift: true, disc: {center: \"0,9\", radius: 2}}\n" + unit, `systems[1].disc: overlaps system "a" (line 6) at hex 0,7`},
		{"disc over hexes", header + "systems:\n  - {id: a, hexes: [\"9,9\"]}\n  - {id: b, disc: {center: \"8,8\", radius: 2}}\n" + unit, `systems[1].disc: overlaps system "a" (line 6) at hex 9,9`},
		{"duplicate system", header + "systems:\n  - {id: a, hexes: [\"9,9\"]}\n  - {id: a, hexes: [\"8,9\"]}\n" + unit, `systems[1].id: duplicate system id "a"`},
		{"rift not bool", header + "systems:\n  - {id: a, rift: maybe, hexes: [\"9,9\"]}\n" + unit, `systems[0].rift: expected true or false, found "maybe"`},
		{"ruleset storm", header + "ruleset: {phase_storm_range: 0}\n" + unit, `ruleset.phase_storm_range: 0 is too small: must be at least 1`},
		{"ruleset unknown", header + "ruleset: {impulse: 6}\n" + unit, `ruleset: unknown field "impulse" (did you mean "impulses"?)`},
		{"empty units", header + "units: []\n", `:4:10: sides[0].id: side "blue" has no units`},
		{"top list", "- a\n- b\n", `:1:1: expected a mapping of scenario fields (id, name, sides, units, ...), found a list`},
		{"top short line", "hello world\n", `:1:1: expected a mapping of scenario fields (id, name, sides, units, ...), found "hello world"`},
		{"top colon without space", "# a duel\nid:duel\n", `:2:1: expected a mapping of scenario fields (id, name, sides, units, ...), found "id:duel": a field needs a space after its colon, as "id: duel"`},
		{"top long line", "root:x:0:0:root:/root:/bin/bash\n", `:1:1: expected a mapping of scenario fields (id, name, sides, units, ...), found a plain text line, not YAML fields; is this a scenario file?`},
		{"top control character", "\"a\\x1bb\"\n", `:1:1: expected a mapping of scenario fields (id, name, sides, units, ...), found a plain text line, not YAML fields`},
		{"top lines of text", "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n", `:1:1: expected a mapping of scenario fields (id, name, sides, units, ...), found 2 lines of plain text, not YAML fields; is this a scenario file?`},
		{"units not list", header + "units: {a: 1}\n", `units: expected a list, found a mapping`},
		{"unit not mapping", header + "units:\n  - kestrel\n", `:6:5: units[0]: expected a mapping of id, name`},
		{"control char", "id: t\nname: \"T\\x1b[2J\"\n" + sidesBlue + unit, `:2:7: name: contains the control character '\x1b'`},
		{"long name", "id: t\nname: " + strings.Repeat("n", 101) + "\n" + sidesBlue + unit, `name: is 101 characters long; the most is 100`},
		{"bad id", "id: -t\nname: T\n" + sidesBlue + unit, `id: "-t" is not a valid id`},
		{"two documents", header + unit + "---\nid: u\n", `:7:1: a scenario file holds one YAML document`},
		{"only comments", "# nothing\n# here\n", `: file holds only comments`},
		{"null document", "---\n", `:2:1: expected a mapping of scenario fields (id, name, sides, units, ...), found nothing`},
		{"anchor unknown", header + "units: *u\n", `:5:8: YAML syntax: alias *u names no anchor`},
		{"alias", header + "x: &u 1\nunits:\n  - {id: a, side: blue, class: fed-cruiser, hex: *u}\n", `:7:50: YAML aliases such as *u are not supported`},
		{"tab indent", "id: t\n\tname: T\n", `:2:1: YAML syntax: line 2 is indented with a tab: use spaces`},
		{"not utf8", "id: t\nname: \"caf\xe9\"\n", `:2:11: file is not UTF-8 text`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load("snippet.yaml", []byte(tt.yaml))
			if err == nil {
				t.Fatalf("loaded without problems; want %q", tt.want)
			}
			if !strings.Contains(err.Error(), "snippet.yaml"+tt.want) && !strings.Contains(err.Error(), tt.want) {
				t.Errorf("want %q in:\n%v", tt.want, err)
			}
			if strings.HasPrefix(tt.want, ":") && !strings.Contains(err.Error(), "snippet.yaml"+tt.want) {
				t.Errorf("want %q in:\n%v", "snippet.yaml"+tt.want, err)
			}
		})
	}
}

// TestHostileInput feeds files that must fail cleanly, with the file name
// in the error, and at the limit that bounds their cost (size, depth,
// aliases, entries): the error names the limit, so no wall clock is
// needed to see that the loader stopped early.
func TestHostileInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	binary := make([]byte, 4096)
	for i := range binary {
		binary[i] = byte(i*131 + i/7)
	}
	tests := []struct {
		name, path, want string
	}{
		{"empty", write("empty.yaml", nil), "file is empty"},
		{"blank", write("blank.yaml", []byte("  \n\n\t\n")), "file is empty"},
		{"binary", write("binary.yaml", binary), "NUL byte"},
		{"latin1", write("latin1.yaml", []byte("id: caf\xe9\n")), "not UTF-8"},
		{"utf16", write("utf16.yaml", []byte("\xff\xfei\x00d\x00")), "NUL byte"},
		{"directory", dir, "is a directory"},
		{"missing", filepath.Join(dir, "missing.yaml"), "no such file"},
		{"big", write("big.yaml", bytes.Repeat([]byte("# padding\n"), MaxFileSize/10+1)), "may be at most"},
		{"alias bomb", "testdata/alias-bomb.yaml", "aliases"},
		{"deep flow", write("deep.yaml", []byte(strings.Repeat("[", 20000)+strings.Repeat("]", 20000))), "max depth"},
		{"deep flow mapping", write("deepmap.yaml", []byte(strings.Repeat("{a: ", 9000)+strings.Repeat("}", 9000))), `unknown field "a"; known fields: id, name`},
		{"deep block", write("deepblock.yaml", []byte(strings.Repeat("- ", 20000)+"a\n")), "max depth"},
		{"deep block below limit", write("deepblock2.yaml", []byte(strings.Repeat("- ", 9000)+"a\n")), "expected a mapping of scenario fields"},
		{"wide list", write("wide.yaml", []byte(header+"units: ["+strings.Repeat("1,", MaxFileSize/2-100)+"1]")), "units: has"},
		{"many hexes", write("hexes.yaml", []byte(header+"systems:\n  - {id: s, hexes: ["+strings.Repeat("[1, 1],", 120000)+"]}")), "systems[0].hexes: has 120000 entries"},
	}
	if _, err := os.Stat("/dev/null"); err == nil {
		tests = append(tests, struct{ name, path, want string }{"device", "/dev/null", "not a regular file"})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := LoadFile(tt.path)
			if s != nil || err == nil {
				t.Fatalf("loaded: %v", s)
			}
			ps := problemsOf(t, err)
			if ps[0].File != tt.path || !strings.Contains(err.Error(), tt.path) {
				t.Errorf("error does not name %s: %v", tt.path, err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("want %q in %v", tt.want, err)
			}
		})
	}
	// Load itself refuses oversized data too.
	if _, err := Load("mem.yaml", make([]byte, MaxFileSize+1)); err == nil || !strings.Contains(err.Error(), "mem.yaml: file is") {
		t.Errorf("oversized data: %v", err)
	}
}

func TestTooManyProblems(t *testing.T) {
	var b strings.Builder
	b.WriteString(header + "units:\n")
	for i := range 150 {
		b.WriteString("  - {id: u" + strings.Repeat("x", i%3) + ", side: blue, class: nope, hex: \"1,1\"}\n")
	}
	_, err := Load("many.yaml", []byte(b.String()))
	ps := problemsOf(t, err)
	if len(ps) != MaxProblems+1 || !strings.Contains(ps[MaxProblems].Msg, "too many problems") || ps[MaxProblems].Warning {
		t.Errorf("got %d problems, last %v", len(ps), ps[len(ps)-1])
	}
}
