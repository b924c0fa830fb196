package rules

import (
	"fmt"
	"slices"
)

// maxRolloffs bounds the tie-break roll-offs; units still tied after
// that many move in id order.
const maxRolloffs = 8

// movers returns the units that move in this impulse's movement step, in
// id order: mobile units on a map, less the second unit of each docked
// pair, which moves with its partner, units docked to a base, which
// stay with it (X4.DOCK), and units held in a tractor beam.
func (s *State) movers() []*Unit {
	var out []*Unit
	held := s.heldUnits()
	for i := range s.Units {
		u := &s.Units[i]
		if !u.OnMap() || u.Ship == nil || !lookupClass(u.Class).Mobile() {
			continue
		}
		if held[u.ID] {
			continue // it moves with the unit that holds it in a tractor beam
		}
		if InStasis(u) {
			continue // a stasis field holds it (devices.go)
		}
		if u.PhasedOut {
			continue // it drifts in the involuntary step instead (IP8.33)
		}
		if isSeeker(u) {
			continue // seeking weapons move by themselves after the ships (seeking.go)
		}
		if p := s.Unit(u.Ship.Docked); p != nil && (p.ID < u.ID || !lookupClass(p.Class).Mobile()) {
			continue // the partner leads, or it is a base that holds both
		}
		out = append(out, u)
	}
	return out
}

// rollInitiative rolls 1d12 + tech level for every mover and sorts the
// movement order lowest first (X4.IMP.A). Units with equal totals roll
// off with 1d12 each, lowest first, again among those still tied, up to
// maxRolloffs times; then unit id decides (docs/RULES.md).
func (s *State) rollInitiative(evs []Event) []Event {
	ms := s.movers()
	// Room for a roll each and the roll-offs of ties: about one and a
	// half as many again at 100 movers, two and a half at 1,000.
	evs = slices.Grow(evs, 3*len(ms)+len(ms)/2+1)
	order := make([]Initiative, len(ms))
	var dt dieTable
	for i, u := range ms {
		r, ev := dt.roll(s, "X4.IMP.A", u.Side, u.ID, "initiative ")
		evs = append(evs, ev)
		order[i] = Initiative{Unit: u.ID, Total: r.Total + lookupClass(u.Class).TechLevel}
	}
	slices.SortStableFunc(order, compareInitiative)
	var groups [][2]int
	for round := 0; round < maxRolloffs; round++ {
		tied := false
		for i := 0; i < len(order); {
			j := i + 1
			for j < len(order) && compareInitiative(order[i], order[j]) == 0 {
				j++
			}
			if j-i > 1 {
				tied = true
				for k := i; k < j; k++ {
					r, ev := dt.roll(s, "X4.IMP.A", "", order[k].Unit, "initiative roll-off ")
					evs = append(evs, ev)
					order[k].Rolloffs = append(order[k].Rolloffs, r.Total)
				}
				groups = append(groups, [2]int{i, j})
			}
			i = j
		}
		if !tied {
			break
		}
		// Only a tied group can change order, and only within itself:
		// sorting each group is sorting the whole, for less.
		for _, g := range groups {
			slices.SortStableFunc(order[g[0]:g[1]], compareInitiative)
		}
		groups = groups[:0]
	}
	s.Turn.Order, s.Turn.Next = order, 0
	ids := make([]UnitID, len(order))
	for i, o := range order {
		ids[i] = o.Unit
	}
	evs = append(evs, s.newEvent(EventNote, "X4.IMP.A", Public, fmt.Sprintf("movement order: %s", s.namesOf(ids))))
	return evs
}

// compareInitiative orders by total, then roll-offs, lowest first; units
// tied on both compare equal.
func compareInitiative(a, b Initiative) int {
	if a.Total != b.Total {
		return a.Total - b.Total
	}
	for i := 0; i < len(a.Rolloffs) && i < len(b.Rolloffs); i++ {
		if a.Rolloffs[i] != b.Rolloffs[i] {
			return a.Rolloffs[i] - b.Rolloffs[i]
		}
	}
	return len(a.Rolloffs) - len(b.Rolloffs)
}

// dieTable is State.Roll of a d12 for the many rolls of one initiative
// step (a roll for every mover each impulse, and the roll-offs of ties,
// which grow faster than the movers): the same die from the generator,
// the same event and log line, but the Roll and its text of each face
// made once and shared (an event's Roll is never changed in place).
type dieTable struct {
	rolls [12]*Roll
	texts [12]string
	line  []byte
}

// roll throws a d12 for unit as State.Roll with the RollReason {clause,
// side, unit, what+unit} would.
func (t *dieTable) roll(s *State, clause string, side SideID, unit UnitID, what string) (*Roll, Event) {
	f := 1 + s.RNG.IntN(D12.Sides)
	r := t.rolls[f-1]
	if r == nil {
		r = &Roll{Dice: D12, Faces: []int{f}, Total: f}
		t.rolls[f-1], t.texts[f-1] = r, r.String()
	}
	t.line = append(append(append(append(t.line[:0], what...), s.nameOf(unit)...), ": "...), t.texts[f-1]...)
	ev := s.newEvent(EventRoll, clause, Public, string(t.line))
	ev.Side, ev.Unit, ev.Roll = side, unit, r
	return r, ev
}
