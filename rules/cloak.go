package rules

import "fmt"

// House rules of cloaking devices (docs/RULES.md, "Cloaking"). A unit's
// cloak state lives in Gear.Cloak, which phase space also acts on
// (IP8.441-443). A cloak fades in over CloakFadeImpulses impulses after
// it is switched on, and out over as many after it is switched off;
// voiding it (phase space, a cosmic rift) drops it at once.
const (
	// cloakRange is the farthest a fully cloaked unit can be fired at or
	// launched at: beyond it no lock-on holds.
	cloakRange = 5
	// cloakModifier is added to fire rolls against a fully cloaked unit.
	cloakModifier = 2
	// CloakFadeImpulses is how many impulses a cloak takes to fade in,
	// and to fade out.
	CloakFadeImpulses = 5
	// defaultCloakCost is the energy per turn of a cloak fitted by a
	// scenario to a class without one.
	defaultCloakCost = 5
)

// FittedCloakCost is the energy per turn of a cloak a scenario fits to a
// class that has none of its own.
const FittedCloakCost = defaultCloakCost

// CloakCost returns the energy per turn u's cloak costs while on, and
// false when it has none.
func CloakCost(u *Unit) (int, bool) {
	if c := lookupClass(u.Class); c != nil && c.CloakCost > 0 {
		return c.CloakCost, true
	}
	if u.Gear.Cloak.Fitted {
		return defaultCloakCost, true
	}
	return 0, false
}

// cloaked reports whether u's cloak is working in any degree: on (fading
// in or full) or fading out. A cloaked unit cannot fire, launch, hold a
// tractor beam, dock or use devices.
func cloaked(u *Unit) bool { return u.Gear.Cloak.On || u.Gear.Cloak.Fade > 0 }

// cloakLevel returns how far u's cloak has faded in, from 0 (none) to
// CloakFadeImpulses (full): in impulse i after it was switched on it is
// i, and it falls by one each impulse after it was switched off.
func cloakLevel(u *Unit) int {
	c := u.Gear.Cloak
	if c.On {
		return max(1, CloakFadeImpulses-c.Fade)
	}
	return max(0, c.Fade)
}

// CloakFireModifier returns what a cloak at level adds to fire rolls
// against its unit: cloakModifier times level / CloakFadeImpulses,
// rounded down (+0 +0 +1 +1 +2 as it fades in).
func CloakFireModifier(level int) int {
	return min(max(level, 0), CloakFadeImpulses) * cloakModifier / CloakFadeImpulses
}

// CloakLockRange returns the farthest a unit whose cloak is at level
// (1 or more) can be locked on to: cloakRange when full, two hexes more
// for each impulse of fade still to go (13 11 9 7 5 as it fades in).
func CloakLockRange(level int) int {
	return cloakRange + 2*(CloakFadeImpulses-min(max(level, 1), CloakFadeImpulses))
}

// cloakFading returns "in" while u's cloak is fading in, "out" while it
// fades out, and "" otherwise.
func cloakFading(u *Unit) string {
	switch c := u.Gear.Cloak; {
	case c.On && c.Fade > 0:
		return "in"
	case !c.On && c.Fade > 0:
		return "out"
	}
	return ""
}

// canCloakAt reports whether u may switch its cloak on in turn: not in the
// turn it was last voided or switched off, nor the turn after.
func canCloakAt(u *Unit, turn int) bool {
	v := u.Gear.Cloak.VoidedAt
	return v.Turn == 0 || turn > v.Turn+1
}

// checkCloak vets the cloak line of an allocation.
func (s *State) checkCloak(u *Unit, a *Allocation) error {
	if !a.Cloak {
		return nil
	}
	if _, ok := CloakCost(u); !ok {
		return refuse("", "%s has no cloaking device", u.ID)
	}
	if !u.Gear.Cloak.On && !canCloakAt(u, s.Clock.Turn) {
		return refuse("", "%s voided its cloak in turn %d and cannot cloak again before turn %d",
			u.ID, u.Gear.Cloak.VoidedAt.Turn, u.Gear.Cloak.VoidedAt.Turn+2)
	}
	return nil
}

// execCloak switches u's cloak as its revealed allocation says: switched
// on, it starts to fade in; switched off, it starts to fade out from the
// level it reached.
//
// A unit out of phase switches it unseen (IP8.443, IP8.32): the line goes
// to its side alone.
func (s *State) execCloak(u *Unit, a *Allocation) []Event {
	evs := s.switchCloak(u, a)
	for i := range evs {
		if u.PhasedOut {
			evs[i].Audience = Only(u.Side)
		}
	}
	return evs
}

// switchCloak switches u's cloak as a says and tells of it.
func (s *State) switchCloak(u *Unit, a *Allocation) []Event {
	cl := &u.Gear.Cloak
	switch {
	case a.Cloak && !cl.On:
		cl.On, cl.Fade = true, CloakFadeImpulses
		return []Event{s.unitEvent(EventNote, "", u, fmt.Sprintf("%s cloaks: it fades from sight over %d impulses", unitName(u), CloakFadeImpulses))}
	case !a.Cloak && cl.On:
		level := cloakLevel(u)
		cl.On, cl.Fade = false, level
		cl.VoidedAt = s.Clock
		return []Event{s.unitEvent(EventNote, "", u, fmt.Sprintf("%s drops its cloak: it fades back in over %d impulses and cannot fire until then", unitName(u), level))}
	}
	return nil
}

// fadeCloaks moves every fading cloak one impulse on, at the start of
// each impulse.
func (s *State) fadeCloaks() []Event {
	var evs []Event
	for i := range s.Units {
		u := &s.Units[i]
		if u.Gear.Cloak.Fade <= 0 {
			continue
		}
		u.Gear.Cloak.Fade--
		if u.Gear.Cloak.Fade > 0 || !u.OnMap() {
			continue
		}
		if u.Gear.Cloak.On {
			evs = append(evs, s.unitEvent(EventNote, "", u, fmt.Sprintf("%s is fully cloaked", unitName(u))))
		} else {
			evs = append(evs, s.unitEvent(EventNote, "", u, fmt.Sprintf("%s's cloak has faded out", unitName(u))))
		}
	}
	return evs
}

// voidCloak switches u's cloak off at once, with no fade-out, and records
// the moment (IP8.441-442, IP4.38). It reports whether there was a cloak
// working to void.
func (s *State) voidCloak(u *Unit) bool {
	if !cloaked(u) {
		return false
	}
	u.Gear.Cloak.On, u.Gear.Cloak.Fade = false, 0
	u.Gear.Cloak.VoidedAt = s.Clock
	return true
}

// cloakBlocksFire reports why u cannot fire, launch at or lock on t
// because of a cloak, or nil.
func cloakBlocksFire(u, t *Unit) error {
	switch {
	case cloaked(u):
		return refuse("", "%s is cloaked and cannot fire, launch or hold", u.ID)
	case t != nil && cloaked(t) && u.Hex.Distance(t.Hex) > CloakLockRange(cloakLevel(t)):
		return refuse("", "the cloaked %s is beyond %d hexes", t.ID, CloakLockRange(cloakLevel(t)))
	}
	return nil
}
