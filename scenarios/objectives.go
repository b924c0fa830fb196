package scenarios

import (
	"strings"

	"github.com/hexrift/hexrift/rules"
	"go.yaml.in/yaml/v3"
)

// Scenario objectives: the objectives list gives each side objectives
// worth points on top of the BPV it destroys (rules/objective.go). Each
// entry names its side, its points and exactly one of hold, destroy,
// exit, protect and return:
//
//	objectives:
//	  - {side: blue, points: 40, hold: {hex: "0,0", radius: 1}}
//	  - {side: blue, points: 100, destroy: {unit: bastion}}
//	  - {side: red, points: 60, exit: {units: [a, b, c], count: 2, hex: "14,-13", radius: 2}}
//	  - {side: red, points: 50, protect: {unit: flagship}}
//	  - {side: red, points: 80, return: {units: [scout, flagship], count: 1}}

var (
	objectiveFields = []string{"side", "name", "points", "hold", "destroy", "exit", "protect", "return"}
	holdFields      = []string{"hex", "radius"}
	unitRefFields   = []string{"unit"}
	exitFields      = []string{"units", "count", "hex", "radius"}
	returnFields    = []string{"units", "count"}
)

// Bounds of the objectives list.
const (
	maxObjectives = 64
	// MaxObjectivePoints bounds one objective's points.
	MaxObjectivePoints = 100_000
	// maxObjectiveRadius bounds a hold or exit area's radius.
	maxObjectiveRadius = 100
)

// objectives reads the objectives list; it runs after the units, which
// it refers to.
func (l *loader) objectives(s *Scenario, n *yaml.Node) {
	if n == nil {
		return
	}
	units := map[rules.UnitID]*rules.Unit{}
	for i := range s.Units {
		units[s.Units[i].ID] = &s.Units[i]
	}
	sides := map[rules.SideID]bool{}
	for _, sd := range s.Sides {
		sides[sd.ID] = true
	}
	items, _ := l.list(n, "objectives", maxObjectives)
	for i, item := range items {
		path := index("objectives", i)
		f := l.mapping(item, path, objectiveFields...)
		if f == nil {
			continue
		}
		var o rules.Objective
		good := true
		if v := f.require("side"); v != nil {
			if id, ok := l.ident(v, f.sub("side")); ok {
				o.Side = rules.SideID(id)
				if !sides[o.Side] {
					l.errorf(v, f.sub("side"), "unknown side %q%s; the sides are %s", id, didYouMean(id, sideIDs(s)), sideList(s))
					good = false
				}
			} else {
				good = false
			}
		} else {
			good = false
		}
		if v := f.get("name"); v != nil {
			o.Name, _ = l.name(v, f.sub("name"))
		}
		if v := f.require("points"); v != nil {
			p, ok := l.integer(v, f.sub("points"), 0, MaxObjectivePoints)
			o.Points, good = p, ok && good
		} else {
			good = false
		}
		var kinds []string
		for _, k := range rules.ObjectiveKinds {
			if f.get(string(k)) != nil {
				kinds = append(kinds, string(k))
			}
		}
		if len(kinds) != 1 {
			l.errorf(item, path, "give exactly one of hold, destroy, exit, protect, return (found %s)", orNone(kinds))
			continue
		}
		o.Kind = rules.ObjectiveKind(kinds[0])
		kp := f.sub(kinds[0])
		kf := f.get(kinds[0])
		switch o.Kind {
		case rules.ObjectiveHold:
			g := l.mapping(kf, kp, holdFields...)
			good = l.objectiveArea(s, g, &o, true) && good
		case rules.ObjectiveDestroy, rules.ObjectiveProtect:
			g := l.mapping(kf, kp, unitRefFields...)
			if v := g.require("unit"); v != nil {
				if id, ok := l.ident(v, g.sub("unit")); ok {
					u := units[rules.UnitID(id)]
					switch {
					case u == nil:
						l.errorf(v, g.sub("unit"), "unknown unit %q%s", id, didYouMean(id, unitIDs(s)))
						good = false
					case o.Kind == rules.ObjectiveDestroy && u.Side == o.Side:
						l.errorf(v, g.sub("unit"), "%q is a unit of %s itself; a side destroys another side's units", id, o.Side)
						good = false
					case o.Kind == rules.ObjectiveProtect && u.Side != o.Side && o.Side != "":
						l.errorf(v, g.sub("unit"), "%q belongs to %s; a side protects its own units", id, u.Side)
						good = false
					}
					o.Units = []rules.UnitID{rules.UnitID(id)}
				} else {
					good = false
				}
			} else {
				good = false
			}
		case rules.ObjectiveExit, rules.ObjectiveReturn:
			var g *fields
			if o.Kind == rules.ObjectiveExit {
				g = l.mapping(kf, kp, exitFields...)
				good = l.objectiveArea(s, g, &o, false) && good
			} else {
				g = l.mapping(kf, kp, returnFields...)
			}
			if g == nil {
				good = false
				break
			}
			if v := g.require("units"); v != nil {
				list, ok := l.list(v, g.sub("units"), maxUnits)
				if ok && len(list) == 0 {
					l.errorf(v, g.sub("units"), "lists no units")
					ok = false
				}
				seen := map[rules.UnitID]bool{}
				for j, un := range list {
					p := index(g.sub("units"), j)
					id, idOK := l.ident(un, p)
					uid := rules.UnitID(id)
					switch u := units[uid]; {
					case !idOK:
						ok = false
					case u == nil:
						l.errorf(un, p, "unknown unit %q%s", id, didYouMean(id, unitIDs(s)))
						ok = false
					case u.Side != o.Side && o.Side != "":
						l.errorf(un, p, "%q belongs to %s; a side takes its own units out", id, u.Side)
						ok = false
					case seen[uid]:
						l.errorf(un, p, "%q is listed twice", id)
						ok = false
					}
					seen[uid] = true
					o.Units = append(o.Units, uid)
				}
				good = ok && good
			} else {
				good = false
			}
			if v := g.get("count"); v != nil {
				c, ok := l.integer(v, g.sub("count"), 1, maxUnits)
				if ok && c > len(o.Units) && len(o.Units) > 0 {
					l.errorf(v, g.sub("count"), "count %d is more than the %d units listed", c, len(o.Units))
					ok = false
				}
				o.Count, good = c, ok && good
			}
		}
		if good {
			s.Objectives = append(s.Objectives, o)
		}
	}
}

// objectiveArea reads the hex and radius of a hold (where hex is
// required) or exit (where it is optional) objective.
func (l *loader) objectiveArea(s *Scenario, g *fields, o *rules.Objective, required bool) bool {
	if g == nil {
		return false
	}
	var v *yaml.Node
	if required {
		v = g.require("hex")
	} else {
		v = g.get("hex")
	}
	ok := !required || v != nil
	if v != nil {
		h, hexOK := l.hex(v, g.sub("hex"))
		o.Area, o.Map, o.Hex, ok = true, s.MapID(), h, hexOK
	}
	if r := g.get("radius"); r != nil {
		if v == nil {
			l.errorf(r, g.sub("radius"), "a radius needs the hex at its centre")
			return false
		}
		rad, rOK := l.integer(r, g.sub("radius"), 0, maxObjectiveRadius)
		o.Radius, ok = rad, ok && rOK
	}
	return ok
}

func orNone(ks []string) string {
	if len(ks) == 0 {
		return "none"
	}
	return strings.Join(ks, ", ")
}
