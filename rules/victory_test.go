package rules

import (
	"testing"
)

// The game ends after the turn limit, with a draw when nothing was lost.
func TestTurnLimitEndsTheGame(t *testing.T) {
	setup := testSetup(duelUnits()...)
	setup.Ruleset.TurnLimit = 1
	s, err := NewState(setup, 3)
	if err != nil {
		t.Fatal(err)
	}
	playLegal(t, s, first, func(s *State) bool { return s.Clock.Step == StepGameOver || s.Clock.Turn > 1 })
	if s.Clock.Step != StepGameOver || s.Clock.Turn != 1 {
		t.Fatalf("clock %v, want game over in turn 1", s.Clock)
	}
	if len(s.Pending()) != 0 || s.Expecting() != "" {
		t.Fatal("a finished game expects commands")
	}
	o := s.View("blue").Outcome
	if o == nil || !o.Over {
		t.Fatal("no outcome in the view")
	}
	lost := o.Sides[0].Lost + o.Sides[1].Lost
	if (lost == 0) != (o.Winner == "") {
		t.Fatalf("outcome %s", o)
	}
}

// The game ends once only one side has units in play; every side scores
// the BPV of the others' destroyed units; reserve units keep a side in play.
func TestLastSideStandingWins(t *testing.T) {
	s := newTestState(t,
		ship("e", "blue", "fed-cruiser", Hex{0, 0}, DirA, 0),
		ship("k", "red", "kor-raider", Hex{0, -9}, DirD, 0),
		ship("v", "red", "kor-raider", Hex{3, -9}, DirD, 0))
	s.Advance()
	s.Unit("k").Status = StatusDestroyed
	s.Unit("v").Status = StatusReserve
	mustApply(t, s, s.Legal("blue")[0])
	mustApply(t, s, s.Legal("red")[0])
	if s.Clock.Step == StepGameOver {
		t.Fatal("a side with a unit in reserve is out of the game")
	}
	s.Unit("v").Status = StatusDestroyed
	passUntil(t, s, func(s *State) bool { return s.Clock.Step == StepGameOver || s.Clock.Turn > 1 })
	if s.Clock.Step != StepGameOver {
		t.Fatalf("the game goes on at %v with red gone", s.Clock)
	}
	o := s.Outcome()
	if o.Winner != "blue" || o.Sides[0].Points != 120 || o.Sides[1].Lost != 120 || o.Sides[1].Destroyed != 2 {
		t.Fatalf("outcome %+v", o)
	}
	if o.String() != "blue wins: blue 120, red 0" {
		t.Fatalf("outcome line %q", o.String())
	}
}
