package rules

import "fmt"

// House rules of cloaking devices (docs/RULES.md, "Cloaking"). A unit's
// cloak state lives in Gear.Cloak, which phase space also acts on
// (IP8.441-443).
const (
	// CloakRange is the farthest a cloaked unit can be fired at or
	// launched at: beyond it no lock-on holds.
	CloakRange = 5
	// CloakModifier is added to fire rolls against a cloaked unit.
	CloakModifier = 2
	// defaultCloakCost is the energy per turn of a cloak fitted by a
	// scenario to a class without one.
	defaultCloakCost = 5
)

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

// Cloaked reports whether u's cloak is on.
func Cloaked(u *Unit) bool { return u.Gear.Cloak.On }

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
		return fmt.Errorf("rules: %s has no cloaking device", u.ID)
	}
	if !Cloaked(u) && !canCloakAt(u, s.Clock.Turn) {
		return fmt.Errorf("rules: %s voided its cloak in turn %d and cannot cloak again before turn %d",
			u.ID, u.Gear.Cloak.VoidedAt.Turn, u.Gear.Cloak.VoidedAt.Turn+2)
	}
	return nil
}

// execCloak switches u's cloak as its revealed allocation says.
func (s *State) execCloak(u *Unit, a *Allocation) []Event {
	switch {
	case a.Cloak && !Cloaked(u):
		u.Gear.Cloak.On = true
		return []Event{s.unitEvent(EventNote, "", u, fmt.Sprintf("%s cloaks", u.ID))}
	case !a.Cloak && Cloaked(u):
		u.Gear.Cloak.On = false
		u.Gear.Cloak.VoidedAt = s.Clock
		return []Event{s.unitEvent(EventNote, "", u, fmt.Sprintf("%s drops its cloak", u.ID))}
	}
	return nil
}

// cloakBlocksFire reports why u cannot fire, launch at or lock on t
// because of a cloak, or nil.
func cloakBlocksFire(u, t *Unit) error {
	switch {
	case Cloaked(u):
		return fmt.Errorf("rules: %s is cloaked and cannot fire, launch or hold", u.ID)
	case t != nil && Cloaked(t) && u.Hex.Distance(t.Hex) > CloakRange:
		return fmt.Errorf("rules: the cloaked %s is beyond %d hexes", t.ID, CloakRange)
	}
	return nil
}
