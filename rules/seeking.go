package rules

import (
	"fmt"
	"slices"
	"strings"
)

// House rules of the seeking weapons (docs/RULES.md, "Seeking weapons").
const (
	// rackDrones is how many drones a drone rack holds at the start.
	rackDrones = 4
	// LaunchRange is the farthest target a seeking weapon may be
	// launched at.
	LaunchRange = 15
	// droneEndurance is how many turns a seeker flies before it is spent.
	droneEndurance = 3
	// plasmaSpeed is a plasma torpedo's speed in hexes per turn.
	plasmaSpeed = 32
	// plasmaWarheadMax is the warhead of a plasma torpedo that has flown
	// no farther than the first row of the decay table.
	plasmaWarheadMax = 20
	// handoffRange is the farthest a ship may be from a seeker to take
	// over its guidance.
	handoffRange = 15
)

// plasmaDecay is the plasma warhead table (house data): a torpedo that
// has flown up to Flown hexes strikes for Warhead. Beyond the last row
// it has dissipated.
var plasmaDecay = []struct{ Flown, Warhead int }{{5, 20}, {10, 15}, {15, 10}, {20, 5}}

// PlasmaWarhead returns the warhead of a plasma torpedo that has flown
// hexes, before any weakening by fire; 0 once it has dissipated.
func PlasmaWarhead(flown int) int {
	for _, r := range plasmaDecay {
		if flown <= r.Flown {
			return r.Warhead
		}
	}
	return 0
}

// Seeking reports whether units of the kind are seeking weapons: they
// move by themselves toward a target and do not roll initiative.
func (k UnitKind) Seeking() bool { return k == KindDrone || k == KindPlasma }

// isSeeker reports whether u is a seeking weapon.
func isSeeker(u *Unit) bool { return u.Kind.Seeking() }

// warheadNow returns what seeker u would strike for now: a drone its
// class warhead, a plasma torpedo its decayed warhead less the damage
// it has taken.
func warheadNow(u *Unit) int {
	if u.Kind != KindPlasma {
		return lookupClass(u.Class).Warhead
	}
	if u.Ship == nil {
		return plasmaWarheadMax
	}
	return max(PlasmaWarhead(u.Ship.Flown)-u.Ship.Hits, 0)
}

// readyToLaunch reports whether a mount of weapon w in state ms holds a
// seeker to launch: a drone rack with drones left, or a plasma launcher
// armed this turn.
func readyToLaunch(w Weapon, ms MountState) bool {
	if !w.Seeking() || ms.Destroyed || ms.Fired {
		return false
	}
	if w.Charged() {
		return ms.Armed
	}
	return ms.Ammo > 0
}

// checkLaunch reports why mount m of u cannot launch at t now, or nil.
func (s *State) checkLaunch(u *Unit, m int, t *Unit) error {
	c := lookupClass(u.Class)
	if m < 0 || m >= len(c.Mounts) {
		return refuse("", "%s has no mount %d", u.ID, m)
	}
	w, _ := LookupWeapon(c.Mounts[m].Weapon)
	ms := u.Ship.Mounts[m]
	switch {
	case !w.Seeking():
		return refuse("", "%s mount %d (%s) fires, it does not launch", u.ID, m, w.Name)
	case ms.Destroyed:
		return refuse("", "%s mount %d is destroyed", u.ID, m)
	case ms.Fired:
		return refuse("", "%s mount %d has launched this turn", u.ID, m)
	case InStasis(u):
		return refuse("", "%s is held in stasis", u.ID)
	case u.Ship.Radiation.Blind:
		return refuse("IP4.314", "%s lost lock-on to rift radiation: it guides what it launched but launches no more", u.ID)
	case w.Charged() && !ms.Armed:
		return refuse("", "%s mount %d (%s) is not armed: it needs %d turns of arming in a row", u.ID, m, w.Name, w.ArmTurns)
	case !w.Charged() && ms.Ammo <= 0:
		return refuse("", "%s mount %d is empty", u.ID, m)
	case t == nil || !canTarget(u, t) || isSeeker(t):
		return refuse("", "%s cannot launch at that target", u.ID)
	case u.Hex.Distance(t.Hex) > LaunchRange:
		return refuse("", "%s is beyond the launch range %d", t.ID, LaunchRange)
	case !c.Mounts[m].Arc.Covers(relativeDirection(u.Hex, u.Facing, t.Hex)):
		return refuse("", "%s is outside the %s arc of %s mount %d", t.ID, c.Mounts[m].Arc, u.ID, m)
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
	ready := func(m int) bool {
		w, _ := LookupWeapon(c.Mounts[m].Weapon)
		return readyToLaunch(w, u.Ship.Mounts[m])
	}
	var near []*Unit
	for m := range c.Mounts {
		if ready(m) {
			near = s.unitsWithin(u.Map, u.Hex, LaunchRange) // one query for all racks
			break
		}
	}
	return firstTargets(u, len(c.Mounts), ready, near, s.checkLaunch)
}

// sampleLaunches returns every rack of the side that can launch, at its
// nearest target.
func (s *State) sampleLaunches(side SideID) []Shot { return s.sideShots(side, s.possibleLaunches) }

// checkLaunches validates a side's launch declaration.
func (s *State) checkLaunches(side SideID, shots []Shot) error {
	return s.checkMountOrders(side, shots, "launches", s.checkLaunch)
}

// execLaunches puts the revealed launches into play: each is a new
// seeker in its launcher's hex, facing its target, guided by its
// launcher: a drone from a rack, or a plasma torpedo, which empties its
// launcher's charge.
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
	var evs []Event
	for _, sh := range shots {
		u, t := s.Unit(sh.Attacker), s.Unit(sh.Target)
		ms := &u.Ship.Mounts[sh.Mount]
		w, _ := LookupWeapon(lookupClass(u.Class).Mounts[sh.Mount].Weapon)
		cl, kind, name, tag := lookupClass("drone"), KindDrone, "Drone", "d"
		n := rackDrones - ms.Ammo + 1
		if w.Charged() {
			cl, kind, name, tag = lookupClass("plasma"), KindPlasma, "Plasma torpedo", "p"
			ms.Charge, ms.Armed = 0, false
			for n = 1; s.Unit(seekerID(u.ID, tag, sh.Mount, n)) != nil; n++ {
			}
		} else {
			ms.Ammo--
		}
		ms.Fired = true
		f := u.Facing
		if d, ok := u.Hex.DirectionTo(t.Hex); ok {
			f = d
		}
		d := Unit{
			ID: seekerID(u.ID, tag, sh.Mount, n), Name: name, Side: u.Side,
			Class: cl.ID, Kind: kind, Status: StatusOnMap, Map: u.Map, Hex: u.Hex, Facing: f,
			Speed: cl.MaxSpeed, Gear: Gear{Target: t.ID, Guide: u.ID},
			Ship: newShipState(cl, cl.MaxSpeed),
		}
		d.Ship.Launched = s.Clock
		// It flies only the rest of the turn: count the impulse chart's
		// share so far as moved.
		d.Ship.Move.Moved = s.Clock.Impulse * d.Speed / s.Ruleset.ImpulsesPerTurn
		// addUnit shifts s.Units: u and t may point at other units after it.
		text := fmt.Sprintf("%s launches %s %s at %s", unitName(u), strings.ToLower(name), d.ID, unitName(t))
		s.addUnit(d)
		evs = append(evs, s.unitEvent(EventNote, "", s.Unit(d.ID), text))
	}
	return evs
}

// seekerID names the n-th seeker launched by a mount, e.g. "kestrel.d6.1"
// for a drone, "sunhawk.p6.2" for a plasma torpedo.
func seekerID(launcher UnitID, tag string, mount, n int) UnitID {
	return UnitID(fmt.Sprintf("%s.%s%d.%d", launcher, tag, mount, n))
}

// LaunchOdds is what a launch would do if declared now, from facts the
// launching side may know: the range to the target, the seeker's speed,
// the impulses it needs to reach the target's hex if the target held
// still, and the warhead it would strike with there (a plasma torpedo's
// decays with the hexes flown).
type LaunchOdds struct {
	Range    int `json:"range"`
	Speed    int `json:"speed"`
	Impulses int `json:"impulses"`
	Warhead  int `json:"warhead"`
}

// LaunchOdds returns the odds of launch sh, or why it cannot be
// launched now.
func (s *State) LaunchOdds(sh Shot) (LaunchOdds, error) {
	u, t := s.Unit(sh.Attacker), s.Unit(sh.Target)
	if u == nil || u.Ship == nil {
		return LaunchOdds{}, errNoUnit(sh.Attacker)
	}
	if err := s.checkLaunch(u, sh.Mount, t); err != nil {
		return LaunchOdds{}, err
	}
	w, _ := LookupWeapon(lookupClass(u.Class).Mounts[sh.Mount].Weapon)
	o := LaunchOdds{Range: u.Hex.Distance(t.Hex), Speed: lookupClass("drone").MaxSpeed, Warhead: lookupClass("drone").Warhead}
	if w.Charged() {
		o.Speed, o.Warhead = plasmaSpeed, PlasmaWarhead(o.Range)
	}
	// Walk the impulse chart from the launch on, the rest of this turn
	// first, as the seeker will fly it; in the target's hex already, it
	// strikes in this impulse's seeking resolution.
	n := s.Ruleset.ImpulsesPerTurn
	done, imp, base := 0, s.Clock.Impulse, s.Clock.Impulse*o.Speed/n
	for o.Range > 0 && o.Impulses < droneEndurance*n {
		if imp == n {
			done += o.Speed - base
			imp, base = 0, 0
		}
		imp++
		o.Impulses++
		if done+imp*o.Speed/n-base >= o.Range {
			break
		}
	}
	return o, nil
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
// hex. The leave-hex and enter-hex checks act on it like on any unit. A
// plasma torpedo whose next hex would leave it no warhead dissipates
// instead.
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
			evs = append(evs, s.unitEvent(EventNote, "", u, fmt.Sprintf("%s loses its guide and flies on ballistic", unitName(u))))
			u.Gear.Target = ""
		}
		n := s.allotment(u, &u.Ship.Move)
		start := u.Hex
		var spent []Event
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
			if u.Kind == KindPlasma && PlasmaWarhead(u.Ship.Flown+1) <= u.Ship.Hits {
				u.Status = StatusDestroyed
				spent = append(spent, s.unitEvent(EventDestroyed, "", u, fmt.Sprintf("%s dissipates after %d hexes", unitName(u), u.Ship.Flown)))
				break
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
			u.Ship.Flown++
			for _, mh := range h.EnterHex {
				o := mh.Check(s, u, from, to)
				evs = append(evs, o.Events...)
				stop = stop || o.Stop || !u.OnMap()
			}
			if stop {
				break
			}
		}
		if u = s.Unit(id); u.Hex != start && (u.OnMap() || len(spent) > 0) {
			evs = append(evs, s.unitEvent(EventMove, "", u, fmt.Sprintf("%s moves %v to %v", unitName(u), start, u.Hex)))
		}
		evs = append(evs, spent...)
	}
	return evs
}

// resolveSeekers makes every seeker in its target's hex strike it: its
// warhead on the shield facing the seeker's approach, and the seeker is
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
		id, tid := unitName(u), unitName(t)
		warhead := warheadNow(u)
		what := "drone "
		if u.Kind == KindPlasma {
			what = "plasma torpedo "
		}
		u.Status = StatusDestroyed
		evs = append(evs, s.unitEvent(EventDestroyed, "", u, fmt.Sprintf("%s strikes %s for %d", id, tid, warhead)))
		shield := ((int(u.Facing.opposite())-int(t.Facing))%6 + 6) % 6
		evs = append(evs, s.damage(t, shield, warhead, "", what+string(id))...)
	}
	return evs
}

// expireSeekers removes seekers that have flown their endurance.
func (s *State) expireSeekers() []Event {
	var evs []Event
	for i := range s.Units {
		u := &s.Units[i]
		if isSeeker(u) && u.OnMap() && u.Ship != nil && u.Ship.Launched.Turn > 0 &&
			s.Clock.Turn-u.Ship.Launched.Turn >= droneEndurance {
			u.Status = StatusDestroyed
			evs = append(evs, s.unitEvent(EventDestroyed, "", u, fmt.Sprintf("%s runs out of fuel", unitName(u))))
		}
	}
	return evs
}

// weakenPlasma follows damage to plasma torpedo u (already added to its
// hits): each point weakens its warhead by one, and a warhead weakened to
// nothing is gone.
func (s *State) weakenPlasma(u *Unit) []Event {
	if w := warheadNow(u); w > 0 {
		return []Event{s.unitEvent(EventNote, "", u, fmt.Sprintf("%s's warhead weakens to %d", unitName(u), w))}
	}
	return s.destroy(u, "its warhead weakened to nothing")
}

// chargeLaunchers applies allocation a to u's launchers that arm over
// turns: one armed gains a turn of charge and is armed once full, one
// held stays armed, and any other loses its charge.
func (s *State) chargeLaunchers(u *Unit, a *Allocation) []Event {
	var evs []Event
	for m, mt := range lookupClass(u.Class).Mounts {
		w, _ := LookupWeapon(mt.Weapon)
		if !w.Charged() {
			continue
		}
		ms := &u.Ship.Mounts[m]
		switch {
		case slices.Contains(a.Arm, m):
			ms.Charge++
			ms.Armed = ms.Charge >= w.ArmTurns
		case slices.Contains(a.Hold, m):
			ms.Armed = true
		case ms.Charge > 0:
			ms.Charge, ms.Armed = 0, false
			ev := s.newEvent(EventNote, "", Only(u.Side), fmt.Sprintf("%s's %s %s loses its charge", unitName(u), w.Name, MountLabel(m)))
			ev.Unit, ev.Side = u.ID, u.Side
			evs = append(evs, ev)
		}
	}
	return evs
}

// checkCharges checks an allocation's arming of launchers that arm over
// turns: a full launcher is held, not armed again, and only a full one
// can be held.
func checkCharges(c *Class, ss *ShipState, a *Allocation) error {
	for _, m := range a.Arm {
		if w, _ := LookupWeapon(c.Mounts[m].Weapon); w.Charged() && ss.Mounts[m].Charge >= w.ArmTurns {
			return fmt.Errorf("mount %d (%s) is fully armed: hold it for %d instead", m, w.Name, w.Hold)
		}
	}
	held := map[int]bool{}
	for _, m := range a.Hold {
		if m < 0 || m >= len(c.Mounts) {
			return fmt.Errorf("no mount %d", m)
		}
		if held[m] {
			return fmt.Errorf("mount %d held twice", m)
		}
		held[m] = true
		w, _ := LookupWeapon(c.Mounts[m].Weapon)
		switch {
		case !w.Charged():
			return fmt.Errorf("mount %d (%s) has no charge to hold", m, w.Name)
		case ss.Mounts[m].Destroyed:
			return fmt.Errorf("mount %d is destroyed", m)
		case ss.Mounts[m].Charge < w.ArmTurns:
			return fmt.Errorf("mount %d (%s) is not fully armed (%d of %d turns) and cannot be held", m, w.Name, ss.Mounts[m].Charge, w.ArmTurns)
		}
	}
	return nil
}

// Handoff passes the guidance of a seeking weapon from the ship guiding
// it to another ship of its side, in impulse activity (house rule).
type Handoff struct {
	Seeker UnitID `json:"seeker"`
	To     UnitID `json:"to"`
}

// String summarises the handoff.
func (h Handoff) String() string { return string(h.Seeker) + " guidance to " + string(h.To) }

// checkHandoff reports why side cannot hand the guidance of h.Seeker to
// h.To now, or nil. The seeker must be the side's, in normal space and
// guided toward a target by a unit of the side that is in play; the new
// guide another ship or base of the side on the seeker's map, within
// handoffRange of it, with sensors, in normal space (IP8.422), not
// cloaked and not in stasis.
func (s *State) checkHandoff(side SideID, h Handoff) error {
	w := s.Unit(h.Seeker)
	switch {
	case w == nil || !isSeeker(w) || !w.OnMap() || w.Side != side:
		return refuse("", "%s is not a seeking weapon of %s in play", h.Seeker, side)
	case w.Gear.SelfGuided:
		return refuse("", "%s guides itself", h.Seeker)
	case w.Gear.Target == "":
		return refuse("", "%s flies ballistic: it has no guidance to pass", h.Seeker)
	}
	g := s.Unit(w.Gear.Guide)
	switch {
	case g != nil && g.PhasedOut:
		return refuse("IP8.422", "guidance cannot pass from the phased-out %s", g.ID)
	case g == nil || !g.OnMap():
		return refuse("", "%s has lost its guide", h.Seeker)
	case w.PhasedOut:
		return refuse("", "%s is out of phase: no lock-on to pass", h.Seeker)
	}
	t := s.Unit(h.To)
	switch {
	case t == nil || !t.OnMap() || t.Side != side:
		return refuse("", "guidance cannot pass to %s: no unit of %s in play", h.To, side)
	case t.PhasedOut:
		return refuse("IP8.422", "guidance cannot pass to %s", h.To)
	case t.ID == g.ID:
		return refuse("", "%s already guides %s", t.ID, h.Seeker)
	case !allocates(t):
		return refuse("", "%s cannot guide a seeker: only ships and bases do", t.ID)
	case t.Map != w.Map || t.Hex.Distance(w.Hex) > handoffRange:
		return refuse("", "%s is beyond the handoff range %d of %s", t.ID, handoffRange, h.Seeker)
	case !hasSensors(t):
		return refuse("", "%s has no sensors to guide %s", t.ID, h.Seeker)
	case cloaked(t):
		return refuse("", "the cloaked %s cannot guide a seeker", t.ID)
	case InStasis(t):
		return refuse("", "%s is held in stasis", t.ID)
	}
	return nil
}

// checkHandoffs validates a side's handoffs: each seeker at most once.
func (s *State) checkHandoffs(side SideID, hs []Handoff) error {
	seen := map[UnitID]bool{}
	for _, h := range hs {
		if seen[h.Seeker] {
			return refuse("", "%s is handed over twice", h.Seeker)
		}
		seen[h.Seeker] = true
		if err := s.checkHandoff(side, h); err != nil {
			return err
		}
	}
	return nil
}

// execHandoffs applies the revealed handoffs in seeker order.
func (s *State) execHandoffs(sealed []Sealed) []Event {
	hs := revealed(sealed, func(c *Command) []Handoff { return c.Handoffs }, func(h Handoff) UnitID { return h.Seeker })
	var evs []Event
	for _, h := range hs {
		w := s.Unit(h.Seeker)
		if err := s.checkHandoff(w.Side, h); err != nil {
			evs = append(evs, s.unitEvent(EventNote, "", w, fmt.Sprintf("the handoff of %s fails: %s", unitName(w), strings.TrimPrefix(err.Error(), "rules: "))))
			continue
		}
		from := w.Gear.Guide
		w.Gear.Guide = h.To
		evs = append(evs, s.unitEvent(EventNote, "", w, fmt.Sprintf("%s takes the guidance of %s from %s", s.nameOf(h.To), unitName(w), s.nameOf(from))))
	}
	return evs
}

// handoffCandidate reports whether u is a seeker whose guidance might
// pass: guided toward a target by another unit, in normal space.
func handoffCandidate(u *Unit) bool {
	return isSeeker(u) && u.OnMap() && !u.PhasedOut && u.Gear.Target != "" && u.Gear.Guide != "" && !u.Gear.SelfGuided
}

// handoffsOf lists the legal handoffs of seeker w, nearest new guide
// first; with first set it stops at the first.
func (s *State) handoffsOf(w *Unit, first bool) []Handoff {
	var out []Handoff
	for _, t := range s.unitsWithin(w.Map, w.Hex, handoffRange) {
		if t.Side != w.Side || t.ID == w.Gear.Guide || !allocates(t) {
			continue
		}
		h := Handoff{Seeker: w.ID, To: t.ID}
		if s.checkHandoff(w.Side, h) == nil {
			out = append(out, h)
			if first {
				break
			}
		}
	}
	return out
}

// HandoffOptions lists every handoff side may order now, in seeker order
// and, for each seeker, nearest new guide first. It looks at the side's
// own units only.
func (s *State) HandoffOptions(side SideID) []Handoff {
	var out []Handoff
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side && handoffCandidate(u) {
			out = append(out, s.handoffsOf(u, false)...)
		}
	}
	return out
}

// sampleHandoffs hands each of the side's seekers that could pass its
// guidance to the nearest ship that could take it.
func (s *State) sampleHandoffs(side SideID) []Handoff {
	var out []Handoff
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side && handoffCandidate(u) {
			out = append(out, s.handoffsOf(u, true)...)
		}
	}
	return out
}

// handoffSides returns the sides with a seeker whose guidance could pass
// now.
func (s *State) handoffSides() map[SideID]bool {
	need := map[SideID]bool{}
	for i := range s.Units {
		if u := &s.Units[i]; !need[u.Side] && handoffCandidate(u) && len(s.handoffsOf(u, true)) > 0 {
			need[u.Side] = true
		}
	}
	return need
}
