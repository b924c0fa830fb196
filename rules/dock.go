package rules

import (
	"fmt"
	"slices"
)

// dockable reports whether u and t could dock now: two different ships
// or bases in one hex, neither docked.
func dockable(u, t *Unit) bool {
	return u.ID != t.ID && u.OnMap() && t.OnMap() && u.Ship != nil && t.Ship != nil &&
		!u.PhasedOut && !t.PhasedOut && // IP8.12
		u.Map == t.Map && u.Hex == t.Hex && u.Ship.Docked == "" && t.Ship.Docked == "" &&
		allocates(u) && allocates(t) && !cloaked(u) && !cloaked(t)
}

// activitySides returns the sides with something to do in impulse
// activity: a unit that could dock, or a docked unit.
func (s *State) activitySides() []SideID {
	byHex := map[hexKey][]*Unit{}
	var keys []hexKey
	for i := range s.Units {
		u := &s.Units[i]
		if u.OnMap() && allocates(u) {
			k := hexKey{u.Map, u.Hex}
			if byHex[k] == nil {
				keys = append(keys, k)
			}
			byHex[k] = append(byHex[k], u)
		}
	}
	need := map[SideID]bool{}
	for i := range s.Units {
		if u := &s.Units[i]; u.OnMap() && s.canSpendBattery(u) {
			need[u.Side] = true
		}
	}
	for sd := range s.tractorSides() {
		need[sd] = true
	}
	for sd := range s.craftSides() {
		need[sd] = true
	}
	for sd := range s.handoffSides() {
		need[sd] = true
	}
	for i := range s.Units {
		if u := &s.Units[i]; !need[u.Side] && u.OnMap() && len(s.possibleDevices(u)) > 0 {
			need[u.Side] = true
		} else if _, ok := s.possibleWeb(u); ok && !need[u.Side] {
			need[u.Side] = true
		}
	}
	for _, k := range keys {
		us := byHex[k]
		for _, u := range us {
			if u.Ship.Docked != "" {
				need[u.Side] = true
			}
			for _, t := range us {
				if dockable(u, t) {
					need[u.Side] = true
				}
			}
		}
	}
	var out []SideID
	for _, sd := range s.Sides {
		if need[sd.ID] {
			out = append(out, sd.ID)
		}
	}
	return out
}

// sampleDocks offers to dock each of the side's units with the first
// unit it could dock with.
func (s *State) sampleDocks(side SideID) []DockOrder {
	var out []DockOrder
	used := map[UnitID]bool{}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side || used[u.ID] {
			continue
		}
		for _, t := range s.unitsAt(u.Map, u.Hex) {
			if !used[t.ID] && dockable(u, t) {
				out = append(out, DockOrder{Unit: u.ID, With: t.ID})
				used[u.ID], used[t.ID] = true, true
				break
			}
		}
	}
	return out
}

// checkActivity validates a side's dock orders and transfers.
func (s *State) checkActivity(side SideID, docks []DockOrder, transfers []Transfer) error {
	seen := map[UnitID]bool{}
	held := s.heldUnits()
	for _, d := range docks {
		u, err := s.ownedUnit(side, d.Unit)
		if err != nil {
			return err
		}
		if seen[d.Unit] {
			return refuse("", "%s has two dock orders", d.Unit)
		}
		seen[d.Unit] = true
		if d.Undock {
			if u.Ship.Docked == "" {
				return refuse("", "%s is not docked", d.Unit)
			}
			continue
		}
		t := s.Unit(d.With)
		if t == nil || !dockable(u, t) {
			return refuse("X4.DOCK", "%s cannot dock with %q: both must be undocked ships in one hex", d.Unit, d.With)
		}
		if held[u.ID] || held[t.ID] {
			return refuse("", "a unit held in a tractor beam cannot dock")
		}
	}
	for _, tr := range transfers {
		u, err := s.ownedUnit(side, tr.From)
		if err != nil {
			return err
		}
		if u.Ship.Docked != tr.To || tr.To == "" {
			return refuse("X4.DOCK", "%s is not docked with %q and cannot transfer", tr.From, tr.To)
		}
		t := s.Unit(tr.To)
		if tr.Energy < 0 || tr.Energy > u.Ship.Battery || t.Ship.Battery+tr.Energy > t.Ship.Boxes[SysBattery] {
			return refuse("", "%s cannot transfer %d energy", tr.From, tr.Energy)
		}
		if tr.Energy > 0 && u.Ship.BoardingOnly {
			return refuse("X4.RAM", "only crew pass through a forced dock")
		}
		for k, n := range tr.Crew {
			if n < 0 || n > u.Ship.Crew[k] {
				return refuse("", "%s cannot transfer %d %s", tr.From, n, CrewKind(k))
			}
			if n > 0 && boarding(u, t) && CrewKind(k) != BoardingParties {
				return refuse("X4.RAM", "only boarding parties go aboard a rammed unit of another side")
			}
		}
		if boarding(u, t) && t.Ship.Boarders > 0 && t.Ship.BoarderSide != u.Side {
			return refuse("", "%s is already boarded by %s", tr.To, t.Ship.BoarderSide)
		}
	}
	return nil
}

// dock joins u and t.
func (s *State) dock(u, t *Unit, boardingOnly bool) {
	u.Ship.Docked, t.Ship.Docked = t.ID, u.ID
	u.Ship.BoardingOnly, t.Ship.BoardingOnly = boardingOnly, boardingOnly
}

// execActivity applies the revealed activity: undocks, then docks where
// both ships are willing (one order suffices between ships of one side),
// then transfers between docked ships (X4.DOCK).
func (s *State) execActivity(sealed []Sealed) []Event {
	var evs []Event
	var docks []DockOrder
	var transfers []Transfer
	for _, sc := range sealed {
		docks = append(docks, sc.Command.Docks...)
		transfers = append(transfers, sc.Command.Transfers...)
	}
	slices.SortFunc(docks, func(a, b DockOrder) int { return compareString(string(a.Unit), string(b.Unit)) })
	for _, d := range docks {
		if u := s.Unit(d.Unit); d.Undock && u.Ship.Docked != "" {
			p := s.Unit(u.Ship.Docked)
			p.Ship.Docked, p.Ship.BoardingOnly = "", false
			u.Ship.Docked, u.Ship.BoardingOnly = "", false
			evs = append(evs, s.unitEvent(EventDock, "X4.DOCK", u, fmt.Sprintf("%s undocks from %s", unitName(u), unitName(p))))
		}
	}
	held := s.heldUnits()
	wants := func(a, b UnitID) bool {
		return slices.Contains(docks, DockOrder{Unit: a, With: b})
	}
	for _, d := range docks {
		if d.Undock {
			continue
		}
		u, t := s.Unit(d.Unit), s.Unit(d.With)
		if !dockable(u, t) || held[u.ID] || held[t.ID] {
			continue
		}
		if u.Side != t.Side && !wants(t.ID, u.ID) {
			evs = append(evs, s.unitEvent(EventNote, "X4.DOCK", u, fmt.Sprintf("%s is not willing to dock with %s", unitName(t), unitName(u))))
			continue
		}
		s.dock(u, t, false)
		evs = append(evs, s.unitEvent(EventDock, "X4.DOCK", u, fmt.Sprintf("%s docks with %s", unitName(u), unitName(t))))
	}
	for _, tr := range transfers {
		u, t := s.Unit(tr.From), s.Unit(tr.To)
		if u.Ship.Docked != t.ID {
			continue
		}
		e := min(tr.Energy, u.Ship.Battery, t.Ship.Boxes[SysBattery]-t.Ship.Battery)
		if u.Ship.BoardingOnly {
			e = 0
		}
		u.Ship.Battery -= e
		t.Ship.Battery += e
		for k, n := range tr.Crew {
			n = min(n, u.Ship.Crew[k])
			u.Ship.Crew[k] -= n
			if boarding(u, t) {
				// Boarding parties sent through a forced dock board (boarding.go).
				t.Ship.Boarders += n
				t.Ship.BoarderSide = u.Side
				continue
			}
			t.Ship.Crew[k] += n
		}
		evs = append(evs, s.unitEvent(EventNote, "X4.DOCK", u, "transfer "+s.namedText(tr.String())))
	}
	return evs
}

// hexKey names a hex of a map.
type hexKey struct {
	m MapID
	h Hex
}
