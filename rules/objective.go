package rules

import (
	"fmt"
	"slices"
	"strings"
)

// Scenario objectives (house rules, docs/RULES.md "Victory"). A scenario
// may give each side objectives worth points on top of the BPV it
// destroys; Outcome scores them and the winner includes them. Four kinds:
//
//   - hold: the side has a unit in the area and no other side has one;
//   - destroy: the unit is destroyed (or trapped beyond a rift, or
//     captured);
//   - exit: at least Count of the listed units (all when Count is 0) have
//     left the battle (StatusWithdrawn), through a gravity rift or by
//     ending a move in the exit area;
//   - protect: the unit is neither destroyed, trapped nor captured;
//   - return: at least Count of the listed units (all when Count is 0)
//     have been through a cosmic rift and are back on the scenario's map,
//     not lost: "go through and come back before it closes".
//
// hold, protect and return are judged on the state as it stands, so they mean
// most at the end of the game; destroy and exit, once met, stay met.

// ObjectiveKind names a kind of objective.
type ObjectiveKind string

// The objective kinds.
const (
	ObjectiveHold    ObjectiveKind = "hold"
	ObjectiveDestroy ObjectiveKind = "destroy"
	ObjectiveExit    ObjectiveKind = "exit"
	ObjectiveProtect ObjectiveKind = "protect"
	ObjectiveReturn  ObjectiveKind = "return"
)

// ObjectiveKinds lists the kinds in the order the scenario format gives
// them.
var ObjectiveKinds = []ObjectiveKind{ObjectiveHold, ObjectiveDestroy, ObjectiveExit, ObjectiveProtect, ObjectiveReturn}

// Objective is one side's scenario objective.
type Objective struct {
	Side SideID        `json:"side"`
	Kind ObjectiveKind `json:"kind"`
	// Name describes the objective in the outcome; empty for a default
	// line built from the kind.
	Name   string `json:"name,omitempty"`
	Points int    `json:"points"`
	// Units is the one unit to destroy or protect, or the units to take
	// out of the battle or through a cosmic rift and back.
	Units []UnitID `json:"units,omitempty"`
	// Count is how many of Units must exit or return, 0 for all.
	Count int `json:"count,omitempty"`
	// Area, for hold and exit, is the disc of Radius hexes round Hex on
	// Map. An exit objective without an area (Area false) counts only
	// withdrawals through gravity rifts.
	Area   bool  `json:"area,omitempty"`
	Map    MapID `json:"map,omitempty"`
	Hex    Hex   `json:"hex,omitzero"`
	Radius int   `json:"radius,omitempty"`
}

func (o Objective) clone() Objective {
	o.Units = slices.Clone(o.Units)
	return o
}

func cloneObjectives(os []Objective) []Objective {
	if os == nil {
		return nil
	}
	out := make([]Objective, len(os))
	for i, o := range os {
		out[i] = o.clone()
	}
	return out
}

// inArea reports whether u is on the map inside the objective's area.
func (o *Objective) inArea(u *Unit) bool {
	return o.Area && u.OnMap() && u.Map == o.Map && u.Hex.Distance(o.Hex) <= o.Radius
}

// needed returns how many listed units an exit or return objective needs.
func (o *Objective) needed() int {
	if o.Count > 0 {
		return min(o.Count, len(o.Units))
	}
	return len(o.Units)
}

// String describes the objective, by its name when it has one.
func (o Objective) String() string {
	if o.Name != "" {
		return o.Name
	}
	ids := make([]string, len(o.Units))
	for i, id := range o.Units {
		ids[i] = string(id)
	}
	area := ""
	if o.Area {
		area = fmt.Sprintf(" at %v", o.Hex)
		if o.Radius > 0 {
			area = fmt.Sprintf(" within %d of %v", o.Radius, o.Hex)
		}
	}
	switch o.Kind {
	case ObjectiveHold:
		return "hold" + area
	case ObjectiveExit:
		return fmt.Sprintf("exit %d of %s%s", o.needed(), strings.Join(ids, ", "), area)
	case ObjectiveReturn:
		return fmt.Sprintf("bring %d of %s through a cosmic rift and back", o.needed(), strings.Join(ids, ", "))
	}
	return fmt.Sprintf("%s %s", o.Kind, strings.Join(ids, ", "))
}

// checkObjectives reports the objectives that name unknown sides, units
// or maps, or are malformed.
func (s *State) checkObjectives() []error {
	var errs []error
	for i, o := range s.Objectives {
		bad := func(format string, a ...any) {
			errs = append(errs, fmt.Errorf("rules: objective %d (%s): "+format, append([]any{i + 1, o.Kind}, a...)...))
		}
		if _, ok := s.Side(o.Side); !ok {
			bad("unknown side %q", o.Side)
		}
		if !slices.Contains(ObjectiveKinds, o.Kind) {
			bad("unknown kind")
		}
		if o.Points < 0 {
			bad("negative points")
		}
		for _, id := range o.Units {
			if !slices.ContainsFunc(s.Units, func(u Unit) bool { return u.ID == id }) {
				bad("unknown unit %q", id)
			}
		}
		switch o.Kind {
		case ObjectiveHold:
			if !o.Area || len(o.Units) > 0 {
				bad("a hold objective needs an area and names no units")
			}
		case ObjectiveDestroy, ObjectiveProtect:
			if len(o.Units) != 1 || o.Area {
				bad("names exactly one unit and no area")
			}
		case ObjectiveExit, ObjectiveReturn:
			if len(o.Units) == 0 || o.Count < 0 {
				bad("an %s objective lists the units to take out", o.Kind)
			}
			if o.Kind == ObjectiveReturn && o.Area {
				bad("a return objective has no area")
			}
			for _, id := range o.Units {
				if u := s.unitByScan(id); u != nil && u.Side != o.Side {
					bad("%s is not a unit of %s", id, o.Side)
				}
			}
		}
		if o.Area && !slices.ContainsFunc(s.Maps, func(m Map) bool { return m.ID == o.Map }) {
			bad("unknown map %q", o.Map)
		}
		if o.Radius < 0 {
			bad("negative radius")
		}
	}
	return errs
}

// unitByScan finds a unit before the index is built.
func (s *State) unitByScan(id UnitID) *Unit {
	for i := range s.Units {
		if s.Units[i].ID == id {
			return &s.Units[i]
		}
	}
	return nil
}

// lostUnit reports whether u counts as lost to its side: destroyed,
// trapped beyond a closed rift (IP4.452) or captured.
func lostUnit(u *Unit) bool {
	return u.Status == StatusDestroyed || u.Cross.Trapped || (u.Ship != nil && u.Ship.CapturedFrom != "")
}

// ObjectiveMet reports whether objective o is met as the game stands.
func (s *State) ObjectiveMet(o *Objective) bool {
	switch o.Kind {
	case ObjectiveDestroy:
		u := s.Unit(o.Units[0])
		return u != nil && lostUnit(u)
	case ObjectiveProtect:
		u := s.Unit(o.Units[0])
		return u != nil && !lostUnit(u)
	case ObjectiveExit:
		n := 0
		for _, id := range o.Units {
			if u := s.Unit(id); u != nil && u.Status == StatusWithdrawn {
				n++
			}
		}
		return n >= o.needed()
	case ObjectiveReturn:
		n := 0
		for _, id := range o.Units {
			if u := s.Unit(id); u != nil && s.backThroughRift(u) {
				n++
			}
		}
		return n >= o.needed()
	case ObjectiveHold:
		mine := false
		for _, u := range s.unitsWithin(o.Map, o.Hex, o.Radius) {
			if !u.OnMap() || u.PhasedOut || isSeeker(u) || isMine(u) || u.Cross.Trapped {
				continue // out of phase or ordnance holds nothing
			}
			if u.Side != o.Side {
				return false
			}
			mine = true
		}
		return mine
	}
	return false
}

// backThroughRift reports whether u has been through a cosmic rift and is
// back on the map the game began on, not lost (IP4.451). A unit a cosmic
// storm swept away is not back (IP4.53).
func (s *State) backThroughRift(u *Unit) bool {
	return u.Cross.Rift != "" && !u.Away() && len(s.Maps) > 0 && u.Map == s.Maps[0].ID && !lostUnit(u)
}

// exitAfterMove takes a unit listed in one of its side's exit objectives
// out of the battle (StatusWithdrawn, with what it carries) when its move
// ends inside the objective's area.
func exitAfterMove(s *State, u *Unit, _ *MovePlan, _ Hex) []Event {
	if !u.OnMap() || u.PhasedOut {
		return nil
	}
	for i := range s.Objectives {
		o := &s.Objectives[i]
		if o.Kind != ObjectiveExit || o.Side != u.Side || !slices.Contains(o.Units, u.ID) || !o.inArea(u) {
			continue
		}
		return s.leaveBoard(u, StatusWithdrawn, "", "leaves the battle (an objective of %s)", "", "leaves the battle aboard %s")
	}
	return nil
}
