package plot

import (
	"slices"

	"github.com/hexrift/hexrift/rules"
)

// Plan writes orders for side from its view, as the computer players
// write them (and as a person's panel proposes them before the person
// changes anything): each ship closes with the nearest enemy ship it can
// see while it is sound and keeps it at the range of its longest weapon
// once it has lost half its inner boxes; it fires at the best target it
// can hit on 2 in 6 or better; seeking weapons are launched; evasion and
// damage control follow the rules' standard choices. A ship that sees no
// enemy flies toward its side's objective area, if any, or keeps course.
func Plan(v *rules.View, side rules.SideID, breaks Breaks) *Orders {
	o := &Orders{Side: side, Turn: v.Clock.Turn, Erratic: Standard, Evasion: Always, Repair: Standard, Activity: Standard, Breaks: breaks}
	goal, hasGoal := objectiveHex(v, side)
	for _, u := range v.Units {
		if u.Side != side || u.Ghost || seeker(u) || u.Kind == rules.KindMine {
			continue
		}
		sh := Ship{Unit: u.ID, Course: Course{Kind: Keep}, Fire: Fire{MinSixths: 2}, Launch: true}
		if e := nearestEnemy(v, u); e != nil {
			sh.Course = Course{Kind: Close, Unit: e.ID}
			if r := reachOf(u.Class); r > 0 && wounded(u) {
				sh.Course = Course{Kind: Range, Unit: e.ID, Range: r}
			}
		} else if hasGoal {
			sh.Course = Course{Kind: Toward, Hex: goal}
		}
		o.Ships = append(o.Ships, sh)
	}
	slices.SortFunc(o.Ships, func(a, b Ship) int {
		switch {
		case a.Unit < b.Unit:
			return -1
		case a.Unit > b.Unit:
			return 1
		}
		return 0
	})
	return o
}

// retarget gives ship id, whose course is on a unit the side saw
// destroyed, the course Plan would give it in v when that is on an enemy
// the side sees: close with (or, wounded, keep at range) the nearest. A
// course on a lost target does not stand once the target is gone for
// good, as a play-by-mail moderator reads "close with X" when X
// explodes; with no other enemy in sight the orders no longer say where
// to fly, and the person is asked. It reports whether the course
// changed. The caller knows the unit was destroyed (the side's log shows
// it): a view alone cannot tell a destroyed unit from one out of sight.
func (o *Orders) retarget(v *rules.View, id rules.UnitID) bool {
	sh := o.Ship(id)
	if sh == nil || !sh.Course.needsUnit() {
		return false
	}
	plan := Plan(v, o.Side, o.Breaks).Ship(id)
	if plan == nil || !plan.Course.needsUnit() {
		return false
	}
	risk := sh.Course.RiftRisk
	sh.Course = plan.Course
	sh.Course.RiftRisk = risk
	return true
}

// wounded reports whether a ship has lost half of its inner boxes, as its
// own side sees it.
func wounded(u rules.UnitView) bool {
	c, ok := rules.LookupClass(u.Class)
	if !ok || u.Detail == nil {
		return false
	}
	full := c.Boxes()
	return 2*u.Detail.Boxes.Total() < full.Total()
}

// nearestEnemy is the nearest enemy ship or base on u's map in view.
func nearestEnemy(v *rules.View, u rules.UnitView) *rules.UnitView {
	var best *rules.UnitView
	for i := range v.Units {
		e := &v.Units[i]
		if e.Side == u.Side || e.Map != u.Map || seeker(*e) || e.Kind == rules.KindMine || e.Kind == rules.KindShuttle || e.Kind == rules.KindFighter {
			continue
		}
		if best == nil || e.Hex.Distance(u.Hex) < best.Hex.Distance(u.Hex) {
			best = e
		}
	}
	return best
}

// objectiveHex is the centre of the first objective of side that has an
// area (a hold or exit objective).
func objectiveHex(v *rules.View, side rules.SideID) (rules.Hex, bool) {
	for _, ob := range v.Objectives {
		if ob.Side == side && ob.Area {
			return ob.Hex, true
		}
	}
	return rules.Hex{}, false
}

// AskWhenEngaged sets "ask me every impulse" on each ship of the orders
// that has an enemy ship or base the side sees within three times its
// weapons' reach:
// the orders fly the approach, the person (or the computer's level)
// fights the engagement move by move. It reports whether any ship is
// engaged.
func (o *Orders) AskWhenEngaged(v *rules.View) bool {
	engaged := false
	for i := range o.Ships {
		sh := &o.Ships[i]
		u := unitIn(v, sh.Unit)
		if u == nil {
			continue
		}
		if r := reachOf(u.Class) * 3; r > 0 && slices.ContainsFunc(v.Units, func(e rules.UnitView) bool {
			return e.Side != o.Side && e.Map == u.Map && !seeker(e) && e.Kind != rules.KindMine && e.Hex.Distance(u.Hex) <= r
		}) {
			sh.AskEveryImpulse = true
			engaged = true
		}
	}
	return engaged
}
