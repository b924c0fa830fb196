package rules

import (
	"strings"
	"testing"
)

// atMovement puts s at the movement step of impulse i with u to move.
func atMovement(s *State, i int, u UnitID) {
	s.Clock = Clock{Turn: 1, Impulse: i, Step: StepMovement}
	s.Turn = TurnState{Entered: true, Order: []Initiative{{Unit: u}}}
}

func fwd(n int) []MoveStep {
	out := make([]MoveStep, n)
	for i := range out {
		out[i] = MoveStep{Op: OpForward}
	}
	return out
}

func steps(ops ...MoveOp) []MoveStep {
	out := make([]MoveStep, len(ops))
	for i, o := range ops {
		out[i] = MoveStep{Op: o}
	}
	return out
}

func moveCmd(side SideID, p MovePlan) Command { return Command{Kind: CmdMove, Side: side, Move: &p} }

// X4.EA.4: on impulse i of n a unit at speed S moves
// floor(i*S/n) - floor((i-1)*S/n) hexes, S in all over the turn.
func TestImpulseMoves(t *testing.T) {
	cases := []struct {
		speed, n int
		want     []int
	}{
		{6, 6, []int{1, 1, 1, 1, 1, 1}},
		{3, 6, []int{0, 1, 0, 1, 0, 1}},
		{4, 6, []int{0, 1, 1, 0, 1, 1}},
		{13, 6, []int{2, 2, 2, 2, 2, 3}},
		{0, 6, []int{0, 0, 0, 0, 0, 0}},
		{1, 6, []int{0, 0, 0, 0, 0, 1}},
	}
	for _, c := range cases {
		sum := 0
		for i := 1; i <= c.n; i++ {
			got := ImpulseMoves(c.speed, i, c.n)
			if got != c.want[i-1] {
				t.Errorf("X4.EA.4: speed %d impulse %d: %d, want %d", c.speed, i, got, c.want[i-1])
			}
			sum += got
		}
		if sum != c.speed {
			t.Errorf("X4.EA.4: speed %d moves %d in a turn", c.speed, sum)
		}
	}
	for s := 0; s <= 40; s++ {
		sum := 0
		for i := 1; i <= 32; i++ {
			sum += ImpulseMoves(s, i, 32)
		}
		if sum != s {
			t.Errorf("32 impulses at speed %d move %d", s, sum)
		}
	}
}

// X4.MV.3: hexes before turning = floor(speed / divisor) for every mode.
func TestTurnModeTable(t *testing.T) {
	div := map[string]float64{"M": 1.4, "L": 1.5, "K": 1.6, "J": 1.7, "I": 1.8, "H": 1.9, "G": 2, "F": 3, "E": 4,
		"D": 5, "C": 6, "B": 7, "A": 8, "AA": 9, "SF": 10, "SW": 11}
	for mode, d := range div {
		for speed := 0; speed <= 40; speed++ {
			want := int(float64(speed)/d + 1e-9)
			if got := HexesBeforeTurn(speed, mode); got != want {
				t.Errorf("X4.MV.3/%s speed %d: %d, want %d", mode, speed, got, want)
			}
		}
	}
	if got := HexesBeforeTurn(7, "M"); got != 5 {
		t.Errorf("X4.MV.3: M at 7 = %d, want 5", got)
	}
}

// X4.MV.3: a turn before the straight hexes of the turn mode is refused;
// after them it is allowed and the count starts again.
func TestTurnModeEnforced(t *testing.T) {
	// A fed-cruiser (turn mode D, divisor 5) at speed 12 needs 2 hexes.
	s := newTestState(t, ship("e", "blue", "fed-cruiser", Hex{0, 0}, DirA, 12))
	atMovement(s, 1, "e")
	_, err := s.Apply(moveCmd("blue", MovePlan{Unit: "e", Steps: steps(OpForward, OpTurnRight, OpForward)}))
	if err == nil || !strings.Contains(err.Error(), "X4.MV.3") {
		t.Fatalf("X4.MV.3: turn after 1 hex accepted: %v", err)
	}
	u := s.Unit("e")
	u.Ship.Move.Straight = 1
	mustApply(t, s, moveCmd("blue", MovePlan{Unit: "e", Steps: steps(OpForward, OpTurnRight, OpForward)}))
	if u.Facing != DirB || u.Hex != (Hex{1, -2}) || u.Ship.Move.Straight != 1 {
		t.Fatalf("X4.MV.3: after turn %v facing %v straight %d", u.Hex, u.Facing, u.Ship.Move.Straight)
	}
}

// X4.MV.4: a unit needing 0 hexes may turn any number of times in an
// impulse, even when it does not move.
func TestFreeTurnsAtZero(t *testing.T) {
	s := newTestState(t, ship("e", "blue", "fed-cruiser", Hex{0, 0}, DirA, 4))
	atMovement(s, 1, "e") // speed 4 / 5 = 0 hexes; impulse 1 moves 0
	mustApply(t, s, moveCmd("blue", MovePlan{Unit: "e", Steps: steps(OpTurnRight, OpTurnRight, OpTurnRight, OpTurnLeft)}))
	if u := s.Unit("e"); u.Facing != DirC || u.Hex != (Hex{0, 0}) {
		t.Fatalf("X4.MV.4: facing %v at %v, want C at 0,0", u.Facing, u.Hex)
	}
}

// X4.MV.5: slip mode 0, sideslips may follow each other; a slip moves
// to the forward-left or forward-right hex without turning.
func TestConsecutiveSideslips(t *testing.T) {
	s := newTestState(t, ship("e", "blue", "fed-cruiser", Hex{0, 0}, DirA, 18))
	atMovement(s, 1, "e") // 3 hexes in impulse 1
	mustApply(t, s, moveCmd("blue", MovePlan{Unit: "e", Steps: steps(OpSlipRight, OpSlipRight, OpSlipLeft)}))
	u := s.Unit("e")
	want := Hex{0, 0}.Neighbor(DirB).Neighbor(DirB).Neighbor(DirF)
	if u.Facing != DirA || u.Hex != want {
		t.Fatalf("X4.MV.5: at %v facing %v, want %v facing A", u.Hex, u.Facing, want)
	}
}

// X4.MV.6: one HET per impulse, any new facing, for 2 movements.
func TestHET(t *testing.T) {
	s := newTestState(t, ship("e", "blue", "fed-cruiser", Hex{0, 0}, DirA, 12))
	atMovement(s, 3, "e") // target floor(3*12/6)=6
	s.Unit("e").Ship.Move.Moved = 4
	// After a HET the chart runs on 10: floor(3*10/6) - 4 = 1 hex.
	_, err := s.Apply(moveCmd("blue", MovePlan{Unit: "e", Steps: []MoveStep{{Op: OpHET, Facing: DirD}, {Op: OpHET, Facing: DirC}, {Op: OpForward}}}))
	if err == nil || !strings.Contains(err.Error(), "X4.MV.6") {
		t.Fatalf("X4.MV.6: two HETs accepted: %v", err)
	}
	mustApply(t, s, moveCmd("blue", MovePlan{Unit: "e", Steps: []MoveStep{{Op: OpHET, Facing: DirD}, {Op: OpForward}}}))
	u := s.Unit("e")
	if u.Facing != DirD || u.Ship.Move.Lost != HETCost || remaining(u, &u.Ship.Move) != 12-2-5 {
		t.Fatalf("X4.MV.6: facing %v lost %d remaining %d", u.Facing, u.Ship.Move.Lost, remaining(u, &u.Ship.Move))
	}
}

// X4.MV.7: selective deceleration gives up movements and puts their
// energy into the batteries.
func TestDecelerationChargesBatteries(t *testing.T) {
	s := newTestState(t, ship("f", "blue", "fed-frigate", Hex{0, 0}, DirA, 6))
	u := s.Unit("f")
	u.Ship.Battery = 0
	atMovement(s, 1, "f")
	// Frigate: 1/3 energy per movement point, 6 points a hex: 2 energy a hex.
	mustApply(t, s, moveCmd("blue", MovePlan{Unit: "f", Steps: []MoveStep{{Op: OpDecelerate, N: 1}}}))
	if u.Ship.Battery != 2 || remaining(u, &u.Ship.Move) != 5 {
		t.Fatalf("X4.MV.7: battery %d remaining %d", u.Ship.Battery, remaining(u, &u.Ship.Move))
	}
	// The batteries never take more than their boxes.
	atMovement(s, 2, "f")
	mustApply(t, s, moveCmd("blue", MovePlan{Unit: "f", Steps: []MoveStep{{Op: OpDecelerate, N: 3}}}))
	if u.Ship.Battery != u.Ship.Boxes[SysBattery] {
		t.Fatalf("X4.MV.7: battery %d over capacity %d", u.Ship.Battery, u.Ship.Boxes[SysBattery])
	}
}

// X4.MV.2: a UWARP/VWARP unit moves any number of its remaining hexes in
// an impulse; other units must move exactly their allotment.
func TestUWarpMovesAnyNumber(t *testing.T) {
	s := newTestState(t,
		ship("c", "blue", "vel-corvette", Hex{0, 0}, DirA, 6),
		ship("e", "blue", "fed-cruiser", Hex{5, 0}, DirA, 6))
	atMovement(s, 1, "c")
	mustApply(t, s, moveCmd("blue", MovePlan{Unit: "c", Steps: fwd(4)}))
	if u := s.Unit("c"); u.Hex != (Hex{0, -4}) || remaining(u, &u.Ship.Move) != 2 {
		t.Fatalf("X4.MV.2: corvette at %v remaining %d", u.Hex, remaining(u, &u.Ship.Move))
	}
	atMovement(s, 2, "c")
	if _, err := s.Apply(moveCmd("blue", MovePlan{Unit: "c", Steps: fwd(3)})); err == nil {
		t.Fatal("X4.MV.2: moved beyond the remaining movement")
	}
	mustApply(t, s, moveCmd("blue", MovePlan{Unit: "c"}))
	atMovement(s, 1, "e")
	if _, err := s.Apply(moveCmd("blue", MovePlan{Unit: "e", Steps: fwd(3)})); err == nil {
		t.Fatal("X4.MV.2: a cruiser moved 3 hexes in impulse 1 at speed 6")
	}
}

// X4.MV.1: impulse power gives one hex of speed, once per turn.
func TestImpulseMovement(t *testing.T) {
	c := lookupClass("fed-cruiser")
	if got := SpeedFromEnergy(c, 0, true); got != 1 {
		t.Fatalf("X4.MV.1: impulse alone gives %d hexes", got)
	}
	if got := SpeedFromEnergy(c, 30, true); got != 6 {
		t.Fatalf("X4.MV.1: 30 warp + impulse gives %d", got)
	}
	s := newTestState(t, ship("e", "blue", "fed-cruiser", Hex{0, 0}, DirA, 6))
	u := s.Unit("e")
	u.Ship.Boxes[SysImpulse] = 0
	a := Allocation{Unit: "e", Impulse: true}
	if err := checkAllocation(u, &a); err == nil || !strings.Contains(err.Error(), "X4.MV.1") {
		t.Fatalf("X4.MV.1: impulse movement without impulse power: %v", err)
	}
}

// TestMoveHooks: a test hook where leaving hex 0,-1 ends the move, entering
// 0,-2 adds a movement, the way gravity and cosmic rifts will plug in.
func TestMoveHooks(t *testing.T) {
	s := newTestState(t, ship("c", "blue", "vel-corvette", Hex{0, 0}, DirA, 6))
	var seen []string
	s.hooks = &hookSet{
		EnterHex: []moveHook{{Name: "bonus", Check: func(s *State, u *Unit, from, to Hex) moveOutcome {
			seen = append(seen, "enter "+to.String())
			if to == (Hex{0, -1}) {
				return moveOutcome{Extra: 1}
			}
			return moveOutcome{}
		}}},
		LeaveHex: []moveHook{{Name: "stop", Check: func(s *State, u *Unit, from, to Hex) moveOutcome {
			seen = append(seen, "leave "+from.String())
			return moveOutcome{Stop: from == Hex{0, -2}}
		}}},
	}
	atMovement(s, 1, "c")
	mustApply(t, s, moveCmd("blue", MovePlan{Unit: "c", Steps: fwd(4)}))
	u := s.Unit("c")
	if u.Hex != (Hex{0, -2}) || u.Ship.Move.Bonus != 1 {
		t.Fatalf("hooks: at %v bonus %d", u.Hex, u.Ship.Move.Bonus)
	}
	if got := strings.Join(seen, "; "); got != "leave 0,0; enter 0,-1; leave 0,-1; enter 0,-2; leave 0,-2" {
		t.Fatalf("hook order: %s", got)
	}
}

// Every plan Legal offers is accepted, and a plan with an unknown
// operation is refused without changing the state.
func TestLegalPlansApply(t *testing.T) {
	s := newTestState(t, ship("e", "blue", "fed-cruiser", Hex{0, 0}, DirA, 12),
		ship("k", "red", "kor-raider", Hex{0, -2}, DirD, 0))
	atMovement(s, 1, "e")
	cs := s.Legal("blue")
	if len(cs) < 4 {
		t.Fatalf("only %d legal plans", len(cs))
	}
	h := s.Hash()
	if _, err := s.Apply(moveCmd("blue", MovePlan{Unit: "e", Steps: steps("warp-9")})); err == nil {
		t.Fatal("unknown operation accepted")
	}
	if s.Hash() != h {
		t.Fatal("a refused command changed the state")
	}
	for _, c := range cs {
		w := s.Clone()
		if _, err := w.Apply(c); err != nil {
			t.Errorf("legal %s refused: %v", c, err)
		}
	}
}

// Movement plans as a table: a fed-cruiser (turn mode D) at 0,0 with the
// given speed, facing and straight count, in impulse 6 of 6 with nothing
// moved yet, so that it must move its whole speed this impulse.
func TestMovementTable(t *testing.T) {
	cases := []struct {
		name     string
		speed    int
		facing   Direction
		straight int
		steps    []MoveStep
		hex      Hex
		face     Direction
		err      string
	}{
		{"X4.EA.4/straight_A", 2, DirA, 0, fwd(2), Hex{0, -2}, DirA, ""},
		{"X4.EA.4/straight_C", 2, DirC, 0, fwd(2), Hex{2, 0}, DirC, ""},
		{"X4.EA.4/too_few", 2, DirA, 0, fwd(1), Hex{}, DirA, "must move 2"},
		{"X4.EA.4/too_many", 2, DirA, 0, fwd(3), Hex{}, DirA, "no movement left"},
		{"X4.MV.4/free_turns_at_4", 4, DirA, 0, steps(OpTurnLeft, OpForward, OpTurnLeft, OpForward, OpTurnLeft, OpForward, OpTurnLeft, OpForward), Hex{-1, 2}, DirC, ""},
		{"X4.MV.3/turn_needs_1_at_5", 5, DirA, 0, steps(OpTurnRight, OpForward, OpForward, OpForward, OpForward, OpForward), Hex{}, DirA, "X4.MV.3"},
		{"X4.MV.3/turn_after_1_at_5", 5, DirA, 0, steps(OpForward, OpTurnRight, OpForward, OpTurnRight, OpForward, OpForward, OpForward), Hex{4, -2}, DirC, ""},
		{"X4.MV.3/carried_straight", 5, DirA, 1, steps(OpTurnRight, OpForward, OpForward, OpForward, OpForward, OpForward), Hex{5, -5}, DirB, ""},
		{"X4.MV.5/slips_D", 3, DirD, 0, steps(OpSlipLeft, OpSlipLeft, OpSlipRight), Hex{1, 1}, DirD, ""},
		{"X4.MV.6/het_then_move", 4, DirA, 0, []MoveStep{{Op: OpHET, Facing: DirD}, {Op: OpForward}, {Op: OpForward}}, Hex{0, 2}, DirD, ""},
		{"X4.MV.6/het_needs_2", 1, DirA, 0, []MoveStep{{Op: OpHET, Facing: DirD}}, Hex{}, DirA, "X4.MV.6"},
		{"X4.MV.7/decelerate_all", 3, DirA, 0, []MoveStep{{Op: OpDecelerate, N: 3}}, Hex{0, 0}, DirA, ""},
		{"X4.MV.7/decelerate_too_much", 3, DirA, 0, []MoveStep{{Op: OpDecelerate, N: 4}}, Hex{}, DirA, "X4.MV.7"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newTestState(t, ship("e", "blue", "fed-cruiser", Hex{0, 0}, c.facing, c.speed))
			s.Unit("e").Ship.Move.Straight = c.straight
			atMovement(s, 6, "e")
			_, err := s.Apply(moveCmd("blue", MovePlan{Unit: "e", Steps: c.steps}))
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("error %v, want %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if u := s.Unit("e"); u.Hex != c.hex || u.Facing != c.face {
				t.Fatalf("at %v facing %v, want %v facing %v", u.Hex, u.Facing, c.hex, c.face)
			}
		})
	}
}
