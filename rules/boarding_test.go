package rules

import (
	"strings"
	"testing"
)

// X4.RAM: a surviving rammer forces a boarding dock; its boarding parties
// cross (no energy, no other crew) and fight at damage control; a unit
// with no defenders left is captured.
func TestBoardingAfterRam(t *testing.T) {
	s := newTestState(t,
		ship("r", "blue", "fed-destroyer", Hex{0, 0}, DirA, 12),
		ship("t", "red", "kor-battlecruiser", Hex{0, -2}, DirD, 0))
	r, tt := s.Unit("r"), s.Unit("t")
	atMovement(s, 1, "r")
	mustApply(t, s, moveCmd("blue", MovePlan{Unit: "r", Steps: fwd(2), Ram: "t", ForceDock: true}))
	passUntil(t, s, func(s *State) bool {
		return s.Clock.Impulse == 2 && s.Clock.Step == StepActivity || s.Clock.Impulse > 2
	})
	if r.Ship.Docked != "t" || !r.Ship.BoardingOnly {
		t.Fatalf("X4.RAM: no forced dock (at %v)", s.Clock)
	}
	tt.Ship.Crew = [4]int{} // nobody left to defend
	bad := []Transfer{
		{From: "r", To: "t", Energy: 1},
		{From: "r", To: "t", Crew: [4]int{2, 0, 0, 0}},
	}
	for _, tr := range bad {
		if _, err := s.Apply(Command{Kind: CmdActivity, Side: "blue", Transfers: []Transfer{tr}}); err == nil {
			t.Fatalf("X4.RAM: %s accepted through a boarding dock", tr)
		}
	}
	mustApply(t, s, Command{Kind: CmdActivity, Side: "blue", Transfers: []Transfer{{From: "r", To: "t", Crew: [4]int{0, 3, 0, 0}}}})
	finishActivity(t, s)
	if tt.Ship.Boarders != 3 || tt.Ship.BoarderSide != "blue" || r.Ship.Crew[BoardingParties] != 1 {
		t.Fatalf("boarders %d of %q, rammer keeps %d", tt.Ship.Boarders, tt.Ship.BoarderSide, r.Ship.Crew[BoardingParties])
	}
	passUntil(t, s, func(s *State) bool { return s.Clock.Turn > 1 || s.Clock.Step == StepGameOver })
	if s.Clock.Step != StepGameOver {
		t.Fatalf("red lost its only ship and the game goes on at %v", s.Clock)
	}
	if tt.Side != "blue" || tt.Ship.Crew[BoardingParties] != 3 || tt.Ship.Boarders != 0 || tt.Ship.Docked != "" {
		t.Fatalf("not captured: side %s crew %v boarders %d docked %q", tt.Side, tt.Ship.Crew, tt.Ship.Boarders, tt.Ship.Docked)
	}
	// A capture is a loss to the side it was taken from.
	if o := s.Outcome(); o.Winner != "blue" || o.Sides[1].Lost != 135 || o.Sides[0].Points != 135 {
		t.Fatalf("outcome %+v", o)
	}
}

// A round of boarding combat: each boarder's die kills a defender on 5-6
// (boarding parties first, then crew), each defender's die (one per
// boarding party, one per four crew units) a boarder on 4-6.
func TestBoardingRound(t *testing.T) {
	s := newTestState(t, ship("t", "red", "kor-battlecruiser", Hex{0, 0}, DirA, 0), ship("r", "blue", "fed-destroyer", Hex{5, 5}, DirA, 0))
	tt := s.Unit("t")
	tt.Ship.Crew = [4]int{8, 3, 0, 0}
	tt.Ship.Boarders, tt.Ship.BoarderSide = 10, "blue"
	evs := s.boardingCombat()
	count := func(what string, hit int) int {
		n := 0
		for _, e := range evs {
			if e.Kind == EventRoll && strings.HasPrefix(e.Text, what) {
				if len(e.Roll.Faces) != map[string]int{"boarders": 10, "defenders": 3 + 8/crewPerDie}[what] {
					t.Fatalf("%s rolled %d dice", what, len(e.Roll.Faces))
				}
				for _, f := range e.Roll.Faces {
					if f >= hit {
						n++
					}
				}
			}
		}
		return n
	}
	att, def := count("boarders", boarderHits), count("defenders", defenderHits)
	wantBP := max(3-att, 0)
	wantCrew := max(8-max(att-3, 0), 0)
	if tt.Ship.Crew[BoardingParties] != wantBP || tt.Ship.Crew[crewUnits] != wantCrew || tt.Ship.Boarders != max(10-def, 0) {
		t.Fatalf("after %d and %d hits: crew %v boarders %d", att, def, tt.Ship.Crew, tt.Ship.Boarders)
	}
}

// X4.RAM, X4.DOCK: a forced dock is a dock; the seed restricts only what
// may cross it ("only crew"), so the shields of both ships combine as in
// a willing dock: damage on one ship's shield passes, once that shield is
// down, into the partner's same-numbered shield before any internal.
func TestForcedDockCombinesShields(t *testing.T) {
	tests := []struct {
		name           string
		boardingOnly   bool
		damaged, other UnitID
	}{
		{"willing dock, rammer hit", false, "r", "t"},
		{"forced dock, rammer hit", true, "r", "t"},
		{"forced dock, target hit", true, "t", "r"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestState(t,
				ship("r", "blue", "fed-destroyer", Hex{0, 0}, DirA, 0),
				ship("t", "red", "kor-battlecruiser", Hex{0, 0}, DirD, 0))
			r, k := s.Unit("r"), s.Unit("t")
			r.Ship.Docked, k.Ship.Docked = "t", "r"
			r.Ship.BoardingOnly, k.Ship.BoardingOnly = tt.boardingOnly, tt.boardingOnly
			u, p := s.Unit(tt.damaged), s.Unit(tt.other)
			own, partner := u.Ship.Shields[2], p.Ship.Shields[2]
			s.damage(u, 2, own+3, "X4.DOCK", "test")
			if u.Ship.Shields[2] != 0 || p.Ship.Shields[2] != partner-3 {
				t.Fatalf("X4.DOCK: shields %d and %d after %d on shield 3, want 0 and %d", u.Ship.Shields[2], p.Ship.Shields[2], own+3, partner-3)
			}
		})
	}
}
