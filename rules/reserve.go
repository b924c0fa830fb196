package rules

import (
	"fmt"
	"slices"
)

// The reserve (TI4 "reinforcements"): units a gravity rift removes from
// the board are not destroyed (GRN.2); they go to their owner's reserve
// (GR41.2.3) and may come back by re-entry. This file holds removal to
// reserve, re-entry, withdrawal through a rift (GRN.5-8), the fleet limit
// (GRN.4) and the pick-ups a movement plan may make (GRN.10).

// cargoOf returns the units carried by id, in id order.
func (s *State) cargoOf(id UnitID) []*Unit {
	var out []*Unit
	for i := range s.Units {
		if c := &s.Units[i]; c.Status == StatusCarried && c.CarriedBy == id {
			out = append(out, c)
		}
	}
	return out
}

// toReserve takes u off the board into its owner's reserve with everything
// it carries (GR41.2.2-3). Nothing explodes and nothing is destroyed
// (GRN.2); a docked partner is undocked and stays where it is.
func (s *State) toReserve(u *Unit) []Event {
	return s.leaveBoard(u, StatusReserve, "GR41.2.3", "removed to %s's reserve", "GR41.2.2", "removed to reserve with its carrier %s")
}

// leaveBoard gives u and its cargo a status off the board, with events.
func (s *State) leaveBoard(u *Unit, st UnitStatus, clause, what, cargoClause, cargoWhat string) []Event {
	u.Status = st
	if u.Ship != nil {
		if p := s.Unit(u.Ship.Docked); p != nil && p.Ship != nil {
			p.Ship.Docked, p.Ship.BoardingOnly = "", false
		}
		u.Ship.Docked, u.Ship.BoardingOnly, u.Ship.Warp, u.Ship.Erratic = "", false, false, false
	}
	evs := []Event{s.unitEvent(EventNote, clause, u, fmt.Sprintf("%s "+what, unitName(u), s.sideName(u.Side)))}
	for _, c := range s.cargoOf(u.ID) {
		c.Status, c.CarriedBy = st, ""
		c.Map, c.Hex = u.Map, u.Hex
		evs = append(evs, s.unitEvent(EventNote, cargoClause, c, fmt.Sprintf("%s "+cargoWhat, unitName(c), unitName(u))))
	}
	return evs
}

// smallCraft reports whether u is a shuttle or fighter, the units a ship
// may carry.
func smallCraft(u *Unit) bool { return u.Kind == KindShuttle || u.Kind == KindFighter }

// capacity returns how many more units u can carry: one per intact
// shuttle box, less what it carries.
func (s *State) capacity(u *Unit) int {
	if u.Ship == nil || smallCraft(u) {
		return 0
	}
	return u.Ship.Boxes[SysShuttle] - len(s.cargoOf(u.ID))
}

// reentryAnchors returns the units of side next to which a reserve unit
// may re-enter on map m: ships and bases on that map, in normal space and
// outside every gravity rift system.
func (s *State) reentryAnchors(side SideID, m MapID) []*Unit {
	var out []*Unit
	for i := range s.Units {
		a := &s.Units[i]
		if a.Side != side || !a.OnMap() || a.Map != m || a.PhasedOut || (a.Kind != KindShip && a.Kind != KindBase) {
			continue
		}
		if _, rift := s.RiftSystemAt(a.Map, a.Hex); rift {
			continue
		}
		out = append(out, a)
	}
	return out
}

// ReentryHexes returns the hexes where reserve unit id may re-enter now,
// sorted, for a front end to offer; nil when it cannot.
func (s *State) ReentryHexes(id UnitID) []Hex {
	u := s.Unit(id)
	if u == nil || u.Status != StatusReserve {
		return nil
	}
	seen := map[Hex]bool{}
	var out []Hex
	for _, a := range s.reentryAnchors(u.Side, u.Map) {
		for _, h := range append([]Hex{a.Hex}, neighbors(a.Hex)...) {
			if !seen[h] && s.reentryPlace(u, h, nil) == nil {
				out = append(out, h)
			}
			seen[h] = true
		}
	}
	slices.SortFunc(out, compareHex)
	return out
}

func neighbors(h Hex) []Hex {
	out := make([]Hex, 0, 6)
	for _, d := range Directions {
		out = append(out, h.Neighbor(d))
	}
	return out
}

// checkReentry checks a declaration that brings a reserve unit back: the
// unit is side's, in reserve, and enters in or next to the hex of a
// re-entry anchor, outside gravity rift systems and within the fleet
// limit.
func (s *State) checkReentry(side SideID, d Declaration, all []Declaration) error {
	u := s.Unit(d.Unit)
	switch {
	case u == nil:
		return refuse("", "no unit %q", d.Unit)
	case u.Side != side:
		return refuse("", "unit %s belongs to %s, not %s", d.Unit, u.Side, side)
	case u.Status != StatusReserve:
		return refuse("", "%s is not in reserve and cannot re-enter", d.Unit)
	case d.Withdraw || d.Warp || d.SelfDestruct || len(d.Carry) > 0:
		return refuse("", "a re-entering unit %s declares nothing else", d.Unit)
	case !d.Facing.valid():
		return refuse("", "%s: invalid facing %d", d.Unit, d.Facing)
	}
	return s.reentryPlace(u, *d.Enter, all)
}

// reentryPlace checks where u may re-enter, counting the other re-entries
// declared with it against the fleet limit.
func (s *State) reentryPlace(u *Unit, h Hex, all []Declaration) error {
	if sys, rift := s.RiftSystemAt(u.Map, h); rift {
		return refuse("", "%s cannot re-enter inside gravity rift %s", u.ID, sysName(sys))
	}
	near := false
	for _, a := range s.reentryAnchors(u.Side, u.Map) {
		near = near || a.Hex.Distance(h) <= 1
	}
	if !near {
		return refuse("", "%s must re-enter in or next to the hex of a ship or base of its side outside the rifts", u.ID)
	}
	if lim := s.Ruleset.FleetLimit; lim > 0 && u.Kind == KindShip {
		n := s.fleetCount(u.Side, u.Map, h, nil)
		for _, o := range all {
			if ou := s.Unit(o.Unit); o.Enter != nil && o.Unit != u.ID && ou != nil && ou.Kind == KindShip &&
				ou.Map == u.Map && s.samePlace(u.Map, *o.Enter, h) && o.Unit < u.ID {
				n++
			}
		}
		if n+1 > lim {
			return refuse("GRN.4", "%s would make %d ships of %s in %s, over the fleet limit of %d",
				u.ID, n+1, u.Side, s.placeName(u.Map, h), lim)
		}
	}
	return nil
}

// reenter brings a reserve unit back on the map at speed 0 with a fresh
// turn: it allocates energy from the next turn (from a standstill). A
// unit placed on an open cosmic rift's hex is displaced through it at once
// (IP4.24). The rift's destination may come into play: callers find units
// again by id.
func (s *State) reenter(u *Unit, h Hex, f Direction) []Event {
	u.Status, u.CarriedBy, u.Facing, u.Speed = StatusOnMap, "", f, 0
	s.setHex(u, h)
	if ss := u.Ship; ss != nil {
		ss.Move = MoveState{}
		ss.Allocated, ss.PrevSpeed = 0, 0
		ss.Docked, ss.BoardingOnly, ss.Warp, ss.Erratic = "", false, false, false
	}
	evs := []Event{s.unitEvent(EventNote, "GR41.2.3", u, fmt.Sprintf("%s re-enters from reserve at %v facing %s", unitName(u), h, f))}
	return append(evs, s.cosmicEnterHex(u)...)
}

// --- the fleet limit (GRN.4) ---

// samePlace reports whether a and b are in one fleet place: the same
// system, or the same hex outside every system.
func (s *State) samePlace(m MapID, a, b Hex) bool {
	sa, oka := s.systemAt(m, a)
	sb, okb := s.systemAt(m, b)
	if oka || okb {
		return oka && okb && sa.ID == sb.ID
	}
	return a == b
}

func (s *State) systemAt(m MapID, h Hex) (System, bool) {
	mp := s.mapByID(m)
	if mp == nil || mp.Terrain == nil {
		return System{}, false
	}
	return mp.Terrain.SystemAt(h)
}

func (s *State) placeName(m MapID, h Hex) string {
	if sys, ok := s.systemAt(m, h); ok {
		return sysName(sys)
	}
	return "hex " + h.String()
}

// fleetCount counts side's ships on the board in the fleet place of hex h,
// leaving out the units in skip; a ship whose move waits at a gravity
// rift's edge counts where the move ends (placeOf). Units in reserve,
// withdrawn or destroyed are not on the board and never count (GRN.4).
func (s *State) fleetCount(side SideID, m MapID, h Hex, skip []UnitID) int {
	n := 0
	for i := range s.Units {
		o := &s.Units[i]
		if o.Side != side || o.Kind != KindShip || !o.OnMap() || slices.Contains(skip, o.ID) {
			continue
		}
		// A ship waiting at a rift's edge counts where its move ends.
		if om, oh := s.placeOf(o); om == m && s.samePlace(m, oh, h) {
			n++
		}
	}
	return n
}

// fleetPlanCheck refuses a plan that ends a ship (with a docked partner)
// in a system or hex already holding the fleet limit of its side's ships.
// A plan that stays in its own place is never refused.
func fleetPlanCheck(s *State, u *Unit, p *MovePlan, path []Hex) error {
	lim := s.Ruleset.FleetLimit
	if lim <= 0 || u.Kind != KindShip || len(path) == 0 {
		return nil
	}
	end := path[len(path)-1]
	if s.samePlace(u.Map, u.Hex, end) {
		return nil
	}
	group := []UnitID{u.ID}
	if pt := s.Unit(u.Ship.Docked); pt != nil && pt.OnMap() && pt.Kind == KindShip {
		group = append(group, pt.ID)
	}
	if n := s.fleetCount(u.Side, u.Map, end, group) + len(group); n > lim {
		return refuse("GRN.4", "%s would make %d ships of %s in %s, over the fleet limit of %d",
			u.ID, n, u.Side, s.placeName(u.Map, end), lim)
	}
	return nil
}

// --- pick-ups (GRN.10) ---

// pickUpPlanCheck checks the pick-ups of a plan: shuttles and fighters of
// the mover's side, on the board in the hex where the plan ends, within
// the mover's capacity.
func pickUpPlanCheck(s *State, u *Unit, p *MovePlan, path []Hex) error {
	if len(p.PickUp) == 0 {
		return nil
	}
	if n := s.capacity(u); len(p.PickUp) > n {
		return refuse("", "%s can take %d more units aboard, not %d", u.ID, max(n, 0), len(p.PickUp))
	}
	end := path[len(path)-1]
	seen := map[UnitID]bool{}
	for _, id := range p.PickUp {
		c := s.Unit(id)
		switch {
		case c == nil || c.Side != u.Side:
			return refuse("", "%s cannot pick up %q", u.ID, id)
		case seen[id]:
			return refuse("", "%s picks up %s twice", u.ID, id)
		case !smallCraft(c):
			return refuse("", "%s is a %s; only shuttles and fighters are picked up", id, c.Kind)
		case !c.OnMap() || c.PhasedOut || c.Map != u.Map || c.Hex != end:
			return refuse("", "%s is not on the board in %v, where %s's move ends", id, end, u.ID)
		case s.heldOf(id) != nil:
			return refuse("GRN.3", "%s waits at the edge of a gravity rift to go on with its move and cannot be picked up", id)
		}
		seen[id] = true
	}
	return nil
}

// pickUpAfterMove carries out a plan's pick-ups once the move is over. A
// carrier that did not get to the end of its path (removed by a rift, or
// stopped) picks up nothing: the units stay where they are (GRN.10).
func pickUpAfterMove(s *State, u *Unit, p *MovePlan, end Hex) []Event {
	var evs []Event
	for _, id := range p.PickUp {
		c := s.Unit(id)
		if !u.OnMap() || u.Map != c.Map || u.Hex != end || !c.OnMap() || c.Hex != end {
			evs = append(evs, s.unitEvent(EventNote, "GRN.10", c,
				fmt.Sprintf("%s is not picked up by %s and stays at %v", unitName(c), unitName(u), c.Hex)))
			continue
		}
		c.Status, c.CarriedBy = StatusCarried, u.ID
		evs = append(evs, s.unitEvent(EventNote, "", c, fmt.Sprintf("%s is picked up by %s", unitName(c), unitName(u))))
	}
	return evs
}

// --- withdrawal through a rift (GRN.5-8) ---

// checkWithdrawal checks a withdrawal declaration: the unit is a ship or a
// self-moving shuttle or fighter in a gravity rift system; what it
// carries out (Carry) are shuttles and fighters of its side in its hex,
// within its capacity, declared nowhere else (GRN.5).
func (s *State) checkWithdrawal(u *Unit, d Declaration, all []Declaration) error {
	if d.Warp || d.SelfDestruct {
		return refuse("", "%s cannot withdraw and also self-destruct or go into warp", u.ID)
	}
	if !d.Withdraw {
		return refuse("GRN.5", "%s carries units out but does not withdraw", u.ID)
	}
	if u.Kind != KindShip && !smallCraft(u) {
		return refuse("", "a %s cannot withdraw", u.Kind)
	}
	if u.Away() {
		return refuse("IP4.437", "%s is through a cosmic rift and can disengage only back through it", u.ID)
	}
	if _, rift := s.RiftSystemAt(u.Map, u.Hex); !rift || u.PhasedOut {
		return refuse("GRN.5", "%s can only withdraw from inside a gravity rift system", u.ID)
	}
	if len(d.Carry) > s.capacity(u) {
		return refuse("GRN.5", "%s can carry %d more units, not %d", u.ID, max(s.capacity(u), 0), len(d.Carry))
	}
	for _, id := range d.Carry {
		c := s.Unit(id)
		if c == nil || c.Side != u.Side || !smallCraft(c) || !c.OnMap() || c.PhasedOut || c.Map != u.Map || c.Hex != u.Hex {
			return refuse("GRN.5", "%s cannot carry %q out: it must be a shuttle or fighter of its side in its hex", u.ID, id)
		}
		n := 0
		for _, o := range all {
			if o.Unit == id {
				return refuse("GRN.5", "%s is carried out by %s and declared on its own", id, u.ID)
			}
			n += countID(o.Carry, id)
		}
		if n > 1 {
			return refuse("GRN.5", "%s is carried out by more than one ship", id)
		}
	}
	return nil
}

func countID(ids []UnitID, id UnitID) int {
	n := 0
	for _, x := range ids {
		if x == id {
			n++
		}
	}
	return n
}

// execWithdrawals resolves the withdrawals, in unit order. Each ship and
// each self-moving shuttle or fighter rolls a d10: 1-3 removes it to
// reserve with what it carries (GRN.6); otherwise it leaves the battle
// (StatusWithdrawn) with its cargo. The rift's +1 has no effect (GRN.7).
// A side that loses every withdrawing unit withdraws nothing (GRN.8).
func (s *State) execWithdrawals(ds []Declaration) []Event {
	var evs []Event
	out := map[SideID][2]int{} // withdrawn, lost
	var sides []SideID
	for _, d := range ds {
		u := s.Unit(d.Unit)
		if !d.Withdraw || u == nil || !u.OnMap() {
			continue
		}
		sys, ok := s.RiftSystemAt(u.Map, u.Hex)
		if !ok {
			continue
		}
		for _, id := range d.Carry {
			if c := s.Unit(id); c.OnMap() && c.Hex == u.Hex {
				c.Status, c.CarriedBy = StatusCarried, u.ID
				evs = append(evs, s.unitEvent(EventNote, "GRN.5", c, fmt.Sprintf("%s is carried out by %s", unitName(c), unitName(u))))
			}
		}
		if _, seen := out[u.Side]; !seen {
			sides = append(sides, u.Side)
		}
		n := out[u.Side]
		evs = append(evs, s.unitEvent(EventNote, "GRN.7", u, fmt.Sprintf("%s withdraws through %s: the +1 has no effect", unitName(u), sysName(sys))))
		if s.riftRoll(u, sysName(sys), "GRN.6", &evs) {
			n[1]++
		} else {
			n[0]++
			evs = append(evs, s.leaveBoard(u, StatusWithdrawn, "GRN.6", "withdraws from the battle (%s)", "GRN.5", "withdraws aboard %s")...)
		}
		out[u.Side] = n
	}
	for _, sd := range sides {
		if n := out[sd]; n[0] == 0 {
			evs = append(evs, s.newEvent(EventNote, "GRN.8", Public, fmt.Sprintf("every unit %s withdrew was lost to the rift: nothing of %s withdraws", s.sideName(sd), s.sideName(sd))))
		}
	}
	return evs
}

// execRiftDeclarations applies the gravity rift declarations after
// self-destructs and warp entries: withdrawals, then re-entries, each in
// unit order. A re-entry whose place is no longer allowed (its anchor
// self-destructed) is refused and the unit stays in reserve.
func (s *State) execRiftDeclarations(ds []Declaration) []Event {
	evs := s.execWithdrawals(ds)
	for _, d := range ds {
		u := s.Unit(d.Unit)
		if d.Enter == nil || u == nil || u.Status != StatusReserve {
			continue
		}
		if err := s.reentryPlace(u, *d.Enter, nil); err != nil {
			evs = append(evs, s.unitEvent(EventNote, "GR41.2.3", u, fmt.Sprintf("%s stays in reserve: %v", unitName(u), err)))
			continue
		}
		evs = append(evs, s.reenter(u, *d.Enter, d.Facing)...)
	}
	return evs
}
