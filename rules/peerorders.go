package rules

import "maps"

// Orders for a side's own units out of phase, in play between machines.
// A hot-seat side allocates energy for its units out of phase like any
// other, and so may switch their cloaks (IP8.443: the allocation's Cloak).
// Between machines those units are in limbo on every machine but their
// side's, so their orders would tell the other sides what only that
// machine may know: the side gives them to its own machine alone, which
// applies them (SetLimboAllocations) at each energy allocation it plays
// for the units it computes. The other machines never apply them; a
// verifier holding every key is given every side's once they are opened
// (game/pbem keeps them sealed until the game is over).

// SetLimboAllocations gives the energy allocations side makes for its
// units out of phase this machine computes, at every energy allocation
// until they are set again: a unit without one, or whose allocation the
// rules refuse when it is made, gets its default allocation. Nothing
// changes outside play between machines; a machine applies them to the
// units of side it computes alone.
func (s *State) SetLimboAllocations(side SideID, as []Allocation) {
	p := s.Peer
	if p == nil {
		return
	}
	// The map is never changed in place: clones share it.
	m := maps.Clone(p.limbo)
	if m == nil {
		m = map[SideID][]Allocation{}
	}
	delete(m, side)
	if len(as) > 0 {
		c := make([]Allocation, len(as))
		for i, a := range as {
			c[i] = a.clone()
		}
		m[side] = c
	}
	p.limbo = m
}

// LimboAllocations returns the allocations this machine would make now
// for side's units out of phase that it computes, one for each unit that
// allocates energy, in unit order: those SetLimboAllocations gave, or the
// defaults. It is empty outside play between machines.
func (s *State) LimboAllocations(side SideID) []Allocation {
	if s.Peer == nil {
		return nil
	}
	var out []Allocation
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == side && s.inKnownLimbo(u) {
			out = append(out, s.limboAllocation(u))
		}
	}
	return out
}

// CheckLimboAllocations checks allocations side would give its units out
// of phase as the rules would check them now: each of a unit of side in
// limbo that this machine computes and that allocates energy, at most one
// each, within its power and acceleration, its cloak as the cloaking
// rules allow (IP8.443). Units left out keep their default.
func (s *State) CheckLimboAllocations(side SideID, as []Allocation) error {
	seen := map[UnitID]bool{}
	for i := range as {
		a := &as[i]
		u := s.Unit(a.Unit)
		switch {
		case u == nil:
			return refuse("", "no unit %q", a.Unit)
		case u.Side != side:
			return refuse("", "unit %s belongs to %s, not %s", a.Unit, u.Side, side)
		case !s.inKnownLimbo(u):
			return refuse("IP8.443", "unit %s is not one of %s's units out of phase", a.Unit, side)
		case seen[a.Unit]:
			return refuse("", "%s has two allocations", a.Unit)
		}
		seen[a.Unit] = true
		if err := checkAllocation(u, a); err != nil {
			return err
		}
		if err := s.checkCloak(u, a); err != nil {
			return err
		}
	}
	return nil
}

// inKnownLimbo reports whether u is a unit out of phase in limbo that
// this machine computes and that allocates energy.
func (s *State) inKnownLimbo(u *Unit) bool {
	return s.Peer != nil && u.Status == StatusLimbo && u.PhasedOut && s.knows(u) && allocates(u)
}

// limboAllocation is the allocation u, a unit out of phase this machine
// computes, gets: its side's, when it gave one the rules allow now, else
// its default.
func (s *State) limboAllocation(u *Unit) Allocation {
	if p := s.Peer; p != nil {
		for _, a := range p.limbo[u.Side] {
			if a.Unit == u.ID && checkAllocation(u, &a) == nil && s.checkCloak(u, &a) == nil {
				return a.clone()
			}
		}
	}
	return defaultAllocation(u)
}

// LimboUnits returns side's units out of phase in limbo that allocate
// energy, in unit order: those it may give orders for (SetLimboAllocations),
// alike on every machine, whatever it computes.
func (s *State) LimboUnits(side SideID) []UnitID {
	if s.Peer == nil {
		return nil
	}
	var out []UnitID
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == side && u.Status == StatusLimbo && u.PhasedOut && allocates(u) {
			out = append(out, u.ID)
		}
	}
	return out
}
