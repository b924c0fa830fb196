package scenarios

import (
	"strings"
	"testing"
)

// syntaxBase is a small valid scenario in block style, line by line;
// each case of TestYAMLSyntaxInPlainWords breaks one line of it.
var syntaxBase = []string{
	"id: base",                 // 1
	"name: Base",               // 2
	"description: |",           // 3
	"  Two ships meet.",        // 4
	"ruleset:",                 // 5
	"  impulses: 6",            // 6
	"  turn_limit: 4",          // 7
	"sides:",                   // 8
	"  - id: blue",             // 9
	"    name: Blue",           // 10
	`    color: "#0000ff"`,     // 11
	`  - {id: red, name: Red}`, // 12
	"units:",                   // 13
	"  - id: a",                // 14
	"    side: blue",           // 15
	"    class: fed-cruiser",   // 16
	`    hex: "1,1"`,           // 17
	`  - {id: b, side: red, class: kor-raider, hex: "5,5"}`, // 18
}

// broken returns syntaxBase with line n (1-based) replaced by text.
func broken(n int, text string) string {
	lines := append([]string(nil), syntaxBase...)
	lines[n-1] = text
	return strings.Join(lines, "\n") + "\n"
}

// TestYAMLSyntaxInPlainWords breaks a scenario file in each of the ways
// authors do and checks that the problem says what is wrong in plain
// words at the line (and column) of the mistake, not in the YAML
// parser's terms a line early.
func TestYAMLSyntaxInPlainWords(t *testing.T) {
	if _, err := Load("base.yaml", []byte(broken(1, "id: base"))); err != nil {
		t.Fatalf("the base file does not load: %v", err)
	}
	tests := []struct {
		name, yaml, want string
	}{
		// Tabs: the parser says "found a tab character that violates
		// indentation" a line early, or "found character that cannot
		// start any token".
		{"tab in a mapping", broken(10, "\tname: Blue"), `:10:1: YAML syntax: line 10 is indented with a tab: use spaces (YAML indents with spaces only)`},
		{"tab after spaces", broken(10, "  \t name: Blue"), `:10:3: YAML syntax: line 10 is indented with a tab: use spaces`},
		{"tab before a list entry", broken(18, "\t- {id: b, side: red, class: kor-raider, hex: \"5,5\"}"), `:18:1: YAML syntax: line 18 is indented with a tab: use spaces`},
		{"tab at the top", broken(2, "\tname: Base"), `:2:1: YAML syntax: line 2 is indented with a tab: use spaces`},
		{"tab in a block of text", broken(4, "\tTwo ships meet."), `:4:1: YAML syntax: line 4 is indented with a tab: use spaces`},
		// Quotes.
		{"colour in a flow mapping", broken(12, "  - {id: red, name: Red, color: #ff0000}"), `:12:33: YAML syntax: a value starting with # needs quotes: # starts a comment in YAML and cuts off the rest of the line; write "#ff0000"`},
		{"colour in a flow list", broken(12, "  - {id: red, name: Red, colors: [#ff0000]}"), `:12:35: YAML syntax: a value starting with # needs quotes`},
		{"colour, flow over lines", broken(12, "  - {id: red, color: #ff0000,\n     name: Red}"), `:12:22: YAML syntax: a value starting with # needs quotes: # starts a comment in YAML and cuts off the rest of the line; write "#ff0000"`},
		{"colon in a value", broken(10, "    name: Blue: the first"), `:10:11: YAML syntax: a value containing ": " needs quotes: YAML reads it as another field; write name: "Blue: the first"`},
		{"colon in a top value", broken(2, "name: Base: A Tale"), `:2:7: YAML syntax: a value containing ": " needs quotes: YAML reads it as another field; write name: "Base: A Tale"`},
		{"colon in a flow value", broken(12, "  - {id: red, name: Red: Five}"), `:12:21: YAML syntax: a value containing ": " needs quotes: YAML reads it as another field; write name: "Red: Five"`},
		{"comma left out", broken(18, `  - {id: b, side: red class: kor-raider, hex: "5,5"}`), `:18:23: YAML syntax: a comma is missing before "class": write side: red, class: kor-raider`},
		{"value starting with @", broken(2, "name: @home"), `:2:7: YAML syntax: a value starting with @ needs quotes: YAML reserves @; write name: "@home"`},
		{"value starting with *", broken(2, "name: * Base"), `:2:7: YAML syntax: a value starting with * needs quotes: YAML reserves *; write name: "* Base"`},
		{"no space after a colon", broken(10, "    name:Blue"), `:10:5: YAML syntax: a field needs a space after its colon: write name: Blue`},
		{"no space after a dash", broken(9, "  -id: blue"), `:9:3: YAML syntax: a list entry's "-" needs a space after it: write "- id: blue"`},
		// Indentation: the parser says "mapping values are not allowed in
		// this context", "did not find expected key" or "did not find
		// expected '-' indicator", often at the line above.
		{"field indented too deep", broken(10, "     name: Blue"), `:10:6: YAML syntax: line 10 is indented to column 6, but "id" on line 9 has a value already, so nothing nests under it: start line 10 at column 5, in line with "id" (line 9)`},
		{"top field indented", broken(2, "  name: Base"), `:2:3: YAML syntax: line 2 is indented to column 3, but "id" on line 1 has a value already, so nothing nests under it: start line 2 at column 1, in line with "id" (line 1)`},
		{"ruleset field too deep", broken(7, "    turn_limit: 4"), `:7:5: YAML syntax: line 7 is indented to column 5, but "impulses" on line 6 has a value already, so nothing nests under it: start line 7 at column 3, in line with "impulses" (line 6)`},
		{"field between columns", broken(10, "   name: Blue"), `:10:4: YAML syntax: line 10 is indented to column 4, which lines up with nothing above it: indent it to column 5, in line with "id" (line 9), or to column 3, as an entry of "sides", starting with "- "`},
		{"ruleset field too shallow", broken(7, " turn_limit: 4"), `:7:2: YAML syntax: line 7 is indented to column 2, which lines up with nothing above it: indent it to column 3, in line with "impulses" (line 6), or to column 1, in line with "id" (line 1)`},
		{"field at the list's column", broken(16, "  class: fed-cruiser"), `:16:3: YAML syntax: line 16 is indented to column 3, where the entries of "units" start with "- ": indent it to column 5, in line with "id" (line 14), as a field of the entry above, or start a new entry with "- "`},
		{"entry without its dash", broken(14, "    id: a"), `:18:3: YAML syntax: line 18 is indented to column 3, which lines up with nothing above it: indent it to column 5, in line with "id" (line 14), or to column 1, in line with "id" (line 1); or, if line 14 was meant to start an entry of a list, begin it with "- "`},
		{"list among fields", broken(7, "- turn_limit: 4"), `:7:1: YAML syntax: line 7 starts a list entry in line with "id" (line 1), among fields: a list goes under a field of its own with no value, as "units:" on a line by itself`},
		// Brackets.
		{"brace never closed", broken(12, "  - {id: red, name: Red"), `:12:5: YAML syntax: the { opened on line 12 is never closed: end it with }`},
		// What it cannot explain keeps the parser's words, at the line
		// that breaks the file.
		{"other", broken(10, `    name: "Blue" x`), `:10: YAML syntax: did not find expected key`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load("s.yaml", []byte(tt.yaml))
			ps := problemsOf(t, err)
			if len(ps) != 1 {
				t.Fatalf("want one problem, got %v", err)
			}
			if got := ps[0].String(); !strings.HasPrefix(got, "s.yaml"+tt.want) {
				t.Errorf("got  %s\nwant s.yaml%s", got, tt.want)
			}
		})
	}
}
