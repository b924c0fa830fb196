package rules

import (
	"fmt"
)

// BatteryUse spends battery energy in the impulse activity after a
// deceleration, reinforcing shields at the usual 2 energy a point: the
// response to a deceleration that X4.MV.7 allows, whose effect comes later
// in the impulse than the movement (before direct fire).
type BatteryUse struct {
	Unit    UnitID `json:"unit"`
	Shields [6]int `json:"shields"`
}

// String summarises the battery use.
func (b BatteryUse) String() string {
	return fmt.Sprintf("%s spends batteries on shields %v", b.Unit, b.Shields)
}

// cost returns the battery energy the use spends.
func (b BatteryUse) cost() int {
	e := 0
	for _, p := range b.Shields {
		e += p * ShieldReinforceCost
	}
	return e
}

// canSpendBattery reports whether u decelerated in this impulse and has
// battery energy enough for one point of reinforcement (X4.MV.7).
func (s *State) canSpendBattery(u *Unit) bool {
	return u.Ship != nil && s.Clock.Impulse > 0 && u.Ship.Move.DecelImpulse == s.Clock.Impulse &&
		u.Ship.Battery >= ShieldReinforceCost
}

// checkBatteryUses validates a side's battery uses.
func (s *State) checkBatteryUses(side SideID, uses []BatteryUse) error {
	seen := map[UnitID]bool{}
	for _, b := range uses {
		u, err := s.ownedUnit(side, b.Unit)
		if err != nil {
			return err
		}
		if seen[b.Unit] {
			return refuse("", "%s spends its batteries twice", b.Unit)
		}
		seen[b.Unit] = true
		for _, p := range b.Shields {
			if p < 0 {
				return refuse("", "%s: negative reinforcement", b.Unit)
			}
		}
		if !s.canSpendBattery(u) {
			return refuse("X4.MV.7", "%s has not decelerated this impulse; batteries are spent in response to a deceleration", b.Unit)
		}
		if c := b.cost(); c > u.Ship.Battery {
			return refuse("X4.MV.7", "%s: %d battery energy needed, %d held", b.Unit, c, u.Ship.Battery)
		}
	}
	return nil
}

// sampleBatteryUses empties each eligible unit's batteries into shield 1.
func (s *State) sampleBatteryUses(side SideID) []BatteryUse {
	var out []BatteryUse
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == side && u.OnMap() && s.canSpendBattery(u) {
			var b BatteryUse
			b.Unit = u.ID
			b.Shields[0] = u.Ship.Battery / ShieldReinforceCost
			out = append(out, b)
		}
	}
	return out
}

// execBatteryUses applies the revealed battery uses, in unit order.
func (s *State) execBatteryUses(sealed []Sealed) []Event {
	uses := revealed(sealed, func(c *Command) []BatteryUse { return c.Batteries }, func(o BatteryUse) UnitID { return o.Unit })
	var evs []Event
	for _, b := range uses {
		u := s.Unit(b.Unit)
		if !u.OnMap() || b.cost() > u.Ship.Battery {
			continue
		}
		u.Ship.Battery -= b.cost()
		for i, p := range b.Shields {
			u.Ship.Reinforce[i] += p
		}
		evs = append(evs, s.unitEvent(EventNote, "X4.MV.7", u, s.namedText(b.String())))
	}
	return evs
}

// checkActivityBattery checks that the battery energy an activity
// command draws from each unit — transfers, tractor energy, devices, webs
// and reinforcement after a deceleration — is no more than its batteries
// hold, so that no order of the command fails for want of energy spent
// by another.
func (s *State) checkActivityBattery(cmd Command) error {
	draw := map[UnitID]int{}
	var order []UnitID
	add := func(id UnitID, e int) {
		if _, ok := draw[id]; !ok {
			order = append(order, id)
		}
		draw[id] += max(e, 0)
	}
	for _, t := range cmd.Transfers {
		add(t.From, t.Energy)
	}
	for _, o := range cmd.Tractors {
		add(o.Unit, o.Energy)
	}
	for _, d := range cmd.Devices {
		add(d.Unit, deviceCost[d.Device])
	}
	for _, w := range cmd.Webs {
		add(w.Unit, len(w.Hexes)*webCostPerHex)
	}
	for _, b := range cmd.Batteries {
		add(b.Unit, b.cost())
	}
	for _, id := range order {
		if u := s.Unit(id); u != nil && u.Ship != nil && draw[id] > u.Ship.Battery {
			return refuse("", "%s's orders draw %d battery energy, its batteries hold %d", id, draw[id], u.Ship.Battery)
		}
	}
	return nil
}
