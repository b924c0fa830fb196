package rules

import (
	"fmt"
	"strings"
)

// turnModes maps each turn mode letter to its divisor in tenths (X4.MV.3).
var turnModes = map[string]int{
	"M": 14, "L": 15, "K": 16, "J": 17, "I": 18, "H": 19, "G": 20, "F": 30, "E": 40,
	"D": 50, "C": 60, "B": 70, "A": 80, "AA": 90, "SF": 100, "SW": 110,
}

// turnModeDivisor returns the divisor of a turn mode letter in tenths,
// e.g. 14 for "M" (1.4), and false for an unknown letter (X4.MV.3).
func turnModeDivisor(mode string) (int, bool) {
	d, ok := turnModes[mode]
	return d, ok
}

// HexesBeforeTurn returns how many hexes a unit at speed must move
// straight before it may turn again: speed / divisor, rounded down
// (X4.MV.3). Zero means it may turn freely, even without moving (X4.MV.4).
func HexesBeforeTurn(speed int, mode string) int {
	d, ok := turnModes[mode]
	if !ok || speed <= 0 {
		return 0
	}
	return speed * 10 / d
}

// ImpulseMoves returns the hexes a unit at speed moves in impulse i of n:
// floor(i*S/n) - floor((i-1)*S/n) (RULES-SYNTHESIS section 2, X4.EA.4).
func ImpulseMoves(speed, i, n int) int {
	if speed <= 0 || i < 1 || i > n {
		return 0
	}
	return i*speed/n - (i-1)*speed/n
}

// HETCost is the movements a high-energy turn costs (X4.MV.6).
const HETCost = 2

// remaining returns the movements u has left this turn under ms.
func remaining(u *Unit, ms *MoveState) int {
	return max(u.Speed+ms.Bonus-ms.Lost-ms.Moved, 0)
}

// allotment returns the hexes u must move in the current impulse under
// ms: the impulse chart applied to its speed less what it gave up, minus
// what it has already moved, never more than it has left.
func (s *State) allotment(u *Unit, ms *MoveState) int {
	eff := max(u.Speed+ms.Bonus-ms.Lost, 0)
	target := s.Clock.Impulse * eff / s.Ruleset.ImpulsesPerTurn
	return min(max(target-ms.Moved, 0), remaining(u, ms))
}

// Allotment returns the hexes the unit must move this impulse, and for
// UWARP/VWARP units the most it may move (X4.MV.2).
func (s *State) Allotment(id UnitID) int {
	u := s.Unit(id)
	if u == nil || u.Ship == nil {
		return 0
	}
	if c := lookupClass(u.Class); c.UWarp {
		return remaining(u, &u.Ship.Move)
	}
	return s.allotment(u, &u.Ship.Move)
}

// planResult is the outcome of a checked plan.
type planResult struct {
	ms     MoveState
	hex    Hex
	facing Direction
	moves  int
	decel  int
	entry  Direction
	// path is every hex of the plan, its start first.
	path []Hex
}

// checkPlan checks a movement plan for u without changing anything.
func (s *State) checkPlan(u *Unit, p *MovePlan) (planResult, error) {
	c := lookupClass(u.Class)
	ss := u.Ship
	r := planResult{ms: ss.Move, hex: u.Hex, facing: u.Facing, path: []Hex{u.Hex}}
	bad := func(clause, format string, args ...any) (planResult, error) {
		return r, refuse(clause, "%s: "+format, append([]any{u.ID}, args...)...)
	}
	if !c.Mobile() {
		return bad("", "a %s does not move", c.Name)
	}
	if p.Erratic && ss.ErraticPaid <= 0 {
		return bad("X4.EM", "no erratic maneuvering paid for")
	}
	need := HexesBeforeTurn(u.Speed, c.TurnMode)
	het := false
	for i, st := range p.Steps {
		next, d, _ := Pose{r.hex, r.facing}.Next(st)
		switch st.Op {
		case OpForward, OpSlipLeft, OpSlipRight:
			// Movement gained on leaving a hex (a gravity rift's +1)
			// counts from this step on (GR41.1).
			r.ms.Bonus += s.planLeave(u, &r.ms, r.hex, next.Hex)
			if remaining(u, &r.ms) <= 0 {
				return bad("", "step %d: no movement left", i+1)
			}
			r.hex = next.Hex
			r.path = append(r.path, r.hex)
			r.entry = d
			r.moves++
			r.ms.Moved++
			r.ms.Straight++
		case OpTurnLeft, OpTurnRight:
			if need > 0 && r.ms.Straight < need {
				return bad("X4.MV.3", "step %d: turn mode %s at speed %d needs %d hexes straight, has %d",
					i+1, c.TurnMode, u.Speed, need, r.ms.Straight)
			}
			r.facing = next.Facing
			r.ms.Straight = 0
		case OpHET:
			if het || r.ms.HETImpulse == s.Clock.Impulse {
				return bad("X4.MV.6", "step %d: only one HET per impulse", i+1)
			}
			if !st.Facing.valid() {
				return bad("", "step %d: invalid HET facing", i+1)
			}
			if remaining(u, &r.ms) < HETCost {
				return bad("X4.MV.6", "step %d: a HET costs %d movements, %d left", i+1, HETCost, remaining(u, &r.ms))
			}
			het = true
			r.ms.Lost += HETCost
			r.ms.HETImpulse = s.Clock.Impulse
			r.facing = next.Facing
			r.ms.Straight = 0
		case OpDecelerate:
			if st.N < 1 || st.N > remaining(u, &r.ms) {
				return bad("X4.MV.7", "step %d: cannot decelerate %d with %d movements left", i+1, st.N, remaining(u, &r.ms))
			}
			r.ms.Lost += st.N
			r.decel += st.N
		default:
			return bad("", "step %d: unknown operation %q", i+1, st.Op)
		}
	}
	if !c.UWarp {
		// The plan must use exactly the impulse's hexes, counted after
		// everything it gave up (X4.EA.4); UWARP/VWARP units may move any
		// number up to their remaining movement (X4.MV.2).
		before := ss.Move
		before.Lost, before.Bonus = r.ms.Lost, r.ms.Bonus
		if want := s.allotment(u, &before); r.moves != want {
			return bad("", "must move %d hexes this impulse, the plan moves %d", want, r.moves)
		}
	}
	if err := s.planCheck(u, p, r.path); err != nil {
		return r, err
	}
	if p.ForceDock && p.Ram == "" {
		return bad("X4.RAM", "a forced dock needs a ram")
	}
	if p.Ram != "" {
		t := s.Unit(p.Ram)
		switch {
		case t == nil || t.ID == u.ID || !s.visibleTo(t, u.Side): // IP8.12: a hidden unit gets the same answer as no unit
			return bad("", "cannot ram %q", p.Ram)
		case ss.Warp:
			return bad("X4.WARP", "cannot ram while in warp")
		case r.moves == 0:
			return bad("X4.RAM", "a ram needs entering the target's hex")
		}
		// A target waiting at a gravity rift's edge is rammed where its
		// declared move ends (placeOf).
		if tm, th := s.placeOf(t); tm != u.Map || th != r.hex {
			return bad("X4.RAM", "the plan ends in %v, not in %s's hex %v", r.hex, t.ID, th)
		}
	}
	return r, nil
}

// execMove carries out a checked plan for the current mover, running the
// leave-hex and enter-hex checks around each hex it moves. A plan that
// would take the unit (its docked partner, the unit in its tractor beam)
// out of a gravity rift stops just before that step and waits there,
// held, until every plan of the impulse is in: then it goes on from the
// rift's edge and rolls as it leaves (GRN.3, GR41.2, goOnHeld).
func (s *State) execMove(p *MovePlan) []Event {
	u := s.Unit(p.Unit)
	res, _ := s.checkPlan(u, p)
	ss := u.Ship
	var evs []Event
	w := s.walkPlan(p, 0, true, &evs)
	u = s.Unit(p.Unit)
	ss.Erratic = p.Erratic
	if p.Erratic {
		ss.ErraticPaid--
	}
	if w.edge != nil {
		s.Turn.Held = append(s.Turn.Held, heldMove{Plan: *p.clone(), Step: w.next, Map: u.Map, End: res.hex,
			Entry: res.entry, Decel: w.decel})
		evs = append(evs, s.unitEvent(EventMove, "X4.IMP.A", u, s.heldText(u, w, res.path)))
	} else {
		evs = append(evs, s.decelBatteries(u, res.decel)...)
		evs = append(evs, s.afterMove(u, p, res.hex)...)
		if p.Ram != "" && u.OnMap() && !w.stopped {
			s.Turn.Rams = append(s.Turn.Rams, RamOrder{Rammer: u.ID, Target: p.Ram, Entry: res.entry, ForceDock: p.ForceDock})
		}
		text := fmt.Sprintf("%s moves %s facing %s", unitName(u), strings.Join(w.path, " "), u.Facing)
		evs = append(evs, s.unitEvent(EventMove, "X4.IMP.A", u, text))
	}
	s.Turn.Next++
	return append(evs, s.skipIdleMovers()...)
}

// walk is where carrying out a plan got to.
type walk struct {
	// next indexes the first step not begun.
	next int
	// stopped is set when a check ended the move or the unit left the
	// board on the way.
	stopped bool
	// edge, when set, is the unit that the step at next would take out
	// of the gravity rift system rift: the move waits there (GRN.3).
	edge *Unit
	rift System
	// decel counts the movements given up by the steps carried out.
	decel int
	// path is the hexes moved through, the start first.
	path []string
}

// walkPlan carries out the steps of p for its unit from step k on,
// appending their events to evs. With hold set it stops before the first
// step that would take the unit, its docked partner or the unit its
// tractor beam holds out of a gravity rift, and reports that unit in
// edge: the removal die may not be rolled until every plan of the
// impulse is in (GRN.3). Without hold the leave-hex check rolls it on
// that step, just before the unit exits (GR41.2), and a removed unit
// goes no farther.
func (s *State) walkPlan(p *MovePlan, k int, hold bool, evs *[]Event) walk {
	h := s.activeHooks()
	u := s.Unit(p.Unit)
	w := walk{next: k, path: []string{u.Hex.String()}}
	for ; w.next < len(p.Steps) && !w.stopped; w.next++ {
		u = s.Unit(p.Unit)
		ss := u.Ship
		st := p.Steps[w.next]
		next, _, _ := Pose{u.Hex, u.Facing}.Next(st)
		switch st.Op {
		case OpTurnLeft, OpTurnRight:
			u.Facing = next.Facing
			ss.Move.Straight = 0
		case OpHET:
			u.Facing = next.Facing
			ss.Move.Lost += HETCost
			ss.Move.HETImpulse = s.Clock.Impulse
			ss.Move.Straight = 0
		case OpDecelerate:
			ss.Move.Lost += st.N
			ss.Move.Stopped = remaining(u, &ss.Move) == 0
			w.decel += st.N
		default:
			from, to := u.Hex, next.Hex
			if hold {
				if e, sys, ok := s.riftEdge(u, from, to); ok {
					w.edge, w.rift = e, sys
					return w
				}
			}
			for _, mh := range h.LeaveHex {
				o := mh.Check(s, u, from, to)
				*evs = append(*evs, o.Events...)
				ss.Move.Bonus += o.Extra
				w.stopped = w.stopped || o.Stop || !u.OnMap()
			}
			if w.stopped {
				break
			}
			s.setHex(u, to)
			ss.Move.Moved++
			ss.Move.Straight++
			if pt := s.Unit(ss.Docked); pt != nil && pt.OnMap() {
				s.setHex(pt, to) // docked ships move as mutually tractored (X4.DOCK)
			}
			*evs = append(*evs, s.dragHeld(u, from, to)...)
			w.path = append(w.path, to.String())
			for _, mh := range h.EnterHex {
				o := mh.Check(s, u, from, to)
				// A hook may add units (a cosmic rift's destination):
				// find the mover again.
				u = s.Unit(p.Unit)
				*evs = append(*evs, o.Events...)
				ss.Move.Bonus += o.Extra
				w.stopped = w.stopped || o.Stop || !u.OnMap()
			}
		}
	}
	return w
}

// decelBatteries puts the energy of decel movements given up into u's
// batteries (X4.MV.7).
func (s *State) decelBatteries(u *Unit, decel int) []Event {
	if decel <= 0 {
		return nil
	}
	ss := u.Ship
	num, den := lookupClass(u.Class).moveCostFraction()
	gain := min(decel*6*num/den, ss.Boxes[SysBattery]-ss.Battery)
	ss.Battery += max(gain, 0)
	ss.Move.DecelImpulse = s.Clock.Impulse
	return []Event{s.unitEvent(EventNote, "X4.MV.7", u,
		fmt.Sprintf("%s decelerates %d, %d energy to batteries", unitName(u), decel, max(gain, 0)))}
}

// afterMove runs the after-move hooks of u's move by plan p, which ended
// (or was to end) in hex end.
func (s *State) afterMove(u *Unit, p *MovePlan, end Hex) []Event {
	var evs []Event
	for _, ah := range s.activeHooks().AfterMove {
		evs = append(evs, ah.Run(s, u, p, end)...)
	}
	return evs
}

// canMove reports whether u has any choice in this impulse's movement.
func (s *State) canMove(u *Unit) bool {
	if !u.OnMap() || u.Ship == nil {
		return false
	}
	c := lookupClass(u.Class)
	return remaining(u, &u.Ship.Move) > 0 || HexesBeforeTurn(u.Speed, c.TurnMode) == 0 ||
		u.Ship.ErraticPaid > 0
}

// skipIdleMovers passes over units in the movement order that have
// nothing to do or are gone, clearing their erratic maneuvering.
func (s *State) skipIdleMovers() []Event {
	for s.Turn.Next < len(s.Turn.Order) {
		u := s.Unit(s.Turn.Order[s.Turn.Next].Unit)
		if s.canMove(u) {
			return nil
		}
		if u.Ship != nil {
			u.Ship.Erratic = false
		}
		s.Turn.Next++
	}
	return nil
}

// samplePlans returns a few legal plans for u: straight on, turning or
// slipping first, a HET, a deceleration, erratic, a ram.
func (s *State) samplePlans(u *Unit) []MovePlan {
	if u == nil || u.Ship == nil {
		return nil
	}
	c := lookupClass(u.Class)
	fwd := func(n int) []MoveStep {
		out := make([]MoveStep, n)
		for i := range out {
			out[i] = MoveStep{Op: OpForward}
		}
		return out
	}
	ms := &u.Ship.Move
	a := s.allotment(u, ms)
	if c.UWarp {
		a = max(a, min(remaining(u, ms), 1))
	}
	// Candidates that would surely fail are not built: checking them
	// costs an error each, and Legal runs for every move.
	need := HexesBeforeTurn(u.Speed, c.TurnMode)
	cands := make([][]MoveStep, 0, 10)
	cands = append(cands, fwd(a))
	if m := s.mapByID(u.Map); !c.UWarp && m != nil && m.Terrain != nil && len(m.Terrain.Systems) > 0 {
		// A gravity rift's +1 gained on the way may lengthen the
		// impulse's movement (GR41.1).
		cands = append(cands, fwd(a+1))
	}
	if need == 0 || ms.Straight >= need {
		cands = append(cands, append([]MoveStep{{Op: OpTurnLeft}}, fwd(a)...))
		cands = append(cands, append([]MoveStep{{Op: OpTurnRight}}, fwd(a)...))
	}
	if a > 0 {
		cands = append(cands, append([]MoveStep{{Op: OpSlipLeft}}, fwd(a-1)...))
		cands = append(cands, append([]MoveStep{{Op: OpSlipRight}}, fwd(a-1)...))
		if need == 0 || ms.Straight+a-1 >= need {
			cands = append(cands, append(fwd(a-1), MoveStep{Op: OpTurnRight}, MoveStep{Op: OpForward}))
		}
	}
	if remaining(u, ms) >= HETCost {
		after := *ms
		after.Lost += HETCost
		cands = append(cands, append([]MoveStep{{Op: OpHET, Facing: u.Facing.Turn(3)}}, fwd(s.allotment(u, &after))...))
	}
	if remaining(u, ms) >= 1 {
		after := *ms
		after.Lost++
		cands = append(cands, append([]MoveStep{{Op: OpDecelerate, N: 1}}, fwd(s.allotment(u, &after))...))
	}
	erratics := []bool{false}
	if u.Ship.ErraticPaid > 0 {
		erratics = append(erratics, true)
	}
	out := make([]MovePlan, 0, 2*len(cands))
	for _, steps := range cands {
		for _, erratic := range erratics {
			p := MovePlan{Unit: u.ID, Steps: steps, Erratic: erratic}
			r, err := s.checkPlan(u, &p)
			if err != nil {
				continue
			}
			out = append(out, p)
			if erratic || r.moves == 0 {
				continue
			}
			for _, t := range s.unitsAt(u.Map, r.hex) {
				if t.Side != u.Side && s.visibleTo(t, u.Side) {
					rp := p
					rp.Ram = t.ID
					if _, err := s.checkPlan(u, &rp); err == nil {
						out = append(out, rp)
					}
					break
				}
			}
		}
	}
	return out
}

// Pose is where a unit stands on its map and which way it faces.
type Pose struct {
	Hex    Hex
	Facing Direction
}

// Next returns the pose after step st and, for a step that enters a hex
// (forward and the sideslips), the direction it moves in with moves
// true. A sideslip enters the hex ahead-left or ahead-right and keeps
// the facing; turns turn one hexside and a HET takes the step's facing
// without moving (X4.MV.3, X4.MV.6); a deceleration changes neither
// (X4.MV.7). It is geometry only: whether the step is allowed is
// checkPlan's question.
func (p Pose) Next(st MoveStep) (next Pose, dir Direction, moves bool) {
	switch st.Op {
	case OpForward:
		dir, moves = p.Facing, true
	case OpSlipLeft:
		dir, moves = p.Facing.Turn(-1), true
	case OpSlipRight:
		dir, moves = p.Facing.Turn(1), true
	case OpTurnLeft:
		p.Facing = p.Facing.Turn(-1)
	case OpTurnRight:
		p.Facing = p.Facing.Turn(1)
	case OpHET:
		p.Facing = st.Facing
	}
	if moves {
		p.Hex = p.Hex.Neighbor(dir)
	}
	return p, dir, moves
}

// PlanPoses returns the pose after each of steps, taken from start: the
// path and facings the rules give a movement plan, for drawing or
// weighing a plan. It does not check the plan (State.Check does).
func PlanPoses(start Pose, steps []MoveStep) []Pose {
	out := make([]Pose, len(steps))
	for i, st := range steps {
		start, _, _ = start.Next(st)
		out[i] = start
	}
	return out
}
