package rules

import (
	"testing"
)

// testSetup returns a two-side setup with the given units.
func testSetup(units ...Unit) Setup {
	return Setup{
		Info:    ScenarioInfo{ID: "test", Name: "Test"},
		Ruleset: DefaultRuleset(),
		Sides:   []Side{{ID: "blue", Name: "Blue"}, {ID: "red", Name: "Red"}},
		Maps:    []Map{{ID: "main", Name: "Main"}},
		Units:   units,
	}
}

func newTestState(t testing.TB, units ...Unit) *State {
	t.Helper()
	s, err := NewState(testSetup(units...), 42)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func ship(id UnitID, side SideID, class ClassID, h Hex, f Direction, speed int) Unit {
	return Unit{ID: id, Side: side, Class: class, Hex: h, Facing: f, Speed: speed}
}

// mustApply applies a command and fails the test on error.
func mustApply(t testing.TB, s *State, c Command) []Event {
	t.Helper()
	evs, err := s.Apply(c)
	if err != nil {
		t.Fatalf("apply %s at %s: %v", c, s.Clock, err)
	}
	return evs
}

// playLegal plays the game on with the first legal command of each
// pending side (or the pick function's choice) until the clock reaches
// stop or the game stalls.
func playLegal(t testing.TB, s *State, pick func(cs []Command) Command, stop func(*State) bool) []Command {
	t.Helper()
	var log []Command
	s.Advance()
	for guard := 0; guard < 100000 && !stop(s); guard++ {
		p := s.Pending()
		if len(p) == 0 {
			s.Advance()
			continue
		}
		cs := s.Legal(p[0])
		if len(cs) == 0 {
			t.Fatalf("no legal command for %s at %s", p[0], s.Clock)
		}
		c := pick(cs)
		mustApply(t, s, c)
		log = append(log, c)
	}
	return log
}

func first(cs []Command) Command { return cs[0] }

func atTurn(n int) func(*State) bool { return func(s *State) bool { return s.Clock.Turn >= n } }
