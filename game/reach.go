package game

import (
	"fmt"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// The hexes a ship can reach this impulse, highlighted while its move is
// planned. They come from the rules' own geometry and checks: every plan
// of forward moves, sideslips and up to two turns that uses the ship's
// allotment is asked of Desk.Check, and a legal one's end pose, from
// rules.PlanPoses, is a place it can reach.

// maxReachChecks bounds the plans asked of the rules for one highlight.
const maxReachChecks = 2000

var (
	moveOps   = []rules.MoveOp{rules.OpForward, rules.OpSlipLeft, rules.OpSlipRight}
	turnOps   = []rules.MoveOp{rules.OpTurnLeft, rules.OpTurnRight}
	reachMark = render.Hex("#6bdc8f", 0.55)
)

// reachable returns the end poses of the legal plans of unit, which
// starts at start and has allot hexes to move this impulse, each once,
// in the order found.
func reachable(d *orderDesk, unit rules.UnitID, start rules.Pose, allot int) []rules.Pose {
	var out []rules.Pose
	seen := map[rules.Pose]bool{}
	checks := 0
	var walk func(steps []rules.MoveStep, moved, turns int)
	walk = func(steps []rules.MoveStep, moved, turns int) {
		if checks >= maxReachChecks {
			return
		}
		if moved == allot {
			checks++
			plan := rules.MovePlan{Unit: unit, Steps: steps}
			if d.Check(rules.Command{Kind: rules.CmdMove, Side: d.Side(), Move: &plan}) == nil {
				poses := rules.PlanPoses(start, steps)
				end := start
				if len(poses) > 0 {
					end = poses[len(poses)-1]
				}
				if !seen[end] {
					seen[end] = true
					out = append(out, end)
				}
			}
		}
		if moved < allot {
			for _, op := range moveOps {
				walk(append(steps[:len(steps):len(steps)], rules.MoveStep{Op: op}), moved+1, turns)
			}
		}
		if turns < 2 && (len(steps) == 0 || steps[len(steps)-1].Op == rules.OpForward) {
			for _, op := range turnOps {
				walk(append(steps[:len(steps):len(steps)], rules.MoveStep{Op: op}), moved, turns+1)
			}
		}
	}
	walk(nil, 0, 0)
	return out
}

// reachFor is the highlight of the ship whose move is being planned,
// kept while the step and the unit are the same.
type reachFor struct {
	key   string
	poses []rules.Pose
}

// updateReach finds the hexes the moving ship can reach, once for each
// step of the game it moves in.
func (p *PlayScene) updateReach() {
	mb, ok := p.orders.(*moveBuilder)
	if !ok || p.desk == nil {
		p.reach = reachFor{}
		return
	}
	u, ok := unitView(p.desk, mb.unit)
	if !ok {
		p.reach = reachFor{}
		return
	}
	key := fmt.Sprintf("%s|%s|%v|%d", p.viewer, u.ID, p.sess.State.Clock, p.sess.NumCommands())
	if key == p.reach.key {
		return
	}
	p.reach = reachFor{key: key, poses: reachable(p.desk, u.ID, rules.Pose{Hex: u.Hex, Facing: u.Facing}, p.desk.Allotment(u.ID))}
}

// reachMarks adds the reachable hexes to f, below the plan's path.
func (p *PlayScene) reachMarks(f *render.Frame) {
	if p.reach.key == "" {
		return
	}
	marks := make([]render.HexMark, 0, len(p.reach.poses)+len(f.Marks))
	for _, ps := range p.reach.poses {
		marks = append(marks, render.HexMark{Hex: ps.Hex, Colour: reachMark})
	}
	f.Marks = append(marks, f.Marks...)
}
