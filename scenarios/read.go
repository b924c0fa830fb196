package scenarios

import (
	"slices"
	"strings"

	"github.com/hexrift/hexrift/rules"
	"go.yaml.in/yaml/v3"
)

// defaultColors are the side colours used, in order, for sides that set
// none.
var defaultColors = [...]string{"#4da3ff", "#ff5c5c", "#5cd65c", "#ffc23d", "#c77dff", "#40e0d0", "#ff8c42", "#e0e0e0"}

// The fields each part of a file may hold, in the order the format
// reference gives them.
var (
	topFields     = []string{"id", "name", "description", "drill", "center", "ruleset", "sides", "features", "regions", "systems", "units", "objectives", "rift_charts", "open_rifts"}
	rulesetFields = []string{"impulses", "gravity_rift", "phase_storm_range", "fleet_limit", "turn_limit", "cosmic_rifts", "rift_dice", "rift_detect_range"}
	sideFields    = []string{"id", "name", "color"}
	featureFields = []string{"id", "kind", "name", "hex"}
	regionFields  = []string{"id", "kind", "name", "disc", "hexes"}
	systemFields  = []string{"id", "name", "rift", "disc", "hexes"}
	discFields    = []string{"center", "radius"}
	unitFields    = []string{"id", "name", "side", "class", "kind", "hex", "facing", "speed", "carried_by", "devices"}
)

// fieldTable names every mapping of the format and the fields it may
// hold, keyed by where the mapping sits: "" for the top level, a field
// name for a mapping under it, "[]" for the entries of a list. The test
// TestSchemaMatchesLoader walks docs/scenario.schema.json against it, so
// a field added here without the schema (or the other way round) fails
// the tests: add every new field list to this table too.
var fieldTable = map[string][]string{
	"":                     topFields,
	"ruleset":              rulesetFields,
	"sides[]":              sideFields,
	"features[]":           featureFields,
	"regions[]":            regionFields,
	"regions[].disc":       discFields,
	"systems[]":            systemFields,
	"systems[].disc":       discFields,
	"units[]":              unitFields,
	"ruleset.rift_dice":    riftDiceFields,
	"rift_charts[]":        chartFields,
	"rift_charts[].rows[]": chartRowFields,
	"objectives[]":         objectiveFields,
	"objectives[].hold":    holdFields,
	"objectives[].destroy": unitRefFields,
	"objectives[].protect": unitRefFields,
	"objectives[].exit":    exitFields,
	"objectives[].return":  returnFields,
	"drill":                drillFields,
	"open_rifts[]":         openRiftFields,
}

// FarFromCenter is how far from the map centre, in hexes, a unit may
// start before the loader warns that its hex is likely a typo.
const FarFromCenter = 400

var unitKinds = []rules.UnitKind{rules.KindShip, rules.KindBase, rules.KindShuttle, rules.KindFighter, rules.KindDrone, rules.KindMonster, rules.KindMine}

// idSet finds repeated ids within one list.
type idSet struct {
	what  string
	first map[string]*yaml.Node
}

func newIDSet(what string) *idSet { return &idSet{what: what, first: map[string]*yaml.Node{}} }

// add records id, reporting it if it is already taken.
func (s *idSet) add(l *loader, n *yaml.Node, path, id string) bool {
	if f, dup := s.first[id]; dup {
		l.errorf(n, path, "duplicate %s id %q (first at line %d)", s.what, id, f.Line)
		return false
	}
	s.first[id] = n
	return true
}

// load reads the whole file. It returns a scenario even when problems
// were found; Load discards it then.
func (l *loader) load(data []byte) *Scenario {
	s := &Scenario{File: l.file, Ruleset: rules.DefaultRuleset()}
	root := l.parse(data)
	if root == nil {
		return s
	}
	if root.Kind != yaml.MappingNode {
		l.errorf(root, "", "expected a mapping of scenario fields (id, name, sides, units, ...), found %s", describeRoot(root, data))
		return s
	}
	top := l.mapping(root, "", topFields...)
	if n := top.require("id"); n != nil {
		s.ID, _ = l.ident(n, "id")
	}
	if n := top.require("name"); n != nil {
		s.Name, _ = l.name(n, "name")
	}
	if n := top.get("description"); n != nil {
		if d, ok := l.text(n, "description", maxDesc, true); ok {
			s.Description = strings.TrimSpace(d)
		}
	}
	if n := top.get("center"); n != nil {
		s.Center, _ = l.hex(n, "center")
	}
	if n := top.get("ruleset"); n != nil {
		l.ruleset(n, &s.Ruleset)
	}
	sides, sidesOK := l.sides(s, top.require("sides"))
	stars, placed := l.features(s, top.get("features"))
	l.regions(s, top.get("regions"))
	rifts := l.systems(s, top.get("systems"))
	l.featuresInRifts(s, placed, rifts)
	l.units(s, top.require("units"), sides, sidesOK, stars)
	l.drill(s, top.get("drill"))
	l.objectives(s, top.get("objectives"))
	l.riftCharts(s, top.get("rift_charts"))
	l.openRifts(s, top.get("open_rifts"))
	if !l.nested {
		l.loadDestinations(s)
	}
	return s
}

func (l *loader) ruleset(n *yaml.Node, r *rules.Ruleset) {
	f := l.mapping(n, "ruleset", rulesetFields...)
	if v := f.get("impulses"); v != nil {
		if i, ok := l.integer(v, "ruleset.impulses", 1, MaxCoord); ok {
			if i != 6 && i != 32 {
				l.errorf(v, "ruleset.impulses", "%d impulses per turn: must be 6 (the 3X/4X sequence) or 32 (the SFB impulse chart)", i)
			} else {
				r.ImpulsesPerTurn = i
			}
		}
	}
	if v := f.get("gravity_rift"); v != nil {
		if g, ok := oneOf(l, v, "ruleset.gravity_rift", []rules.GravityRiftRuling{rules.RulingThundersEdge, rules.RulingLRR}); ok {
			r.GravityRift = g
		}
	}
	if v := f.get("phase_storm_range"); v != nil {
		if i, ok := l.integer(v, "ruleset.phase_storm_range", 1, MaxCoord); ok {
			r.PhaseStormRange = i
		}
	}
	if v := f.get("fleet_limit"); v != nil {
		if i, ok := l.integer(v, "ruleset.fleet_limit", 0, MaxCoord); ok {
			r.FleetLimit = i
		}
	}
	if v := f.get("turn_limit"); v != nil {
		if i, ok := l.integer(v, "ruleset.turn_limit", 0, MaxTurns); ok {
			r.TurnLimit = i
		}
	}
	if v := f.get("cosmic_rifts"); v != nil {
		if b, ok := l.boolean(v, "ruleset.cosmic_rifts"); ok {
			r.NoCosmicRifts = !b
		}
	}
	if v := f.get("rift_dice"); v != nil {
		l.riftDice(v, &r.RiftDice)
	}
	if v := f.get("rift_detect_range"); v != nil {
		if i, ok := l.integer(v, "ruleset.rift_detect_range", 1, 1000); ok {
			r.RiftDetectRange = i
		}
	}
	if err := r.Validate(); err != nil { // cannot happen after the checks above
		l.errorf(n, "ruleset", "%v", err)
	}
}

// MaxTurns bounds a scenario's turn limit.
const MaxTurns = 10000

// sideAt is where a side's id was written.
type sideAt struct {
	node *yaml.Node
	path string
}

// sides reads the sides. It returns where each side's id was written, and
// whether every side has a valid id (so that unknown-side checks are
// meaningful).
func (l *loader) sides(s *Scenario, n *yaml.Node) (map[rules.SideID]sideAt, bool) {
	at := map[rules.SideID]sideAt{}
	if n == nil {
		return at, false
	}
	items, ok := l.list(n, "sides", maxSides)
	if ok && len(items) == 0 {
		l.errorf(n, "sides", "a scenario needs at least one side")
	}
	ids := newIDSet("side")
	for i, item := range items {
		path := index("sides", i)
		f := l.mapping(item, path, sideFields...)
		if f == nil {
			ok = false
			continue
		}
		var sd rules.Side
		idn := f.require("id")
		if idn == nil {
			ok = false
		} else if id, good := l.ident(idn, f.sub("id")); !good {
			ok = false
		} else if ids.add(l, idn, f.sub("id"), id) {
			sd.ID = rules.SideID(id)
			at[sd.ID] = sideAt{idn, f.sub("id")}
		}
		sd.Name = string(sd.ID)
		if v := f.get("name"); v != nil {
			sd.Name, _ = l.name(v, f.sub("name"))
		}
		sd.Color = defaultColors[i%len(defaultColors)]
		if v := f.get("color"); v != nil {
			if c, good := color(v); good {
				sd.Color = c
			} else {
				l.errorf(v, f.sub("color"), `%s is not a colour written "#rrggbb"`, describe(v))
			}
		} else if f.present("color") {
			l.errorf(f.vals["color"], f.sub("color"), `has no value: "#" starts a comment in YAML, so quote the colour, as "#4da3ff"`)
		}
		s.Sides = append(s.Sides, sd)
	}
	return at, ok
}

// color reads "#rrggbb" and returns it in lower case.
func color(n *yaml.Node) (string, bool) {
	if n.Kind != yaml.ScalarNode || len(n.Value) != 7 || n.Value[0] != '#' {
		return "", false
	}
	for _, c := range n.Value[1:] {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return "", false
		}
	}
	return strings.ToLower(n.Value), true
}

// placedFeature is a feature read without problems, with where its hex
// was written.
type placedFeature struct {
	i    int
	at   *yaml.Node
	path string
}

// features reads the point features. It returns the hexes that hold a
// star or black hole, with the feature there, and the features read
// without problems.
func (l *loader) features(s *Scenario, n *yaml.Node) (map[rules.Hex]rules.Feature, []placedFeature) {
	blocked := map[rules.Hex]rules.Feature{}
	if n == nil {
		return blocked, nil
	}
	var placed []placedFeature
	ids := newIDSet("feature")
	taken := map[rules.Hex]*yaml.Node{}
	items, _ := l.list(n, "features", maxFeatures)
	for i, item := range items {
		path := index("features", i)
		f := l.mapping(item, path, featureFields...)
		if f == nil {
			continue
		}
		var ft rules.Feature
		good := true
		if idn := f.require("id"); idn != nil {
			id, ok := l.ident(idn, f.sub("id"))
			good = ok && ids.add(l, idn, f.sub("id"), id) && good
			ft.ID = id
		}
		if v := f.require("kind"); v != nil {
			k, ok := oneOf(l, v, f.sub("kind"), rules.FeatureKinds)
			ft.Kind, good = k, ok && good
		} else {
			good = false
		}
		if v := f.get("name"); v != nil {
			ft.Name, _ = l.name(v, f.sub("name"))
		}
		if v := f.require("hex"); v != nil {
			h, ok := l.hex(v, f.sub("hex"))
			if ok {
				if first, dup := taken[h]; dup {
					l.errorf(v, f.sub("hex"), "hex %v already holds a feature (line %d); a hex holds at most one", h, first.Line)
					ok = false
				} else {
					taken[h] = v
				}
			}
			ft.Hex, good = h, ok && good
		} else {
			good = false
		}
		if good && (ft.Kind == rules.FeatureStar || ft.Kind == rules.FeatureBlackHole) {
			blocked[ft.Hex] = ft
		}
		if good {
			placed = append(placed, placedFeature{i: len(s.Features), at: f.get("hex"), path: f.sub("hex")})
		}
		s.Features = append(s.Features, ft)
	}
	return blocked, placed
}

// featuresInRifts warns of point features inside gravity rift systems
// (given by index in s.Systems): the rules do not say how a star, planet,
// moon or black hole and a gravity rift share a hex, so this is most
// likely a slip; it is a warning, not an error, because nothing in the
// rules breaks.
func (l *loader) featuresInRifts(s *Scenario, placed []placedFeature, rifts []int) {
	for _, pf := range placed {
		ft := s.Features[pf.i]
		for _, i := range rifts {
			sy := &s.Systems[i]
			if sy.Shape.Contains(ft.Hex) {
				l.warnf(pf.at, pf.path, "the %s %q at hex %v lies inside gravity rift system %q; the rules do not say what a rift hex holding a %s does, so keep features out of rift hexes",
					ft.Kind, ft.ID, ft.Hex, sy.ID, ft.Kind)
				break
			}
		}
	}
}

// shape reads the disc or hexes field of a region or system.
func (l *loader) shape(f *fields) (rules.Shape, *yaml.Node, bool) {
	disc, hexes := f.get("disc"), f.get("hexes")
	switch {
	case disc != nil && hexes != nil:
		l.errorf(hexes, f.path, "give either disc or hexes, not both")
		return rules.Shape{}, nil, false
	case disc != nil:
		path := f.sub("disc")
		d := l.mapping(disc, path, discFields...)
		if d == nil {
			return rules.Shape{}, nil, false
		}
		var c rules.Hex
		var r int
		okC, okR := false, false
		if v := d.require("center"); v != nil {
			c, okC = l.hex(v, d.sub("center"))
		}
		if v := d.require("radius"); v != nil {
			r, okR = l.integer(v, d.sub("radius"), 0, MaxCoord)
		}
		return rules.DiscShape(c, r), disc, okC && okR
	case hexes != nil:
		path := f.sub("hexes")
		items, ok := l.list(hexes, path, maxHexes)
		if !ok {
			return rules.Shape{}, nil, false
		}
		if len(items) == 0 {
			l.errorf(hexes, path, "lists no hexes")
			return rules.Shape{}, nil, false
		}
		seen := make(map[rules.Hex]bool, len(items))
		hs := make([]rules.Hex, 0, len(items))
		for i, item := range items {
			h, good := l.hex(item, index(path, i))
			if !good {
				ok = false
				continue
			}
			if seen[h] {
				l.warnf(item, index(path, i), "hex %v is listed twice", h)
				continue
			}
			seen[h] = true
			hs = append(hs, h)
		}
		if !ok {
			return rules.Shape{}, nil, false
		}
		return rules.HexShape(hs...), hexes, true
	}
	l.errorf(f.node, f.path, "missing its area: give disc: {center: \"Q,R\", radius: N} or hexes: [\"Q,R\", ...]")
	return rules.Shape{}, nil, false
}

// diameter returns how many hexes across the shape is at its widest.
func diameter(sh *rules.Shape) int {
	if sh.IsDisc() {
		return 2*sh.Radius + 1
	}
	lo := [3]int{sh.Hexes[0].Q, sh.Hexes[0].R, sh.Hexes[0].S()}
	hi := lo
	for _, h := range sh.Hexes {
		for i, v := range [3]int{h.Q, h.R, h.S()} {
			lo[i], hi[i] = min(lo[i], v), max(hi[i], v)
		}
	}
	return max(hi[0]-lo[0], hi[1]-lo[1], hi[2]-lo[2]) + 1
}

func (l *loader) regions(s *Scenario, n *yaml.Node) {
	if n == nil {
		return
	}
	ids := newIDSet("region")
	items, _ := l.list(n, "regions", maxRegions)
	for i, item := range items {
		path := index("regions", i)
		f := l.mapping(item, path, regionFields...)
		if f == nil {
			continue
		}
		var rg rules.Region
		if idn := f.require("id"); idn != nil {
			if id, ok := l.ident(idn, f.sub("id")); ok {
				ids.add(l, idn, f.sub("id"), id)
				rg.ID = id
			}
		}
		kindOK := false
		if v := f.require("kind"); v != nil {
			rg.Kind, kindOK = oneOf(l, v, f.sub("kind"), rules.RegionKinds)
		}
		if v := f.get("name"); v != nil {
			rg.Name, _ = l.name(v, f.sub("name"))
		}
		sh, at, ok := l.shape(f)
		rg.Shape = sh
		if ok && kindOK && rg.Kind == rules.RegionPhaseSpace {
			if d := diameter(&sh); d < MinPhaseDiameter {
				l.warnf(at, f.sub(shapeField(&sh)), "phase space %d hexes across is smaller than the %d hexes IP8.13 allows (use a disc radius of at least 5)", d, MinPhaseDiameter)
			}
		}
		s.Regions = append(s.Regions, rg)
	}
}

// sysEntry is a system read well enough to check it for overlaps.
type sysEntry struct {
	i    int
	at   *yaml.Node
	line int
}

// systems reads the systems. It returns the indices in s.Systems of the
// gravity rift systems whose area was read without problems.
func (l *loader) systems(s *Scenario, n *yaml.Node) (rifts []int) {
	if n == nil {
		return nil
	}
	ids := newIDSet("system")
	owner := map[rules.Hex]sysEntry{} // hex-set systems
	var discs []sysEntry
	items, _ := l.list(n, "systems", maxSystems)
	for i, item := range items {
		path := index("systems", i)
		f := l.mapping(item, path, systemFields...)
		if f == nil {
			continue
		}
		var sy rules.System
		if idn := f.require("id"); idn != nil {
			if id, ok := l.ident(idn, f.sub("id")); ok {
				ids.add(l, idn, f.sub("id"), id)
				sy.ID = id
			}
		}
		if v := f.get("name"); v != nil {
			sy.Name, _ = l.name(v, f.sub("name"))
		}
		if v := f.get("rift"); v != nil {
			sy.Rift, _ = l.boolean(v, f.sub("rift"))
		}
		sh, at, ok := l.shape(f)
		sy.Shape = sh
		s.Systems = append(s.Systems, sy)
		if !ok {
			continue
		}
		if sy.Rift {
			rifts = append(rifts, len(s.Systems)-1)
		}
		// A hex belongs to at most one system (rules.Terrain.SystemAt),
		// and overlapping rifts would make the GR41.4 "one rift" unclear.
		me := sysEntry{i: len(s.Systems) - 1, at: at, line: f.node.Line}
		overlap := func(other sysEntry, h rules.Hex) {
			what := "system"
			if sy.Rift && s.Systems[other.i].Rift {
				what = "rift system"
			}
			l.errorf(at, f.sub(shapeField(&sh)), "overlaps %s %q (line %d) at hex %v; a hex belongs to at most one system",
				what, s.Systems[other.i].ID, other.line, h)
		}
		if sh.IsDisc() {
			if h, o, found := discOverlap(s, sh, discs, owner); found {
				overlap(o, h)
				continue
			}
			discs = append(discs, me)
			continue
		}
		clash := false
		for _, h := range sh.Hexes {
			if o, taken := owner[h]; taken {
				overlap(o, h)
				clash = true
				break
			}
			if o, found := inDiscs(s, h, discs); found {
				overlap(o, h)
				clash = true
				break
			}
		}
		if !clash {
			for _, h := range sh.Hexes {
				owner[h] = me
			}
		}
	}
	return rifts
}

func shapeField(sh *rules.Shape) string {
	if sh.IsDisc() {
		return "disc"
	}
	return "hexes"
}

func inDiscs(s *Scenario, h rules.Hex, discs []sysEntry) (sysEntry, bool) {
	for _, d := range discs {
		if s.Systems[d.i].Shape.Contains(h) {
			return d, true
		}
	}
	return sysEntry{}, false
}

// discOverlap finds a hex the disc sh shares with an earlier system.
func discOverlap(s *Scenario, sh rules.Shape, discs []sysEntry, owner map[rules.Hex]sysEntry) (rules.Hex, sysEntry, bool) {
	for _, d := range discs {
		o := s.Systems[d.i].Shape
		if sh.Center.Distance(o.Center) <= sh.Radius+o.Radius {
			// The hex of sh nearest o's centre lies in both.
			line := rules.Line(sh.Center, o.Center)
			h := line[min(sh.Radius, len(line)-1)]
			return h, d, true
		}
	}
	// Hex sets are small next to discs: walk them in sorted order.
	keys := make([]rules.Hex, 0, len(owner))
	for h := range owner {
		if sh.Contains(h) {
			keys = append(keys, h)
		}
	}
	if len(keys) == 0 {
		return rules.Hex{}, sysEntry{}, false
	}
	slices.SortFunc(keys, func(a, b rules.Hex) int {
		if a.Q != b.Q {
			return a.Q - b.Q
		}
		return a.R - b.R
	})
	return keys[0], owner[keys[0]], true
}

// unitEntry is a unit with the nodes later checks point at.
type unitEntry struct {
	f       *fields
	path    string
	idNode  *yaml.Node
	carrier *yaml.Node
	hexOK   bool
}

func (l *loader) units(s *Scenario, n *yaml.Node, sides map[rules.SideID]sideAt, sidesOK bool, blocked map[rules.Hex]rules.Feature) {
	if n == nil {
		return
	}
	items, unitsOK := l.list(n, "units", maxUnits)
	ids := newIDSet("unit")
	byID := map[rules.UnitID]int{}
	var entries []unitEntry
	used := map[rules.SideID]bool{}
	for i, item := range items {
		path := index("units", i)
		f := l.mapping(item, path, unitFields...)
		if f == nil {
			unitsOK = false
			continue
		}
		u := rules.Unit{Status: rules.StatusOnMap, Map: s.MapID(), Facing: rules.DirA}
		e := unitEntry{f: f, path: path}
		if idn := f.require("id"); idn != nil {
			if id, ok := l.ident(idn, f.sub("id")); ok && ids.add(l, idn, f.sub("id"), id) {
				u.ID = rules.UnitID(id)
				e.idNode = idn
				byID[u.ID] = len(entries)
			} else if !ok {
				unitsOK = false
			}
		} else {
			unitsOK = false
		}
		if v := f.get("name"); v != nil {
			u.Name, _ = l.name(v, f.sub("name"))
		}
		if v := f.require("side"); v != nil {
			if id, ok := l.ident(v, f.sub("side")); ok {
				u.Side = rules.SideID(id)
				used[u.Side] = true
				if _, known := sides[u.Side]; !known && sidesOK {
					l.errorf(v, f.sub("side"), "unknown side %q%s; the sides are %s", id, didYouMean(id, sideIDs(s)), sideList(s))
				}
			}
		}
		if v := f.require("class"); v != nil {
			if v.Kind == yaml.ScalarNode {
				if c, ok := rules.LookupClass(rules.ClassID(v.Value)); ok {
					u.Class, u.Kind = c.ID, c.Kind
				} else {
					l.errorf(v, f.sub("class"), "unknown class %q%s; the classes are %s", clip(v.Value), didYouMean(v.Value, classIDs()), classList())
				}
			} else {
				l.errorf(v, f.sub("class"), "expected a class id, found %s", describe(v))
			}
		}
		if v := f.get("kind"); v != nil {
			if k, ok := oneOf(l, v, f.sub("kind"), unitKinds); ok {
				u.Kind = k
			}
		}
		if v := f.get("facing"); v != nil {
			d, err := rules.ParseDirection(v.Value)
			if v.Kind != yaml.ScalarNode || err != nil {
				l.errorf(v, f.sub("facing"), "%s is not one of A, B, C, D, E, F", describe(v))
			} else {
				u.Facing = d
			}
		}
		if v := f.get("speed"); v != nil {
			if sp, ok := l.integer(v, f.sub("speed"), 0, MaxSpeed); ok {
				u.Speed = sp
			}
		}
		if v := f.get("devices"); v != nil {
			l.devices(v, f.sub("devices"), &u)
		}
		hexNode, carrier := f.get("hex"), f.get("carried_by")
		switch {
		case hexNode != nil && carrier != nil:
			l.errorf(carrier, f.path, "give either hex or carried_by, not both: a carried unit is where its carrier is")
		case carrier != nil:
			if id, ok := l.ident(carrier, f.sub("carried_by")); ok {
				u.Status, u.CarriedBy, e.carrier = rules.StatusCarried, rules.UnitID(id), carrier
			}
		case hexNode != nil:
			h, ok := l.hex(hexNode, f.sub("hex"))
			u.Hex, e.hexOK = h, ok
			if ft, bad := blocked[h]; ok && bad {
				l.errorf(hexNode, f.sub("hex"), "hex %v holds the %s %q; no unit may be placed on a star or black hole", h, ft.Kind, ft.ID)
			}
			if d := h.Distance(s.Center); ok && d > FarFromCenter {
				l.warnf(hexNode, f.sub("hex"), "hex %v is %d hexes from the map centre %v; more than %d is likely a typo (the map opens on the centre)", h, d, s.Center, FarFromCenter)
			}
		default:
			l.errorf(f.node, f.path, "missing required field \"hex\" (or carried_by, for a unit aboard another)")
		}
		s.Units = append(s.Units, u)
		entries = append(entries, e)
	}
	aboard := map[rules.UnitID]int{} // units in each carrier's shuttle boxes
	for i := range s.Units {
		u, e := &s.Units[i], entries[i]
		if e.carrier == nil {
			continue
		}
		path := e.f.sub("carried_by")
		j, known := byID[u.CarriedBy]
		switch {
		case u.CarriedBy == u.ID:
			l.errorf(e.carrier, path, "a unit cannot carry itself")
		case !known:
			if unitsOK {
				l.errorf(e.carrier, path, "unknown unit %q%s", u.CarriedBy, didYouMean(string(u.CarriedBy), unitIDs(s)))
			}
		default:
			c := s.Units[j]
			switch {
			case c.Status == rules.StatusCarried:
				l.errorf(e.carrier, path, "%q is itself carried; a carrier must be on the map", c.ID)
			case c.Kind == "":
				// The carrier's class is unknown, reported at its class;
				// what it may carry cannot be told.
			case c.Kind != rules.KindShip && c.Kind != rules.KindBase:
				l.errorf(e.carrier, path, "%q is a %s; only ships and bases carry units", c.ID, c.Kind)
			case u.Kind == rules.KindShip || u.Kind == rules.KindBase:
				l.errorf(e.carrier, path, "a %s cannot be carried; only small craft, drones, mines and monsters can", u.Kind)
			case u.Kind == rules.KindPlasma:
				l.errorf(e.carrier, path, "a plasma torpedo cannot be carried: a plasma launcher makes one when it launches")
			case c.Side != u.Side && c.Side != "" && u.Side != "":
				l.errorf(e.carrier, path, "%q belongs to side %q, not %q", c.ID, c.Side, u.Side)
			default:
				u.Hex = c.Hex
				l.capacity(e.carrier, path, u, &c, aboard)
			}
		}
	}
	if unitsOK {
		for _, sd := range s.Sides {
			if at, ok := sides[sd.ID]; ok && !used[sd.ID] {
				l.errorf(at.node, at.path, "side %q has no units", sd.ID)
			}
		}
	}
}

// capacity checks that carrier c has room for u, by its class: a drone
// rides in a drone rack, anything else in a shuttle box, one unit a box.
// aboard counts the units already in each carrier's shuttle boxes.
func (l *loader) capacity(at *yaml.Node, path string, u, c *rules.Unit, aboard map[rules.UnitID]int) {
	cc, ok := rules.LookupClass(c.Class)
	if !ok {
		return // an unknown class is reported already
	}
	boxes := cc.Boxes()
	if u.Kind == rules.KindDrone {
		if boxes[rules.SysDrone] == 0 {
			l.errorf(at, path, "%q is a %s, which has no drone rack to carry a drone", c.ID, cc.ID)
		}
		return
	}
	aboard[c.ID]++
	switch n, room := aboard[c.ID], boxes[rules.SysShuttle]; {
	case room == 0:
		l.errorf(at, path, "%q is a %s, which has no shuttle boxes to carry a %s", c.ID, cc.ID, u.Kind)
	case n > room:
		l.errorf(at, path, "%q is a %s with %d shuttle box%s; this is unit %d aboard it", c.ID, cc.ID, room, plural(room, "", "es"), n)
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func sideIDs(s *Scenario) []string {
	var ids []string
	for _, sd := range s.Sides {
		ids = append(ids, string(sd.ID))
	}
	return ids
}

func sideList(s *Scenario) string {
	if len(s.Sides) == 0 {
		return "none"
	}
	return strings.Join(sideIDs(s), ", ")
}

func classIDs() []string {
	var ids []string
	for _, c := range rules.Classes() {
		ids = append(ids, string(c.ID))
	}
	return ids
}

func classList() string { return strings.Join(classIDs(), ", ") }

func unitIDs(s *Scenario) []string {
	ids := make([]string, len(s.Units))
	for i, u := range s.Units {
		ids[i] = string(u.ID)
	}
	return ids
}

// maxDevices bounds a unit's devices list.
const maxDevices = 16

// devices reads a unit's devices list and fits each device to u: a
// device the rules do not know, or one its class cannot carry, is an
// error; one listed twice, or one every unit of its class carries
// already, a warning.
func (l *loader) devices(n *yaml.Node, path string, u *rules.Unit) {
	items, ok := l.list(n, path, maxDevices)
	if !ok {
		return
	}
	seen := map[rules.DeviceKind]*yaml.Node{}
	for i, item := range items {
		at := index(path, i)
		d := rules.DeviceKind(item.Value)
		if item.Kind != yaml.ScalarNode || !slices.Contains(rules.FittableDevices, d) {
			l.errorf(item, at, "unknown device %s%s; the devices are %s", describe(item), didYouMean(item.Value, strings.Split(deviceList(), ", ")), deviceList())
			continue
		}
		if first, dup := seen[d]; dup {
			l.warnf(item, at, "device %q is listed twice (first at line %d)", d, first.Line)
			continue
		}
		seen[d] = item
		if u.Class == "" {
			continue // the unknown class is reported at its class
		}
		if rules.ClassHasDevice(u.Class, d) {
			l.warnf(item, at, "every %s carries a %s already", u.Class, d)
			continue
		}
		if err := rules.CanFit(u.Class, d); err != nil {
			l.errorf(item, at, "%s", strings.TrimPrefix(err.Error(), "rules: "))
			continue
		}
		u.Fit(d)
	}
}

func deviceList() string {
	words := make([]string, len(rules.FittableDevices))
	for i, d := range rules.FittableDevices {
		words[i] = string(d)
	}
	return strings.Join(words, ", ")
}
