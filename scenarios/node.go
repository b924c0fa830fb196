package scenarios

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hexrift/hexrift/rules"
	"go.yaml.in/yaml/v3"
)

// Limits that keep hostile or mistaken files from costing much memory or
// time, and keep every number far from integer overflow.
const (
	// MaxCoord is the largest coordinate, radius or range a file may give.
	MaxCoord = 1_000_000
	// MaxSpeed is the largest unit speed, in hexes per turn.
	MaxSpeed = 1000
	maxIDLen = 64
	maxName  = 100  // runes
	maxDesc  = 4000 // runes
)

// loader collects the problems of one file while reading it.
type loader struct {
	file  string
	probs Problems
	// nested is set while loading a rift destination: its own charts are
	// read but not followed.
	nested bool
	// root is the canonical folder of the file, where its rift
	// destinations must lie; set when the first one is read.
	root string
	// carried, when not nil, holds the texts of the destinations named
	// by path, by the name the charts give them (Source.LoadCarried):
	// they are read from there, never from a disk. read, when not nil,
	// collects the destination files read from disk (Source.WithDestinations).
	carried     map[string][]byte
	carriedUsed map[string]bool
	read        *[]Source
}

func (l *loader) add(n *yaml.Node, warn bool, path, format string, args ...any) {
	p := Problem{File: l.file, Path: path, Msg: fmt.Sprintf(format, args...), Warning: warn}
	if n != nil {
		p.Line, p.Col = n.Line, n.Column
	}
	l.probs = append(l.probs, p)
}

// errorf records an error at node n (nil for the whole file).
func (l *loader) errorf(n *yaml.Node, path, format string, args ...any) {
	l.add(n, false, path, format, args...)
}

// warnf records a warning at node n.
func (l *loader) warnf(n *yaml.Node, path, format string, args ...any) {
	l.add(n, true, path, format, args...)
}

// describe names what a node is, for "expected X, found Y" messages.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return "nothing"
		}
		return strconv.Quote(clip(n.Value))
	case yaml.AliasNode:
		return "an alias"
	}
	return "an empty document"
}

// clip shortens long values quoted in messages.
func clip(s string) string {
	const max = 40
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	return string([]rune(s)[:max]) + "..."
}

func isNull(n *yaml.Node) bool { return n.Kind == yaml.ScalarNode && n.Tag == "!!null" }

// fields is one YAML mapping read as a set of named fields.
type fields struct {
	l    *loader
	path string
	node *yaml.Node
	vals map[string]*yaml.Node
}

// mapping reads n as a mapping whose keys must be among allowed. It
// reports unknown and repeated keys, and returns nil when n is not a
// mapping.
func (l *loader) mapping(n *yaml.Node, path string, allowed ...string) *fields {
	if n.Kind != yaml.MappingNode {
		l.errorf(n, path, "expected a mapping of %s, found %s", strings.Join(allowed, ", "), describe(n))
		return nil
	}
	f := &fields{l: l, path: path, node: n, vals: map[string]*yaml.Node{}}
	keys := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			l.errorf(k, path, "a field name must be plain text, not %s", describe(k))
			continue
		}
		name := k.Value
		if first, dup := keys[name]; dup {
			l.errorf(k, f.sub(name), "field given twice (first at line %d)", first.Line)
			continue
		}
		keys[name] = k
		if !slices.Contains(allowed, name) {
			l.errorf(k, path, "unknown field %q%s", clip(name), suggest(name, allowed))
			continue
		}
		f.vals[name] = v
	}
	return f
}

// Closest returns the choice closest to name, a likely typo of it ("kor-rader"
// for "kor-raider", "Blue" for "blue"), or "" when none is that close:
// at most 2 edits away, and at most half of name changed.
func Closest(name string, choices []string) string {
	best, bestD := "", 3
	for _, c := range choices {
		if d := editDistance(strings.ToLower(name), strings.ToLower(c)); d < bestD && 2*d <= len(name) {
			best, bestD = c, d
		}
	}
	return best
}

// didYouMean returns " (did you mean "x"?)" for the choice closest to
// name, or "".
func didYouMean(name string, choices []string) string {
	if c := Closest(name, choices); c != "" && c != name {
		return fmt.Sprintf(" (did you mean %q?)", c)
	}
	return ""
}

// suggest returns a hint naming the allowed field closest to name.
func suggest(name string, allowed []string) string {
	if _, err := strconv.Atoi(strings.TrimSpace(name)); err == nil {
		return `; a hex inside {...} must be quoted, as "Q,R"`
	}
	if hint := didYouMean(name, allowed); hint != "" {
		return hint
	}
	return "; known fields: " + strings.Join(allowed, ", ")
}

// editDistance counts the edits between a and b: characters inserted,
// deleted or changed, and two neighbours swapped ("rde" for "red" is
// one), capped for long inputs.
func editDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return 64
	}
	// d[i][j] is the distance between a[:i] and b[:j].
	var d [65][65]int
	for i := 0; i <= len(a); i++ {
		d[i][0] = i
	}
	for j := 0; j <= len(b); j++ {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			c := 0
			if a[i-1] != b[j-1] {
				c = 1
			}
			d[i][j] = min(d[i-1][j-1]+c, d[i-1][j]+1, d[i][j-1]+1)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

func (f *fields) sub(name string) string {
	if f.path == "" {
		return name
	}
	return f.path + "." + name
}

// get returns the value of a field, or nil when it is absent. A field
// written with no value ("name:") counts as absent.
func (f *fields) get(name string) *yaml.Node {
	if f == nil {
		return nil
	}
	v := f.vals[name]
	if v == nil || isNull(v) {
		return nil
	}
	return v
}

// present reports whether the field was written at all, even empty.
func (f *fields) present(name string) bool { return f != nil && f.vals[name] != nil }

// require returns the value of a required field, reporting it missing.
func (f *fields) require(name string) *yaml.Node {
	if f == nil {
		return nil
	}
	v := f.get(name)
	if v == nil {
		at := f.node
		if f.vals[name] != nil {
			at = f.vals[name]
		}
		f.l.errorf(at, f.path, "missing required field %q", name)
	}
	return v
}

// text reads a scalar as text. It allows newlines and tabs only when
// multiline is set, and at most maxRunes runes.
func (l *loader) text(n *yaml.Node, path string, maxRunes int, multiline bool) (string, bool) {
	if n.Kind != yaml.ScalarNode {
		l.errorf(n, path, "expected text, found %s", describe(n))
		return "", false
	}
	s := n.Value
	if c := utf8.RuneCountInString(s); c > maxRunes {
		l.errorf(n, path, "is %d characters long; the most is %d", c, maxRunes)
		return "", false
	}
	for _, r := range s {
		if unicode.IsControl(r) && !(multiline && (r == '\n' || r == '\t')) {
			l.errorf(n, path, "contains the control character %q", r)
			return "", false
		}
	}
	return s, true
}

// name reads a one-line display name.
func (l *loader) name(n *yaml.Node, path string) (string, bool) {
	s, ok := l.text(n, path, maxName, false)
	if ok && strings.TrimSpace(s) == "" {
		l.errorf(n, path, "is blank")
		return "", false
	}
	return strings.TrimSpace(s), ok
}

// ident reads an id: lower-case letters, digits and hyphens, starting
// with a letter or digit.
func (l *loader) ident(n *yaml.Node, path string) (string, bool) {
	if n.Kind != yaml.ScalarNode {
		l.errorf(n, path, "expected an id, found %s", describe(n))
		return "", false
	}
	s := n.Value
	if !validID(s) {
		l.errorf(n, path, "%q is not a valid id: use 1-%d lower-case letters, digits and hyphens, starting with a letter or digit", clip(s), maxIDLen)
		return "", false
	}
	return s, true
}

func validID(s string) bool {
	if s == "" || len(s) > maxIDLen || s[0] == '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// integer reads a whole number in [lo, hi].
func (l *loader) integer(n *yaml.Node, path string, lo, hi int) (int, bool) {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!int" {
		l.errorf(n, path, "expected a whole number, found %s", describe(n))
		return 0, false
	}
	var v int64
	if err := n.Decode(&v); err != nil {
		l.errorf(n, path, "%q is not a whole number that fits", clip(n.Value))
		return 0, false
	}
	if v < int64(lo) {
		l.errorf(n, path, "%d is too small: must be at least %d", v, lo)
		return 0, false
	}
	if v > int64(hi) {
		l.errorf(n, path, "%d is too large: must be at most %d", v, hi)
		return 0, false
	}
	return int(v), true
}

// boolean reads true or false.
func (l *loader) boolean(n *yaml.Node, path string) (bool, bool) {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!bool" {
		var b bool
		if n.Decode(&b) == nil {
			return b, true
		}
	}
	l.errorf(n, path, "expected true or false, found %s", describe(n))
	return false, false
}

// hex reads a hex written "Q,R" or [Q, R].
func (l *loader) hex(n *yaml.Node, path string) (rules.Hex, bool) {
	bad := func() (rules.Hex, bool) {
		l.errorf(n, path, `expected a hex written "Q,R" or [Q, R] with whole numbers Q and R, found %s`, describe(n))
		return rules.Hex{}, false
	}
	var q, r int64
	switch n.Kind {
	case yaml.ScalarNode:
		a, b, ok := strings.Cut(n.Value, ",")
		if !ok {
			return bad()
		}
		var err1, err2 error
		q, err1 = strconv.ParseInt(strings.TrimSpace(a), 10, 64)
		r, err2 = strconv.ParseInt(strings.TrimSpace(b), 10, 64)
		if err1 != nil || err2 != nil {
			return bad()
		}
	case yaml.SequenceNode:
		if len(n.Content) != 2 {
			return bad()
		}
		for i, c := range n.Content {
			var v int64
			if c.Kind != yaml.ScalarNode || c.Tag != "!!int" || c.Decode(&v) != nil {
				return bad()
			}
			if i == 0 {
				q = v
			} else {
				r = v
			}
		}
	default:
		return bad()
	}
	h := rules.Hex{Q: int(clamp(q)), R: int(clamp(r))}
	if q != int64(h.Q) || r != int64(h.R) || abs(h.Q) > MaxCoord || abs(h.R) > MaxCoord || abs(h.S()) > MaxCoord {
		l.errorf(n, path, "hex %d,%d is too far out: coordinates must be within %d of 0,0", q, r, MaxCoord)
		return rules.Hex{}, false
	}
	return h, true
}

func clamp(v int64) int64 { return max(min(v, math.MaxInt32), math.MinInt32) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// list reads n as a list of at most maxLen items. It reports whether n
// is such a list, which may be empty.
func (l *loader) list(n *yaml.Node, path string, maxLen int) ([]*yaml.Node, bool) {
	if n.Kind != yaml.SequenceNode {
		l.errorf(n, path, "expected a list, found %s", describe(n))
		return nil, false
	}
	if len(n.Content) > maxLen {
		l.errorf(n, path, "has %d entries; the most is %d", len(n.Content), maxLen)
		return nil, false
	}
	return n.Content, true
}

// oneOf reads a scalar that must be one of the given words.
func oneOf[T ~string](l *loader, n *yaml.Node, path string, choices []T) (T, bool) {
	if n.Kind == yaml.ScalarNode {
		for _, c := range choices {
			if n.Value == string(c) {
				return c, true
			}
		}
	}
	words := make([]string, len(choices))
	for i, c := range choices {
		words[i] = string(c)
	}
	l.errorf(n, path, "%s is not one of %s", describe(n), strings.Join(words, ", "))
	return "", false
}

func index(path string, i int) string { return fmt.Sprintf("%s[%d]", path, i) }

// rootExcerpt is the longest text describeRoot quotes of what a file
// holds in place of a scenario mapping.
const rootExcerpt = 24

// describeRoot names what a file holds when it is not a mapping of
// scenario fields. A list or nothing is named; text is quoted only when
// it is one short, printable line, such as a slip an author typed
// ("id=duel"). Anything longer is named by its shape ("a plain text
// line", "12 lines of plain text"), never quoted: the path given may be
// any file at all, and an error must not print its contents.
func describeRoot(n *yaml.Node, data []byte) string {
	if n.Kind != yaml.ScalarNode || isNull(n) {
		return describe(n)
	}
	lines := 0
	for _, l := range strings.Split(string(data), "\n") {
		if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") && t != "---" {
			lines++
		}
	}
	printable := !strings.ContainsFunc(n.Value, func(r rune) bool { return !unicode.IsPrint(r) })
	switch {
	case lines > 1:
		return fmt.Sprintf("%d lines of plain text, not YAML fields; is this a scenario file?", lines)
	case !printable || utf8.RuneCountInString(n.Value) > rootExcerpt:
		return "a plain text line, not YAML fields; is this a scenario file?"
	}
	q := strconv.Quote(n.Value)
	if k, v, ok := strings.Cut(n.Value, ":"); ok && validID(k) && v != "" && v[0] != ' ' {
		return q + `: a field needs a space after its colon, as "` + k + ": " + v + `"`
	}
	return q
}
