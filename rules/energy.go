package rules

import (
	"fmt"
)

// allocates reports whether u takes part in energy allocation: ships and
// bases with power. Small craft fly at their class speed.
func allocates(u *Unit) bool {
	c := lookupClass(u.Class)
	return c != nil && !c.smallCraft() && u.Ship != nil
}

// ShieldReinforceCost is the energy per point of shield reinforcement
// (X4.EA.2).
const ShieldReinforceCost = 2

// armorReinforceCost is the energy per point of armor reinforcement
// (X4.EA.3).
const armorReinforceCost = 1

// ErraticCost returns the energy per impulse of erratic maneuvering for a
// size class: 10 - size class (X4.EM).
func ErraticCost(sizeClass int) int { return max(10-sizeClass, 0) }

// SpeedFromEnergy returns the hexes per turn bought by movement energy at
// a class's movement cost: movement points are energy / cost, and six
// make one hex (X4.EA.4); impulse power adds one hex (X4.MV.1).
func SpeedFromEnergy(c *Class, movement int, impulse bool) int {
	num, den := c.moveCostFraction()
	v := 0
	if num > 0 {
		v = movement * den / (num * 6)
	}
	if impulse {
		v++
	}
	return v
}

// EnergyForSpeed returns the least movement energy that buys hexes of
// speed at the class's movement cost.
func EnergyForSpeed(c *Class, hexes int) int {
	num, den := c.moveCostFraction()
	return (hexes*6*num + den - 1) / den
}

// BuySpeed spends at most budget on up to want hexes of speed: the
// impulse hex first where the ship has impulse power (one energy for a
// hex, X4.MV.1), then movement energy for as many hexes as the rest buys.
// It returns the movement energy and whether the impulse hex is bought.
func BuySpeed(c *Class, ss *ShipState, want, budget int) (movement int, impulse bool) {
	if want > 0 && ss.Boxes[SysImpulse] > 0 && budget > 0 {
		impulse = true
		budget--
		want--
	}
	for want > 0 && EnergyForSpeed(c, want) > budget {
		want--
	}
	return EnergyForSpeed(c, want), impulse
}

// MaxAcceleration returns the highest speed a unit may buy after a turn
// at prev: half as fast again (rounded down), or 5 + size class from a
// standstill (X4.EA.5).
func MaxAcceleration(prev, sizeClass int) int {
	if prev == 0 {
		return 5 + sizeClass
	}
	return prev + prev/2
}

// Cost returns the energy an allocation spends, battery charging included.
// Life support and fire control cost 0 and do not appear (X4.EA.1).
func (a *Allocation) Cost(c *Class) int {
	e := a.Movement + a.Armor*armorReinforceCost + a.Battery + a.Flywheel + a.Erratic*ErraticCost(c.SizeClass)
	if a.Impulse {
		e++
	}
	if a.Tractor {
		e += TractorCost
	}
	if a.Cloak {
		if c.CloakCost > 0 {
			e += c.CloakCost
		} else {
			e += defaultCloakCost
		}
	}
	for _, p := range a.Shields {
		e += p * ShieldReinforceCost
	}
	for _, m := range a.Arm {
		if m >= 0 && m < len(c.Mounts) {
			w, _ := LookupWeapon(c.Mounts[m].Weapon)
			e += w.Arm
		}
	}
	for _, m := range a.Hold {
		if m >= 0 && m < len(c.Mounts) {
			w, _ := LookupWeapon(c.Mounts[m].Weapon)
			e += w.Hold
		}
	}
	return e
}

// checkAllocations validates a side's allocation: exactly one per
// allocating unit of the side.
func (s *State) checkAllocations(side SideID, as []Allocation) error {
	seen := map[UnitID]bool{}
	for i := range as {
		a := &as[i]
		u, err := s.ownedUnit(side, a.Unit)
		if err != nil {
			return err
		}
		if seen[a.Unit] {
			return refuse("", "%s has two allocations", a.Unit)
		}
		seen[a.Unit] = true
		if !allocates(u) {
			return refuse("", "%s does not allocate energy", a.Unit)
		}
		if err := checkAllocation(u, a); err != nil {
			return err
		}
		if err := s.checkCloak(u, a); err != nil {
			return err
		}
	}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == side && u.OnMap() && allocates(u) && !seen[u.ID] {
			return refuse("", "no energy allocation for %s", u.ID)
		}
	}
	return nil
}

func checkAllocation(u *Unit, a *Allocation) error {
	c := lookupClass(u.Class)
	ss := u.Ship
	bad := func(clause, format string, args ...any) error {
		return refuse(clause, "%s: "+format, append([]any{u.ID}, args...)...)
	}
	if a.Movement < 0 || a.Armor < 0 || a.Battery < 0 || a.FromBattery < 0 || a.Erratic < 0 || a.Flywheel < 0 || a.FromFlywheel < 0 {
		return bad("", "negative energy")
	}
	for _, p := range a.Shields {
		if p < 0 {
			return bad("", "negative shield reinforcement")
		}
	}
	if !c.Mobile() && (a.Movement > 0 || a.Impulse || a.Erratic > 0) {
		return bad("", "a %s cannot move", c.Name)
	}
	if a.Impulse && ss.Boxes[SysImpulse] == 0 {
		return bad("X4.MV.1", "no impulse power for the impulse movement")
	}
	if a.Tractor && ss.Boxes[SysTractor] == 0 {
		return bad("", "no intact tractor beam to ready")
	}
	if a.Armor > ss.Armor {
		return bad("X4.EA.3", "armor reinforcement %d exceeds its %d intact armor boxes", a.Armor, ss.Armor)
	}
	if a.Erratic > 0 && c.Mobile() && a.Erratic > 32 {
		return bad("", "erratic maneuvering for %d impulses", a.Erratic)
	}
	armed := map[int]bool{}
	for _, m := range a.Arm {
		if m < 0 || m >= len(c.Mounts) {
			return bad("", "no mount %d", m)
		}
		if armed[m] {
			return bad("", "mount %d armed twice", m)
		}
		armed[m] = true
		if ss.Mounts[m].Destroyed {
			return bad("", "mount %d is destroyed", m)
		}
	}
	if err := checkCharges(c, ss, a); err != nil {
		return bad("", "%v", err)
	}
	if a.FromBattery > ss.Battery {
		return bad("", "draws %d from batteries holding %d", a.FromBattery, ss.Battery)
	}
	if after := ss.Battery - a.FromBattery + a.Battery; after > ss.Boxes[SysBattery] {
		return bad("", "batteries would hold %d but have %d intact boxes", after, ss.Boxes[SysBattery])
	}
	if err := checkFlywheel(c, ss, a); err != nil {
		return bad("", "%v", err)
	}
	if cost, have := a.Cost(c), ss.Power()+a.FromBattery+a.FromFlywheel; cost > have {
		return bad("", "allocation costs %d energy, only %d available", cost, have)
	}
	speed := SpeedFromEnergy(c, a.Movement, a.Impulse)
	if lim := MaxAcceleration(ss.Allocated, c.SizeClass); speed > lim {
		return bad("X4.EA.5", "speed %d exceeds the acceleration limit %d from %d", speed, lim, ss.Allocated)
	}
	return nil
}

// tableView is what the other sides learn of an allocation once every
// side has committed, as at a real table: the speed bought (movement,
// the impulse hex) and erratic maneuvering, which all see the ship do,
// and its cloak, which all see switch. Shield and armor reinforcement,
// arming and holding, the tractor beam made ready and the batteries stay
// with the side until they act: a reinforced shield absorbing, a shot, a
// beam (docs/RULES.md, "What the table sees").
func (a Allocation) tableView() Allocation {
	return Allocation{Unit: a.Unit, Movement: a.Movement, Impulse: a.Impulse, Erratic: a.Erratic, Cloak: a.Cloak}
}

// execAllocations applies the revealed allocations.
func (s *State) execAllocations(sealed []Sealed) []Event {
	var evs []Event
	for _, sc := range sealed {
		for i := range sc.Command.Allocations {
			a := &sc.Command.Allocations[i]
			u := s.Unit(a.Unit)
			c := lookupClass(u.Class)
			ss := u.Ship
			ss.Battery += a.Battery - a.FromBattery
			ss.Flywheel += a.Flywheel - a.FromFlywheel
			ss.Reinforce = a.Shields
			ss.ArmorReinforce = a.Armor
			ss.ErraticPaid = a.Erratic
			ss.TractorReady = a.Tractor
			evs = append(evs, s.execCloak(u, a)...)
			for _, m := range a.Arm {
				ss.Mounts[m].Armed = true
			}
			evs = append(evs, s.chargeLaunchers(u, a)...)
			speed := SpeedFromEnergy(c, a.Movement, a.Impulse)
			ss.Allocated = speed
			// A unit in warp that does not declare warp again leaves it at
			// its new speed; Declare Movement adds the old speed back when
			// it does (X4.WARP).
			ss.PrevSpeed, ss.Warp = u.Speed, false
			u.Speed = speed
		}
	}
	for i := range s.Units {
		u := &s.Units[i]
		if c := lookupClass(u.Class); u.OnMap() && c != nil && c.smallCraft() {
			// Small craft fly at their class speed and their weapons are
			// always armed, once a turn (house rule).
			u.Speed = c.MaxSpeed
			for m := range u.Ship.Mounts {
				u.Ship.Mounts[m].Armed = !u.Ship.Mounts[m].Destroyed
			}
		}
	}
	return evs
}

// defaultAllocations returns a ready allocation for each of the side's
// allocating units: the same speed as before where the acceleration and
// power allow, the impulse hex, every weapon that power can arm, and the
// rest into the batteries.
func (s *State) defaultAllocations(side SideID) []Allocation {
	var out []Allocation
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side || !u.OnMap() || !allocates(u) {
			continue
		}
		out = append(out, defaultAllocation(u))
	}
	return out
}

func defaultAllocation(u *Unit) Allocation {
	c := lookupClass(u.Class)
	ss := u.Ship
	a := Allocation{Unit: u.ID}
	budget := ss.Power()
	if c.Mobile() {
		a.Movement, a.Impulse = BuySpeed(c, ss, min(ss.Allocated, MaxAcceleration(ss.Allocated, c.SizeClass)), budget)
		budget -= a.Movement
		if a.Impulse {
			budget--
		}
	}
	for m, mt := range c.Mounts {
		w, _ := LookupWeapon(mt.Weapon)
		if ss.Mounts[m].Destroyed || (w.Seeking() && !w.Charged()) {
			continue
		}
		if w.Charged() && ss.Mounts[m].Charge >= w.ArmTurns {
			if w.Hold <= budget { // keep a full launcher armed
				a.Hold = append(a.Hold, m)
				budget -= w.Hold
			}
			continue
		}
		if w.Arm > budget {
			continue
		}
		a.Arm = append(a.Arm, m)
		budget -= w.Arm
	}
	a.Battery = max(min(budget, ss.Boxes[SysBattery]-ss.Battery), 0)
	return a
}

// checkDeclarations validates a side's movement declarations.
func (s *State) checkDeclarations(side SideID, ds []Declaration) error {
	seen := map[UnitID]bool{}
	for _, d := range ds {
		if seen[d.Unit] {
			return refuse("", "%s is declared twice", d.Unit)
		}
		seen[d.Unit] = true
		if d.Enter != nil { // a reserve unit re-entering (reserve.go)
			if err := s.checkReentry(side, d, ds); err != nil {
				return err
			}
			continue
		}
		u, err := s.ownedUnit(side, d.Unit)
		if err != nil {
			return err
		}
		if d.Withdraw || len(d.Carry) > 0 { // through a gravity rift (reserve.go)
			if err := s.checkWithdrawal(u, d, ds); err != nil {
				return err
			}
		}
		c := lookupClass(u.Class)
		if d.Warp && d.SelfDestruct {
			return refuse("", "%s cannot both self-destruct and go into warp", d.Unit)
		}
		if d.Warp && (!c.Mobile() || c.smallCraft()) {
			return refuse("X4.WARP", "%s cannot go into warp", d.Unit)
		}
		if d.Warp && u.Ship.Allocated <= 0 {
			// There is no reverse movement in hexrift; a warp entry needs
			// forward speed (X4.WARP: no warp in reverse).
			return refuse("X4.WARP", "%s needs forward speed to go into warp", d.Unit)
		}
	}
	return nil
}

// execDeclarations applies the revealed declarations: self-destructs
// first (X4.DM.1), then warp entries (X4.WARP), then withdrawals and
// re-entries (GRN.5-8, GR41.2.3), each in unit order.
func (s *State) execDeclarations(sealed []Sealed) []Event {
	ds := revealed(sealed, func(c *Command) []Declaration { return c.Declarations }, func(o Declaration) UnitID { return o.Unit })
	var evs []Event
	for _, d := range ds {
		if u := s.Unit(d.Unit); d.SelfDestruct && u.OnMap() {
			evs = append(evs, s.unitEvent(EventNote, "X4.DM.1", u, fmt.Sprintf("%s self-destructs", unitName(u))))
			evs = append(evs, s.destroy(u, "self-destruct")...)
		}
	}
	for _, d := range ds {
		u := s.Unit(d.Unit)
		if !d.Warp || !u.OnMap() {
			continue
		}
		ss := u.Ship
		ss.Warp = true
		u.Speed = ss.PrevSpeed + ss.Allocated
		evs = append(evs, s.unitEvent(EventNote, "X4.WARP", u,
			fmt.Sprintf("%s goes into warp: speed %d, warp factor %d", unitName(u), u.Speed, WarpFactor(u.Speed))))
	}
	// Withdrawals through gravity rifts and re-entries from reserve
	// (reserve.go).
	return append(evs, s.execRiftDeclarations(ds)...)
}

// sampleWarp declares the side's first mobile ship going into warp.
func (s *State) sampleWarp(side SideID) []Declaration {
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == side && u.OnMap() && allocates(u) && lookupClass(u.Class).Mobile() && u.Ship.Allocated > 0 {
			return []Declaration{{Unit: u.ID, Warp: true}}
		}
	}
	return nil
}

// checkFlywheel checks an allocation's use of the positron flywheel
// (house rule, docs/RULES.md "Devices"): a class with a flywheel stores
// energy in it at energy allocation, up to its capacity, and a later
// allocation may draw on it, but only to pay for shield and armor
// reinforcement. Unlike batteries it cannot be drawn during the turn, and
// it is emptied when its unit comes out of a cosmic rift (IP4.37).
func checkFlywheel(c *Class, ss *ShipState, a *Allocation) error {
	if a.Flywheel == 0 && a.FromFlywheel == 0 {
		return nil
	}
	reinforce := a.Armor * armorReinforceCost
	for _, p := range a.Shields {
		reinforce += p * ShieldReinforceCost
	}
	switch {
	case c.Flywheel == 0:
		return fmt.Errorf("no positron flywheel")
	case a.FromFlywheel > ss.Flywheel:
		return fmt.Errorf("draws %d from a flywheel holding %d", a.FromFlywheel, ss.Flywheel)
	case ss.Flywheel-a.FromFlywheel+a.Flywheel > c.Flywheel:
		return fmt.Errorf("the flywheel would hold %d of its %d", ss.Flywheel-a.FromFlywheel+a.Flywheel, c.Flywheel)
	case a.FromFlywheel > reinforce:
		return fmt.Errorf("flywheel energy %d pays only for reinforcement, %d bought", a.FromFlywheel, reinforce)
	}
	return nil
}
