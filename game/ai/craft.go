package ai

import (
	"slices"

	"github.com/hexrift/hexrift/rules"
)

// Launching carried shuttles and fighters (normal and hard). The side's
// view lists its own craft aboard (rules.View.Carried: class and carrier,
// never another side's), so each can be weighed: a craft launched at an
// enemy it can reach deals damage worth points, one lost is its BPV to
// the enemy, and one still aboard when its carrier is destroyed is lost
// with it (rules/ship.go), so a carrier in danger empties its bays.

// craftTurns is how many volleys a launched craft is counted on for, and
// how many turns of enemy fire it and its carrier are weighed against.
const craftTurns = 2

// craftGainShare is the share of the damage a craft deals that is
// counted as points: damage scores only once its target is destroyed.
const craftGainShare = 0.5

// craftSurvive is the chance of being destroyed above which a craft is
// not sent at the enemy (it may still be launched to run).
const craftSurvive = 0.8

// craftMargin is the share of a craft's BPV a launch must gain over
// keeping it aboard.
const craftMargin = 0.1

// durability is the damage a unit of class c takes to be destroyed when
// sound: a small craft's hits, a ship's mean shield, armor, excess damage
// and internal boxes.
func durability(c *rules.Class) float64 {
	if c == nil {
		return 1
	}
	if c.Hits > 0 {
		return float64(c.Hits)
	}
	sh := 0
	for _, s := range c.Shields {
		sh += s
	}
	d := float64(sh)/6 + float64(c.Armor+c.Excess)
	for _, b := range c.Boxes() {
		d += float64(b)
	}
	return max(d, 1)
}

// ownLeft is the damage the own ship u can still take before it is
// destroyed, from its detail: its mean shield, armor, the excess damage
// it has room for and its intact internal boxes.
func ownLeft(c *rules.Class, u *rules.UnitView) float64 {
	if c == nil || u.Detail == nil {
		return 1
	}
	d := u.Detail
	sh := 0
	for _, s := range d.Shields {
		sh += s
	}
	left := float64(sh)/6 + float64(d.Armor+max(c.Excess-d.Excess, 0))
	for _, b := range d.Boxes {
		left += float64(b)
	}
	return max(left, 1)
}

// pointsPerDamage is what a point of damage to the visible enemy e is
// worth in victory points: its BPV and the objective points on it over
// the damage it can still take (its visible shields and armor lost are
// taken off its durability; its internals are not seen).
func (k *knowledge) pointsPerDamage(e *rules.UnitView) float64 {
	c := k.class(e.Class)
	if c == nil {
		return 0
	}
	shell := float64(c.Armor)
	for _, s := range c.Shields {
		shell += float64(s) / 6
	}
	left := max(durability(c)-shell*(1-k.health(e)), 1)
	return float64(c.BPV+k.stake(e.ID)) / left
}

// directFire is the expected damage of class c's direct-fire mounts
// together at range rng, arcs aside (a craft turns to its target).
func directFire(c *rules.Class, rng int) float64 {
	sum := 0.0
	for m := range c.Mounts {
		if w := weapon(c, m); w != nil && !w.Seeking() && rng <= w.MaxRange() {
			ch, d := shotEV(w, rng, 0)
			sum += ch * d
		}
	}
	return sum
}

// craftLaunch weighs launching the craft cv from the own carrier car now
// and returns the points it expects to gain by it (negative when the
// craft is better kept aboard). A launched craft flies half a turn before
// it fights or runs: toward the enemies (unless it would most likely be
// destroyed, craftSurvive), it gains its best target's damage in points
// (craftGainShare of it) over craftTurns volleys; away from them, nothing. Either
// way it risks its BPV and the objective points on it at the odds of the
// enemies' fire destroying it, that fire shared among share units (the
// carrier and the craft it launches). Kept aboard, it risks going down
// with its carrier.
func (k *knowledge) craftLaunch(car, cv *rules.UnitView, share int) float64 {
	c := k.class(cv.Class)
	if c == nil || c.BPV <= 0 {
		return -1
	}
	flight := c.MaxSpeed / 2
	gain, toward, away := 0.0, 0.0, 0.0
	for _, e := range k.enemies {
		if e.Map != car.Map || e.Kind.Seeking() {
			continue
		}
		ec := k.class(e.Class)
		if ec == nil {
			continue
		}
		d := car.Hex.Distance(e.Hex)
		rng := max(d-flight, 1)
		gain = max(gain, directFire(c, rng)*k.pointsPerDamage(e))
		toward += directFire(ec, rng)
		away += directFire(ec, d+flight)
	}
	bpv := float64(c.BPV + k.stake(cv.ID))
	lost := func(risk float64) float64 {
		return min(1, craftTurns*risk/float64(max(share, 1))/durability(c))
	}
	run := -lost(away) * bpv
	attack := run
	if l := lost(toward); l < craftSurvive {
		attack = craftTurns*craftGainShare*gain - l*bpv
	}
	// The threat counts every enemy mount armed and in arc: a carrier is
	// counted as going down only where craftTurns of it would take more
	// than it has left, surely from one and a half times that.
	x := craftTurns * k.threat(car, pose{car.Map, car.Hex, car.Facing}) / ownLeft(k.class(car.Class), car)
	sunk := min(max(2*(x-1), 0), 1)
	return max(attack, run) + sunk*bpv - craftMargin*bpv
}

// craftToLaunch returns the craft among those the rules offer for launch
// (legal) that pay to launch now, in id order; a level whose handicap
// launches at once (easy) takes every craft offered, paying or not, when
// it faces a lone enemy side. Facing two or more it launches only what
// pays, as the others do: there most games are draws, and a craft thrown
// away hands the game to whichever rival shoots it down (docs/AI.md).
func (p *Player) craftToLaunch(k *knowledge, legal []rules.Command) []rules.UnitID {
	launchAll := p.hc.launchAll && k.rivals() < 2
	var offered []rules.UnitID
	for _, l := range legal {
		for _, id := range l.Craft {
			if !slices.Contains(offered, id) {
				offered = append(offered, id)
			}
		}
	}
	slices.Sort(offered)
	// The craft offered, from the side's own view, and how many of them
	// each carrier holds.
	views := map[rules.UnitID]*rules.UnitView{}
	aboard := map[rules.UnitID]int{}
	for i := range k.v.Carried {
		if c := &k.v.Carried[i]; c.Side == k.side && slices.Contains(offered, c.ID) {
			views[c.ID] = c
			aboard[c.CarriedBy]++
		}
	}
	var out []rules.UnitID
	for _, id := range offered {
		cv := views[id]
		if cv == nil || !p.spend(1) {
			continue
		}
		car := k.ownUnit(cv.CarriedBy)
		if car != nil && (launchAll || k.craftLaunch(car, cv, 1+aboard[car.ID]) > 0) {
			out = append(out, id)
		}
	}
	return out
}
