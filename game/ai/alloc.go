package ai

import (
	"slices"

	"github.com/hexrift/hexrift/rules"
)

// allocate returns energy allocations best first: the player's own plan
// (weapons armed, speed to close to its firing range or to hold it, the
// shield toward the nearest enemy reinforced), then the rules' default
// (same speed, weapons armed) and defensive allocations.
func (p *Player) allocate(k *knowledge, legal []rules.Command, o Oracle) []rules.Command {
	var units []rules.UnitID
	for _, a := range legal[0].Allocations {
		units = append(units, a.Unit)
	}
	var cands []rules.Command
	for _, style := range []int{0, 1} {
		cmd := rules.Command{Kind: rules.CmdAllocate, Side: p.Side}
		for _, id := range units {
			u := k.unit(id)
			var a rules.Allocation
			if u != nil {
				a = p.planEnergy(k, u, style)
			}
			a.Unit = id
			cmd.Allocations = append(cmd.Allocations, a)
		}
		if !p.spend(1) {
			break
		}
		if o.Check(cmd) == nil {
			cands = append(cands, cmd)
			break
		}
	}
	cands = append(cands, legal...)
	return cands
}

// planEnergy is one unit's allocation. Style 0 is the full plan; style 1
// a plainer one (no battery draw, no reinforcement) should the first be
// refused.
func (p *Player) planEnergy(k *knowledge, u *rules.UnitView, style int) rules.Allocation {
	c := k.class(u.Class)
	ss := u.Detail
	a := rules.Allocation{Unit: u.ID}
	if c == nil || ss == nil {
		return a
	}
	budget := ss.Power()
	draw := 0
	if style == 0 {
		draw = ss.Battery
	}
	here := pose{u.Map, u.Hex, u.Facing}
	enemy, dist := k.nearest(here)
	// A unit bound for a rift's port or an objective keeps the energy
	// of its top speed from the weapons.
	bound := c.Mobile() && (k.riftHome(u) != nil || k.goalBound(u))
	kept := 0
	if bound {
		kept = min(rules.EnergyForSpeed(c, rules.MaxAcceleration(ss.Allocated, c.SizeClass))+1, budget)
		budget -= kept
	}
	// A cloak for a ship that is losing, with an enemy in reach: fire
	// at it is harder and, beyond the lock-on range, impossible; it
	// cannot fire while cloaked, so a sound ship stays uncloaked.
	if cost, ok := cloakCost(c, u); ok && style == 0 && p.Level != Easy && enemy != nil && dist <= 15 &&
		k.health(u) < 0.5 && cost <= budget+draw {
		a.Cloak = true
		budget -= cost
	}
	// Weapons first: a weapon unarmed is a shot lost.
	for m := range c.Mounts {
		w := weapon(c, m)
		if w != nil && w.Charged() && !ss.Mounts[m].Destroyed {
			// A plasma launcher: arm it on, or hold it once full.
			if ss.Mounts[m].Charge >= w.ArmTurns {
				if w.Hold <= budget+draw {
					a.Hold = append(a.Hold, m)
					budget -= w.Hold
				}
			} else if w.Arm <= budget+draw {
				a.Arm = append(a.Arm, m)
				budget -= w.Arm
			}
			continue
		}
		if w == nil || ss.Mounts[m].Destroyed || w.Seeking() || w.Arm > budget+draw {
			continue
		}
		a.Arm = append(a.Arm, m)
		budget -= w.Arm
	}
	if budget < 0 {
		a.FromBattery = -budget
		draw -= a.FromBattery
		budget = 0
	}
	budget += kept
	// Erratic maneuvers for a losing ship with an enemy in reach: for
	// two impulses at most, before speed (move.go then weighs the
	// erratic plans, which spoil fire both ways).
	if cost := rules.ErraticCost(c.SizeClass); style == 0 && p.Level != Easy && c.Mobile() && cost > 0 &&
		enemy != nil && dist <= 12 && k.health(u) < 0.5 && !a.Cloak {
		a.Erratic = min(2, budget/cost)
		budget -= a.Erratic * cost
	}
	if c.Mobile() {
		lim := rules.MaxAcceleration(ss.Allocated, c.SizeClass)
		want := lim
		if enemy != nil {
			gap := dist - prefRange(c)
			switch {
			case gap <= 0:
				// In range: enough speed to turn and keep the arc.
				want = min(lim, max(4, ss.Allocated/2))
			case gap < 6:
				want = min(lim, max(6, gap+4))
			}
		}
		if p.Level == Easy {
			want = min(lim, max(ss.Allocated, 4))
		}
		if bound {
			// Beyond a cosmic rift, or bound for an objective's exit
			// or rift: all speed for the way.
			want = lim
		}
		if want > 0 && ss.Boxes[rules.SysImpulse] > 0 && budget > 0 {
			a.Impulse = true
			budget--
			want--
		}
		for want > 0 && rules.EnergyForSpeed(c, want) > budget {
			want--
		}
		a.Movement = rules.EnergyForSpeed(c, want)
		budget -= a.Movement
	}
	if style == 0 && enemy != nil && budget >= rules.ShieldReinforceCost {
		// Reinforce the shield toward the nearest enemy with half of what
		// is left, and keep the rest for the batteries.
		i := p.shieldToward(u, enemy)
		n := budget / 2 / rules.ShieldReinforceCost
		if dist > 12 {
			n = 0
		}
		a.Shields[i] = n
		budget -= n * rules.ShieldReinforceCost
	}
	// A tractor beam readied while an enemy is close enough to lock on
	// by the end of the turn (gear.go uses it).
	if p.Level != Easy && enemy != nil && dist <= 4 && ss.Boxes[rules.SysTractor] > 0 && budget >= rules.TractorCost {
		a.Tractor = true
		budget -= rules.TractorCost
	}
	a.Battery = max(min(budget, ss.Boxes[rules.SysBattery]-(ss.Battery-a.FromBattery)), 0)
	budget -= a.Battery
	if budget >= rules.ShieldReinforceCost && enemy != nil {
		a.Shields[p.shieldToward(u, enemy)] += budget / rules.ShieldReinforceCost
	}
	return a
}

// shieldToward returns the shield of u that faces enemy, the one to
// reinforce; a level whose handicap misjudges it (easy) takes one of the
// six at random from its noise generator instead.
func (p *Player) shieldToward(u, enemy *rules.UnitView) int {
	if p.hc.anyShield {
		return p.noise.IntN(6)
	}
	return relDir(u.Hex, u.Facing, enemy.Hex)
}

// cloakCost returns what u's cloak costs a turn, and false when it has
// none: its class's cost, or the fitted cloak's.
func cloakCost(c *rules.Class, u *rules.UnitView) (int, bool) {
	switch {
	case c.CloakCost > 0:
		return c.CloakCost, true
	case slices.Contains(u.Devices, rules.DeviceCloak):
		return rules.FittedCloakCost, true
	}
	return 0, false
}
