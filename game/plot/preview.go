package plot

import (
	"slices"

	"github.com/hexrift/hexrift/rules"
)

// PathHex is one hex of a previewed path: the ship's pose there, the
// impulse it gets there, and what leaving the last hex for it costs.
type PathHex struct {
	Pose    rules.Pose
	Impulse int
	// Rift names the gravity rift system left on the way into this hex:
	// a removal roll is made there (GR41.2).
	Rift string
	// Cosmic is the id of the open cosmic rift this hex is an end of: the
	// ship is displaced through it here (IP4.16) and the path ends.
	Cosmic string
}

// Path is the preview of a ship's course over the turn's remaining
// impulses: its hexes, the start first, and the chance, exact and as a
// float, that the ship comes through every gravity rift removal roll on
// the way.
type Path struct {
	Hexes        []PathHex
	Exits        int
	Survive      float64
	SurviveExact string
}

// Preview foresees the path of sh's course over the turn's remaining
// impulses, as if every other unit stood still. Impulse by impulse the
// ship moves the hexes the rules' impulse chart gives its speed
// (rules.ImpulseMoves, counted against what it has moved), and before
// each hex it goes straight or turns a hexside, whichever the course's
// aim weighs best (the executor's own weighing), turning only when its
// turn mode allows (rules.HexesBeforeTurn); its maneuver is made at its
// impulse. The steps are the rules' geometry (rules.PlanPoses), the rift
// exits those the rules roll for (rules.Terrain.RiftExit) at the rules'
// odds (rules.RiftSurviveChance); the +1 a rift exit gives is not added
// to the path. It reads only the side's view.
func Preview(v *rules.View, sh Ship) Path {
	u := unitIn(v, sh.Unit)
	if u == nil || u.Ghost || u.Detail == nil {
		return Path{}
	}
	var terrain *rules.Terrain
	if i := slices.IndexFunc(v.Maps, func(m rules.Map) bool { return m.ID == u.Map }); i >= 0 {
		terrain = v.Maps[i].Terrain
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
	moved, straight, lost := ms.Moved, ms.Straight, ms.Lost
	var target *rules.UnitView
	if sh.Course.needsUnit() {
		if target = unitIn(v, sh.Course.Unit); target != nil && target.Map != u.Map {
			target = nil
		}
	}
	reached := sh.Course.Reached.Now
	pose := rules.Pose{Hex: u.Hex, Facing: u.Facing}
	p := Path{Hexes: []PathHex{{Pose: pose, Impulse: from}}}
	// step takes one step of the plan and records the hex it enters.
	step := func(st rules.MoveStep, impulse int) bool {
		next := rules.PlanPoses(pose, []rules.MoveStep{st})[0]
		ph := PathHex{Pose: next, Impulse: impulse}
		if next.Hex != pose.Hex {
			if sys, ok := terrain.RiftExit(pose.Hex, next.Hex); ok {
				ph.Rift = sys.Name
				if ph.Rift == "" {
					ph.Rift = sys.ID
				}
				p.Exits++
			}
			ph.Cosmic = cosmicAt(v, u.Map, next.Hex)
			moved++
			straight++
			p.Hexes = append(p.Hexes, ph)
		} else if st.Op != rules.OpSlipLeft && st.Op != rules.OpSlipRight {
			straight = 0
		}
		pose = next
		return ph.Cosmic == ""
	}
	for i := from; i <= n; i++ {
		if m := sh.Maneuver; m != nil && i == m.Impulse {
			switch {
			case m.Op == rules.OpHET && u.Speed+ms.Bonus-lost-moved >= rules.HETCost:
				lost += rules.HETCost
				step(rules.MoveStep{Op: rules.OpHET, Facing: m.Facing}, i)
			case m.Op == rules.OpSlipLeft || m.Op == rules.OpSlipRight:
				if i*max(u.Speed+ms.Bonus-lost, 0)/n > moved && !step(rules.MoveStep{Op: m.Op}, i) {
					return p.done()
				}
			}
		}
		// The hexes due by the end of impulse i, less those moved.
		due := max(i*max(u.Speed+ms.Bonus-lost, 0)/n-moved, 0)
		for range due {
			a := aimOf(sh.Course, pose, target, reached)
			best, bestCost := []rules.MoveStep{{Op: rules.OpForward}}, 0.0
			for k, steps := range [][]rules.MoveStep{
				{{Op: rules.OpForward}},
				{{Op: rules.OpTurnLeft}, {Op: rules.OpForward}},
				{{Op: rules.OpTurnRight}, {Op: rules.OpForward}},
			} {
				if k > 0 && (a.kind == Keep || straight < need) {
					break
				}
				poses := rules.PlanPoses(pose, steps)
				end := poses[len(poses)-1]
				c, _ := a.cost([]rules.Hex{pose.Hex, end.Hex}, end)
				if c += 0.1 * float64(len(steps)-1); k == 0 || c < bestCost {
					best, bestCost = steps, c
				}
			}
			here := pose.Hex
			for _, st := range best {
				if !step(st, i) {
					return p.done()
				}
			}
			if a.kind == Waypoints {
				_, got := a.cost([]rules.Hex{here, pose.Hex}, pose)
				reached += got
			}
		}
	}
	return p.done()
}

// done works out the path's odds.
func (p Path) done() Path {
	exact := rules.RiftSurviveChance(p.Exits)
	p.Survive, _ = exact.Float64()
	p.SurviveExact = exact.RatString()
	return p
}

// cosmicAt is the open cosmic rift the side sees with an end at hex h of
// map m, or "".
func cosmicAt(v *rules.View, m rules.MapID, h rules.Hex) string {
	for _, r := range v.Rifts {
		if r.Map == m && r.Hex == h || r.Dest != "" && r.Dest == m && r.Port == h {
			return r.ID
		}
	}
	return ""
}
