package rules

import (
	"fmt"
	"slices"
)

// Launching carried shuttles and fighters in impulse activity (house
// rule, docs/RULES.md "Shuttles and fighters"; picking them up is in
// reserve.go, GRN.10). A launched craft appears in its carrier's hex with
// the carrier's facing, flies at its class speed from the next impulse
// and has its weapons armed.

// launchable reports whether c is a craft its side may launch now.
func (s *State) launchable(c *Unit) bool {
	if c == nil || c.Status != StatusCarried || c.Ship == nil {
		return false
	}
	k := s.Unit(c.CarriedBy)
	return k != nil && k.OnMap() && !k.PhasedOut && !InStasis(k) && k.Side == c.Side
}

// checkCraftLaunches validates a side's craft launches.
func (s *State) checkCraftLaunches(side SideID, ids []UnitID) error {
	seen := map[UnitID]bool{}
	for _, id := range ids {
		c := s.Unit(id)
		switch {
		case c == nil || c.Side != side:
			return refuse("", "%s has no craft %q", side, id)
		case seen[id]:
			return refuse("", "%s is launched twice", id)
		case !s.launchable(c):
			return refuse("", "%s is not aboard a carrier that can launch it", id)
		}
		seen[id] = true
	}
	return nil
}

// craftSides returns the sides with a craft they could launch.
func (s *State) craftSides() map[SideID]bool {
	need := map[SideID]bool{}
	for i := range s.Units {
		if c := &s.Units[i]; s.launchable(c) {
			need[c.Side] = true
		}
	}
	return need
}

// sampleCraftLaunches launches every craft of the side that can go.
func (s *State) sampleCraftLaunches(side SideID) []UnitID {
	var out []UnitID
	for i := range s.Units {
		if c := &s.Units[i]; c.Side == side && s.launchable(c) {
			out = append(out, c.ID)
		}
	}
	return out
}

// execCraftLaunches puts the revealed launches on the map, in id order.
func (s *State) execCraftLaunches(sealed []Sealed) []Event {
	var ids []UnitID
	for _, sc := range sealed {
		ids = append(ids, sc.Command.Craft...)
	}
	slices.Sort(ids)
	var evs []Event
	for _, id := range ids {
		c := s.Unit(id)
		if !s.launchable(c) {
			continue
		}
		k := s.Unit(c.CarriedBy)
		cl := lookupClass(c.Class)
		c.Status, c.CarriedBy = StatusOnMap, ""
		s.placeUnit(c, k.Map, k.Hex)
		c.Facing, c.Speed = k.Facing, cl.MaxSpeed
		if k.Away() {
			// Launched beyond a cosmic rift, it is beyond it as its
			// carrier is (IP4.27, IP4.437, IP4.452).
			c.Cross.Rift, c.Cross.Home = k.Cross.Rift, k.Cross.Home
		}
		// It flies only the rest of the turn.
		c.Ship.Move = MoveState{Moved: s.Clock.Impulse * c.Speed / s.Ruleset.ImpulsesPerTurn}
		for m := range c.Ship.Mounts {
			c.Ship.Mounts[m].Armed = !c.Ship.Mounts[m].Destroyed
		}
		evs = append(evs, s.unitEvent(EventNote, "", c, fmt.Sprintf("%s launches %s", unitName(k), unitName(c))))
	}
	return evs
}
