package ai

import (
	"fmt"
	"hash/fnv"
	"slices"

	"github.com/hexrift/hexrift/rules"
)

// Oracle answers questions about the player's own candidate commands. The
// game layer implements it over the rules state, for one side only, and
// it reveals nothing that side may not know:
//
//   - Check reports whether a command of the side is legal now; the rules
//     refuse a hidden unit exactly as a unit that does not exist.
//   - ShotOdds gives the odds of a shot by one of the side's own mounts.
//     The rules compute them from public facts only: the range, the
//     weapon, the arc, and the erratic, warp and cloak states every side
//     sees (rules.State.ShotOdds). A shot by another side's unit is
//     refused, since whether its mount is armed is secret.
//   - PlanOdds gives the gravity rift odds of a movement plan of the
//     side's own unit whose turn it is: where the path leaves rifts, the
//     bonus, the chance to come through. Rifts and paths are public.
type Oracle interface {
	Check(cmd rules.Command) error
	ShotOdds(sh rules.Shot) (rules.ShotOdds, error)
	PlanOdds(p rules.MovePlan) (rules.Odds, error)
}

// Level is a computer player's strength.
type Level string

// The levels, a ladder by design (handicap.go). Hard evaluates many
// candidate plans, looks ahead to the fire each position allows and
// searches its movement plans in imagined states of its view
// (search.go). Normal takes the best candidate of a greedy one-step
// evaluation that misjudges the fire a little (a seeded error) and
// spends shots at long range. Easy misjudges the fire more, holds no
// shot, takes any of the rules' offered movement plans at random,
// launches its craft as soon as it may, reinforces a shield at random
// and takes one of the better half of its other candidates.
const (
	Easy   Level = "easy"
	Normal Level = "normal"
	Hard   Level = "hard"
)

// Levels lists the levels, weakest first.
var Levels = []Level{Easy, Normal, Hard}

// Budget returns the search steps one decision of a level may take. A
// step is one candidate evaluation: an oracle question or the scoring of
// one candidate position or shot.
func (l Level) Budget() int {
	switch l {
	case Easy:
		return 200
	case Normal:
		return 1500
	case Hard:
		return 12000
	}
	return 0
}

// ParseLevel returns the level named s.
func ParseLevel(s string) (Level, error) {
	l := Level(s)
	if slices.Contains(Levels, l) {
		return l, nil
	}
	return "", fmt.Errorf("ai: unknown level %q (want easy, normal or hard)", s)
}

// Player is one computer player.
type Player struct {
	Level Level
	Side  rules.SideID
	rng   rules.RNG
	// noise draws the level's handicap errors (handicap.go): its own
	// stream, so that the other choices do not shift with it.
	noise rules.RNG
	// hc is the level's handicap (handicap.go).
	hc handicap
	// steps counts the search steps of the current decision.
	steps, budget int
	// Steps is the total of search steps taken, for tests and benchmarks.
	Steps int
	// Searched counts the decisions hard's search weighed (search.go),
	// for tests and benchmarks.
	Searched int
	// scores are the one-step scores of the movement candidates of the
	// current decision, best first (hard only, for its search).
	scores []float64
}

// New returns a player of level for side, in a game with seed. Its random
// generator is its own, never the game's dice.
func New(level Level, seed uint64, side rules.SideID) *Player {
	h := fnv.New64a()
	h.Write([]byte("ai/" + string(level) + "/" + string(side)))
	n := fnv.New64a()
	n.Write([]byte("ai/noise/" + string(level) + "/" + string(side)))
	return &Player{Level: level, Side: side, rng: rules.NewRNG(seed ^ h.Sum64()), noise: rules.NewRNG(seed ^ n.Sum64()), hc: level.handicap()}
}

// spend takes n search steps and reports whether the budget allowed them.
func (p *Player) spend(n int) bool {
	if p.steps+n > p.budget {
		return false
	}
	p.steps += n
	p.Steps += n
	return true
}

// Decide chooses one of the side's commands: one of legal or a command
// built from the same pieces and checked by the oracle. With a nil oracle
// the player only picks among legal.
func (p *Player) Decide(v *rules.View, legal []rules.Command, o Oracle) rules.Command {
	if len(legal) == 0 {
		return rules.Command{Side: p.Side, Kind: v.Expecting}
	}
	p.steps, p.budget, p.scores = 0, p.Level.Budget(), p.scores[:0]
	if o == nil {
		return legal[p.rng.IntN(len(legal))]
	}
	k := newKnowledge(v, p.Side)
	var cands []rules.Command
	switch v.Expecting {
	case rules.CmdAllocate:
		cands = p.allocate(k, legal, o)
	case rules.CmdMove:
		cands = p.move(k, legal, o)
	case rules.CmdFire:
		cands = p.fire(k, legal, o)
	case rules.CmdEvade:
		cands = p.evade(k, legal, o)
	case rules.CmdLaunch:
		cands = p.launch(k, legal, o)
	case rules.CmdRepair:
		cands = p.repair(k, legal, o)
	case rules.CmdActivity:
		cands = p.activity(k, legal, o)
	case rules.CmdDeclare:
		cands = p.declare(k, legal, o)
	}
	if len(cands) == 0 {
		// Declarations with nothing to withdraw or bring back, and
		// anything new: the plain choice the rules offer first (no
		// warp, no self-destruct).
		return legal[0]
	}
	if p.searched(k) {
		cands = p.search(k, cands)
	}
	return p.pick(v.Expecting, cands)
}

// pick chooses among candidates sorted best first: the best for normal
// and hard; for easy, one of the better half at random, and by its
// handicap (handicap.go) any of its movement plans (the rules' offered
// plans, all legal).
func (p *Player) pick(kind rules.CommandKind, cands []rules.Command) rules.Command {
	if p.Level == Easy && len(cands) > 1 {
		if kind == rules.CmdMove {
			return cands[p.rng.IntN(len(cands))]
		}
		return cands[p.rng.IntN((len(cands)+1)/2)]
	}
	return cands[0]
}

// scored is a candidate command with its score.
type scored struct {
	cmd   rules.Command
	score float64
}

// ranked sorts candidates best first (stable, so ties keep their order)
// and returns their commands.
func ranked(cs []scored) []rules.Command {
	slices.SortStableFunc(cs, func(a, b scored) int {
		switch {
		case a.score > b.score:
			return -1
		case a.score < b.score:
			return 1
		}
		return 0
	})
	out := make([]rules.Command, len(cs))
	for i, c := range cs {
		out[i] = c.cmd
	}
	return out
}
