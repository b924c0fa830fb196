package scenarios

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/hexrift/hexrift/rules"
	"go.yaml.in/yaml/v3"
)

// schemaFile is the JSON Schema of the format, for editors.
const schemaFile = "../docs/scenario.schema.json"

// loadSchema reads docs/scenario.schema.json and checks that it uses only
// the keywords the small validator below understands, so that nothing in
// it is silently ignored.
func loadSchema(t *testing.T) map[string]any {
	t.Helper()
	data, err := os.ReadFile(schemaFile)
	if err != nil {
		t.Fatal(err)
	}
	var root map[string]any
	if err := json.Unmarshal(data, &root); err != nil {
		t.Fatalf("%s: %v", schemaFile, err)
	}
	if got := root["$schema"]; got != "https://json-schema.org/draft/2020-12/schema" {
		t.Errorf("$schema = %v, want draft 2020-12", got)
	}
	checkKeywords(t, root, "#")
	return root
}

// Keywords the validator applies, and annotations it may ignore.
var (
	assertKeywords = []string{"type", "properties", "additionalProperties", "required", "items", "enum",
		"pattern", "minimum", "maximum", "minItems", "maxItems", "minLength", "maxLength", "$ref", "oneOf", "$defs"}
	annotationKeywords = []string{"$schema", "$id", "title", "description", "default", "examples", "$comment"}
)

func checkKeywords(t *testing.T, s map[string]any, at string) {
	t.Helper()
	for k, v := range s {
		if !slices.Contains(assertKeywords, k) && !slices.Contains(annotationKeywords, k) {
			t.Errorf("%s: keyword %q is not understood by the test's validator; teach it or leave it out", at, k)
		}
		switch k {
		case "properties", "$defs":
			for name, sub := range v.(map[string]any) {
				checkKeywords(t, sub.(map[string]any), at+"/"+k+"/"+name)
			}
		case "items":
			checkKeywords(t, v.(map[string]any), at+"/items")
		case "oneOf":
			for i, sub := range v.([]any) {
				checkKeywords(t, sub.(map[string]any), fmt.Sprintf("%s/oneOf/%d", at, i))
			}
		case "additionalProperties":
			if v != false {
				t.Errorf("%s: additionalProperties must be false (the loader refuses unknown fields)", at)
			}
		}
	}
}

// resolve follows a "$ref" of the form "#/$defs/NAME".
func resolve(root, s map[string]any) map[string]any {
	for {
		ref, ok := s["$ref"].(string)
		if !ok {
			return s
		}
		name, found := strings.CutPrefix(ref, "#/$defs/")
		def, ok2 := root["$defs"].(map[string]any)[name].(map[string]any)
		if !found || !ok2 {
			panic("schema: cannot resolve " + ref)
		}
		s = def
	}
}

// schemaObjects returns, for every mapping the schema describes, its
// place in the fieldTable notation ("" for the top, "units[]", ...)
// and its property names.
func schemaObjects(root map[string]any) map[string][]string {
	out := map[string][]string{}
	var walk func(s map[string]any, path string, depth int)
	walk = func(s map[string]any, path string, depth int) {
		if depth > 20 {
			panic("schema: too deep at " + path)
		}
		s = resolve(root, s)
		if props, ok := s["properties"].(map[string]any); ok {
			for name, sub := range props {
				out[path] = append(out[path], name)
				p := name
				if path != "" {
					p = path + "." + name
				}
				walk(sub.(map[string]any), p, depth+1)
			}
		}
		if items, ok := s["items"].(map[string]any); ok {
			walk(items, path+"[]", depth+1)
		}
		if alts, ok := s["oneOf"].([]any); ok {
			for _, a := range alts {
				walk(a.(map[string]any), path, depth+1)
			}
		}
	}
	walk(root, "", 0)
	for k := range out {
		sort.Strings(out[k])
	}
	return out
}

// TestSchemaMatchesLoader keeps docs/scenario.schema.json in step with
// the loader: the same mappings, each with the same fields, the same
// required fields where the loader requires them unconditionally, and the
// same choices for kinds, classes and rulings.
func TestSchemaMatchesLoader(t *testing.T) {
	root := loadSchema(t)
	got := schemaObjects(root)
	for place, fields := range fieldTable {
		want := slices.Sorted(slices.Values(fields))
		have, ok := got[place]
		if !ok {
			t.Errorf("the loader reads a mapping at %q with fields %v; the schema has none there", place, want)
			continue
		}
		for _, f := range want {
			if !slices.Contains(have, f) {
				t.Errorf("%q: field %q is read by the loader but missing from the schema", place, f)
			}
		}
		for _, f := range have {
			if !slices.Contains(want, f) {
				t.Errorf("%q: field %q is in the schema but the loader does not accept it", place, f)
			}
		}
	}
	for place := range got {
		if _, ok := fieldTable[place]; !ok {
			t.Errorf("the schema describes a mapping at %q that is not in the loader's fieldTable", place)
		}
	}

	at := func(place string) map[string]any {
		s := root
		if place == "" {
			return s
		}
		for _, part := range strings.Split(place, ".") {
			name, list := strings.CutSuffix(part, "[]")
			s = resolve(root, resolve(root, s)["properties"].(map[string]any)[name].(map[string]any))
			if list {
				s = resolve(root, s["items"].(map[string]any))
			}
		}
		return s
	}
	enumOf := func(place string) []string {
		var out []string
		for _, v := range at(place)["enum"].([]any) {
			out = append(out, fmt.Sprint(v))
		}
		return out
	}
	words := func(xs ...string) []string { return xs }
	var classes []string
	for _, c := range rules.Classes() {
		classes = append(classes, string(c.ID))
	}
	var unitKindWords, featureKinds, regionKinds []string
	for _, k := range unitKinds {
		unitKindWords = append(unitKindWords, string(k))
	}
	for _, k := range rules.FeatureKinds {
		featureKinds = append(featureKinds, string(k))
	}
	for _, k := range rules.RegionKinds {
		regionKinds = append(regionKinds, string(k))
	}
	var devices []string
	for _, d := range rules.FittableDevices {
		devices = append(devices, string(d))
	}
	enums := []struct {
		place string
		want  []string
	}{
		{"units[].class", classes},
		{"units[].devices[]", devices},
		{"units[].kind", unitKindWords},
		{"features[].kind", featureKinds},
		{"regions[].kind", regionKinds},
		{"ruleset.gravity_rift", words(string(rules.RulingThundersEdge), string(rules.RulingLRR))},
		{"ruleset.impulses", words("6", "32")},
	}
	for _, e := range enums {
		if g := enumOf(e.place); !slices.Equal(slices.Sorted(slices.Values(g)), slices.Sorted(slices.Values(e.want))) {
			t.Errorf("schema %s enum = %v, the loader accepts %v", e.place, g, e.want)
		}
	}

	required := map[string][]string{
		"":           {"id", "name", "sides", "units"},
		"sides[]":    {"id"},
		"features[]": {"hex", "id", "kind"},
		"regions[]":  {"id", "kind"},
		"systems[]":  {"id"},
		"units[]":    {"class", "id", "side"},
	}
	for place, want := range required {
		var have []string
		for _, r := range at(place)["required"].([]any) {
			have = append(have, r.(string))
		}
		if !slices.Equal(slices.Sorted(slices.Values(have)), want) {
			t.Errorf("schema %q requires %v, the loader %v", place, have, want)
		}
	}
}

// yamlValue decodes a scenario file into plain values, as an editor's
// YAML extension sees it.
func yamlValue(t *testing.T, name string, data []byte) any {
	t.Helper()
	var v any
	if err := yaml.Unmarshal(data, &v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return v
}

// TestBundledMatchSchema validates every bundled scenario, the doc
// example and the fixtures that load against the schema, and checks that
// fixtures with mistakes the schema can see fail it.
func TestBundledMatchSchema(t *testing.T) {
	root := loadSchema(t)
	v := &validator{root: root}
	files := map[string][]byte{}
	entries, err := fs.ReadDir(bundled, "bundled")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := bundled.ReadFile("bundled/" + e.Name())
		if err != nil {
			t.Fatal(err)
		}
		files["bundled/"+e.Name()] = data
	}
	for _, name := range []string{"testdata/base.yaml", "testdata/warnings.yaml"} {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = data
	}
	for name, data := range files {
		if errs := v.validate(root, yamlValue(t, name, data), ""); len(errs) > 0 {
			t.Errorf("%s does not match %s:\n  %s", name, schemaFile, strings.Join(errs, "\n  "))
		}
	}

	// Mistakes the schema can see, so that the validator is not vacuous.
	bad := []struct{ file, want string }{
		{"testdata/bad-facing.yaml", "/units/0/facing"},
		{"testdata/unknown-class.yaml", "/units/1/class"},
		{"testdata/unknown-field.yaml", `"descripton"`},
		{"testdata/malformed-hex.yaml", "/units/1/hex"},
	}
	for _, b := range bad {
		data, err := os.ReadFile(b.file)
		if err != nil {
			t.Fatal(err)
		}
		errs := v.validate(root, yamlValue(t, b.file, data), "")
		if !strings.Contains(strings.Join(errs, "\n"), b.want) {
			t.Errorf("%s: want a schema error at %s, got %v", b.file, b.want, errs)
		}
	}
	snippets := []struct{ yaml, want string }{
		{header + "units:\n  - {id: a, side: blue, class: fed-cruiser}\n", "/units/0: matches 0 of the oneOf"},
		{header + "units:\n  - {id: a, side: blue, class: shuttle, hex: \"0,0\", carried_by: b}\n", "/units/0: matches 2 of the oneOf"},
		{header + "units:\n  - {id: A, side: blue, class: fed-cruiser, hex: [1, 2, 3]}\n", "/units/0/id"},
		{header + "units:\n  - {id: a, side: blue, class: fed-cruiser, hex: [1, 2, 3]}\n", "/units/0/hex"},
		{header + "units:\n  - {id: a, side: blue, class: fed-cruiser, hex: \"1,1\", speed: 1001}\n", "/units/0/speed"},
		{"id: t\nname: \"  \"\n" + sidesBlue + "units:\n  - {id: a, side: blue, class: fed-cruiser, hex: \"1,1\"}\n", "/name"},
		{"id: t\nname: \"a\\tb\"\n" + sidesBlue + "units:\n  - {id: a, side: blue, class: fed-cruiser, hex: \"1,1\"}\n", "/name"},
		{header + "ruleset: {impulses: 7}\nunits:\n  - {id: a, side: blue, class: fed-cruiser, hex: \"1,1\"}\n", "/ruleset/impulses"},
		{header + "units: []\n", "/units: 0 items"},
	}
	for _, s := range snippets {
		errs := v.validate(root, yamlValue(t, "snippet", []byte(s.yaml)), "")
		if !strings.Contains(strings.Join(errs, "\n"), s.want) {
			t.Errorf("snippet %q: want %q in %v", s.yaml, s.want, errs)
		}
	}
}

// validator checks a value against the subset of JSON Schema 2020-12
// that docs/scenario.schema.json uses (see assertKeywords).
type validator struct {
	root  map[string]any
	cache map[string]*regexp.Regexp
}

func (v *validator) re(p string) *regexp.Regexp {
	if v.cache == nil {
		v.cache = map[string]*regexp.Regexp{}
	}
	if r, ok := v.cache[p]; ok {
		return r
	}
	r := regexp.MustCompile(p)
	v.cache[p] = r
	return r
}

// validate returns one message per mismatch, each starting with the JSON
// pointer of the value.
func (v *validator) validate(s map[string]any, x any, ptr string) []string {
	var errs []string
	fail := func(format string, args ...any) {
		errs = append(errs, fmt.Sprintf("%s: ", cmpPtr(ptr))+fmt.Sprintf(format, args...))
	}
	if _, ok := s["$ref"]; ok {
		errs = append(errs, v.validate(resolve(v.root, s), x, ptr)...)
	}
	if typ, ok := s["type"].(string); ok && !hasType(x, typ) {
		fail("expected %s, found %T %v", typ, x, x)
		return errs
	}
	if enum, ok := s["enum"].([]any); ok && !slices.ContainsFunc(enum, func(e any) bool { return sameValue(e, x) }) {
		fail("%v is not one of %v", x, enum)
	}
	if alts, ok := s["oneOf"].([]any); ok {
		n := 0
		for _, a := range alts {
			if len(v.validate(a.(map[string]any), x, ptr)) == 0 {
				n++
			}
		}
		if n != 1 {
			fail("matches %d of the oneOf alternatives; it must match exactly one", n)
		}
	}
	switch x := x.(type) {
	case string:
		n := utf8.RuneCountInString(x)
		if m, ok := num(s["maxLength"]); ok && float64(n) > m {
			fail("%d characters; the most is %v", n, m)
		}
		if m, ok := num(s["minLength"]); ok && float64(n) < m {
			fail("%d characters; the least is %v", n, m)
		}
		if p, ok := s["pattern"].(string); ok && !v.re(p).MatchString(x) {
			fail("%q does not match %s", x, p)
		}
	case map[string]any:
		props, _ := s["properties"].(map[string]any)
		for _, r := range asList(s["required"]) {
			if _, ok := x[r.(string)]; !ok {
				fail("missing required property %q", r)
			}
		}
		keys := slices.Sorted(func(yield func(string) bool) {
			for k := range x {
				if !yield(k) {
					return
				}
			}
		})
		for _, k := range keys {
			sub, ok := props[k].(map[string]any)
			switch {
			case ok:
				errs = append(errs, v.validate(sub, x[k], ptr+"/"+k)...)
			case s["additionalProperties"] == false:
				fail("property %q is not allowed", k)
			}
		}
	case []any:
		if m, ok := num(s["maxItems"]); ok && float64(len(x)) > m {
			fail("%d items; the most is %v", len(x), m)
		}
		if m, ok := num(s["minItems"]); ok && float64(len(x)) < m {
			fail("%d items; the least is %v", len(x), m)
		}
		if items, ok := s["items"].(map[string]any); ok {
			for i, item := range x {
				errs = append(errs, v.validate(items, item, fmt.Sprintf("%s/%d", ptr, i))...)
			}
		}
	default:
		if f, isNum := num(x); isNum {
			if m, ok := num(s["minimum"]); ok && f < m {
				fail("%v is less than the minimum %v", x, m)
			}
			if m, ok := num(s["maximum"]); ok && f > m {
				fail("%v is more than the maximum %v", x, m)
			}
		}
	}
	return errs
}

func cmpPtr(p string) string {
	if p == "" {
		return "/"
	}
	return p
}

func asList(x any) []any { l, _ := x.([]any); return l }

// num returns a JSON or YAML number as a float64.
func num(x any) (float64, bool) {
	switch n := x.(type) {
	case int:
		return float64(n), true
	case int64:
		return float64(n), true
	case uint64:
		return float64(n), true
	case float64:
		return n, true
	}
	return 0, false
}

func hasType(x any, typ string) bool {
	switch typ {
	case "object":
		_, ok := x.(map[string]any)
		return ok
	case "array":
		_, ok := x.([]any)
		return ok
	case "string":
		_, ok := x.(string)
		return ok
	case "boolean":
		_, ok := x.(bool)
		return ok
	case "integer":
		f, ok := num(x)
		return ok && f == math.Trunc(f)
	case "number":
		_, ok := num(x)
		return ok
	case "null":
		return x == nil
	}
	panic("schema: unknown type " + typ)
}

func sameValue(a, b any) bool {
	fa, okA := num(a)
	fb, okB := num(b)
	if okA || okB {
		return okA && okB && fa == fb
	}
	return a == b
}
