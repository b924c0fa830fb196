package rules

import "fmt"

// Boarding (house rules, docs/RULES.md "Boarding"): boarding parties
// carried across the forced dock of a ram to a unit of another side
// (X4.RAM) fight its defenders at the start of each damage control step,
// and take the unit when no defender is left.

// Boarding house numbers: a boarder's die kills a defender on 5-6, a
// defender's on 4-6; crew units fight with one die per crewPerDie.
const (
	boarderHits  = 5
	defenderHits = 4
	crewPerDie   = 4
)

// boarding reports whether transfers from u to t board t: across a
// forced dock to a unit of another side.
func boarding(u, t *Unit) bool { return u.Ship.BoardingOnly && t.Side != u.Side }

// rollHits rolls n six-sided dice for a reason, in rolls of at most 100
// dice, and counts the faces of at least hit.
func (s *State) rollHits(evs *[]Event, u *Unit, n, hit int, what string) int {
	kills := 0
	for n > 0 {
		k := min(n, 100)
		n -= k
		r, ev := s.Roll(Dice{N: k, Sides: 6}, RollReason{Unit: u.ID, What: what})
		*evs = append(*evs, ev)
		for _, f := range r.Faces {
			if f >= hit {
				kills++
			}
		}
	}
	return kills
}

// boardingCombat fights one round aboard every unit holding boarders, in
// id order, and hands over the units whose defenders are all gone.
func (s *State) boardingCombat() []Event {
	var evs []Event
	for i := range s.Units {
		u := &s.Units[i]
		ss := u.Ship
		if ss == nil || ss.Boarders == 0 || !u.OnMap() {
			continue
		}
		crew := &ss.Crew
		att := s.rollHits(&evs, u, ss.Boarders, boarderHits, "boarders aboard "+unitName(u))
		def := s.rollHits(&evs, u, crew[BoardingParties]+crew[crewUnits]/crewPerDie, defenderHits, "defenders of "+unitName(u))
		k := min(att, crew[BoardingParties])
		crew[BoardingParties] -= k
		crew[crewUnits] = max(crew[crewUnits]-(att-k), 0)
		ss.Boarders = max(ss.Boarders-def, 0)
		evs = append(evs, s.unitEvent(EventNote, "", u, fmt.Sprintf("boarding of %s: %d defenders and %d boarders fall; %d boarders left",
			u.ID, att, def, ss.Boarders)))
		switch {
		case ss.Boarders == 0:
			ss.BoarderSide = ""
		case crew[BoardingParties] == 0 && crew[crewUnits] == 0:
			evs = append(evs, s.capture(u)...)
		}
	}
	return evs
}

// capture hands u to the side of its boarders: they become its boarding
// parties; its docks and beams are released.
func (s *State) capture(u *Unit) []Event {
	ss := u.Ship
	from := u.Side
	if ss.CapturedFrom == "" {
		ss.CapturedFrom = from
	}
	u.Side = ss.BoarderSide
	ss.Crew[BoardingParties] += ss.Boarders
	ss.Boarders, ss.BoarderSide = 0, ""
	if p := s.Unit(ss.Docked); p != nil {
		p.Ship.Docked, p.Ship.BoardingOnly = "", false
	}
	ss.Docked, ss.BoardingOnly = "", false
	u.Gear.Tractor = ""
	return []Event{s.unitEvent(EventNote, "", u, fmt.Sprintf("%s is captured from %s by %s", unitName(u), s.sideName(from), s.sideName(u.Side)))}
}
