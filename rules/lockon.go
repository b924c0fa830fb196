package rules

// Lock-on (house rule, docs/RULES.md "Lock-on"): a unit fires at or
// launches at a target beyond LockOnFreeRange only with a lock-on, which
// needs an intact sensor box (units without a damage chart always have
// one) and both units in normal space (IP8.122-123, canLockOn). A cloak
// limits lock-on further (cloak.go).

// LockOnFreeRange is the range within which no lock-on is needed.
const LockOnFreeRange = 1

// hasSensors reports whether u can hold a lock-on: an intact sensor box,
// or no damage chart at all.
func hasSensors(u *Unit) bool {
	c := lookupClass(u.Class)
	if u.Ship != nil && u.Ship.Radiation.Blind {
		return false // cosmic rift radiation (IP4.313-314)
	}
	return c == nil || c.smallCraft() || u.Ship == nil || u.Ship.Boxes[SysSensor] > 0
}

// checkLockOn reports why u has no lock-on on t for fire or launch, or nil.
func (s *State) checkLockOn(u, t *Unit) error {
	if u.Hex.Distance(t.Hex) <= LockOnFreeRange {
		return nil
	}
	if !s.canLockOn(u.ID, t.ID) {
		return refuse("", "%s cannot lock on to %s", u.ID, t.ID)
	}
	if !hasSensors(u) {
		return refuse("", "%s has lost its sensors and cannot lock on beyond %d hex", u.ID, LockOnFreeRange)
	}
	return nil
}
