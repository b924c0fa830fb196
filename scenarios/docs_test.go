package scenarios

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/hexrift/hexrift/rules"
)

// docBlock is a fenced block of docs/SCENARIOS.md with the marker line
// before it, if any.
type docBlock struct {
	line   int    // of the opening fence
	lang   string // "yaml", "json", "" ...
	text   string
	marker string // "example: FILE" or "check output: FILE", trimmed
}

var markerLine = regexp.MustCompile(`^<!-- (example|check output): (\S+) -->$`)

// docBlocks reads the fenced blocks of a Markdown file.
func docBlocks(t *testing.T, path string) []docBlock {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	var out []docBlock
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "```") {
			continue
		}
		b := docBlock{line: i + 1, lang: strings.TrimPrefix(lines[i], "```")}
		if i > 0 {
			b.marker = strings.TrimSpace(lines[i-1])
		}
		j := i + 1
		for j < len(lines) && !strings.HasPrefix(lines[j], "```") {
			j++
		}
		if j == len(lines) {
			t.Fatalf("%s:%d: a fenced block never closed", path, i+1)
		}
		b.text = strings.Join(lines[i+1:j], "\n") + "\n"
		out = append(out, b)
		i = j
	}
	return out
}

// TestDocExamples checks every example of docs/SCENARIOS.md: each YAML
// example is held, word for word, by the file under testdata/docs its
// marker line names, which loads with no problem, starts a game and
// matches the JSON Schema; the problems example is what check prints
// for its file; the JSON example parses. Every file of testdata/docs is
// some example's (its folder my/ holds destinations they name), so none
// goes stale.
func TestDocExamples(t *testing.T) {
	const doc = "../docs/SCENARIOS.md"
	blocks := docBlocks(t, doc)
	root := loadSchema(t)
	v := &validator{root: root}
	used := map[string]bool{}
	examples := 0
	for _, b := range blocks {
		m := markerLine.FindStringSubmatch(b.marker)
		switch {
		case b.lang == "yaml" && (m == nil || m[1] != "example"):
			t.Errorf("%s:%d: a YAML example with no <!-- example: scenarios/testdata/docs/FILE.yaml --> line before it: put it in a scenario under scenarios/testdata/docs and name the file there", doc, b.line)
			continue
		case b.lang == "json":
			var x map[string]any
			if err := json.Unmarshal([]byte("{"+b.text+"}"), &x); err != nil {
				t.Errorf("%s:%d: the JSON example does not parse as the inside of an object: %v", doc, b.line, err)
			}
			continue
		case m == nil:
			continue
		}
		file := strings.TrimPrefix(m[2], "scenarios/")
		used[file] = true
		data, err := os.ReadFile(file)
		if err != nil {
			t.Errorf("%s:%d: %v", doc, b.line, err)
			continue
		}
		examples++
		t.Run(filepath.Base(file), func(t *testing.T) {
			if m[1] == "check output" {
				// The problems example: check's lines for the file, named
				// as the doc names it.
				var got []string
				_, err := Load(filepath.Base(file), data)
				if ps, ok := err.(Problems); ok {
					for _, p := range ps {
						got = append(got, p.String())
					}
				}
				if want := strings.Split(strings.TrimSuffix(b.text, "\n"), "\n"); !slices.Equal(got, want) {
					t.Errorf("%s:%d shows\n  %s\nbut check prints for %s\n  %s", doc, b.line, strings.Join(want, "\n  "), file, strings.Join(got, "\n  "))
				}
				return
			}
			if !strings.Contains(string(data), b.text) {
				t.Errorf("%s does not hold the example of %s:%d word for word:\n%s", file, doc, b.line, b.text)
			}
			s, err := LoadFile(file)
			if err != nil {
				t.Fatalf("the example of %s:%d does not load: %v", doc, b.line, err)
			}
			if len(s.Warnings) > 0 {
				t.Errorf("the example of %s:%d loads with warnings: %v", doc, b.line, s.Warnings)
			}
			if _, err := rules.NewState(s.Setup(), 1); err != nil {
				t.Errorf("the example of %s:%d starts no game: %v", doc, b.line, err)
			}
			if errs := v.validate(root, yamlValue(t, file, data), ""); len(errs) > 0 {
				t.Errorf("%s does not match %s:\n  %s", file, schemaFile, strings.Join(errs, "\n  "))
			}
		})
	}
	if examples < 7 {
		t.Errorf("only %d examples checked in %s", examples, doc)
	}
	files, err := filepath.Glob("testdata/docs/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if !used[f] {
			t.Errorf("%s is no example of %s: name it in a <!-- example: scenarios/%s --> line, or remove it", f, doc, f)
		}
	}
}

// githubAnchor is the anchor GitHub gives a Markdown heading: lower
// case, punctuation other than hyphens and underscores dropped, spaces
// made hyphens.
func githubAnchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestDocRuleLinks checks that every link from docs/SCENARIOS.md into
// docs/RULES.md (or within SCENARIOS.md itself) names a heading that is
// there, so that each field's "what it does in play" leads somewhere.
func TestDocRuleLinks(t *testing.T) {
	anchors := func(path string) map[string]bool {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]bool{}
		inFence := false
		for _, l := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(l, "```") {
				inFence = !inFence
			}
			if !inFence && strings.HasPrefix(l, "#") {
				out[githubAnchor(strings.TrimSpace(strings.TrimLeft(l, "#")))] = true
			}
		}
		return out
	}
	rulesAnchors, selfAnchors := anchors("../docs/RULES.md"), anchors("../docs/SCENARIOS.md")
	data, err := os.ReadFile("../docs/SCENARIOS.md")
	if err != nil {
		t.Fatal(err)
	}
	links := regexp.MustCompile(`\]\((RULES\.md)?#([^)]+)\)`).FindAllStringSubmatch(string(data), -1)
	toRules := 0
	for _, l := range links {
		set := selfAnchors
		if l[1] != "" {
			set, toRules = rulesAnchors, toRules+1
		}
		if !set[l[2]] {
			t.Errorf("docs/SCENARIOS.md links %s#%s, a heading that is not there", l[1], l[2])
		}
	}
	if toRules < 20 {
		t.Errorf("only %d links into docs/RULES.md", toRules)
	}
}
