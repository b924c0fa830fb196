package rules

import (
	"fmt"
	"slices"
	"strings"
)

// ErraticModifier is added to the fire rolls of an erratically
// maneuvering unit and to every fire roll against it (X4.EM).
const ErraticModifier = 2

// evasionMisses is the highest 1d6 roll with which an evasive maneuver
// makes the strike miss (X4.EV).
const evasionMisses = 2

// canTarget reports whether t is a unit u may shoot at. Nothing fires
// into or out of phase (IP8.12, IP8.122-123).
func canTarget(u, t *Unit) bool {
	return t.ID != u.ID && t.OnMap() && !t.PhasedOut && !u.PhasedOut && t.Map == u.Map && t.Side != u.Side && t.Ship != nil &&
		!hiddenFrom(t, u.Side)
}

// checkShot reports why mount m of u cannot fire at t, or nil.
func (s *State) checkShot(u *Unit, m int, t *Unit) error {
	c := lookupClass(u.Class)
	if m < 0 || m >= len(c.Mounts) {
		return refuse("", "%s has no mount %d", u.ID, m)
	}
	ms := u.Ship.Mounts[m]
	w, _ := LookupWeapon(c.Mounts[m].Weapon)
	switch {
	case ms.Destroyed:
		return refuse("", "%s mount %d is destroyed", u.ID, m)
	case w.Seeking():
		return refuse("", "%s mount %d (%s) is launched, not fired", u.ID, m, w.Name)
	case !ms.Armed:
		return refuse("", "%s mount %d is not armed", u.ID, m)
	case ms.Fired:
		return refuse("", "%s mount %d has fired this turn", u.ID, m)
	case t == nil || !canTarget(u, t):
		return refuse("", "%s cannot shoot at that target", u.ID)
	}
	if err := cloakBlocksFire(u, t); err != nil {
		return err
	}
	if err := s.riftBlocksFire(u, t); err != nil {
		return err
	}
	if err := s.checkLockOn(u, t); err != nil {
		return err
	}
	if InStasis(u) || InStasis(t) {
		return refuse("", "a unit in stasis neither fires nor can be harmed")
	}
	rng := u.Hex.Distance(t.Hex)
	if _, ok := w.Band(rng); !ok {
		return refuse("", "%s at range %d is out of %s's reach", t.ID, rng, w.Name)
	}
	if !c.Mounts[m].Arc.Covers(relativeDirection(u.Hex, u.Facing, t.Hex)) {
		return refuse("", "%s is outside the %s arc of %s mount %d", t.ID, c.Mounts[m].Arc, u.ID, m)
	}
	return nil
}

// possibleShots lists the shots u could declare now, nearest target first
// for each mount.
func (s *State) possibleShots(u *Unit) []Shot {
	c := lookupClass(u.Class)
	reach := -1
	for m, mt := range c.Mounts {
		if ms := u.Ship.Mounts[m]; !ms.Destroyed && ms.Armed && !ms.Fired {
			w, _ := LookupWeapon(mt.Weapon)
			reach = max(reach, w.MaxRange())
		}
	}
	if reach < 0 {
		return nil
	}
	// One neighbourhood query for all mounts, nearest first.
	var near []*Unit
	for _, t := range s.unitsWithin(u.Map, u.Hex, reach) {
		if canTarget(u, t) {
			near = append(near, t)
		}
	}
	ready := func(m int) bool { ms := u.Ship.Mounts[m]; return !ms.Destroyed && ms.Armed && !ms.Fired }
	return firstTargets(u, len(c.Mounts), ready, near, s.checkShot)
}

// firstTargets pairs each of u's mounts that ready allows with the first
// of targets (nearest first) that check allows: the shots and launches
// the rules offer as samples.
func firstTargets(u *Unit, mounts int, ready func(m int) bool, targets []*Unit, check func(u *Unit, m int, t *Unit) error) []Shot {
	var out []Shot
	for m := range mounts {
		if !ready(m) {
			continue
		}
		for _, t := range targets {
			if check(u, m, t) == nil {
				out = append(out, Shot{Attacker: u.ID, Mount: m, Target: t.ID})
				break
			}
		}
	}
	return out
}

// sampleShots returns every mount of the side firing at its nearest
// target.
func (s *State) sampleShots(side SideID) []Shot {
	return s.sideShots(side, func(u *Unit) []Shot {
		if !u.OnMap() || u.Ship == nil {
			return nil
		}
		return s.possibleShots(u)
	})
}

// sideShots gathers possible's shots for every unit of side, in unit
// order.
func (s *State) sideShots(side SideID, possible func(*Unit) []Shot) []Shot {
	var out []Shot
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side {
			out = append(out, possible(u)...)
		}
	}
	return out
}

// checkShots validates a side's fire declaration.
func (s *State) checkShots(side SideID, shots []Shot) error {
	return s.checkMountOrders(side, shots, "fires", s.checkShot)
}

// checkMountOrders validates a side's orders to its weapon mounts (fire
// or launch): each by a unit of the side, each mount once, each one as
// check says; verb names the order in the error.
func (s *State) checkMountOrders(side SideID, shots []Shot, verb string, check func(u *Unit, m int, t *Unit) error) error {
	seen := map[mountKey]bool{}
	for _, sh := range shots {
		u, err := s.ownedUnit(side, sh.Attacker)
		if err != nil {
			return err
		}
		k := mountKey{sh.Attacker, sh.Mount}
		if seen[k] {
			return refuse("", "%s mount %d %s twice", sh.Attacker, sh.Mount, verb)
		}
		seen[k] = true
		if err := check(u, sh.Mount, s.Unit(sh.Target)); err != nil {
			return err
		}
	}
	return nil
}

// recordShots takes the revealed fire of every side: each mount is spent
// now, so a unit destroyed during resolution still fires (X4.IMP.D).
func (s *State) recordShots(sealed []Sealed) {
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
	for _, sh := range shots {
		s.Unit(sh.Attacker).Ship.Mounts[sh.Mount].Fired = true
	}
	s.Turn.Shots = shots
}

// evadable lists the attackers u may evade now: u is mobile, under fire,
// has evasions left (size class per turn) and has not evaded this impulse
// (X4.EV).
func (s *State) evadable(u *Unit) []UnitID {
	c := lookupClass(u.Class)
	if !c.Mobile() || isSeeker(u) || u.Ship.Evasions >= c.SizeClass || u.Ship.EvadedImpulse == s.Clock.Impulse {
		return nil
	}
	return s.attackersOf(u.ID)
}

// attackersCache maps each target of the impulse's revealed fire to its
// attackers, in attacker order. It is derived from Turn.Shots and rebuilt
// whenever the clock or the shots differ from when it was built.
type attackersCache struct {
	clock Clock
	n     int
	by    map[UnitID][]UnitID
}

// attackersOf returns the units whose revealed shots this impulse target id.
func (s *State) attackersOf(id UnitID) []UnitID {
	c := s.attackers
	if c == nil || c.clock != s.Clock || c.n != len(s.Turn.Shots) {
		c = &attackersCache{clock: s.Clock, n: len(s.Turn.Shots), by: map[UnitID][]UnitID{}}
		for _, sh := range s.Turn.Shots {
			if l := c.by[sh.Target]; len(l) == 0 || l[len(l)-1] != sh.Attacker {
				c.by[sh.Target] = append(l, sh.Attacker)
			}
		}
		s.attackers = c
	}
	return c.by[id]
}

func (s *State) sampleEvasions(side SideID) []Evasion {
	var out []Evasion
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == side && u.OnMap() && u.Ship != nil {
			if a := s.evadable(u); len(a) > 0 {
				out = append(out, Evasion{Unit: u.ID, Attacker: a[0]})
			}
		}
	}
	return out
}

// checkEvasions validates a side's evasive maneuvers: one per unit per
// impulse, against one attacker's strike.
func (s *State) checkEvasions(side SideID, evs []Evasion) error {
	seen := map[UnitID]bool{}
	for _, e := range evs {
		u, err := s.ownedUnit(side, e.Unit)
		if err != nil {
			return err
		}
		if seen[e.Unit] {
			return refuse("X4.EV", "%s may evade only one strike per impulse", e.Unit)
		}
		seen[e.Unit] = true
		if !slices.Contains(s.evadable(u), e.Attacker) {
			return refuse("X4.EV", "%s cannot evade %s now", e.Unit, e.Attacker)
		}
	}
	return nil
}

// execEvasions rolls each revealed evasive maneuver: 1d6 of 1-2 makes
// the strike miss (X4.EV).
func (s *State) execEvasions(sealed []Sealed) []Event {
	all := revealed(sealed, func(c *Command) []Evasion { return c.Evasions }, func(o Evasion) UnitID { return o.Unit })
	var evs []Event
	for _, e := range all {
		u := s.Unit(e.Unit)
		u.Ship.Evasions++
		u.Ship.EvadedImpulse = s.Clock.Impulse
		r, ev := s.Roll(D6, RollReason{Clause: "X4.EV", Side: u.Side, Unit: u.ID, What: "evasive maneuver " + unitName(u)})
		ev.Chance = Chance{In: evasionMisses, Of: int16(D6.Sides), Came: r.Total <= evasionMisses}
		evs = append(evs, ev)
		if r.Total <= evasionMisses {
			s.Turn.Evaded = append(s.Turn.Evaded, e)
			evs = append(evs, s.unitEvent(EventNote, "X4.EV", u, fmt.Sprintf("%s evades the strike of %s", unitName(u), s.nameOf(e.Attacker))))
		}
	}
	return evs
}

// fireModifier returns what is added to a fire roll of attacker u at
// target t: +2 if either maneuvers erratically (X4.EM), +1 per warp factor
// of an attacker going into warp (X4.WARP), up to +2 against a cloaked
// target as its cloak fades in (house rule, CloakFireModifier), and the
// attacker's scanner penalty (house rule, scanner.go).
func fireModifier(u, t *Unit) int {
	m := scannerPenalty(u)
	if u.Ship != nil && u.Ship.Erratic {
		m += ErraticModifier
	}
	if t.Ship != nil && t.Ship.Erratic {
		m += ErraticModifier
	}
	if u.Ship != nil && u.Ship.Warp {
		m += WarpFactor(u.Speed)
	}
	m += CloakFireModifier(cloakLevel(t))
	return m
}

// resolveFire resolves every revealed shot in attacker and mount order.
// All fire is simultaneous (me-too, X4.IMP.D): a unit destroyed by an
// earlier shot still fires; shots at a unit already destroyed are lost.
// Every shot rolls with the modifiers as they stood when fire was
// declared, so the damage of one shot changes no other shot of the step
// and the odds shown at declaration are the odds rolled. The shots of
// one attacker at one target are one volley (X4.DAC.1, as the evasive
// maneuver's "strike"): they roll one by one, and the damage of those
// that hit is scored together once the volley's last shot has rolled.
func (s *State) resolveFire() []Event {
	var evs []Event
	mods := make([]int, len(s.Turn.Shots))
	type volley struct {
		attacker, target UnitID
		shots            []int
	}
	var volleys []volley
	at := map[[2]UnitID]int{}
	for i, sh := range s.Turn.Shots {
		mods[i] = s.shotModifier(s.Unit(sh.Attacker), s.Unit(sh.Target))
		k := [2]UnitID{sh.Attacker, sh.Target}
		j, ok := at[k]
		if !ok {
			j = len(volleys)
			at[k] = j
			volleys = append(volleys, volley{attacker: sh.Attacker, target: sh.Target})
		}
		volleys[j].shots = append(volleys[j].shots, i)
	}
	for _, vl := range volleys {
		u, t := s.Unit(vl.attacker), s.Unit(vl.target)
		c := lookupClass(u.Class)
		total := 0
		var hitBy []string
		for _, i := range vl.shots {
			sh := s.Turn.Shots[i]
			w, _ := LookupWeapon(c.Mounts[sh.Mount].Weapon)
			if !t.OnMap() {
				evs = append(evs, s.unitEvent(EventFire, "X4.IMP.D", u, fmt.Sprintf("%s %s: %s is already gone", unitName(u), w.Name, unitName(t))))
				evs[len(evs)-1].Target = t.ID
				continue
			}
			if slices.Contains(s.Turn.Evaded, Evasion{Unit: t.ID, Attacker: u.ID}) {
				evs = append(evs, s.unitEvent(EventFire, "X4.EV", u, fmt.Sprintf("%s %s misses the evading %s", unitName(u), w.Name, unitName(t))))
				evs[len(evs)-1].Target = t.ID
				continue
			}
			rng := u.Hex.Distance(t.Hex)
			band, _ := w.Band(rng)
			r, ev := s.Roll(D6, RollReason{Clause: "X4.IMP.D", Side: u.Side, Unit: u.ID, What: fmt.Sprintf("%s %s at %s", unitName(u), w.Name, unitName(t))})
			mod := mods[i]
			hit := r.Total+mod <= band.Hit
			ev.Chance = Chance{In: int16(hitFaces(band.Hit, mod)), Of: int16(D6.Sides), Came: hit}
			evs = append(evs, ev)
			verdict := "misses"
			if hit {
				verdict = fmt.Sprintf("hits for %d", band.Damage)
				total += band.Damage
				if !slices.Contains(hitBy, w.Name) {
					hitBy = append(hitBy, w.Name)
				}
			}
			evs = append(evs, s.unitEvent(EventFire, "X4.IMP.D", u,
				fmt.Sprintf("%s %s at %s, range %d: %d%+d against %d, %s", unitName(u), w.Name, unitName(t), rng, r.Total, mod, band.Hit, verdict)))
			evs[len(evs)-1].Target = t.ID
		}
		if total > 0 && t.OnMap() {
			cause := unitName(u) + " " + strings.Join(hitBy, " and ")
			evs = append(evs, s.damage(t, shieldFacing(t.Hex, t.Facing, u.Hex), total, "X4.IMP.D", cause)...)
		}
	}
	return evs
}

// ramDamage returns the damage of a ram at speed by a unit with the given
// explosion strength: (speed / 10 + 1) times it (X4.RAM).
func ramDamage(speed, explosion int) int { return (speed/10 + 1) * explosion }

// resolveRams resolves the rams declared this impulse, after direct fire
// (X4.RAM): both units must still be on the map in the same hex. Both take
// the ram damage; if both survive, a forced dock lets only crew across.
func (s *State) resolveRams() []Event {
	var evs []Event
	rams := slices.Clone(s.Turn.Rams)
	slices.SortFunc(rams, func(a, b RamOrder) int { return compareString(string(a.Rammer), string(b.Rammer)) })
	for _, rm := range rams {
		u, t := s.Unit(rm.Rammer), s.Unit(rm.Target)
		if h := s.heldBy(u.ID); h != nil && h.ID == t.ID {
			// The defender's tractor beam stops the rammer (X4.RAM).
			evs = append(evs, s.newEvent(EventNote, "X4.RAM", Public, fmt.Sprintf("%s holds %s off in a tractor beam", unitName(t), unitName(u))))
			continue
		}
		if !u.OnMap() || !t.OnMap() || u.Map != t.Map || u.Hex != t.Hex || u.Ship.Warp {
			evs = append(evs, s.newEvent(EventNote, "X4.RAM", Public, fmt.Sprintf("the ram of %s on %s does not happen", unitName(u), unitName(t))))
			continue
		}
		dmg := ramDamage(u.Speed, lookupClass(u.Class).Explosion)
		evs = append(evs, s.unitEvent(EventNote, "X4.RAM", u, fmt.Sprintf("%s rams %s for %d", unitName(u), unitName(t), dmg)))
		tShield := ((int(rm.Entry.opposite())-int(t.Facing))%6 + 6) % 6
		evs = append(evs, s.damage(t, tShield, dmg, "X4.RAM", "the ram of "+unitName(u))...)
		evs = append(evs, s.damage(u, 0, dmg, "X4.RAM", "ramming "+unitName(t))...)
		if rm.ForceDock && u.OnMap() && t.OnMap() && u.Ship.Docked == "" && t.Ship.Docked == "" {
			s.dock(u, t, true)
			evs = append(evs, s.unitEvent(EventDock, "X4.RAM", u, fmt.Sprintf("%s forces a boarding dock on %s", unitName(u), unitName(t))))
		}
	}
	s.Turn.Rams = nil
	return evs
}

// mountKey names a mount of a unit.
type mountKey struct {
	u UnitID
	m int
}
