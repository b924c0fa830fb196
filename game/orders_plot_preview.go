package game

import (
	"math"

	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/rules"
)

// plotPreview is the path a ship's course would take over the turn's
// remaining impulses, assuming every other unit stands still: impulse by
// impulse the ship moves the hexes the rules' impulse chart gives its
// speed (rules.ImpulseMoves), and before each hex it turns left, turns
// right or goes straight, whichever brings the end of the hex closest to
// what the course wants (as the orders choose among the rules' plans),
// turning only when its turn mode allows (rules.HexesBeforeTurn). It
// reads only the side's own view: the ship's own state and the hexes of
// the units the side sees. The gravity rift odds are not in it: those
// the orders weigh when the ship really moves.
func plotPreview(v *rules.View, sh plot.Ship) ([]rules.Hex, []rules.Direction) {
	u := unitOf(v, sh.Unit)
	if u == nil || u.Ghost || u.Detail == nil {
		return nil, nil
	}
	n := v.Ruleset.ImpulsesPerTurn
	from := 1
	if v.Clock.Step.InImpulse() {
		from = v.Clock.Impulse
	}
	mode := ""
	if c, ok := rules.LookupClass(u.Class); ok {
		mode = c.TurnMode
	}
	need := rules.HexesBeforeTurn(u.Speed, mode)
	ms := u.Detail.Move
	speed := max(u.Speed+ms.Bonus-ms.Lost, 0)
	moved, straight := ms.Moved, ms.Straight
	var target *rules.UnitView
	if sh.Course.Kind == plot.Close || sh.Course.Kind == plot.Range {
		if target = unitOf(v, sh.Course.Unit); target != nil && target.Map != u.Map {
			target = nil
		}
	}
	cost := func(h rules.Hex) float64 {
		switch {
		case sh.Course.Kind == plot.Toward:
			return float64(h.Distance(sh.Course.Hex))
		case target != nil && sh.Course.Kind == plot.Close:
			return float64(h.Distance(target.Hex))
		case target != nil && sh.Course.Kind == plot.Range:
			return math.Abs(float64(h.Distance(target.Hex) - sh.Course.Range))
		}
		return 0
	}
	hex, facing := u.Hex, u.Facing
	hexes, facings := []rules.Hex{hex}, []rules.Direction{facing}
	for i := from; i <= n; i++ {
		// The hexes due by the end of impulse i, less those moved.
		due := max(i*speed/n-moved, 0)
		for k := 0; k < due; k++ {
			best, bestCost := facing, cost(hex.Neighbor(facing))
			if sh.Course.Kind != plot.Keep && straight >= need {
				for _, turn := range []int{-1, 1} {
					d := facing.Turn(turn)
					if c := cost(hex.Neighbor(d)) + 0.1; c < bestCost {
						best, bestCost = d, c
					}
				}
			}
			if best != facing {
				straight = 0
			}
			facing = best
			hex = hex.Neighbor(facing)
			straight++
			moved++
			hexes, facings = append(hexes, hex), append(facings, facing)
		}
	}
	return hexes, facings
}
