package scenarios

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/hexrift/hexrift/rules"
	"go.yaml.in/yaml/v3"
)

// Cosmic rift destination charts (IP4.41x, IP4.61). A scenario's
// rift_charts list holds the charts: each is picked by a 2d6 roll range
// and holds rows picked by a second 2d6 range; a row names its
// destination scenario (a bundled id or a path relative to the file),
// its PORT, its DEFEND hex and notes. The destinations are loaded with
// the scenario, without following their own charts, so that rules gets
// them ready in its Setup and never reads a file.

var (
	chartFields    = []string{"roll", "name", "rows"}
	chartRowFields = []string{"roll", "scenario", "port", "defend", "notes"}
	riftDiceFields = []string{"formation", "delay", "range", "lifetime", "radiation"}
)

// Most charts and rows a file may hold.
const (
	maxCharts    = 11
	maxChartRows = 11
)

// chartRef is a chart row's destination as written, kept with its node
// for the problems of loading it.
type chartRef struct {
	chart, row int
	at         *yaml.Node
	path       string
	// port and defend are where the row's PORT and DEFEND were written,
	// nil when they were not read; row is the row's path.
	port, defend *yaml.Node
	rowPath      string
}

// rollRange reads a 2d6 roll range: N or "LO-HI", within 2-12.
func (l *loader) rollRange(n *yaml.Node, path string) (lo, hi int, ok bool) {
	if n.Kind != yaml.ScalarNode {
		l.errorf(n, path, "expected a 2d6 roll or range such as 7 or \"2-6\", found %s", describe(n))
		return 0, 0, false
	}
	a, b, rng := strings.Cut(strings.TrimSpace(n.Value), "-")
	x, err1 := strconv.Atoi(strings.TrimSpace(a))
	y, err2 := x, error(nil)
	if rng {
		y, err2 = strconv.Atoi(strings.TrimSpace(b))
	}
	if err1 != nil || err2 != nil || x < 2 || y > 12 || x > y {
		l.errorf(n, path, "%q is not a 2d6 roll or range: write a total from 2 to 12, or LO-HI such as \"2-6\"", clip(n.Value))
		return 0, 0, false
	}
	return x, y, true
}

// rollAt is a chart's or row's roll range, with where it was written.
type rollAt struct {
	lo, hi int
	at     *yaml.Node // the roll's value
	path   string     // the chart or row, e.g. "rift_charts[0].rows[2]"
}

func (r rollAt) String() string {
	if r.lo == r.hi {
		return strconv.Itoa(r.lo)
	}
	return strconv.Itoa(r.lo) + "-" + strconv.Itoa(r.hi)
}

// coverage checks that ranges cover 2-12 once: a range that overlaps an
// earlier one is an error at its roll, naming the earlier by its line;
// gaps are a warning at n (a roll there opens on uncharted space).
func (l *loader) coverage(n *yaml.Node, path, what string, ranges []rollAt) {
	var seen [13]int
	for i, r := range ranges {
		for _, e := range ranges[:i] {
			lo, hi := max(r.lo, e.lo), min(r.hi, e.hi)
			if lo > hi {
				continue
			}
			both := "a roll of " + strconv.Itoa(lo)
			if hi > lo {
				both = "rolls of " + strconv.Itoa(lo) + " to " + strconv.Itoa(hi)
			}
			l.errorf(r.at, r.path+".roll", "roll %v overlaps %s (line %d, roll %v): %s would pick both; each roll picks one %s", r, e.path, e.at.Line, e, both, what)
			break
		}
		for v := r.lo; v <= r.hi; v++ {
			seen[v]++
		}
	}
	var gaps []string
	for v := 2; v <= 12; v++ {
		if seen[v] == 0 {
			gaps = append(gaps, strconv.Itoa(v))
		}
	}
	if len(gaps) > 0 {
		l.warnf(n, path, "no %s for a roll of %s: the rift opens on uncharted space", what, strings.Join(gaps, ", "))
	}
}

// riftCharts reads the rift_charts list.
func (l *loader) riftCharts(s *Scenario, n *yaml.Node) {
	if n == nil {
		return
	}
	items, _ := l.list(n, "rift_charts", maxCharts)
	var chartRanges []rollAt
	for i, item := range items {
		p := index("rift_charts", i)
		f := l.mapping(item, p, chartFields...)
		if f == nil {
			continue
		}
		var c rules.RiftChart
		if v := f.require("roll"); v != nil {
			if lo, hi, ok := l.rollRange(v, f.sub("roll")); ok {
				c.Lo, c.Hi = lo, hi
				chartRanges = append(chartRanges, rollAt{lo, hi, v, p})
			}
		}
		if v := f.get("name"); v != nil {
			c.Name, _ = l.name(v, f.sub("name"))
		}
		rowsNode := f.require("rows")
		if rowsNode != nil {
			rows, _ := l.list(rowsNode, f.sub("rows"), maxChartRows)
			var rowRanges []rollAt
			for j, rn := range rows {
				rp := index(f.sub("rows"), j)
				rf := l.mapping(rn, rp, chartRowFields...)
				if rf == nil {
					continue
				}
				var row rules.RiftChartRow
				if v := rf.require("roll"); v != nil {
					if lo, hi, ok := l.rollRange(v, rf.sub("roll")); ok {
						row.Lo, row.Hi = lo, hi
						rowRanges = append(rowRanges, rollAt{lo, hi, v, rp})
					}
				}
				ref := chartRef{chart: len(s.RiftCharts), row: len(c.Rows), rowPath: rp}
				if v := rf.require("port"); v != nil {
					var ok bool
					if row.Port, ok = l.hex(v, rf.sub("port")); ok {
						ref.port = v
					}
				}
				if v := rf.require("defend"); v != nil {
					var ok bool
					if row.Defend, ok = l.hex(v, rf.sub("defend")); ok {
						ref.defend = v
					}
				}
				if v := rf.require("scenario"); v != nil {
					if name, ok := l.text(v, rf.sub("scenario"), 1000, false); ok {
						row.Scenario = name
						ref.at, ref.path = v, rf.sub("scenario")
						s.chartRefs = append(s.chartRefs, ref)
					}
				}
				if v := rf.get("notes"); v != nil {
					row.Notes, _ = l.text(v, rf.sub("notes"), maxDesc, true)
				}
				c.Rows = append(c.Rows, row)
			}
			l.coverage(rowsNode, f.sub("rows"), "row", rowRanges)
		}
		s.RiftCharts = append(s.RiftCharts, c)
	}
	l.coverage(n, "rift_charts", "chart", chartRanges)
}

// riftDice reads the ruleset's rift_dice mapping (IP4.62).
func (l *loader) riftDice(n *yaml.Node, d *rules.RiftDice) {
	f := l.mapping(n, "ruleset.rift_dice", riftDiceFields...)
	for _, c := range []struct {
		name string
		v    *int
	}{{"formation", &d.Formation}, {"delay", &d.Delay}, {"range", &d.Range}, {"lifetime", &d.Lifetime}, {"radiation", &d.Radiation}} {
		if v := f.get(c.name); v != nil {
			if i, ok := l.integer(v, f.sub(c.name), 1, rules.MaxRiftDice); ok {
				*c.v = i
			}
		}
	}
}

// MaxDestinationsSize bounds the bytes of rift destination files one
// scenario may load in all; each file is loaded once however many rows,
// and under however many names, name it.
const MaxDestinationsSize = 2 * MaxFileSize

// loadDestinations loads every scenario the charts name, once each, and
// reports at the chart row a destination that is missing or does not
// load. A destination is a bundled id or, for a scenario file, the path
// of a .yaml or .yml file relative to the origin's folder and inside it
// (confineDestination): never an absolute path, a path up out of the
// folder or a symbolic link leading out of it. Each path is resolved to
// its canonical form, so a file named in several ways is read once. A
// bundled scenario names bundled files only; so does a scenario a save
// carries under a bundled name (Source.Load), while one carried under a
// file's name follows the same rules as that file.
func (l *loader) loadDestinations(s *Scenario) {
	byRef := map[string]*Scenario{}
	byFile := map[string]*Scenario{}
	size := 0
	for _, ref := range s.chartRefs {
		row := &s.RiftCharts[ref.chart].Rows[ref.row]
		name := row.Scenario
		d, seen := byRef[name]
		if !seen {
			file, key, data := l.readDestination(ref, name)
			switch prev, loaded := byFile[key]; {
			case key == "":
				d = nil
			case loaded:
				d = prev
			case size+len(data) > MaxDestinationsSize:
				l.errorf(ref.at, ref.path, "destination %q: the destinations would hold more than %d bytes in all; a scenario's destinations may hold at most that", clip(name), MaxDestinationsSize)
				d = nil
			default:
				size += len(data)
				d = l.parseDestination(ref, name, file, data)
				byFile[key] = d
			}
			byRef[name] = d
		}
		if d == nil {
			row.Scenario = ""
			continue
		}
		row.Scenario = d.ID
		l.arrivalWarnings(ref, row, d)
		if i := slices.IndexFunc(s.Destinations, func(o *Scenario) bool { return o.ID == d.ID }); i < 0 {
			s.Destinations = append(s.Destinations, d)
		} else if s.Destinations[i] != d {
			l.errorf(ref.at, ref.path, "%q is a second scenario with the id %q; destinations must have different ids", clip(name), d.ID)
		}
	}
	slices.SortFunc(s.Destinations, func(a, b *Scenario) int { return strings.Compare(a.ID, b.ID) })
}

// arrivalWarnings warns of a chart row whose PORT, where arrivals
// appear, or DEFEND, where the destination's largest unit comes into
// play, lies on point terrain or inside an ion storm of destination d,
// saying what the rules do to a unit there; and of DEFEND moving any
// other unit of d onto a star or black hole. The rules allow all of it,
// so these are warnings: most likely the author meant the hex beside.
func (l *loader) arrivalWarnings(ref chartRef, row *rules.RiftChartRow, d *Scenario) {
	feature := func(h rules.Hex) (rules.Feature, bool) {
		for _, f := range d.Features {
			if f.Hex == h {
				return f, true
			}
		}
		return rules.Feature{}, false
	}
	storm := func(h rules.Hex) (rules.Region, bool) {
		for _, g := range d.Regions {
			if g.Kind == rules.RegionIonStorm && g.Shape.Contains(h) {
				return g, true
			}
		}
		return rules.Region{}, false
	}
	noStart := func(k rules.FeatureKind) string {
		if k == rules.FeatureStar || k == rules.FeatureBlackHole {
			return fmt.Sprintf(", though no scenario may place a unit on a %s at the start", k)
		}
		return ""
	}
	const stormRule = `every direct-fire roll from or at a unit there takes +1 (docs/RULES.md "Ion storms")`
	if ref.port != nil {
		at, path := ref.port, ref.rowPath+".port"
		if f, ok := feature(row.Port); ok {
			l.warnf(at, path, "PORT %v holds the %s %q of %s: arrivals appear in its hex (IP4.421), and the rules give point terrain no effect on a unit there%s; most likely PORT was meant beside it", row.Port, f.Kind, f.ID, d.ID, noStart(f.Kind))
		}
		if g, ok := storm(row.Port); ok {
			l.warnf(at, path, "PORT %v lies inside ion storm %q of %s: arrivals appear in the storm, where %s; the rift's far end is no cosmic storm (IP4.51 is about a rift that forms in a storm)", row.Port, g.ID, d.ID, stormRule)
		}
	}
	if ref.defend == nil {
		return
	}
	placed, main := rules.PlaceDefenders(d.Units, row.Defend)
	if main < 0 {
		return
	}
	at, path := ref.defend, ref.rowPath+".defend"
	lead, home := placed[main], d.Units[main].Hex
	if home == row.Defend {
		return // the destination's own layout: nothing moves
	}
	if f, ok := feature(row.Defend); ok {
		l.warnf(at, path, "DEFEND %v holds the %s %q of %s: its largest unit %q comes into play in that hex (IP4.442), and the rules give point terrain no effect on a unit there%s; most likely DEFEND was meant beside it", row.Defend, f.Kind, f.ID, d.ID, lead.ID, noStart(f.Kind))
	}
	g, in := storm(row.Defend)
	g0, was := storm(home)
	switch {
	case in && !was:
		l.warnf(at, path, "DEFEND %v lies inside ion storm %q of %s: its largest unit %q comes into play in the storm, where %s, though its file has it outside any storm (at %v)", row.Defend, g.ID, d.ID, lead.ID, stormRule, home)
	case was && !in:
		l.warnf(at, path, "DEFEND %v takes the largest unit %q of %s out of its ion storm %q (its file has it at %v): a destination's units move to DEFEND, its terrain stays where it is; give DEFEND %v to keep them in the storm", row.Defend, lead.ID, d.ID, g0.ID, home, home)
	}
	for i, u := range placed {
		if i == main || u.Status != rules.StatusOnMap {
			continue
		}
		if f, ok := feature(u.Hex); ok && (f.Kind == rules.FeatureStar || f.Kind == rules.FeatureBlackHole) {
			l.warnf(at, path, "DEFEND %v moves unit %q of %s onto the %s %q at %v: its units keep their places relative to the largest, %q, and its terrain stays where it is", row.Defend, u.ID, d.ID, f.Kind, f.ID, u.Hex, lead.ID)
		}
	}
}

// readDestination reads the destination a chart row names. It returns
// the name its problems are reported under, the key that is the same for
// every name of the same file (empty when it cannot be read, which it
// has reported) and its text.
func (l *loader) readDestination(ref chartRef, name string) (file, key string, data []byte) {
	inBundle := strings.HasPrefix(l.file, "bundled/")
	switch {
	case !IsPath(name) && slices.Contains(bundledIDs(), name):
		file = path.Join("bundled", name+".yaml")
		data, _ = bundled.ReadFile(file)
		return file, "bundled:" + file, data
	case !IsPath(name):
		l.errorf(ref.at, ref.path, "destination %q is no bundled scenario%s; the bundled ones are %s (or give a path ending in .yaml)", clip(name), didYouMean(name, bundledIDs()), strings.Join(bundledIDs(), ", "))
		return "", "", nil
	case !strings.HasSuffix(name, ".yaml") && !strings.HasSuffix(name, ".yml"):
		l.errorf(ref.at, ref.path, "destination %q: a destination file's name ends in .yaml or .yml", clip(name))
		return "", "", nil
	case inBundle:
		file = path.Join("bundled", path.Clean(name))
		var err error
		if !fs.ValidPath(path.Clean(name)) || path.Dir(file) != "bundled" {
			err = fs.ErrNotExist
		} else {
			data, err = bundled.ReadFile(file)
		}
		if err != nil {
			l.errorf(ref.at, ref.path, "destination %q: no such bundled file; a bundled scenario's destinations are bundled scenarios", clip(name))
			return "", "", nil
		}
		return file, "bundled:" + file, data
	}
	if l.carried != nil {
		clean := path.Clean(name)
		data, ok := l.carried[clean]
		if !ok {
			l.errorf(ref.at, ref.path, "destination %q is not carried with the scenario; a scenario from another machine names its destinations by path only when it carries their text", clip(name))
			return "", "", nil
		}
		if l.carriedUsed == nil {
			l.carriedUsed = map[string]bool{}
		}
		l.carriedUsed[clean] = true
		return name, "carried:" + clean, data
	}
	file = filepath.Join(filepath.Dir(l.file), filepath.FromSlash(name))
	canon, msg := l.confineDestination(name)
	if msg != "" {
		l.errorf(ref.at, ref.path, "destination %q: %s", clip(name), msg)
		return "", "", nil
	}
	data, p := readFile(canon)
	if p != nil {
		l.errorf(ref.at, ref.path, "destination %q (%s): %s", clip(name), file, p.Msg)
		return "", "", nil
	}
	if l.read != nil && !slices.ContainsFunc(*l.read, func(d Source) bool { return d.Name == path.Clean(name) }) {
		*l.read = append(*l.read, Source{Name: path.Clean(name), Data: data})
	}
	return file, canon, data
}

// confineDestination resolves a destination path written in the origin
// file to the canonical path of the file it names, or says why it may
// not be read: it is absolute, it climbs out of the origin's folder, or
// a symbolic link on the way leads out of it.
func (l *loader) confineDestination(name string) (canon, msg string) {
	local := filepath.FromSlash(name)
	if filepath.IsAbs(local) || strings.HasPrefix(name, "/") || filepath.VolumeName(local) != "" {
		return "", "an absolute path; give the path relative to the scenario's folder (destinations must lie inside it)"
	}
	if !filepath.IsLocal(local) {
		return "", "leads out of the scenario's folder; destinations must lie inside it"
	}
	if l.root == "" {
		dir, err := filepath.Abs(filepath.Dir(l.file))
		if err == nil {
			dir, err = filepath.EvalSymlinks(dir)
		}
		if err != nil {
			return "", "the scenario's folder cannot be resolved: " + pathErr(err)
		}
		l.root = dir
	}
	canon, err := filepath.EvalSymlinks(filepath.Join(l.root, local))
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return "", "no such file in the scenario's folder"
		}
		return "", "cannot open: " + pathErr(err)
	}
	if rel, err := filepath.Rel(l.root, canon); err != nil || !filepath.IsLocal(rel) {
		return "", "a symbolic link leads out of the scenario's folder; destinations must lie inside it"
	}
	return canon, ""
}

// parseDestination loads a destination's text, without following its
// own charts, and reports at the chart row the first error.
func (l *loader) parseDestination(ref chartRef, name, file string, data []byte) *Scenario {
	sub := &loader{file: file, nested: true}
	d := sub.load(data)
	probs := sortProblems(sub.probs)
	if probs.HasErrors() {
		for _, p := range probs {
			if !p.Warning {
				l.errorf(ref.at, ref.path, "destination %q does not load: %s", clip(name), p.String())
				break
			}
		}
		return nil
	}
	return d
}

var _ fs.FS = bundled

// openRiftFields are the fields of an open_rifts entry.
var openRiftFields = []string{"hex", "lifetime"}

// maxOpenRifts bounds the open_rifts list.
const maxOpenRifts = 16

// openRifts reads the open_rifts list: cosmic rifts open when the game
// starts (rules.OpenRift), each at a hex of the map for a lifetime in
// impulses. It runs after the features and regions.
func (l *loader) openRifts(s *Scenario, n *yaml.Node) {
	if n == nil {
		return
	}
	items, _ := l.list(n, "open_rifts", maxOpenRifts)
	seen := map[rules.Hex]bool{}
	for i, item := range items {
		path := index("open_rifts", i)
		f := l.mapping(item, path, openRiftFields...)
		if f == nil {
			continue
		}
		var r rules.OpenRift
		good := true
		if v := f.require("hex"); v != nil {
			h, ok := l.hex(v, f.sub("hex"))
			r.Hex, good = h, ok
			if ok {
				switch {
				case seen[h]:
					l.errorf(v, f.sub("hex"), "another open rift lies at %v", h)
					good = false
				case inIonStorm(s, h):
					l.errorf(v, f.sub("hex"), "%v lies in an ion storm, where a rift is a cosmic storm at once (IP4.51); place it outside", h)
					good = false
				}
				for _, ft := range s.Features {
					if ft.Hex == h {
						l.errorf(v, f.sub("hex"), "%v holds %s %s; a rift needs an empty hex", h, ft.Kind, ft.ID)
						good = false
					}
				}
				seen[h] = true
			}
		} else {
			good = false
		}
		if v := f.require("lifetime"); v != nil {
			lt, ok := l.integer(v, f.sub("lifetime"), 1, rules.MaxOpenRiftLifetime)
			r.Lifetime, good = lt, ok && good
		} else {
			good = false
		}
		if good {
			s.OpenRifts = append(s.OpenRifts, r)
		}
	}
}

// inIonStorm reports whether h lies in one of the scenario's ion storms.
func inIonStorm(s *Scenario, h rules.Hex) bool {
	for _, rg := range s.Regions {
		if rg.Kind == rules.RegionIonStorm && rg.Shape.Contains(h) {
			return true
		}
	}
	return false
}
