package rules

import (
	"slices"
	"testing"
)

// TestPoseNext checks the geometry of each step: forward and the
// sideslips enter the hex ahead, ahead-left or ahead-right and keep the
// facing; turns turn one hexside (X4.MV.3); a HET takes its facing
// (X4.MV.6); a deceleration changes nothing (X4.MV.7).
func TestPoseNext(t *testing.T) {
	at := Pose{Hex: Hex{2, -1}, Facing: DirB}
	cases := []struct {
		step  MoveStep
		want  Pose
		dir   Direction
		moves bool
	}{
		{MoveStep{Op: OpForward}, Pose{at.Hex.Neighbor(DirB), DirB}, DirB, true},
		{MoveStep{Op: OpSlipLeft}, Pose{at.Hex.Neighbor(DirA), DirB}, DirA, true},
		{MoveStep{Op: OpSlipRight}, Pose{at.Hex.Neighbor(DirC), DirB}, DirC, true},
		{MoveStep{Op: OpTurnLeft}, Pose{at.Hex, DirA}, 0, false},
		{MoveStep{Op: OpTurnRight}, Pose{at.Hex, DirC}, 0, false},
		{MoveStep{Op: OpHET, Facing: DirE}, Pose{at.Hex, DirE}, 0, false},
		{MoveStep{Op: OpDecelerate, N: 2}, at, 0, false},
	}
	for _, c := range cases {
		t.Run(c.step.String(), func(t *testing.T) {
			got, dir, moves := at.Next(c.step)
			if got != c.want || moves != c.moves || (moves && dir != c.dir) {
				t.Errorf("Next = %v %v %v, want %v %v %v", got, dir, moves, c.want, c.dir, c.moves)
			}
		})
	}
}

// TestPlanPosesMatchRules checks that PlanPoses gives every legal plan
// the path the rules check (PlanOdds) and the pose Apply leaves the unit
// in, over several turns of play.
func TestPlanPosesMatchRules(t *testing.T) {
	s := newTestState(t,
		ship("e", "blue", "fed-cruiser", Hex{0, 0}, DirA, 8),
		ship("k", "red", "kor-raider", Hex{3, -4}, DirD, 10))
	checked, n := 0, 0
	var moved UnitID // the unit of the last plan applied, and where PlanPoses left it
	var want Pose
	leaves := func() {
		if u := s.Unit(moved); moved != "" && (Pose{u.Hex, u.Facing}) != want {
			t.Errorf("Apply leaves %s at %v %v, PlanPoses at %v", moved, u.Hex, u.Facing, want)
		}
	}
	pick := func(cs []Command) Command {
		leaves()
		n++
		c := cs[n%len(cs)]
		if c.Kind != CmdMove {
			return c
		}
		for _, m := range cs {
			u := s.Unit(m.Move.Unit)
			start := Pose{u.Hex, u.Facing}
			path := []Hex{u.Hex}
			for i, ps := range PlanPoses(start, m.Move.Steps) {
				if _, _, moves := start.Next(m.Move.Steps[i]); moves {
					path = append(path, ps.Hex)
				}
				start = ps
			}
			odds, err := s.PlanOdds(*m.Move)
			if err != nil {
				t.Fatalf("%s: %v", m.Move, err)
			}
			if !slices.Equal(path, odds.Path) {
				t.Errorf("%s: PlanPoses path %v, the rules' %v", m.Move, path, odds.Path)
			}
			if m.Move == c.Move {
				moved, want = u.ID, start
			}
			checked++
		}
		return c
	}
	playLegal(t, s, pick, atTurn(4))
	leaves()
	if checked < 20 {
		t.Fatalf("only %d plans checked", checked)
	}
}
