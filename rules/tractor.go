package rules

import (
	"fmt"
	"slices"
)

// TractorCost is the energy that readies a unit's tractor beam for a
// turn (house rule, docs/RULES.md "Tractor beams").
const TractorCost = 1

// TractorOrder locks Unit's tractor beam on Target, or releases it when
// Release is set. Orders are given in the impulse activity step.
type TractorOrder struct {
	Unit    UnitID `json:"unit"`
	Target  UnitID `json:"target,omitempty"`
	Release bool   `json:"release,omitempty"`
}

// String summarises the order.
func (o TractorOrder) String() string {
	if o.Release {
		return string(o.Unit) + " releases its tractor beam"
	}
	return string(o.Unit) + " locks a tractor beam on " + string(o.Target)
}

// heldUnits returns the set of units held in a tractor beam.
func (s *State) heldUnits() map[UnitID]bool {
	held := map[UnitID]bool{}
	for i := range s.Units {
		if t := s.Units[i].Gear.Tractor; t != "" && s.Units[i].OnMap() {
			held[t] = true
		}
	}
	return held
}

// heldBy returns the unit holding id in a tractor beam, or nil.
func (s *State) heldBy(id UnitID) *Unit {
	for i := range s.Units {
		if u := &s.Units[i]; u.Gear.Tractor == id && u.OnMap() {
			return u
		}
	}
	return nil
}

// canTractor reports whether u may lock its beam on t now: its beam is
// readied and free, it has an intact tractor box, and t is another unit
// in normal space within 1 hex, not a base, not docked and not held
// already.
func (s *State) canTractor(u, t *Unit, held map[UnitID]bool) error {
	switch {
	case u.Ship == nil || !u.Ship.TractorReady || u.Ship.Boxes[SysTractor] == 0:
		return fmt.Errorf("rules: %s has no readied tractor beam", u.ID)
	case u.Gear.Tractor != "":
		return fmt.Errorf("rules: %s already holds %s", u.ID, u.Gear.Tractor)
	case u.PhasedOut:
		return fmt.Errorf("rules: %s is out of phase", u.ID)
	case t == nil || t.ID == u.ID || !t.OnMap() || t.PhasedOut || t.Map != u.Map || t.Ship == nil:
		return fmt.Errorf("rules: %s cannot lock a beam on that unit", u.ID)
	case u.Hex.Distance(t.Hex) > 1:
		return fmt.Errorf("rules: %s is beyond tractor range 1", t.ID)
	case !lookupClass(t.Class).Mobile():
		return fmt.Errorf("rules: a tractor beam cannot hold the %s %s", lookupClass(t.Class).Name, t.ID)
	case t.Ship.Docked != "":
		return fmt.Errorf("rules: %s is docked; a beam cannot hold a docked unit", t.ID)
	case held[t.ID]:
		return fmt.Errorf("rules: %s is already held", t.ID)
	}
	return cloakBlocksFire(u, t)
}

// tractorCandidates lists the units u could lock its beam on, nearest
// first.
func (s *State) tractorCandidates(u *Unit, held map[UnitID]bool) []*Unit {
	if u.Ship == nil || !u.Ship.TractorReady || u.Gear.Tractor != "" || u.Ship.Boxes[SysTractor] == 0 {
		return nil
	}
	var out []*Unit
	for _, t := range s.unitsWithin(u.Map, u.Hex, 1) {
		if s.canTractor(u, t, held) == nil {
			out = append(out, t)
		}
	}
	return out
}

// tractorSides returns the sides that have a beam to lock or release.
func (s *State) tractorSides() map[SideID]bool {
	held := s.heldUnits()
	need := map[SideID]bool{}
	for i := range s.Units {
		u := &s.Units[i]
		if !u.OnMap() || need[u.Side] {
			continue
		}
		if u.Gear.Tractor != "" || len(s.tractorCandidates(u, held)) > 0 {
			need[u.Side] = true
		}
	}
	return need
}

// sampleTractors locks each free beam of the side on its nearest enemy.
func (s *State) sampleTractors(side SideID) []TractorOrder {
	held := s.heldUnits()
	var out []TractorOrder
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side || !u.OnMap() {
			continue
		}
		for _, t := range s.tractorCandidates(u, held) {
			if t.Side != side {
				out = append(out, TractorOrder{Unit: u.ID, Target: t.ID})
				held[t.ID] = true
				break
			}
		}
	}
	return out
}

// checkTractors validates a side's tractor orders.
func (s *State) checkTractors(side SideID, orders []TractorOrder) error {
	held := s.heldUnits()
	seen := map[UnitID]bool{}
	for _, o := range orders {
		u, err := s.ownedUnit(side, o.Unit)
		if err != nil {
			return err
		}
		if seen[o.Unit] {
			return fmt.Errorf("rules: %s has two tractor orders", o.Unit)
		}
		seen[o.Unit] = true
		if o.Release {
			if u.Gear.Tractor == "" {
				return fmt.Errorf("rules: %s holds nothing", o.Unit)
			}
			continue
		}
		if err := s.canTractor(u, s.Unit(o.Target), held); err != nil {
			return err
		}
	}
	return nil
}

// execTractors applies the revealed tractor orders: releases, then locks
// in unit order; of two beams on one unit the first wins.
func (s *State) execTractors(sealed []Sealed) []Event {
	var orders []TractorOrder
	for _, sc := range sealed {
		orders = append(orders, sc.Command.Tractors...)
	}
	slices.SortFunc(orders, func(a, b TractorOrder) int { return compareString(string(a.Unit), string(b.Unit)) })
	var evs []Event
	for _, o := range orders {
		if u := s.Unit(o.Unit); o.Release && u.Gear.Tractor != "" {
			evs = append(evs, s.unitEvent(EventNote, "", u, fmt.Sprintf("%s releases %s", u.ID, u.Gear.Tractor)))
			u.Gear.Tractor = ""
		}
	}
	held := s.heldUnits()
	for _, o := range orders {
		u, t := s.Unit(o.Unit), s.Unit(o.Target)
		if o.Release || s.canTractor(u, t, held) != nil {
			continue
		}
		u.Gear.Tractor = t.ID
		held[t.ID] = true
		evs = append(evs, s.unitEvent(EventNote, "", u, fmt.Sprintf("%s holds %s in a tractor beam", u.ID, t.ID)))
	}
	return evs
}

// breakTractors releases every beam that can no longer hold: the holder
// or the held unit gone or out of phase, out of range 1, the holder's
// tractor boxes destroyed, or its beam not readied this turn.
func (s *State) breakTractors() []Event {
	var evs []Event
	for i := range s.Units {
		u := &s.Units[i]
		if u.Gear.Tractor == "" {
			continue
		}
		t := s.Unit(u.Gear.Tractor)
		if u.OnMap() && !u.PhasedOut && u.Ship != nil && u.Ship.TractorReady && u.Ship.Boxes[SysTractor] > 0 &&
			t != nil && t.OnMap() && !t.PhasedOut && t.Map == u.Map && t.Hex.Distance(u.Hex) <= 1 {
			continue
		}
		evs = append(evs, s.unitEvent(EventNote, "", u, fmt.Sprintf("%s's tractor beam on %s breaks", u.ID, u.Gear.Tractor)))
		u.Gear.Tractor = ""
	}
	return evs
}

// dragHeld moves the unit u holds by the step u just made, keeping it at
// the same offset: a held unit moves with its holder.
func (s *State) dragHeld(u *Unit, from, to Hex) {
	if t := s.Unit(u.Gear.Tractor); t != nil && t.OnMap() && t.Map == u.Map {
		s.setHex(t, t.Hex.Add(to.Sub(from)))
	}
}
