package rules

import (
	"fmt"
	"slices"
)

// CmdLaunch commits a side's sealed launches of seeking weapons in the
// seeking-weapons launch step. Its payload is Shots: a drone-rack mount
// of the attacker launching at the target.
const CmdLaunch CommandKind = "launch"

// House rules of the seeking weapons (docs/RULES.md, "Seeking weapons").
const (
	// RackDrones is how many drones a drone rack holds at the start.
	RackDrones = 4
	// LaunchRange is the farthest target a drone may be launched at.
	LaunchRange = 15
	// DroneEndurance is how many turns a drone flies before it is spent.
	DroneEndurance = 3
)

// isSeeker reports whether u is a seeking weapon: it moves by itself
// toward its target and does not roll initiative.
func isSeeker(u *Unit) bool { return u.Kind == KindDrone }

// checkLaunch reports why mount m of u cannot launch at t now, or nil.
func (s *State) checkLaunch(u *Unit, m int, t *Unit) error {
	c := lookupClass(u.Class)
	if m < 0 || m >= len(c.Mounts) {
		return fmt.Errorf("rules: %s has no mount %d", u.ID, m)
	}
	w, _ := LookupWeapon(c.Mounts[m].Weapon)
	ms := u.Ship.Mounts[m]
	switch {
	case !w.Seeking():
		return fmt.Errorf("rules: %s mount %d (%s) fires, it does not launch", u.ID, m, w.Name)
	case ms.Destroyed:
		return fmt.Errorf("rules: %s mount %d is destroyed", u.ID, m)
	case ms.Fired:
		return fmt.Errorf("rules: %s mount %d has launched this turn", u.ID, m)
	case InStasis(u):
		return fmt.Errorf("rules: %s is held in stasis", u.ID)
	case u.Ship.Radiation.Blind:
		return fmt.Errorf("rules: %s lost lock-on to rift radiation: it guides what it launched but launches no more (IP4.314)", u.ID)
	case ms.Ammo <= 0:
		return fmt.Errorf("rules: %s mount %d is empty", u.ID, m)
	case t == nil || !canTarget(u, t) || isSeeker(t):
		return fmt.Errorf("rules: %s cannot launch at that target", u.ID)
	case u.Hex.Distance(t.Hex) > LaunchRange:
		return fmt.Errorf("rules: %s is beyond the launch range %d", t.ID, LaunchRange)
	}
	if err := cloakBlocksFire(u, t); err != nil {
		return err
	}
	if err := s.riftBlocksFire(u, t); err != nil {
		return err
	}
	return s.checkLockOn(u, t)
}

// possibleLaunches lists a launch for each of u's racks that could launch
// now, at the nearest target.
func (s *State) possibleLaunches(u *Unit) []Shot {
	if u.Ship == nil || !u.OnMap() || u.PhasedOut {
		return nil
	}
	c := lookupClass(u.Class)
	var out []Shot
	for m, mt := range c.Mounts {
		if w, _ := LookupWeapon(mt.Weapon); !w.Seeking() || u.Ship.Mounts[m].Ammo <= 0 || u.Ship.Mounts[m].Fired {
			continue
		}
		for _, t := range s.unitsWithin(u.Map, u.Hex, LaunchRange) {
			if s.checkLaunch(u, m, t) == nil {
				out = append(out, Shot{Attacker: u.ID, Mount: m, Target: t.ID})
				break
			}
		}
	}
	return out
}

func (s *State) sampleLaunches(side SideID) []Shot {
	var out []Shot
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side {
			out = append(out, s.possibleLaunches(u)...)
		}
	}
	return out
}

// checkLaunches validates a side's launch declaration.
func (s *State) checkLaunches(side SideID, shots []Shot) error {
	return s.checkMountOrders(side, shots, "launches", s.checkLaunch)
}

// execLaunches puts the revealed launches into play: each is a new drone
// in its launcher's hex, facing its target, guided by its launcher.
func (s *State) execLaunches(sealed []Sealed) []Event {
	var shots []Shot
	for _, sc := range sealed {
		shots = append(shots, sc.Command.Shots...)
	}
	slices.SortFunc(shots, func(a, b Shot) int {
		if c := compareString(string(a.Attacker), string(b.Attacker)); c != 0 {
			return c
		}
		return a.Mount - b.Mount
	})
	drone := lookupClass("drone")
	var evs []Event
	for _, sh := range shots {
		u, t := s.Unit(sh.Attacker), s.Unit(sh.Target)
		ms := &u.Ship.Mounts[sh.Mount]
		n := RackDrones - ms.Ammo + 1
		ms.Ammo--
		ms.Fired = true
		f := u.Facing
		if d, ok := u.Hex.DirectionTo(t.Hex); ok {
			f = d
		}
		d := Unit{
			ID: UnitID(fmt.Sprintf("%s.d%d.%d", u.ID, sh.Mount, n)), Name: "Drone", Side: u.Side,
			Class: drone.ID, Kind: KindDrone, Status: StatusOnMap, Map: u.Map, Hex: u.Hex, Facing: f,
			Speed: drone.MaxSpeed, Gear: Gear{Target: t.ID, Guide: u.ID},
			Ship: newShipState(drone, drone.MaxSpeed),
		}
		d.Ship.Launched = s.Clock
		// It flies only the rest of the turn: count the impulse chart's
		// share so far as moved.
		d.Ship.Move.Moved = s.Clock.Impulse * d.Speed / s.Ruleset.ImpulsesPerTurn
		s.addUnit(d)
		evs = append(evs, s.unitEvent(EventNote, "", s.Unit(d.ID), fmt.Sprintf("%s launches drone %s at %s", u.ID, d.ID, t.ID)))
	}
	return evs
}

// addUnit puts a new unit into play, keeping the units sorted by id.
func (s *State) addUnit(u Unit) {
	i, _ := slices.BinarySearchFunc(s.Units, u.ID, func(a Unit, id UnitID) int { return compareString(string(a.ID), string(id)) })
	s.Units = slices.Insert(s.Units, i, u)
	s.reindex()
}

// moveSeekers moves every seeking weapon after the ships have moved, in
// id order: its impulse share of its speed, each hex one step along the
// hex line toward its target, or straight on when it has none (a
// ballistic course), as it does once its guide is gone (destroyed,
// withdrawn, removed) unless it guides itself. It stops in its target's
// hex. The leave-hex and
// enter-hex checks act on it like on any unit.
func (s *State) moveSeekers() []Event {
	var evs []Event
	h := s.activeHooks()
	held := s.heldUnits()
	for i := range s.Units {
		u := &s.Units[i]
		if !isSeeker(u) || !u.OnMap() || u.PhasedOut || u.Ship == nil || held[u.ID] || InStasis(u) {
			continue // a drone held in a tractor beam goes nowhere
		}
		id := u.ID
		if g := s.Unit(u.Gear.Guide); u.Gear.Target != "" && !u.Gear.SelfGuided && (g == nil || !g.OnMap()) {
			// Its guide is gone: it loses its target (house rule).
			evs = append(evs, s.unitEvent(EventNote, "", u, fmt.Sprintf("%s loses its guide and flies on ballistic", u.ID)))
			u.Gear.Target = ""
		}
		n := s.allotment(u, &u.Ship.Move)
		start := u.Hex
		for k := 0; k < n; k++ {
			u = s.Unit(id)
			t := s.Unit(u.Gear.Target)
			if t != nil && (!t.OnMap() || t.PhasedOut || t.Map != u.Map) {
				t = nil
			}
			if t != nil {
				if t.Hex == u.Hex {
					break
				}
				u.Facing, _ = u.Hex.DirectionTo(t.Hex)
			}
			from, to := u.Hex, u.Hex.Neighbor(u.Facing)
			stop := false
			for _, mh := range h.LeaveHex {
				o := mh.Check(s, u, from, to)
				evs = append(evs, o.Events...)
				stop = stop || o.Stop || !u.OnMap()
			}
			if stop {
				break
			}
			s.setHex(u, to)
			u.Ship.Move.Moved++
			for _, mh := range h.EnterHex {
				o := mh.Check(s, u, from, to)
				evs = append(evs, o.Events...)
				stop = stop || o.Stop || !u.OnMap()
			}
			if stop {
				break
			}
		}
		if u = s.Unit(id); u.OnMap() && u.Hex != start {
			evs = append(evs, s.unitEvent(EventMove, "", u, fmt.Sprintf("%s moves %v to %v", u.ID, start, u.Hex)))
		}
	}
	return evs
}

// resolveSeekers makes every drone in its target's hex strike it: its
// warhead on the shield facing the drone's approach, and the drone is
// spent (house rule: no explosion beyond the warhead).
func (s *State) resolveSeekers() []Event {
	var evs []Event
	for i := range s.Units {
		u := &s.Units[i]
		if !isSeeker(u) || !u.OnMap() || u.PhasedOut {
			continue
		}
		t := s.Unit(u.Gear.Target)
		if t == nil || !t.OnMap() || t.PhasedOut || t.Map != u.Map || t.Hex != u.Hex {
			continue
		}
		id, tid := u.ID, t.ID
		warhead := lookupClass(u.Class).Warhead
		u.Status = StatusDestroyed
		evs = append(evs, s.unitEvent(EventDestroyed, "", u, fmt.Sprintf("%s strikes %s for %d", id, tid, warhead)))
		shield := ((int(u.Facing.Opposite())-int(t.Facing))%6 + 6) % 6
		evs = append(evs, s.damage(t, shield, warhead, "", "drone "+string(id))...)
	}
	return evs
}

// expireSeekers removes drones that have flown their endurance.
func (s *State) expireSeekers() []Event {
	var evs []Event
	for i := range s.Units {
		u := &s.Units[i]
		if isSeeker(u) && u.OnMap() && u.Ship != nil && u.Ship.Launched.Turn > 0 &&
			s.Clock.Turn-u.Ship.Launched.Turn >= DroneEndurance {
			u.Status = StatusDestroyed
			evs = append(evs, s.unitEvent(EventDestroyed, "", u, fmt.Sprintf("%s runs out of fuel", u.ID)))
		}
	}
	return evs
}
