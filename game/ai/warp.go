package ai

import (
	"slices"

	"github.com/hexrift/hexrift/rules"
)

// Going into warp (X4.WARP) costs no energy: a ship that declares it
// moves this turn at its old speed plus its new one, and its own fire
// takes +1 per warp factor; others fire at it as before, and it cannot
// ram. So it pays where speed is the whole of the turn's task and the
// fire penalty costs nothing: for a runner (bound for a cosmic rift's
// port, an exit area, a gravity rift to withdraw through, or a cosmic
// rift a return objective sends it through) still short of its goal,
// and for a ship closing on enemies so far off that no shot can be
// exchanged this turn even at the combined speed.

// warps returns the warp declarations of the side's ships for which warp
// pays (normal and hard; easy never warps), leaving out the units that
// already have a declaration in ds.
func (p *Player) warps(k *knowledge, ds []rules.Declaration) []rules.Declaration {
	if p.Level == Easy {
		return nil
	}
	var out []rules.Declaration
	for _, u := range k.own {
		if slices.ContainsFunc(ds, func(d rules.Declaration) bool { return d.Unit == u.ID }) {
			continue
		}
		if !p.spend(1) {
			break
		}
		if k.warpPays(u) {
			out = append(out, rules.Declaration{Unit: u.ID, Warp: true})
		}
	}
	return out
}

// warpPays reports whether own unit u gains by going into warp this
// turn, from its own detail (its old and newly allocated speed) and the
// public facts of the view.
func (k *knowledge) warpPays(u *rules.UnitView) bool {
	c, ss := k.class(u.Class), u.Detail
	if c == nil || ss == nil || !c.Mobile() || c.Hits > 0 || u.Status != rules.StatusOnMap ||
		ss.Allocated <= 0 || u.Docked != "" || u.HeldBy != "" {
		return false
	}
	plain, fast := ss.Allocated, ss.PrevSpeed+ss.Allocated
	if fast <= plain {
		return false // a standing start: warp adds nothing
	}
	if d, stop, ok := k.runnerGoal(u); ok {
		// A runner short of its goal: all the speed there is, unless
		// the goal is a place to stop in that warp would carry it past.
		if stop {
			return d > fast
		}
		return d > plain
	}
	// Closing: only while no shot can be exchanged this turn, with every
	// visible enemy closing at its own speed too.
	mine, target := fireReach(c), false
	for _, e := range k.enemies {
		if e.Map != u.Map || e.Kind.Seeking() {
			continue
		}
		reach := mine
		if k.isThreat(e) {
			reach = max(reach, fireReach(k.class(e.Class)))
		}
		if u.Hex.Distance(e.Hex)-fast-e.Speed <= reach {
			return false
		}
		target = true
	}
	return target || k.holdFar(u, plain)
}

// runnerGoal returns, for a runner (goalBound or beyond a cosmic rift),
// the distance to where it is bound and whether it must stop there (a
// gravity rift it withdraws from at the next declare movement); ok is
// false for a unit that is not a runner or has no such place on its map.
func (k *knowledge) runnerGoal(u *rules.UnitView) (d int, stop, ok bool) {
	if home := k.riftHome(u); home != nil {
		return u.Hex.Distance(home.Port), false, true
	}
	if k.wantsOut(u) {
		for _, o := range k.v.Objectives {
			if o.Kind == rules.ObjectiveExit && o.Side == k.side && slices.Contains(o.Units, u.ID) && o.Area && o.Map == u.Map {
				return max(u.Hex.Distance(o.Hex)-o.Radius, 0), false, true
			}
		}
		if d, ok := k.nearestRift(u.Map, u.Hex); ok {
			return d, true, true
		}
		return 0, false, false
	}
	if k.returnWeight(u) > 0 {
		// The nearest cosmic rift with the time to go through and come
		// back (as riftScore judges it).
		n, best := max(k.v.Ruleset.ImpulsesPerTurn, 1), -1
		for _, r := range k.v.Rifts {
			time := r.Remaining >= 4*n+impulsesTo(4, u.Detail.Allocated, n)
			if d := u.Hex.Distance(r.Hex); r.Map == u.Map && time && (best < 0 || d < best) {
				best = d
			}
		}
		if best >= 0 {
			return best, false, true
		}
	}
	return 0, false, false
}

// holdFar reports whether a hold objective of the side wants u in an
// area more than plain hexes off (reached sooner in warp).
func (k *knowledge) holdFar(u *rules.UnitView, plain int) bool {
	for _, o := range k.v.Objectives {
		if o.Kind == rules.ObjectiveHold && o.Side == k.side && o.Area && o.Map == u.Map && u.Hex.Distance(o.Hex)-o.Radius > plain {
			return true
		}
	}
	return false
}

// fireReach is the farthest a class's weapons reach in one turn: its
// direct-fire weapons' longest range, and the launch range of a seeking
// weapon.
func fireReach(c *rules.Class) int {
	if c == nil {
		return rules.LaunchRange
	}
	r := 0
	for m := range c.Mounts {
		w := weapon(c, m)
		switch {
		case w == nil:
		case w.Seeking():
			r = max(r, rules.LaunchRange)
		default:
			r = max(r, w.MaxRange())
		}
	}
	return r
}
