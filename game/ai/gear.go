package ai

import (
	"slices"

	"github.com/hexrift/hexrift/rules"
)

// Gear is what the game layer's desk offers a computer player besides
// its Oracle: the tractor and device actions the rules allow the side's
// own units in the impulse activity now (game/match's Desk implements
// it). The player only chooses among them; the rules decide what is
// allowed, and the oracle checks the whole command before it is given.
type Gear interface {
	TractorChoices() []rules.TractorChoice
	DeviceChoices() []rules.DeviceChoice
}

// gearOrders returns the tractor orders and device uses worth giving in
// this impulse activity, with what each of the side's units has left in
// its batteries kept in mind: the devices first, then the energy for the
// tractor contests. Easy gives none.
func (p *Player) gearOrders(k *knowledge, o Oracle) ([]rules.TractorOrder, []rules.DeviceUse) {
	g, ok := o.(Gear)
	if !ok || p.Level == Easy {
		return nil, nil
	}
	battery := map[rules.UnitID]int{}
	for _, u := range k.own {
		battery[u.ID] = u.Detail.Battery
	}
	var uses []rules.DeviceUse
	used := map[rules.UnitID]bool{}
	for _, dc := range g.DeviceChoices() {
		if used[dc.Unit] || battery[dc.Unit] < dc.Cost || !p.spend(1) {
			continue
		}
		if d, ok := p.deviceUse(k, dc); ok {
			uses = append(uses, d)
			used[dc.Unit] = true
			battery[dc.Unit] -= dc.Cost
		}
	}
	var orders []rules.TractorOrder
	for _, tc := range g.TractorChoices() {
		if !p.spend(1) {
			break
		}
		if t, ok := p.tractorOrder(k, tc, battery[tc.Unit]); ok {
			orders = append(orders, t)
			battery[tc.Unit] -= t.Energy
		}
	}
	return orders, uses
}

// visibleEnemy returns the enemy with id the side can see, or nil: the
// choices the rules offer are filtered through the view, so that nothing
// hidden can steer a decision.
func (k *knowledge) visibleEnemy(id rules.UnitID) *rules.UnitView {
	for _, e := range k.enemies {
		if e.ID == id {
			return e
		}
	}
	return nil
}

// ownUnit returns the side's own unit with id, or nil.
func (k *knowledge) ownUnit(id rules.UnitID) *rules.UnitView {
	for _, u := range k.own {
		if u.ID == id {
			return u
		}
	}
	return nil
}

// closeFire is the expected damage a class's direct-fire weapons do
// together at range 1.
func closeFire(c *rules.Class) float64 {
	if c == nil {
		return 0
	}
	sum := 0.0
	for m := range c.Mounts {
		if w := weapon(c, m); w != nil && !w.Seeking() {
			ch, dmg := shotEV(w, 1, 0)
			sum += ch * dmg
		}
	}
	return sum
}

// tractorOrder chooses one unit's tractor order, with at most battery
// energy committed:
//   - held by an enemy's beam, it strains against it with enough energy
//     to beat the beam's full strength, when its batteries hold it;
//   - holding an enemy, it keeps the hold, committing one energy should
//     another beam contest it;
//   - with a free beam, it locks on an enemy seeker beside it (a held
//     seeker goes nowhere) or, at normal and hard, on an enemy ship it
//     outguns at close range (a held ship stays beside it).
func (p *Player) tractorOrder(k *knowledge, tc rules.TractorChoice, battery int) (rules.TractorOrder, bool) {
	u := k.ownUnit(tc.Unit)
	if u == nil {
		return rules.TractorOrder{}, false
	}
	if h := k.visibleEnemy(tc.HeldBy); h != nil {
		need := 1 - tc.Pressor
		if c := k.class(h.Class); c != nil {
			need += c.Systems[rules.SysTractor] + 1 // its boxes and an energy more
		}
		if need <= 0 {
			return rules.TractorOrder{Unit: u.ID, Resist: true}, true
		}
		if need <= battery {
			return rules.TractorOrder{Unit: u.ID, Resist: true, Energy: need}, true
		}
		return rules.TractorOrder{}, false
	}
	if tc.Holds != "" {
		if k.visibleEnemy(tc.Holds) != nil {
			return rules.TractorOrder{Unit: u.ID, Target: tc.Holds, Energy: min(battery, 1)}, true
		}
		return rules.TractorOrder{}, false
	}
	mine := closeFire(k.class(u.Class))
	best, bestScore := rules.UnitID(""), 0.0
	for _, id := range tc.Targets {
		e := k.visibleEnemy(id)
		if e == nil {
			continue
		}
		score := 0.0
		switch {
		case e.Kind.Seeking():
			score = 2 + float64(e.Warhead)/10
		case e.Kind == rules.KindShip && mine > 1.5*closeFire(k.class(e.Class)):
			score = 1 + k.value(e)/10
		}
		if score > bestScore {
			best, bestScore = id, score
		}
	}
	if best == "" {
		return rules.TractorOrder{}, false
	}
	energy := 0
	if e := k.visibleEnemy(best); e.HeldBy != "" {
		energy = min(battery, 2) // contest another side's beam
	}
	return rules.TractorOrder{Unit: u.ID, Target: best, Energy: energy}, true
}

// deviceUse chooses whether and how one unit uses one device it may use
// now:
//   - the expanding sphere when enemies stand beside it (it strikes only
//     other sides' units);
//   - the stasis field on an enemy seeker within reach, or, on a ship
//     that is losing (under half its shields and armor), on the
//     strongest enemy ship within reach;
//   - the displacement device to throw an enemy seeker within reach
//     away, as far from the unit as the throw goes;
//   - the temporal elevator for a badly damaged ship (under a third)
//     with an enemy able to fire on it within eight hexes.
func (p *Player) deviceUse(k *knowledge, dc rules.DeviceChoice) (rules.DeviceUse, bool) {
	u := k.ownUnit(dc.Unit)
	if u == nil {
		return rules.DeviceUse{}, false
	}
	use := rules.DeviceUse{Unit: u.ID, Device: dc.Device}
	targets := make([]*rules.UnitView, 0, len(dc.Targets))
	for _, id := range dc.Targets {
		if e := k.visibleEnemy(id); e != nil {
			targets = append(targets, e)
		}
	}
	seeker := func() *rules.UnitView {
		for _, e := range targets {
			if e.Kind.Seeking() {
				return e
			}
		}
		return nil
	}
	switch dc.Device {
	case rules.DeviceESG:
		for _, e := range k.enemies {
			if e.Map == u.Map && e.Hex.Distance(u.Hex) <= rules.ESGRange {
				return use, true
			}
		}
	case rules.DeviceSFG:
		if s := seeker(); s != nil {
			use.Target = s.ID
			return use, true
		}
		if k.health(u) < 0.5 {
			best, bestFire := (*rules.UnitView)(nil), 0.0
			for _, e := range targets {
				if f := closeFire(k.class(e.Class)); e.Kind == rules.KindShip && f > bestFire {
					best, bestFire = e, f
				}
			}
			if best != nil {
				use.Target = best.ID
				return use, true
			}
		}
	case rules.DeviceDisplacement:
		if s := seeker(); s != nil {
			use.Target = s.ID
			use.Facing = awayFrom(u.Hex, s.Hex)
			return use, true
		}
	case rules.DeviceTemporal:
		if k.health(u) < 0.34 && slices.ContainsFunc(k.enemies, func(e *rules.UnitView) bool {
			return e.Map == u.Map && k.isThreat(e) && e.Hex.Distance(u.Hex) <= 8
		}) {
			return use, true
		}
	}
	return rules.DeviceUse{}, false
}

// awayFrom returns the direction that takes a unit at to farthest from
// from in a throw of rules.DisplaceHexes.
func awayFrom(from, to rules.Hex) rules.Direction {
	best, far := rules.DirA, -1
	for _, d := range rules.Directions {
		h := to
		for range rules.DisplaceHexes {
			h = h.Neighbor(d)
		}
		if n := from.Distance(h); n > far {
			best, far = d, n
		}
	}
	return best
}
