package rules

import (
	"fmt"
	"slices"
)

// Webs (house rules, docs/RULES.md "Webs"). A unit with a web caster lays
// a line of web hexes between itself and an anchor, or casts a short one
// with no anchors, in impulse activity, on battery energy. A unit of
// another side entering a web hex is caught: its movement ends for the
// impulse. What phase space does to webs is in phasegear.go (IP8.41).

// DeviceWeb is the web caster.
const DeviceWeb DeviceKind = "web"

// Web house numbers.
const (
	// maxWebHexes is the longest laid web; maxCastHexes the longest cast one.
	maxWebHexes  = 6
	maxCastHexes = 3
	// webCostPerHex is the battery energy per web hex.
	webCostPerHex = 1
)

// WebOrder lays a web from Unit along Hexes (a line of adjacent hexes,
// the first within 1 hex of the unit) to Anchor, a unit of the side or a
// point feature within 1 hex of the last hex; with no Anchor the web is
// cast and anchorless.
type WebOrder struct {
	Unit   UnitID `json:"unit"`
	Hexes  []Hex  `json:"hexes"`
	Anchor string `json:"anchor,omitempty"`
}

func (o WebOrder) clone() WebOrder {
	o.Hexes = slices.Clone(o.Hexes)
	return o
}

// String summarises the order.
func (o WebOrder) String() string {
	if o.Anchor == "" {
		return fmt.Sprintf("%s casts a web of %d hexes", o.Unit, len(o.Hexes))
	}
	return fmt.Sprintf("%s lays a web of %d hexes to %s", o.Unit, len(o.Hexes), o.Anchor)
}

// anchorHex returns where an anchor stands on map m: a unit of side on
// the map in normal space, or a point feature.
func (s *State) anchorHex(side SideID, m MapID, id string) (Hex, bool) {
	if u := s.Unit(UnitID(id)); u != nil {
		return u.Hex, u.Side == side && u.OnMap() && !u.PhasedOut && u.Map == m
	}
	if mp := s.mapByID(m); mp != nil && mp.Terrain != nil {
		for _, f := range mp.Terrain.Features {
			if f.ID == id {
				return f.Hex, true
			}
		}
	}
	return Hex{}, false
}

// checkWeb reports why u cannot lay or cast web o now, or nil.
func (s *State) checkWeb(u *Unit, o WebOrder) error {
	n := len(o.Hexes)
	limit := maxWebHexes
	if o.Anchor == "" {
		limit = maxCastHexes
	}
	switch {
	case !hasDevice(u, DeviceWeb):
		return refuse("", "%s has no web caster", u.ID)
	case u.PhasedOut || InStasis(u) || cloaked(u):
		return refuse("", "%s cannot lay a web now", u.ID)
	case u.Ship.DeviceTurn == s.Clock.Turn:
		return refuse("", "%s has used a device this turn", u.ID)
	case n == 0 || n > limit:
		return refuse("", "a web of %d hexes; 1 to %d allowed", n, limit)
	case u.Ship.Battery < n*webCostPerHex:
		return refuse("", "%s needs %d battery energy for the web, %d held", u.ID, n*webCostPerHex, u.Ship.Battery)
	case u.Hex.Distance(o.Hexes[0]) > 1:
		return refuse("", "a web starts within 1 hex of its layer")
	}
	if err := s.riftBlocksWeb(u.Map, o.Hexes); err != nil {
		return err
	}
	for i := 1; i < n; i++ {
		if o.Hexes[i].Distance(o.Hexes[i-1]) != 1 || slices.Contains(o.Hexes[:i], o.Hexes[i]) {
			return refuse("", "a web is a line of adjacent hexes")
		}
	}
	if o.Anchor != "" {
		h, ok := s.anchorHex(u.Side, u.Map, o.Anchor)
		if !ok || h.Distance(o.Hexes[n-1]) > 1 || o.Anchor == string(u.ID) {
			return refuse("", "%q cannot anchor a web ending at %v", o.Anchor, o.Hexes[n-1])
		}
	}
	return nil
}

// checkWebs validates a side's web orders.
func (s *State) checkWebs(side SideID, orders []WebOrder) error {
	seen := map[UnitID]bool{}
	for _, o := range orders {
		u, err := s.ownedUnit(side, o.Unit)
		if err != nil {
			return err
		}
		if seen[o.Unit] {
			return refuse("", "%s lays two webs", o.Unit)
		}
		seen[o.Unit] = true
		if err := s.checkWeb(u, o); err != nil {
			return err
		}
	}
	return nil
}

// possibleWeb returns a web u could cast now: one hex ahead, or nothing.
func (s *State) possibleWeb(u *Unit) (WebOrder, bool) {
	if u.Ship == nil || !u.OnMap() || !hasDevice(u, DeviceWeb) {
		return WebOrder{}, false
	}
	o := WebOrder{Unit: u.ID, Hexes: []Hex{u.Hex.Neighbor(u.Facing)}}
	return o, s.checkWeb(u, o) == nil
}

func (s *State) sampleWebs(side SideID) []WebOrder {
	var out []WebOrder
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side {
			if o, ok := s.possibleWeb(u); ok {
				out = append(out, o)
			}
		}
	}
	return out
}

// execWebs lays the revealed webs, in unit order.
func (s *State) execWebs(sealed []Sealed) []Event {
	orders := revealed(sealed, func(c *Command) []WebOrder { return c.Webs }, func(o WebOrder) UnitID { return o.Unit })
	var evs []Event
	for _, o := range orders {
		u := s.Unit(o.Unit)
		if !u.OnMap() || s.checkWeb(u, o) != nil {
			continue
		}
		w := Web{ID: fmt.Sprintf("%s.web%d.%d", u.ID, s.Clock.Turn, s.Clock.Impulse), Side: u.Side, Map: u.Map, Cast: o.Anchor == ""}
		if !w.Cast {
			w.Anchors = [2]string{string(u.ID), o.Anchor}
		}
		for _, h := range o.Hexes {
			w.Hexes = append(w.Hexes, WebHex{Hex: h})
		}
		if err := s.layWeb(w); err != nil {
			continue
		}
		u.Ship.Battery -= len(o.Hexes) * webCostPerHex
		u.Ship.DeviceTurn = s.Clock.Turn
		evs = append(evs, s.unitEvent(EventNote, "", u, s.namedText(o.String())))
	}
	return evs
}

// webEnter is the enter-hex check of webs: a unit entering a web hex of
// another side is caught and stops for the impulse.
func webEnter(s *State, u *Unit, from, to Hex) moveOutcome {
	if u.PhasedOut {
		return moveOutcome{}
	}
	for _, w := range s.Phase.Webs {
		if w.Map != u.Map || w.Side == u.Side {
			continue
		}
		for _, wh := range w.Hexes {
			if wh.Hex == to && !wh.PhasedOut {
				ev := s.unitEvent(EventNote, "", u, fmt.Sprintf("%s is caught in web %s at %v", unitName(u), w.ID, to))
				return moveOutcome{Events: []Event{ev}, Stop: true}
			}
		}
	}
	return moveOutcome{}
}
