package ai

import (
	"slices"

	"github.com/hexrift/hexrift/rules"
)

// The search of the hard level: determinized Monte Carlo over the side's
// own view. For a movement plan, hard takes the best few candidates of
// its one-step evaluation and, in each of a few imagined states
// (rules.Imagine: the view with what it hides sampled, never the true
// state), applies the candidate and plays the game on with a cheap
// policy for every side (movers keep their course) through the fire
// steps of the next impulses, then scores the result for its side: the
// expected points of the fire each of those steps allows, given and
// taken (weighed by the rules' odds, not rolled), plus what actually
// happened on the way (seekers' strikes, units lost, objectives met).
// That mean over the imagined states, added to the candidate's one-step
// score, chooses among them: the search corrects the evaluation where
// playing on shows it wrong (where the movers after it and its own next
// impulse's course take the fire), and keeps its objectives, ranges and
// rifts. The same imagined states serve every candidate (common random
// numbers). Everything is bounded by step counts, never by the clock:
// searchCandidates x searchWorlds playouts of at most searchSteps
// commands in all.
const (
	// searchCandidates is how many one-step candidates the search
	// compares: the best ones that end in different poses.
	searchCandidates = 3
	// searchPool is how many of the best one-step candidates are looked
	// through for searchCandidates that end in different poses.
	searchPool = 12
	// searchWorlds is how many imagined states each is tried in.
	searchWorlds = 2
	// searchSteps bounds the commands applied in all the playouts of one
	// decision; a playout cut short is scored where it stands.
	searchSteps = 600
	// searchReach is how near (hexes) an enemy must be to the mover for
	// a movement plan to be searched: farther, no fire can follow.
	searchReach = 14
	// searchHorizon is how many impulses' fire a playout weighs, each
	// searchDecay times the one before.
	searchHorizon = 2
	searchDecay   = 0.5
)

// search reorders cands, the movement candidates of a decision sorted
// best first by the one-step evaluation (whose scores are p.scores), by
// that score plus the mean worth of their playouts in imagined states.
// It returns cands unchanged when there is nothing to compare or the
// view cannot be imagined.
func (p *Player) search(k *knowledge, cands []rules.Command) []rules.Command {
	try := p.distinctEnds(k, cands)
	n := len(try)
	if n < 2 {
		return cands
	}
	seeds := make([]uint64, searchWorlds)
	for i := range seeds {
		seeds[i] = p.rng.Uint64()
	}
	tr, err := p.newTrials(k, seeds, searchSteps/(searchCandidates*searchWorlds))
	if err != nil {
		return cands
	}
	p.Searched++
	best, bestV := -1, 0.0
	for _, i := range try {
		w, ok := tr.worth(cands[i])
		if !ok {
			continue // refused in some imagined state: keep it out
		}
		// The playouts correct the one-step score: its objectives,
		// ranges and rifts stay in the choice.
		if v := p.scores[i] + w; best < 0 || v > bestV {
			best, bestV = i, v
		}
	}
	if best <= 0 {
		return cands
	}
	out := make([]rules.Command, 0, len(cands))
	out = append(out, cands[best])
	out = append(out, cands[:best]...)
	return append(out, cands[best+1:]...)
}

// distinctEnds returns the indexes of the candidates the search tries:
// best first, of the first searchPool, up to searchCandidates whose
// plans end in different poses (hex and facing). Plans that end alike
// (the same turn a step sooner or later) play out alike, so a second one
// would spend the budget on a comparison with nothing in it.
func (p *Player) distinctEnds(k *knowledge, cands []rules.Command) []int {
	u := k.unit(k.v.Mover)
	if u == nil {
		return nil
	}
	start := rules.Pose{Hex: u.Hex, Facing: u.Facing}
	var ends []rules.Pose
	var try []int
	for i := 0; i < min(len(cands), len(p.scores), searchPool) && len(try) < searchCandidates; i++ {
		end := start
		if mv := cands[i].Move; mv != nil {
			if ps := rules.PlanPoses(start, mv.Steps); len(ps) > 0 {
				end = ps[len(ps)-1]
			}
		}
		if !slices.Contains(ends, end) {
			ends = append(ends, end)
			try = append(try, i)
		}
	}
	return try
}

// trials are the imagined states one decision tries its candidates in:
// the same states for every candidate (common random numbers), so that
// their worths differ by the candidate rather than by what was sampled.
type trials struct {
	p      *Player
	worlds []*rules.State
	// per bounds the commands of one playout; defW weighs the fire
	// taken against the fire given.
	per  int
	defW float64
	cc   classCache
}

// newTrials imagines the side's view once per seed.
func (p *Player) newTrials(k *knowledge, seeds []uint64, per int) (*trials, error) {
	tr := &trials{p: p, per: per, cc: classCache{}, defW: 0.6}
	// The fire taken weighs as in the one-step evaluation: less than
	// the fire given, and less again in an assault.
	if k.assaulting() {
		tr.defW *= 0.3
	}
	for _, seed := range seeds {
		w, err := rules.Imagine(k.v, seed)
		if err != nil {
			return nil, err
		}
		tr.worlds = append(tr.worlds, w)
	}
	return tr, nil
}

// worth is the mean worth of cmd's playouts over the imagined states;
// false when one of them refuses it.
func (tr *trials) worth(cmd rules.Command) (float64, bool) {
	total := 0.0
	for _, w := range tr.worlds {
		st := w.Clone()
		if _, err := st.Apply(cmd); err != nil {
			return 0, false
		}
		tr.p.Steps++
		total += tr.p.playout(tr.cc, st, tr.per, tr.defW) + tr.cc.leafScore(st, tr.p.Side)
	}
	return total / float64(len(tr.worlds)), true
}

// searched reports whether hard searches the decision: a movement plan
// of a unit with an enemy within searchReach that is there to fight, not
// a runner an objective sends away or one bound home through a cosmic
// rift (whose plans are about getting there, which the one-step
// evaluation weighs).
func (p *Player) searched(k *knowledge) bool {
	if p.Level != Hard || k.v.Expecting != rules.CmdMove {
		return false
	}
	u := k.unit(k.v.Mover)
	if u == nil || u.Detail == nil || k.goalBound(u) || k.riftHome(u) != nil {
		return false
	}
	_, d := k.nearest(pose{u.Map, u.Hex, u.Facing})
	return d <= searchReach
}

// playout plays st on with the cheap policy for every side through the
// fire steps of up to searchHorizon impulses of the current turn, or
// until the game ends or steps commands have been applied, and returns
// the expected worth to the side of the fire those steps allow
// (fireExchange: the damage given less defW times the damage taken),
// the first impulse's counting most. Fire is weighed by
// its odds rather than rolled, so that the dice do not drown the
// difference between two candidates: at each fire step every side
// holds its fire and the playout moves on.
func (p *Player) playout(cc classCache, st *rules.State, steps int, defW float64) float64 {
	turn := st.Clock.Turn
	worth, weight, fires := 0.0, 1.0, 0
	var weighed rules.Clock
	for steps > 0 && st.Clock.Step != rules.StepGameOver && st.Clock.Turn == turn {
		pend := st.Pending()
		if len(pend) == 0 {
			if st.Clock.Step == rules.StepDamageControl {
				break
			}
			st.Advance()
			continue
		}
		if st.Expecting() == rules.CmdFire {
			if st.Clock != weighed {
				weighed = st.Clock
				gain, loss := cc.fireExchange(st, p.Side)
				worth += weight * (gain - defW*loss)
				weight *= searchDecay
				if fires++; fires >= searchHorizon {
					break
				}
			}
		}
		cmd, ok := cheapCommand(st, pend[0])
		if !ok {
			break
		}
		if _, err := st.Apply(cmd); err != nil {
			legal := st.Legal(pend[0])
			if len(legal) == 0 {
				break
			}
			if _, err := st.Apply(legal[0]); err != nil {
				break
			}
		}
		steps--
		p.Steps++
	}
	return worth
}

// fireExchange is the expected worth of one volley of every armed mount
// in st, each at its best target by the rules' own odds
// (State.ShotOdds): gain, the points of the damage side's units would
// deal, and loss, the points of the damage other sides' units would deal
// to side's (what they would deal one another is left out). A point of damage is
// worth its target's BPV over its strength (shields, armor and internal
// boxes), three times that for the part that gets through the shield.
func (cc classCache) fireExchange(st *rules.State, side rules.SideID) (gain, loss float64) {
	for i := range st.Units {
		a := &st.Units[i]
		if !a.OnMap() || a.PhasedOut || a.Ship == nil || a.Kind.Seeking() {
			continue
		}
		ca := cc.get(a.Class)
		if ca == nil {
			continue
		}
		c := &ca.class
		for m := range c.Mounts {
			ms := a.Ship.Mounts[m]
			w := weapon(c, m)
			if ms.Destroyed || !ms.Armed || ms.Fired || w == nil || w.Seeking() {
				continue
			}
			best, bestSide := 0.0, rules.SideID("")
			for j := range st.Units {
				t := &st.Units[j]
				if t.Side == a.Side || !t.OnMap() || t.PhasedOut || t.Ship == nil || t.Map != a.Map {
					continue
				}
				if a.Hex.Distance(t.Hex) > w.MaxRange() || !c.Mounts[m].Arc.Covers(relDir(a.Hex, a.Facing, t.Hex)) {
					continue
				}
				ct := cc.get(t.Class)
				if ct == nil || ct.perPoint == 0 {
					continue
				}
				odds, err := st.ShotOdds(rules.Shot{Attacker: a.ID, Mount: m, Target: t.ID})
				if err != nil || odds.Sixths == 0 {
					continue
				}
				left := 0
				if odds.Shield >= 1 && odds.Shield <= 6 {
					left = max(t.Ship.Shields[odds.Shield-1], 0)
				}
				through := max(odds.Damage-left, 0)
				v := odds.Chance() * ct.perPoint * float64(odds.Damage-through+3*through)
				if v > best {
					best, bestSide = v, t.Side
				}
			}
			switch {
			case a.Side == side:
				gain += best
			case bestSide == side:
				loss += best
			}
		}
	}
	return gain, loss
}

// classInfo is what the search weighs of a class: the class, its
// internal boxes, and the points a point of damage to it is worth (its
// BPV over its shields, armor and boxes).
type classInfo struct {
	class    rules.Class
	boxes    rules.Boxes
	perPoint float64
}

// classCache holds the classInfo of the classes one search meets.
type classCache map[rules.ClassID]*classInfo

func (cc classCache) get(id rules.ClassID) *classInfo {
	if ci, ok := cc[id]; ok {
		return ci
	}
	c, ok := rules.LookupClass(id)
	if !ok {
		cc[id] = nil
		return nil
	}
	ci := &classInfo{class: c, boxes: c.Boxes()}
	strength := c.Armor
	for _, sh := range c.Shields {
		strength += sh
	}
	for _, b := range ci.boxes {
		strength += b
	}
	if strength > 0 {
		ci.perPoint = float64(c.BPV) / float64(strength)
	}
	cc[id] = ci
	return ci
}

// cheapCommand is the playout policy's command for side in st: a mover
// keeps its course, the impulse's activity, launches, fire and evasion
// are nothing, and everything else is the rules' plain choice.
func cheapCommand(st *rules.State, side rules.SideID) (rules.Command, bool) {
	switch k := st.Expecting(); k {
	case rules.CmdActivity, rules.CmdLaunch, rules.CmdFire, rules.CmdEvade:
		return rules.Command{Kind: k, Side: side}, true
	case rules.CmdMove:
		id, ok := st.Mover()
		if !ok {
			return rules.Command{}, false
		}
		n := st.Allotment(id)
		pl := rules.MovePlan{Unit: id, Steps: make([]rules.MoveStep, n)}
		for i := range pl.Steps {
			pl.Steps[i] = rules.MoveStep{Op: rules.OpForward}
		}
		return rules.Command{Kind: rules.CmdMove, Side: side, Move: &pl}, true
	}
	legal := st.Legal(side)
	if len(legal) == 0 {
		return rules.Command{}, false
	}
	return legal[0], true
}

// leafScore is what the state a playout ended in is worth to side: for
// every unit, its class's BPV times the share of its shields, armor and
// internal boxes lost (all of it when destroyed), counted for side when
// the unit is another side's and against it when it is its own, plus the
// objective points side has met less the most any other side has.
func (cc classCache) leafScore(st *rules.State, side rules.SideID) float64 {
	score := 0.0
	for i := range st.Units {
		u := &st.Units[i]
		if u.Kind.Seeking() {
			continue
		}
		ci := cc.get(u.Class)
		if ci == nil || ci.class.BPV == 0 {
			continue
		}
		c := &ci.class
		loss := 0.0
		switch {
		case u.Status == rules.StatusDestroyed:
			loss = 1
		case u.Status == rules.StatusOnMap && u.Ship != nil:
			loss = damageShare(ci, u.Ship)
		}
		if u.Side == side {
			score -= float64(c.BPV) * loss
		} else {
			score += float64(c.BPV) * loss
		}
	}
	o := st.Outcome()
	mine, theirs := 0, 0
	for _, r := range o.Sides {
		if r.Side == side {
			mine = r.Objectives
		} else {
			theirs = max(theirs, r.Objectives)
		}
	}
	return score + float64(mine-theirs)
}

// damageShare is the share of a unit's strength that damage took: its
// shields and armor a third, its internal boxes two thirds (the boxes
// are what destroys it).
func damageShare(ci *classInfo, ss *rules.ShipState) float64 {
	c := &ci.class
	full, left := c.Armor, ss.Armor
	for i := range c.Shields {
		full += c.Shields[i]
		left += min(ss.Shields[i], c.Shields[i])
	}
	outer := 0.0
	if full > 0 {
		outer = 1 - float64(left)/float64(full)
	}
	boxes := ci.boxes
	fb, lb := 0, 0
	for i := range boxes {
		fb += boxes[i]
		lb += min(ss.Boxes[i], boxes[i])
	}
	inner := 0.0
	if fb > 0 {
		inner = 1 - float64(lb)/float64(fb)
	}
	return outer/3 + 2*inner/3
}
