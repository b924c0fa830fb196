package rules

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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

// The defenders of a cosmic rift destination count as losses only for
// the sides that went there: a side that never crossed does not score
// the far side's fighting (house rule, docs/RULES.md "Victory").
func TestRiftDefendersScoreOnlyForVisitors(t *testing.T) {
	setup := testSetup(
		ship("b1", "blue", "fed-cruiser", Hex{0, 0}, DirA, 0),
		ship("b2", "blue", "fed-frigate", Hex{2, 0}, DirA, 0),
		ship("r1", "red", "kor-raider", Hex{0, -9}, DirD, 0),
		ship("d1", "def", "kor-raider", Hex{1, 1}, DirD, 0))
	setup.Sides = append(setup.Sides, Side{ID: "def", Name: "Defenders", Destination: "far"})
	setup.Maps = append(setup.Maps, Map{ID: "far", Name: "Far"})
	setup.Units[3].Map = "far"
	s, err := NewState(setup, 1)
	if err != nil {
		t.Fatal(err)
	}
	raider := lookupClass("kor-raider").BPV
	s.Cosmic.Rifts = append(s.Cosmic.Rifts, CosmicRift{ID: "rift1", Side: "blue", Map: "main", Dest: "far"})
	s.Unit("b2").Cross = RiftCrossing{Rift: "rift1", Home: "main"}
	s.Unit("d1").Status = StatusDestroyed
	bpv := func(side SideID) int {
		for _, r := range s.Outcome().Sides {
			if r.Side == side {
				return r.BPV
			}
		}
		t.Fatalf("no side %s", side)
		return 0
	}
	if bpv("blue") != raider || bpv("red") != 0 {
		t.Fatalf("blue went through and scores %d (want %d); red did not and scores %d (want 0)", bpv("blue"), raider, bpv("red"))
	}
	// Red's raider lost counts for blue and for the defenders alike.
	s.Unit("r1").Status = StatusDestroyed
	if bpv("blue") != 2*raider || bpv("def") != raider {
		t.Fatalf("after red's loss: blue %d, def %d", bpv("blue"), bpv("def"))
	}
	// Once red has a unit on the far map, the defenders count for it too.
	s.Unit("r1").Status, s.Unit("r1").Map = StatusOnMap, "far"
	if bpv("red") != raider {
		t.Fatalf("red on the far map scores %d, want %d", bpv("red"), raider)
	}
}

// The defenders of a cosmic rift destination defend their own map: they
// are scored, apart, but do not contend for the game's victory, which is
// won among the origin's sides (IP4.44, IP4.442: in play from the rift's
// formation; docs/RULES.md "Victory").
func TestRiftDefendersDoNotContend(t *testing.T) {
	for _, tc := range []struct {
		name   string
		lost   []UnitID // destroyed
		winner SideID
		ahead  bool // the defenders have the most points
		text   string
	}{
		{"defenders ahead on points", []UnitID{"b2", "r1"}, "blue", true, "blue wins: blue 0, red 0; defending far: def 0"},
		{"origin sides tied", nil, "", false, "draw: blue 0, red 0; defending far: def 0"},
		{"blue scores red's raider", []UnitID{"r1"}, "blue", false, "blue wins: blue 0, red 0; defending far: def 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			setup := testSetup(
				ship("b1", "blue", "fed-cruiser", Hex{0, 0}, DirA, 0),
				ship("b2", "blue", "fed-frigate", Hex{2, 0}, DirA, 0),
				ship("r1", "red", "kor-raider", Hex{0, -9}, DirD, 0),
				ship("d1", "def", "kor-raider", Hex{1, 1}, DirD, 0))
			setup.Sides = append(setup.Sides, Side{ID: "def", Name: "Defenders", Destination: "far"})
			setup.Maps = append(setup.Maps, Map{ID: "far", Name: "Far"})
			setup.Units[3].Map = "far"
			s, err := NewState(setup, 1)
			require.NoError(t, err)
			s.Cosmic.Rifts = append(s.Cosmic.Rifts, CosmicRift{ID: "rift1", Side: "blue", Map: "main", Dest: "far"})
			s.Unit("b2").Cross = RiftCrossing{Rift: "rift1", Home: "main"}
			for _, id := range tc.lost {
				s.Unit(id).Status = StatusDestroyed
			}
			s.Clock.Step = StepGameOver
			o := s.Outcome()
			require.Len(t, o.Sides, 3)
			def := o.Sides[2]
			assert.Equal(t, MapID("far"), def.Destination, "the defenders are reported as such")
			for _, r := range o.Sides[:2] {
				assert.Empty(t, r.Destination)
				if tc.ahead {
					assert.Greater(t, def.Points, r.Points, "the defenders lead on points")
				}
			}
			assert.Equal(t, tc.winner, o.Winner)
			want := tc.text
			for _, r := range o.Sides {
				want = strings.Replace(want, fmt.Sprintf("%s 0", r.Side), fmt.Sprintf("%s %d", r.Side, r.Points), 1)
			}
			assert.Equal(t, want, o.String())
		})
	}
}
