package rules

import (
	"fmt"
	"strings"
)

// PhaseStorm is a phase storm: phase space for a limited number of turns
// (IP8.511), a disc of Range hexes around the centre of every map in play
// (IP8.515). On a floating map a unit escapes it by leaving the disc.
type PhaseStorm struct {
	// Side is the side whose 3 or 18 raised it (IP8.513).
	Side SideID `json:"side"`
	// Start is the turn it began, Until the last turn it lasts
	// (IP8.514: 3d6 turns, the turn it began counting as the first).
	Start int `json:"start"`
	Until int `json:"until"`
	// Range is the reach from the map centre, from the ruleset when the
	// storm began (IP8.515).
	Range int `json:"range"`
}

// covers reports whether the storm reaches hex h of map m. A nil storm
// covers nothing.
func (st *PhaseStorm) covers(m *Map, h Hex) bool {
	return st != nil && h.Distance(m.Center) <= st.Range
}

// stormRaises reports whether a side's 3d6 storm roll raises a phase
// storm: 3 or 18 (IP8.513).
func stormRaises(total int) bool { return total == 3 || total == 18 }

// phaseStormStep is the phase storm work at the start of every turn:
// a storm whose last turn has passed ends, and the units it held that
// are now outside phase space phase in (IP8.124); the courses shown last
// turn are cleared; then every side rolls 3d6 and a 3 or 18 rolled by
// exactly one side raises a storm lasting 3d6 turns (IP8.512-514). A storm
// raised while one rages replaces it if it lasts longer. Every roll and
// the start and end of a storm are public.
func (s *State) phaseStormStep() []Event {
	var evs []Event
	s.Phase.Revealed = nil
	if st := s.Phase.Storm; st != nil && s.Clock.Turn > st.Until {
		s.Phase.Storm = nil
		evs = append(evs, s.newEvent(EventStorm, "IP8.514", Public,
			fmt.Sprintf("the phase storm that began on turn %d ends", st.Start)))
		evs = append(evs, s.phaseInOutside()...)
	}
	var raisers []SideID
	for _, sd := range s.Sides {
		r, ev := s.Roll(ThreeD6, RollReason{Clause: "IP8.512", Side: sd.ID, What: "phase storm roll " + s.sideName(sd.ID)})
		evs = append(evs, ev)
		if stormRaises(r.Total) {
			raisers = append(raisers, sd.ID)
		}
	}
	switch {
	case len(raisers) > 1:
		names := make([]string, len(raisers))
		for i, id := range raisers {
			names[i] = string(id)
		}
		evs = append(evs, s.newEvent(EventStorm, "IP8.513", Public,
			fmt.Sprintf("%s all rolled 3 or 18: no phase storm", strings.Join(names, ", "))))
	case len(raisers) == 1:
		r, ev := s.Roll(ThreeD6, RollReason{Clause: "IP8.514", Side: raisers[0], What: "phase storm length"})
		evs = append(evs, ev)
		st := &PhaseStorm{Side: raisers[0], Start: s.Clock.Turn, Until: s.Clock.Turn + r.Total - 1, Range: s.Ruleset.PhaseStormRange}
		if old := s.Phase.Storm; old != nil && old.Until >= st.Until {
			evs = append(evs, s.newEvent(EventStorm, "IP8.513", Public,
				fmt.Sprintf("a phase storm rises within the storm already raging to turn %d", old.Until)))
			break
		}
		s.Phase.Storm = st
		evs = append(evs, s.newEvent(EventStorm, "IP8.513", Public,
			fmt.Sprintf("a phase storm rises (%s rolled 3 or 18): %d hexes around the map centre, turns %d to %d",
				s.sideName(st.Side), st.Range, st.Start, st.Until)))
	}
	return evs
}

// StormDisc is where a phase storm lies on one map.
type StormDisc struct {
	Map    MapID `json:"map"`
	Center Hex   `json:"center"`
	Radius int   `json:"radius"`
}

// StormView is what every side sees of a phase storm (public, IP8.515).
type StormView struct {
	Side  SideID      `json:"side"`
	Start int         `json:"start"`
	Until int         `json:"until"`
	Range int         `json:"range"`
	Discs []StormDisc `json:"discs"`
}

// stormView returns the public view of the storm, nil when there is none.
func (s *State) stormView() *StormView {
	st := s.Phase.Storm
	if st == nil {
		return nil
	}
	v := &StormView{Side: st.Side, Start: st.Start, Until: st.Until, Range: st.Range}
	for _, m := range s.Maps {
		v.Discs = append(v.Discs, StormDisc{Map: m.ID, Center: m.Center, Radius: st.Range})
	}
	return v
}
