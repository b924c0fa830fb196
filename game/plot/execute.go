package plot

import (
	"fmt"
	"math"
	"slices"

	"github.com/hexrift/hexrift/game/ai"
	"github.com/hexrift/hexrift/rules"
)

// Decide answers the decision the side faces now from its orders: a
// command the rules offer (or one built from the same pieces and checked
// by the side's oracle), or a Break when a break condition the orders set
// has been met since the side last looked (w), or when the orders do not
// cover the decision. It reads only the side's view, its legal commands
// and its oracle.
func (o *Orders) Decide(v *rules.View, legal []rules.Command, or ai.Oracle, w *Watcher) (rules.Command, *Break) {
	if o == nil || o.Turn != v.Clock.Turn {
		return rules.Command{}, &Break{Kind: "decision", Text: "no orders for this turn yet"}
	}
	if b := w.Check(v, o.Breaks); b != nil {
		return rules.Command{}, b
	}
	switch v.Expecting {
	case rules.CmdMove:
		return o.move(v, legal, or, w)
	case rules.CmdFire:
		return o.fire(v, legal, or), nil
	case rules.CmdLaunch:
		return o.launch(v, legal, or), nil
	case rules.CmdEvade:
		return o.policy(o.Evasion, "evasive maneuvers", legal)
	case rules.CmdRepair:
		return o.policy(o.Repair, "damage control", legal)
	case rules.CmdActivity:
		return o.policy(o.Activity, "impulse activity", legal)
	}
	return rules.Command{}, &Break{Kind: "decision", Text: fmt.Sprintf("the %s is the side's own to make", v.Expecting)}
}

// policy answers a standing choice: the empty command the rules offer
// first, the fullest one, or the person's.
func (o *Orders) policy(p Policy, what string, legal []rules.Command) (rules.Command, *Break) {
	if len(legal) == 0 || p == Ask {
		return rules.Command{}, &Break{Kind: "decision", Text: what + ": the orders ask the person"}
	}
	switch p {
	case Always:
		return legal[len(legal)-1], nil
	case Never:
		return legal[0], nil
	}
	return legal[0], nil
}

// move flies the mover's course: of the plans the rules offer, the one
// whose end best serves the course, gravity rift odds weighed in. A
// maneuver due now narrows the plans to those that begin with it; the
// erratic policy to those that maneuver erratically or not. A target
// out of sight is named as the side last saw it (w); one its log shows
// destroyed gives way to the nearest enemy in sight (retarget).
func (o *Orders) move(v *rules.View, legal []rules.Command, or ai.Oracle, w *Watcher) (rules.Command, *Break) {
	sh := o.Ship(v.Mover)
	mover := unitIn(v, v.Mover)
	if sh == nil || mover == nil {
		who := w.lastSeenAs(v.Mover)
		if mover != nil {
			who = name(*mover)
		}
		return rules.Command{}, &Break{Kind: "decision", Unit: v.Mover, Text: fmt.Sprintf("%s has no orders", who)}
	}
	if sh.AskEveryImpulse {
		return rules.Command{}, &Break{Kind: "decision", Unit: v.Mover, Text: fmt.Sprintf("%s asks for every move", name(*mover))}
	}
	c := &sh.Course
	var target *rules.UnitView
	if c.needsUnit() {
		if target = unitIn(v, c.Unit); target == nil && o.Breaks.Blocked && w.destroyed(c.Unit) && o.retarget(v, mover.ID) {
			// Its target blew up: it goes on to the next in sight.
			target = unitIn(v, c.Unit)
		}
		if target == nil || target.Map != mover.Map {
			if o.Breaks.Blocked {
				return rules.Command{}, &Break{Kind: "blocked", Unit: mover.ID, Text: fmt.Sprintf("%s has lost sight of %s", name(*mover), w.lastSeenAs(c.Unit))}
			}
			target = nil // fly on straight
		}
	}
	start := rules.Pose{Hex: mover.Hex, Facing: mover.Facing}
	reached := c.Reached.start(v.Clock)
	a := aimOf(*c, start, target, reached)
	cands := legal
	if m := sh.Maneuver; m.due(v.Clock) {
		if cands = maneuverPlans(*m, legal, or); len(cands) == 0 {
			if o.Breaks.Blocked {
				return rules.Command{}, &Break{Kind: "blocked", Unit: mover.ID, Text: fmt.Sprintf("%s cannot make its %s", name(*mover), m)}
			}
			cands = legal
		}
	}
	cands, br := o.erratic(v, *mover, cands)
	if br != nil {
		return rules.Command{}, br
	}
	best, bestCost, bestReached := -1, math.Inf(1), 0
	for i, cmd := range cands {
		if cmd.Move == nil {
			continue
		}
		odds, err := or.PlanOdds(*cmd.Move)
		if err != nil || len(odds.Path) == 0 {
			continue
		}
		poses := rules.PlanPoses(start, cmd.Move.Steps)
		end := start
		if len(poses) > 0 {
			end = poses[len(poses)-1]
		}
		cost, n := a.cost(odds.Path, end)
		cost += float64(turns(cmd.Move)) * 0.1 // straight on when all else is equal
		if a.kind == Keep {
			cost += float64(turns(cmd.Move))
		}
		if !c.RiftRisk {
			cost += 5 * (1 - odds.Survive)
		}
		if cost < bestCost {
			best, bestCost, bestReached = i, cost, n
		}
	}
	if best < 0 {
		if o.Breaks.Blocked {
			return rules.Command{}, &Break{Kind: "blocked", Unit: mover.ID, Text: fmt.Sprintf("no plan the rules offer follows %s's course", name(*mover))}
		}
		return legal[0], nil
	}
	c.Reached.count(reached + bestReached)
	return cands[best], nil
}

// maneuverPlans are the plans the rules offer that begin with maneuver
// m: a sideslip as offered, a high-energy turn to m's facing (the
// offered one turned there, checked by the oracle).
func maneuverPlans(m Maneuver, legal []rules.Command, or ai.Oracle) []rules.Command {
	var out []rules.Command
	for _, c := range legal {
		if c.Move == nil || c.Move.Ram != "" || len(c.Move.Steps) == 0 || c.Move.Steps[0].Op != m.Op {
			continue
		}
		if m.Op == rules.OpHET {
			mv := *c.Move
			mv.Steps = slices.Clone(mv.Steps)
			mv.Steps[0].Facing = m.Facing
			c.Move = &mv
			if or.Check(c) != nil {
				continue
			}
		}
		out = append(out, c)
	}
	return out
}

// erratic keeps, of the plans cands, those the erratic policy wants
// (erratic, or not) when the rules offer both; Ask leaves that choice to
// the person.
func (o *Orders) erratic(v *rules.View, mover rules.UnitView, cands []rules.Command) ([]rules.Command, *Break) {
	if !slices.ContainsFunc(cands, func(c rules.Command) bool { return c.Move != nil && c.Move.Erratic }) {
		return cands, nil
	}
	want := false
	switch o.Erratic {
	case Ask:
		return nil, &Break{Kind: "decision", Unit: mover.ID, Text: fmt.Sprintf("erratic maneuvers of %s: the orders ask the person", name(mover))}
	case Always:
		want = true
	case Standard:
		want = threatened(v, mover)
	}
	out := slices.DeleteFunc(slices.Clone(cands), func(c rules.Command) bool { return c.Move != nil && c.Move.Erratic != want })
	if len(out) == 0 {
		return cands, nil
	}
	return out, nil
}

// threatened reports whether an enemy ship or base the side sees has u
// within the reach of its weapons.
func threatened(v *rules.View, u rules.UnitView) bool {
	for _, e := range v.Units {
		if e.Side != u.Side && e.Map == u.Map && !seeker(e) && e.Kind != rules.KindMine && e.Hex.Distance(u.Hex) <= reachOf(e.Class) {
			return true
		}
	}
	return false
}

// turns counts the steps of a plan that are not straight on.
func turns(p *rules.MovePlan) int {
	n := 0
	for _, st := range p.Steps {
		if st.Op != rules.OpForward {
			n++
		}
	}
	return n
}

// fire carries out the ships' fire orders: each weapon the rules would
// fire now goes to the best target its ship's order allows (the most
// expected damage), or holds.
func (o *Orders) fire(v *rules.View, legal []rules.Command, or ai.Oracle) rules.Command {
	empty := rules.Command{Kind: rules.CmdFire, Side: o.Side}
	var ready []rules.Shot // one per weapon the rules would fire now
	for _, c := range legal {
		for _, s := range c.Shots {
			if !slices.ContainsFunc(ready, func(r rules.Shot) bool { return r.Attacker == s.Attacker && r.Mount == s.Mount }) {
				ready = append(ready, s)
			}
		}
	}
	cmd := empty
	for _, r := range ready {
		sh := o.Ship(r.Attacker)
		if sh == nil || sh.Fire.holds(r.Mount, v.Clock.Impulse) {
			continue
		}
		if t, ok := o.bestTarget(v, r, sh.Fire, or); ok {
			cmd.Shots = append(cmd.Shots, rules.Shot{Attacker: r.Attacker, Mount: r.Mount, Target: t})
		}
	}
	if len(cmd.Shots) == 0 || or.Check(cmd) != nil {
		return empty
	}
	return cmd
}

// bestTarget picks the target of one weapon under a fire order.
func (o *Orders) bestTarget(v *rules.View, r rules.Shot, f Fire, or ai.Oracle) (rules.UnitID, bool) {
	best, bestVal := rules.UnitID(""), 0.0
	for _, t := range v.Units {
		if t.Side == o.Side || t.Kind == rules.KindMine || f.Target != "" && t.ID != f.Target {
			continue
		}
		odds, err := or.ShotOdds(rules.Shot{Attacker: r.Attacker, Mount: r.Mount, Target: t.ID})
		if err != nil || odds.Sixths == 0 || f.MaxRange > 0 && odds.Range > f.MaxRange || odds.Sixths < f.MinSixths {
			continue
		}
		if val := odds.Chance() * float64(odds.Damage); val > bestVal {
			best, bestVal = t.ID, val
		}
	}
	return best, best != ""
}

// launch launches the seeking weapons the rules would launch now, from
// ships whose orders launch, at targets their fire orders allow.
func (o *Orders) launch(v *rules.View, legal []rules.Command, or ai.Oracle) rules.Command {
	cmd := rules.Command{Kind: rules.CmdLaunch, Side: o.Side}
	for _, c := range legal {
		for _, s := range c.Shots {
			sh := o.Ship(s.Attacker)
			if sh == nil || !sh.Launch || sh.Fire.Target != "" && s.Target != sh.Fire.Target {
				continue
			}
			if t := unitIn(v, s.Target); t == nil || sh.Fire.MaxRange > 0 && distance(v, s.Attacker, s.Target) > sh.Fire.MaxRange {
				continue
			}
			if !slices.ContainsFunc(cmd.Shots, func(x rules.Shot) bool { return x.Attacker == s.Attacker && x.Mount == s.Mount }) {
				cmd.Shots = append(cmd.Shots, s)
			}
		}
	}
	if len(cmd.Shots) > 0 && or.Check(cmd) == nil {
		return cmd
	}
	return rules.Command{Kind: rules.CmdLaunch, Side: o.Side}
}

func unitIn(v *rules.View, id rules.UnitID) *rules.UnitView {
	for i := range v.Units {
		if v.Units[i].ID == id {
			return &v.Units[i]
		}
	}
	return nil
}

func distance(v *rules.View, a, b rules.UnitID) int {
	ua, ub := unitIn(v, a), unitIn(v, b)
	if ua == nil || ub == nil {
		return math.MaxInt
	}
	return ua.Hex.Distance(ub.Hex)
}
