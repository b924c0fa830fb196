package ai

import (
	"slices"

	"github.com/hexrift/hexrift/rules"
)

// move scores the movement plans of the unit whose turn it is: the plans
// the rules offer and, at normal and hard, plans built from the same
// steps (a turn or slip at every point of the path, a HET to each facing,
// erratic maneuvering). The oracle's PlanOdds checks each and gives its
// gravity rift odds.
func (p *Player) move(k *knowledge, legal []rules.Command, o Oracle) []rules.Command {
	u := k.unit(k.v.Mover)
	if u == nil || u.Detail == nil {
		return nil
	}
	plans := make([]rules.MovePlan, 0, 64)
	seen := map[string]bool{}
	add := func(pl rules.MovePlan) {
		key := pl.String()
		if !seen[key] {
			seen[key] = true
			plans = append(plans, pl)
		}
	}
	for _, l := range legal {
		if l.Move != nil {
			add(*l.Move)
		}
	}
	if p.Level != Easy {
		for _, pl := range p.variants(u, plans) {
			add(pl)
		}
	}
	var cs []scored
	for i, pl := range plans {
		if !p.spend(2) {
			break
		}
		odds, err := o.PlanOdds(pl)
		if err != nil {
			continue
		}
		cs = append(cs, scored{rules.Command{Kind: rules.CmdMove, Side: p.Side, Move: &plans[i]}, p.scorePlan(k, u, pl, odds)})
	}
	if len(cs) == 0 {
		return nil
	}
	out := ranked(cs)
	if p.Level == Hard {
		// The search (search.go) weighs its playouts against these.
		p.scores = p.scores[:0]
		for _, c := range cs {
			p.scores = append(p.scores, c.score)
		}
	}
	return out
}

// variants builds more plans from the shapes of the offered ones: each
// offered plan's forward moves with a turn or a slip put in at every
// point, two turns where the turn mode allows, a HET to every facing and
// erratic maneuvering when paid for. The rules check each.
func (p *Player) variants(u *rules.UnitView, base []rules.MovePlan) []rules.MovePlan {
	fwd, hetFwd := -1, -1
	for _, pl := range base {
		if pl.Ram != "" {
			continue
		}
		n, het := 0, false
		plain := true
		for _, st := range pl.Steps {
			switch st.Op {
			case rules.OpForward:
				n++
			case rules.OpHET:
				het = true
			default:
				plain = false
			}
		}
		if het && hetFwd < 0 {
			hetFwd = n
		} else if plain && !het && fwd < 0 {
			fwd = n
		}
	}
	if fwd < 0 {
		return nil
	}
	steps := func(ops ...rules.MoveOp) []rules.MoveStep {
		out := make([]rules.MoveStep, len(ops))
		for i, op := range ops {
			out[i] = rules.MoveStep{Op: op}
		}
		return out
	}
	forwards := func(n int) []rules.MoveOp {
		out := make([]rules.MoveOp, n)
		for i := range out {
			out[i] = rules.OpForward
		}
		return out
	}
	var out []rules.MovePlan
	with := func(ops []rules.MoveOp) {
		out = append(out, rules.MovePlan{Unit: u.ID, Steps: steps(ops...)})
	}
	turns := []rules.MoveOp{rules.OpTurnLeft, rules.OpTurnRight}
	for at := 0; at <= fwd; at++ {
		for _, t := range turns {
			ops := slices.Insert(forwards(fwd), at, t)
			with(ops)
			if p.Level == Hard {
				with(slices.Insert(forwards(fwd), at, t, t))
				for at2 := at + 1; at2 <= fwd; at2++ {
					for _, t2 := range turns {
						with(slices.Insert(slices.Clone(ops), at2+1, t2))
					}
				}
			}
		}
		if at < fwd {
			for _, s := range []rules.MoveOp{rules.OpSlipLeft, rules.OpSlipRight} {
				ops := forwards(fwd)
				ops[at] = s
				with(ops)
			}
		}
	}
	if fwd == 0 && p.Level == Hard {
		// A standstill: turns on the spot.
		for _, t := range turns {
			with([]rules.MoveOp{t, t, t})
		}
	}
	if hetFwd >= 0 {
		for f := rules.Direction(0); f < 6; f++ {
			if f == u.Facing {
				continue
			}
			st := append([]rules.MoveStep{{Op: rules.OpHET, Facing: f}}, steps(forwards(hetFwd)...)...)
			out = append(out, rules.MovePlan{Unit: u.ID, Steps: st})
		}
	}
	if u.Detail.ErraticPaid > 0 {
		for i, n := 0, len(out); i < n; i++ {
			e := out[i]
			e.Erratic = true
			out = append(out, e)
		}
	}
	return out
}

// endPose is where a plan leaves the unit: the last pose the rules give
// its steps.
func endPose(u *rules.UnitView, pl rules.MovePlan) pose {
	end := rules.Pose{Hex: u.Hex, Facing: u.Facing}
	if ps := rules.PlanPoses(end, pl.Steps); len(ps) > 0 {
		end = ps[len(ps)-1]
	}
	return pose{u.Map, end.Hex, end.Facing}
}

// scorePlan weighs where a plan leaves the unit: the fire it could give
// from there less the fire it could take, the approach to its best firing
// range, the gravity rift risk against the rift's bonus, and phase space
// as cover or as a place that stops its fire.
func (p *Player) scorePlan(k *knowledge, u *rules.UnitView, pl rules.MovePlan, odds rules.Odds) float64 {
	end := endPose(u, pl)
	c := k.class(u.Class)
	off := k.offense(u, end, false)
	pot := k.offense(u, end, true)
	thr := k.threat(u, end)
	defW := 0.6
	if p.Level == Hard {
		// The enemies move too: weigh the fire given and taken both
		// where they are and where their speed and facing take them by
		// the next impulse.
		ka := k.ahead()
		off = 0.5 * (off + ka.offense(u, end, false))
		thr = 0.5 * (thr + ka.threat(u, end))
	}
	// A unit whose loss scores an objective guards itself more.
	defW += 0.5 * objectiveScale(k.stake(u.ID))
	if k.assaulting() {
		defW *= 0.3
	}
	// A runner, a unit an objective sends out of the battle or through
	// a cosmic rift, fires where it passes but does not stay to fight.
	runner := k.goalBound(u)
	if runner {
		off, pot, defW = 0.3*off, 0.3*pot, 0.5*defW
	}
	// The level's handicap (handicap.go): it misjudges the fire given
	// and taken.
	hc := p.hc
	off = p.misjudge(off, hc.fireError)
	thr = p.misjudge(thr, hc.fireError)
	score := off + 0.25*pot - defW*thr
	if pl.Erratic {
		// Erratic maneuvers: enemy fire and own fire both suffer, and
		// a paid impulse of them is used up.
		score = 0.6*off + 0.25*pot - defW*thr*0.6 - 0.05
	}
	if e, d := k.nearest(end); e != nil && c != nil && !runner {
		pr := prefRange(c)
		if d > pr {
			score -= 0.15 * float64(d-pr)
		}
		// Keep the enemy in the arcs of the most mounts.
		rel := relDir(end.Hex, end.Facing, e.Hex)
		arcs := 0
		for _, m := range c.Mounts {
			if m.Arc.Covers(rel) {
				arcs++
			}
		}
		score += 0.05 * float64(arcs)
	}
	if len(odds.Exits) > 0 {
		// The unit's worth against the chance to lose it, and the +1.
		worth := 30.0
		switch p.Level {
		case Easy:
			worth = 8
		case Hard:
			worth = 60
		}
		score -= (1 - odds.Survive) * worth
		score += 0.5 * float64(odds.Bonus)
	}
	if k.inPhaseSpace(end.Map, end.Hex) {
		// Phase space may take the unit out of phase: no fire either way.
		score += 0.4 * (defW*thr - off)
	}
	if pl.Ram != "" {
		score -= 5
	}
	return score + p.riftScore(k, u, end, odds) + p.objectiveScore(k, u, end)
}

// riftScore weighs cosmic rifts: a unit beyond a rift heads back to its
// port and goes through before the rift closes, with a margin from its
// speed (a unit trapped beyond counts as destroyed); a unit at home does
// not enter a rift with too little lifetime left to come back.
func (p *Player) riftScore(k *knowledge, u *rules.UnitView, end pose, odds rules.Odds) float64 {
	if len(k.v.Rifts) == 0 || len(odds.Path) == 0 || u.Detail == nil {
		return 0
	}
	n := max(k.v.Ruleset.ImpulsesPerTurn, 1)
	speed := max(u.Speed, u.Detail.Allocated)
	if home := k.riftHome(u); home != nil {
		if slices.Contains(odds.Path, home.Port) && odds.Path[0] != home.Port {
			return 200 // through, home
		}
		d := end.Hex.Distance(home.Port)
		if d == 0 {
			// On the port without going through (it arrived there):
			// it must step off and come back in.
			d = 2
		}
		need := impulsesTo(d, speed, n)
		slack := home.Remaining - need
		w := 0.3
		switch {
		case slack <= n:
			w = 8
		case slack <= 3*n:
			w = 3
		case slack <= 6*n:
			w = 1
		}
		return -w * float64(d)
	}
	score := 0.0
	ret := k.returnWeight(u)
	nearest := -1
	for _, r := range k.v.Rifts {
		if r.Map != u.Map {
			continue
		}
		// Going in: the way back is at least a few impulses, and the
		// destination is unknown until the first unit goes in.
		time := r.Remaining >= 4*n+impulsesTo(4, speed, n)
		if ret > 0 && time {
			// An objective asks it to go through and come back: in
			// while there is time, toward the nearest rift until then.
			if slices.Contains(odds.Path[1:], r.Hex) {
				score += 100 * ret
			} else if d := end.Hex.Distance(r.Hex); nearest < 0 || d < nearest {
				nearest = d
			}
			continue
		}
		if !slices.Contains(odds.Path[1:], r.Hex) {
			continue
		}
		if !time {
			score -= 100
		} else {
			score -= 2
		}
	}
	if nearest >= 0 {
		score -= 0.6 * ret * float64(nearest)
	}
	return score
}
