package scenarios

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hexrift/hexrift/rules"
	"go.yaml.in/yaml/v3"
)

// MaxFileSize is the largest scenario file accepted, in bytes.
const MaxFileSize = 1 << 20

// Most entries a list of a scenario file may hold.
const (
	maxSides    = 16
	maxFeatures = 1000
	maxRegions  = 256
	maxSystems  = 256
	maxUnits    = 2000
	maxHexes    = 100_000 // in one hex list
)

// MinPhaseDiameter is the smallest phase space region, in hexes across,
// that IP8.13 allows; smaller ones load with a warning.
const MinPhaseDiameter = 10

// Info names a scenario in menus. Drill is set for a practice scenario.
type Info struct {
	ID          string
	Name        string
	Description string
	Drill       *Drill
}

// Scenario is a scenario file, read and checked.
type Scenario struct {
	// File is the name the scenario was loaded under: a path, or
	// "bundled/ID.yaml" for a bundled scenario.
	File        string
	ID          string
	Name        string
	Description string
	// Center is the map's middle hex (IP8.515), where the camera starts.
	Center   rules.Hex
	Ruleset  rules.Ruleset
	Sides    []rules.Side
	Features []rules.Feature
	Regions  []rules.Region
	Systems  []rules.System
	// Units are in file order; carried units have Status rules.StatusCarried
	// and the hex of their carrier.
	Units []rules.Unit
	// Warnings are the problems that did not stop the file loading.
	Warnings Problems
	// RiftCharts are the cosmic rift destination charts (IP4.41x) and
	// Destinations the scenarios they name, loaded without following
	// their own charts, by id.
	RiftCharts   []rules.RiftChart
	Destinations []*Scenario
	// Objectives are the sides' scenario objectives (objectives.go).
	Objectives []rules.Objective
	// Drill is set when the scenario is a practice drill (drill.go).
	Drill *Drill
	// OpenRifts are the cosmic rifts open at the start (rifts.go).
	OpenRifts []rules.OpenRift

	chartRefs []chartRef
}

// Info returns the scenario's id, name and description.
func (s *Scenario) Info() Info {
	return Info{ID: s.ID, Name: s.Name, Description: s.Description, Drill: s.Drill}
}

// MapID returns the id of the scenario's map: the scenario id.
func (s *Scenario) MapID() rules.MapID { return rules.MapID(s.ID) }

// Setup returns what rules.NewState needs to start a game of the
// scenario: one map, whose id is the scenario id. Each call returns a
// fresh copy that the caller may change.
func (s *Scenario) Setup() rules.Setup {
	t := &rules.Terrain{
		Features: slices.Clone(s.Features),
		Regions:  slices.Clone(s.Regions),
		Systems:  slices.Clone(s.Systems),
	}
	for i := range t.Regions {
		t.Regions[i].Shape = cloneShape(t.Regions[i].Shape)
	}
	for i := range t.Systems {
		t.Systems[i].Shape = cloneShape(t.Systems[i].Shape)
	}
	return rules.Setup{
		Info:         rules.ScenarioInfo{ID: s.ID, Name: s.Name, Description: s.Description},
		Ruleset:      s.Ruleset,
		Sides:        slices.Clone(s.Sides),
		Maps:         []rules.Map{{ID: s.MapID(), Name: s.Name, Center: s.Center, Terrain: t}},
		Units:        slices.Clone(s.Units),
		RiftCharts:   cloneCharts(s.RiftCharts),
		Destinations: s.destinations(),
		Objectives:   cloneObjectives(s.Objectives),
		OpenRifts:    slices.Clone(s.OpenRifts),
	}
}

func cloneObjectives(os []rules.Objective) []rules.Objective {
	out := slices.Clone(os)
	for i := range out {
		out[i].Units = slices.Clone(out[i].Units)
	}
	return out
}

func cloneCharts(cs []rules.RiftChart) []rules.RiftChart {
	out := slices.Clone(cs)
	for i := range out {
		out[i].Rows = slices.Clone(out[i].Rows)
	}
	return out
}

// destinations returns the destination setups in id order.
func (s *Scenario) destinations() []rules.Destination {
	var out []rules.Destination
	for _, d := range s.Destinations {
		su := d.Setup()
		su.RiftCharts, su.Destinations, su.Objectives, su.OpenRifts = nil, nil, nil, nil // only the origin's objectives and open rifts count
		out = append(out, rules.Destination{ID: d.ID, Setup: su})
	}
	return out
}

func cloneShape(sh rules.Shape) rules.Shape {
	if sh.IsDisc() {
		return rules.DiscShape(sh.Center, sh.Radius)
	}
	return rules.HexShape(sh.Hexes...)
}

// LoadFile reads and loads the scenario file at path. It refuses
// directories, named pipes, devices and other non-regular files before
// opening them (so none can hang it) and files over MaxFileSize.
func LoadFile(path string) (*Scenario, error) {
	data, p := readFile(path)
	if p != nil {
		return nil, Problems{*p}
	}
	return Load(path, data)
}

func readFile(path string) ([]byte, *Problem) {
	fail := func(cause error, msg string) ([]byte, *Problem) {
		return nil, &Problem{File: path, Msg: msg, cause: cause}
	}
	if path == "" {
		return fail(fs.ErrInvalid, "no file name given")
	}
	f, st, err := OpenRegular(path)
	switch {
	case errors.Is(err, ErrNotRegular) && isDir(path):
		return fail(fs.ErrInvalid, "is a directory, not a scenario file")
	case errors.Is(err, ErrNotRegular):
		return fail(fs.ErrInvalid, pathErr(err))
	case err != nil:
		return fail(err, "cannot open: "+pathErr(err))
	}
	defer f.Close()
	if st.Size() > MaxFileSize {
		return fail(nil, tooBig(st.Size()))
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return fail(err, "cannot read: "+pathErr(err))
	}
	return data, nil
}

// isDir reports whether path names a directory.
func isDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

func pathErr(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

func tooBig(n int64) string {
	return "file is " + strconv.FormatInt(n, 10) + " bytes; a scenario file may be at most " + strconv.Itoa(MaxFileSize) + " bytes"
}

// Load reads a scenario from data; name is the file name used in
// problems. On success it returns the scenario, with any warnings in its
// Warnings. Otherwise it returns a nil scenario and a Problems error
// holding every problem found, warnings included.
func Load(name string, data []byte) (*Scenario, error) {
	l := &loader{file: name}
	return l.result(l.load(data))
}

// result returns the scenario l loaded with its warnings, or, when l
// found an error, nil and every problem it found.
func (l *loader) result(s *Scenario) (*Scenario, error) {
	probs := sortProblems(l.probs)
	if probs.HasErrors() {
		return nil, probs
	}
	s.Warnings = probs
	return s, nil
}

var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// parse turns data into the root mapping node, or reports why it cannot.
func (l *loader) parse(data []byte) *yaml.Node {
	if len(data) > MaxFileSize {
		l.errorf(nil, "", "%s", tooBig(int64(len(data))))
		return nil
	}
	if len(bytes.TrimSpace(data)) == 0 {
		l.errorf(nil, "", "file is empty")
		return nil
	}
	if i := bytes.IndexByte(data, 0); i >= 0 {
		line, col := position(data, i)
		l.probs = append(l.probs, Problem{File: l.file, Line: line, Col: col, Msg: "file holds a NUL byte: it is binary, not a YAML scenario"})
		return nil
	}
	if !utf8.Valid(data) {
		i := 0
		for i < len(data) {
			r, n := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			i += n
		}
		line, col := position(data, i)
		l.probs = append(l.probs, Problem{File: l.file, Line: line, Col: col, Msg: "file is not UTF-8 text"})
		return nil
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			l.errorf(nil, "", "file holds only comments; expected a scenario mapping")
		} else {
			l.syntax(data, err)
		}
		return nil
	}
	var extra yaml.Node
	switch err := dec.Decode(&extra); {
	case err == nil:
		l.errorf(&extra, "", "a scenario file holds one YAML document; remove the second one (after ---)")
		return nil
	case !errors.Is(err, io.EOF):
		l.syntax(data, err)
		return nil
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
		l.errorf(nil, "", "file holds no scenario")
		return nil
	}
	root := doc.Content[0]
	if !l.noAliases(root) || !l.noTags(root) {
		return nil
	}
	return root
}

// parserErrors are the messages of the YAML library's parser, as opposed
// to its scanner. It reports their line 0-based (scanner lines are
// 1-based), and gives no line at all for the first line.
var parserErrors = []string{
	"did not find expected ',' or ']'",
	"did not find expected ',' or '}'",
	"did not find expected '-' indicator",
	"did not find expected <document start>",
	"did not find expected <stream-start>",
	"did not find expected key",
	"did not find expected node content",
	"found duplicate %TAG directive",
	"found duplicate %YAML directive",
	"found incompatible YAML document",
	"found undefined tag handle",
}

var unknownAnchor = regexp.MustCompile(`^yaml: unknown anchor '(.*)' referenced$`)

// syntax reports a YAML syntax error. The YAML library gives its line
// (for a parser error, the line where the enclosing mapping or list
// starts) but not its column.
func (l *loader) syntax(data []byte, err error) {
	text := err.Error()
	p := Problem{File: l.file, Msg: "YAML syntax: " + strings.TrimPrefix(text, "yaml: "), cause: err}
	if m := yamlLine.FindStringSubmatch(text); m != nil {
		p.Line, _ = strconv.Atoi(m[1])
		p.Msg = "YAML syntax: " + m[2]
		if slices.Contains(parserErrors, m[2]) {
			p.Line++
		}
	} else if slices.Contains(parserErrors, strings.TrimPrefix(text, "yaml: ")) {
		p.Line = 1
	} else if m := unknownAnchor.FindStringSubmatch(text); m != nil {
		p.Msg = "YAML syntax: alias *" + m[1] + " names no anchor; aliases are not supported in scenario files anyway"
		if i := bytes.Index(data, []byte("*"+m[1])); i >= 0 {
			p.Line, p.Col = position(data, i)
		}
		l.probs = append(l.probs, p)
		return
	}
	if h, ok := explainSyntax(data, p.Line, strings.TrimPrefix(p.Msg, "YAML syntax: ")); ok {
		p.Line, p.Col, p.Msg = h.line, h.col, "YAML syntax: "+h.msg
	}
	l.probs = append(l.probs, p)
}

// noAliases reports the first alias (*name) in the tree, if any: the
// format has no use for them, and refusing them rules out alias bombs.
func (l *loader) noAliases(root *yaml.Node) bool {
	var first *yaml.Node
	count := 0
	stack := []*yaml.Node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n.Kind == yaml.AliasNode {
			if first == nil {
				first = n
			}
			count++
			continue
		}
		for i := len(n.Content) - 1; i >= 0; i-- {
			stack = append(stack, n.Content[i])
		}
	}
	if first == nil {
		return true
	}
	more := ""
	if count > 1 {
		more = " (the file has " + strconv.Itoa(count) + ")"
	}
	l.errorf(first, "", "YAML aliases such as *%s are not supported in scenario files%s; write the values out", clip(first.Value), more)
	return false
}

// scalarTags are the YAML tags a scenario file may write out: the
// standard scalar ones, which only say what a plain value already is.
var scalarTags = []string{"!!str", "!!int", "!!float", "!!bool", "!!null"}

// noTags reports every explicit YAML tag other than the standard scalar
// ones (!!binary, !!python/object, !custom, or a tag on a mapping or a
// list): the format gives them no meaning, and accepting them silently
// would hide what the author meant.
func (l *loader) noTags(root *yaml.Node) bool {
	ok := true
	stack := []*yaml.Node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n.Style&yaml.TaggedStyle != 0 && (n.Kind != yaml.ScalarNode || !slices.Contains(scalarTags, n.Tag)) {
			l.errorf(n, "", "YAML tag %s is not supported in scenario files (only %s, on plain values); remove it", clip(n.Tag), strings.Join(scalarTags, ", "))
			ok = false
		}
		for i := len(n.Content) - 1; i >= 0; i-- {
			stack = append(stack, n.Content[i])
		}
	}
	return ok
}

// position returns the 1-based line and column (in characters) of byte
// offset i of data.
func position(data []byte, i int) (line, col int) {
	before := data[:i]
	line = 1 + bytes.Count(before, []byte("\n"))
	start := bytes.LastIndexByte(before, '\n') + 1
	return line, 1 + utf8.RuneCount(before[start:])
}
