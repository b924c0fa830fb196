package scenarios

import (
	"github.com/hexrift/hexrift/rules"
	"go.yaml.in/yaml/v3"
)

// Drills: a scenario with a drill mapping is a practice scenario. The new
// game screen lists drills in a group of their own, and a drill's seats
// start with a person at the practice side and the computer at the
// others:
//
//	drill: {side: federation, level: normal}

var drillFields = []string{"side", "level"}

// DrillLevels are the computer levels a drill may name for its other
// sides, weakest first (the levels of game/ai).
var DrillLevels = []string{"easy", "normal", "hard"}

// DefaultDrillLevel is the computer level of a drill's other sides when
// it names none.
const DefaultDrillLevel = "normal"

// Drill marks a practice scenario: the side the player practises with
// and the computer level of the other sides.
type Drill struct {
	Side  rules.SideID
	Level string
}

// drill reads the drill mapping; it runs after the sides.
func (l *loader) drill(s *Scenario, n *yaml.Node) {
	if n == nil {
		return
	}
	f := l.mapping(n, "drill", drillFields...)
	if f == nil {
		return
	}
	d := Drill{Level: DefaultDrillLevel}
	good := true
	if v := f.require("side"); v != nil {
		id, ok := l.ident(v, "drill.side")
		d.Side = rules.SideID(id)
		known := false
		for _, sd := range s.Sides {
			known = known || sd.ID == d.Side
		}
		if ok && !known && len(s.Sides) > 0 {
			l.errorf(v, "drill.side", "unknown side %q%s; the sides are %s", id, didYouMean(id, sideIDs(s)), sideList(s))
		}
		good = ok && known
	} else {
		good = false
	}
	if v := f.get("level"); v != nil {
		lv, ok := oneOf(l, v, "drill.level", DrillLevels)
		d.Level, good = lv, ok && good
	}
	if good {
		s.Drill = &d
	}
}
