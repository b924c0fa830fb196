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
		return o.move(v, legal, or)
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
// whose end best serves the course, gravity rift odds weighed in.
func (o *Orders) move(v *rules.View, legal []rules.Command, or ai.Oracle) (rules.Command, *Break) {
	sh := o.Ship(v.Mover)
	mover := unitIn(v, v.Mover)
	if sh == nil || mover == nil {
		return rules.Command{}, &Break{Kind: "decision", Unit: v.Mover, Text: fmt.Sprintf("%s has no orders", v.Mover)}
	}
	if sh.AskEveryImpulse {
		return rules.Command{}, &Break{Kind: "decision", Unit: v.Mover, Text: fmt.Sprintf("%s asks for every move", name(*mover))}
	}
	var target *rules.UnitView
	if sh.Course.Kind == Close || sh.Course.Kind == Range {
		if target = unitIn(v, sh.Course.Unit); target == nil || target.Map != mover.Map {
			if o.Breaks.Blocked {
				return rules.Command{}, &Break{Kind: "blocked", Unit: mover.ID, Text: fmt.Sprintf("%s has lost sight of %s", name(*mover), sh.Course.Unit)}
			}
			target = nil // fly on straight
		}
	}
	best, bestCost := -1, math.Inf(1)
	for i, c := range legal {
		if c.Move == nil {
			continue
		}
		odds, err := or.PlanOdds(*c.Move)
		if err != nil || len(odds.Path) == 0 {
			continue
		}
		end := odds.Path[len(odds.Path)-1]
		cost := float64(turns(c.Move)) * 0.1 // straight on when all else is equal
		switch {
		case sh.Course.Kind == Toward:
			cost += float64(end.Distance(sh.Course.Hex))
		case target != nil && sh.Course.Kind == Close:
			cost += float64(end.Distance(target.Hex))
		case target != nil && sh.Course.Kind == Range:
			cost += math.Abs(float64(end.Distance(target.Hex) - sh.Course.Range))
		default: // keep course
			cost += float64(turns(c.Move))
		}
		if !sh.Course.RiftRisk {
			cost += 5 * (1 - odds.Survive)
		}
		if cost < bestCost {
			best, bestCost = i, cost
		}
	}
	if best < 0 {
		if o.Breaks.Blocked {
			return rules.Command{}, &Break{Kind: "blocked", Unit: mover.ID, Text: fmt.Sprintf("no plan the rules offer follows %s's course", name(*mover))}
		}
		return legal[0], nil
	}
	return legal[best], nil
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
		if sh == nil || sh.Fire.Hold || slices.Contains(sh.Fire.HoldMounts, r.Mount) {
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
