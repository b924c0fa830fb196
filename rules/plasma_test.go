package rules

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The Sunhawk's two plasma launchers are its mounts 6 and 7.
const plasmaMount = 6

// atAllocation plays on (every other choice empty or the rules' first)
// until side must allocate energy.
func atAllocation(t *testing.T, s *State, side SideID) {
	t.Helper()
	passUntil(t, s, func(s *State) bool {
		return s.Expecting() == CmdAllocate && slices.Contains(s.Pending(), side)
	})
}

// allocateWith commits the rules' default allocation of side with the
// given mounts armed and held instead of the default's.
func allocateWith(t *testing.T, s *State, side SideID, unit UnitID, arm, hold []int) []Event {
	t.Helper()
	atAllocation(t, s, side)
	as := s.defaultAllocations(side)
	for i := range as {
		if as[i].Unit == unit {
			as[i].Arm, as[i].Hold = arm, hold
		}
	}
	return mustApply(t, s, Command{Kind: CmdAllocate, Side: side, Allocations: as})
}

// A plasma launcher is armed by its arming energy on two turns in a row,
// held armed by its hold energy on each turn after, and loses its charge
// on a turn it is paid neither.
func TestPlasmaArming(t *testing.T) {
	arm, none := []int{plasmaMount}, []int(nil)
	type turn struct {
		arm, hold []int
		charge    int
		armed     bool
		lost      bool
	}
	tests := []struct {
		name  string
		turns []turn
	}{
		{"armed after two turns", []turn{{arm, none, 1, false, false}, {arm, none, 2, true, false}}},
		{"held armed", []turn{{arm, none, 1, false, false}, {arm, none, 2, true, false}, {none, arm, 2, true, false}, {none, arm, 2, true, false}}},
		{"first turn lost", []turn{{arm, none, 1, false, false}, {none, none, 0, false, true}, {arm, none, 1, false, false}}},
		{"full charge lost unheld", []turn{{arm, none, 1, false, false}, {arm, none, 2, true, false}, {none, none, 0, false, true}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestState(t,
				ship("h", "blue", "kor-sunhawk", Hex{0, 0}, DirA, 0),
				ship("k", "red", "fed-cruiser", Hex{0, -30}, DirD, 0))
			s.Advance()
			for i, tn := range tc.turns {
				evs := allocateWith(t, s, "blue", "h", tn.arm, tn.hold)
				evs = append(evs, passUntil(t, s, func(s *State) bool { return s.Clock.Step != StepEnergyAllocation })...)
				ms := s.Unit("h").Ship.Mounts[plasmaMount]
				assert.Equal(t, tn.charge, ms.Charge, "turn %d charge", i+1)
				assert.Equal(t, tn.armed, ms.Armed, "turn %d armed", i+1)
				assert.Equal(t, tn.lost, hasText(evs, "Plasma launcher #7 loses its charge"), "turn %d charge lost", i+1)
			}
		})
	}
}

// The arming checks: a full launcher is held, not armed again; only a
// full one is held; arming costs 2 a turn and holding 1.
func TestPlasmaArmingChecks(t *testing.T) {
	c := lookupClass("kor-sunhawk")
	assert.Equal(t, 2, (&Allocation{Arm: []int{plasmaMount}}).Cost(c))
	assert.Equal(t, 1, (&Allocation{Hold: []int{plasmaMount}}).Cost(c))
	tests := []struct {
		name      string
		charge    int
		arm, hold []int
		err       string
	}{
		{"arm from empty", 0, []int{plasmaMount}, nil, ""},
		{"arm the second turn", 1, []int{plasmaMount}, nil, ""},
		{"hold when full", 2, nil, []int{plasmaMount}, ""},
		{"arm when full", 2, []int{plasmaMount}, nil, "is fully armed: hold it for 1 instead"},
		{"hold half armed", 1, nil, []int{plasmaMount}, "is not fully armed (1 of 2 turns) and cannot be held"},
		{"hold a phaser", 0, nil, []int{0}, "has no charge to hold"},
		{"hold twice", 2, nil, []int{plasmaMount, plasmaMount}, "held twice"},
		{"hold no mount", 0, nil, []int{99}, "no mount 99"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestState(t,
				ship("h", "blue", "kor-sunhawk", Hex{0, 0}, DirA, 0),
				ship("k", "red", "fed-cruiser", Hex{0, -30}, DirD, 0))
			s.Unit("h").Ship.Mounts[plasmaMount].Charge = tc.charge
			s.Advance()
			atAllocation(t, s, "blue")
			as := s.defaultAllocations("blue")
			as[0].Arm, as[0].Hold = tc.arm, tc.hold
			err := s.Check(Command{Kind: CmdAllocate, Side: "blue", Allocations: as})
			if tc.err == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.True(t, strings.HasPrefix(err.Error(), "rules: "), err)
			assert.ErrorContains(t, err, tc.err)
		})
	}
}

// The rules' ready allocation arms an empty launcher and holds a full
// one.
func TestPlasmaDefaultAllocation(t *testing.T) {
	for _, tc := range []struct {
		charge    int
		arm, hold bool
	}{{0, true, false}, {1, true, false}, {2, false, true}} {
		u := ship("h", "blue", "kor-sunhawk", Hex{}, DirA, 0)
		u.Ship = newShipState(lookupClass("kor-sunhawk"), 0)
		u.Ship.Mounts[plasmaMount].Charge = tc.charge
		a := defaultAllocation(&u)
		assert.Equal(t, tc.arm, slices.Contains(a.Arm, plasmaMount), "charge %d arm", tc.charge)
		assert.Equal(t, tc.hold, slices.Contains(a.Hold, plasmaMount), "charge %d hold", tc.charge)
	}
}

// The warhead decay table.
func TestPlasmaWarheadDecay(t *testing.T) {
	for _, tc := range []struct{ flown, warhead int }{
		{0, 20}, {5, 20}, {6, 15}, {10, 15}, {11, 10}, {15, 10}, {16, 5}, {20, 5}, {21, 0}, {40, 0},
	} {
		assert.Equal(t, tc.warhead, PlasmaWarhead(tc.flown), "flown %d", tc.flown)
	}
	assert.Equal(t, plasmaWarheadMax, PlasmaWarhead(0))
}

// launchPlasma plays to the launch step of the current turn's first
// impulse with the Sunhawk's launcher full, and launches it at target.
func launchPlasma(t *testing.T, s *State, target UnitID) []Event {
	t.Helper()
	passUntil(t, s, func(s *State) bool { return s.Clock.Step == StepSeekingLaunch && len(s.Pending()) > 0 })
	var evs []Event
	for len(s.Pending()) > 0 && s.Clock.Step == StepSeekingLaunch {
		side := s.Pending()[0]
		c := Command{Kind: CmdLaunch, Side: side}
		if side == "blue" {
			c.Shots = []Shot{{Attacker: "h", Mount: plasmaMount, Target: target}}
		}
		evs = append(evs, mustApply(t, s, c)...)
	}
	return evs
}

// A plasma torpedo flies at its speed toward its target and strikes it
// in seeking resolution for the table's warhead at the hexes it flew, on
// the shield facing its approach.
func TestPlasmaStrike(t *testing.T) {
	tests := []struct {
		name    string
		dist    int
		facing  Direction
		warhead int
		shield  int
	}{
		{"close, on the front shield", 3, DirD, 20, 1},
		{"mid range", 8, DirD, 15, 1},
		{"long range", 12, DirD, 10, 1},
		{"from behind", 8, DirA, 15, 4},
		{"from the side", 8, DirB, 15, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestState(t,
				ship("h", "blue", "kor-sunhawk", Hex{0, 0}, DirA, 0),
				ship("k", "red", "kor-battlecruiser", Hex{0, -tc.dist}, tc.facing, 0))
			s.Unit("h").Ship.Mounts[plasmaMount].Charge = 2 // the default allocation holds it
			s.Advance()
			evs := launchPlasma(t, s, "k")
			require.True(t, hasText(evs, "h launches plasma torpedo h.p6.1 at k"), "no launch")
			p := s.Unit("h.p6.1")
			require.NotNil(t, p)
			assert.Equal(t, KindPlasma, p.Kind)
			assert.Equal(t, plasmaSpeed, p.Speed)
			assert.Equal(t, 0, s.Unit("h").Ship.Mounts[plasmaMount].Charge, "the launch empties the charge")
			evs = passUntil(t, s, func(s *State) bool { return s.Unit("h.p6.1").Status != StatusOnMap || s.Clock.Turn > 1 })
			assert.Equal(t, StatusDestroyed, p.Status)
			assert.Equal(t, tc.dist, s.Unit("h.p6.1").Ship.Flown)
			assert.True(t, hasText(evs, fmt.Sprintf("h.p6.1 strikes k for %d", tc.warhead)), "strike for %d", tc.warhead)
			assert.True(t, hasText(evs, fmt.Sprintf("k takes %d on shield %d from plasma torpedo h.p6.1", tc.warhead, tc.shield)), "shield %d", tc.shield)
		})
	}
}

// A plasma launcher launches within its arc only, and only when armed.
func TestPlasmaLaunchChecks(t *testing.T) {
	s := newTestState(t,
		ship("h", "blue", "kor-sunhawk", Hex{0, 0}, DirA, 0),
		ship("k", "red", "fed-cruiser", Hex{0, -6}, DirD, 0),
		ship("r", "red", "fed-frigate", Hex{0, 6}, DirA, 0))
	s.Unit("h").Ship.Mounts[plasmaMount].Charge = 1 // armed only after this turn's arming
	s.Advance()
	passUntil(t, s, func(s *State) bool { return s.Clock.Step == StepSeekingLaunch })
	h := s.Unit("h")
	assert.ErrorContains(t, s.checkLaunch(h, plasmaMount+1, s.Unit("k")), "is not armed: it needs 2 turns of arming in a row")
	assert.NoError(t, s.checkLaunch(h, plasmaMount, s.Unit("k")))
	assert.ErrorContains(t, s.checkLaunch(h, plasmaMount, s.Unit("r")), "outside the FA arc")
	o, err := s.LaunchOdds(Shot{Attacker: "h", Mount: plasmaMount, Target: "k"})
	require.NoError(t, err)
	// Impulse 1 counts 5 of its 32 hexes as flown: 5 more in impulse 2,
	// the sixth hex in impulse 3.
	assert.Equal(t, LaunchOdds{Range: 6, Speed: plasmaSpeed, Impulses: 2, Warhead: 15}, o)
}

// Damage weakens a plasma torpedo's warhead point for point; weakened to
// nothing it is gone. A weakened torpedo dissipates sooner.
func TestPlasmaWeakenedByFire(t *testing.T) {
	tests := []struct {
		name    string
		flown   int
		damage  int
		warhead int
	}{
		{"fresh", 0, 6, 14},
		{"after 8 hexes", 8, 6, 9},
		{"shot away", 0, 20, 0},
		{"shot away late", 16, 5, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestState(t,
				ship("h", "blue", "kor-sunhawk", Hex{0, 0}, DirA, 0),
				ship("p", "blue", "plasma", Hex{0, -3}, DirA, plasmaSpeed),
				ship("k", "red", "fed-cruiser", Hex{0, -6}, DirD, 0))
			p := s.Unit("p")
			p.Ship.Flown = tc.flown
			evs := s.damage(p, 0, tc.damage, "", "test")
			assert.Equal(t, tc.warhead, warheadNow(p))
			if tc.warhead == 0 {
				assert.Equal(t, StatusDestroyed, p.Status)
				assert.True(t, hasText(evs, "p is destroyed (its warhead weakened to nothing)"))
			} else {
				assert.Equal(t, StatusOnMap, p.Status)
				assert.True(t, hasText(evs, fmt.Sprintf("p's warhead weakens to %d", tc.warhead)))
			}
		})
	}
	// Through direct fire: a phaser hit on the torpedo weakens it.
	s := newTestState(t,
		ship("k", "red", "fed-cruiser", Hex{0, 0}, DirA, 0),
		ship("p", "blue", "plasma", Hex{0, -1}, DirD, 0))
	s.Unit("k").Ship.Mounts[0].Armed = true
	s.Clock = Clock{Turn: 1, Impulse: 1, Step: StepDirectFire}
	s.Turn = TurnState{Shots: []Shot{{Attacker: "k", Mount: 0, Target: "p"}}}
	for !hasText(s.resolveFire(), "hits for 5") {
		s.Unit("p").Ship.Hits = 0 // a miss: roll again
	}
	assert.Equal(t, plasmaWarheadMax-5, warheadNow(s.Unit("p")))
	for _, u := range s.View("red").Units {
		want := map[UnitID]int{"p": plasmaWarheadMax - 5}[u.ID]
		assert.Equal(t, want, u.Warhead, "every side sees a seeker's warhead, and only a seeker has one")
	}
}

// A plasma torpedo with no target flies straight on and dissipates when
// its next hex would leave it no warhead: after 20 hexes, or sooner once
// fire has weakened it.
func TestPlasmaBallisticDissipates(t *testing.T) {
	for _, tc := range []struct{ hits, hexes int }{{0, 20}, {6, 15}, {12, 10}} {
		t.Run(fmt.Sprintf("%d hits", tc.hits), func(t *testing.T) {
			s := newTestState(t,
				ship("h", "blue", "kor-sunhawk", Hex{0, 0}, DirA, 0),
				ship("k", "red", "fed-cruiser", Hex{0, -40}, DirD, 0))
			s.addUnit(Unit{ID: "p", Side: "blue", Class: "plasma", Kind: KindPlasma, Status: StatusOnMap, Map: "main",
				Hex: Hex{0, 0}, Facing: DirC, Speed: plasmaSpeed, Ship: newShipState(lookupClass("plasma"), plasmaSpeed)})
			s.Unit("p").Ship.Hits = tc.hits
			s.Unit("p").Ship.Launched = Clock{Turn: 1, Impulse: 1, Step: StepSeekingLaunch}
			s.Advance()
			evs := passUntil(t, s, func(s *State) bool { return s.Unit("p").Status != StatusOnMap || s.Clock.Turn > 2 })
			p := s.Unit("p")
			assert.Equal(t, StatusDestroyed, p.Status)
			assert.Equal(t, tc.hexes, p.Ship.Flown)
			assert.Equal(t, Hex{0, 0}.Distance(p.Hex), tc.hexes, "straight on")
			assert.True(t, hasText(evs, fmt.Sprintf("p dissipates after %d hexes", tc.hexes)))
		})
	}
}

// A plasma torpedo whose guide is destroyed flies on ballistic; one whose
// guide phases out is lost (IP8.423); a ballistic one passes a cosmic
// rift freely like a ballistic drone (IP4.15).
func TestPlasmaGuideLost(t *testing.T) {
	t.Run("guide destroyed: ballistic", func(t *testing.T) {
		s := newTestState(t,
			ship("h", "blue", "kor-sunhawk", Hex{0, 0}, DirA, 0),
			ship("k", "red", "fed-cruiser", Hex{9, -20}, DirD, 0))
		s.addUnit(Unit{ID: "p", Side: "blue", Class: "plasma", Kind: KindPlasma, Status: StatusOnMap, Map: "main",
			Hex: Hex{0, -1}, Facing: DirA, Speed: plasmaSpeed, Gear: Gear{Target: "k", Guide: "h"}, Ship: newShipState(lookupClass("plasma"), plasmaSpeed)})
		s.Unit("h").Status = StatusDestroyed
		s.Clock, s.Turn = Clock{Turn: 1, Impulse: 1, Step: StepMovement}, TurnState{}
		s.Advance()
		passUntil(t, s, func(s *State) bool { return s.Clock.Impulse >= 2 })
		p := s.Unit("p")
		assert.Equal(t, UnitID(""), p.Gear.Target)
		assert.Equal(t, Hex{0, -6}, p.Hex, "5 hexes straight on in impulse 1")
	})
	t.Run("IP8.423/guide phases out: lost", func(t *testing.T) {
		s := newPhaseState(t, 50,
			ship("h", "blue", "kor-sunhawk", Hex{}, DirA, 0),
			ship("k", "red", "fed-cruiser", Hex{R: -8}, DirD, 0),
			ship("p", "blue", "plasma", Hex{R: -2}, DirA, plasmaSpeed))
		s.Unit("p").Gear = Gear{Target: "k", Guide: "h"}
		forceOut(s, "h")
		assert.Equal(t, StatusDestroyed, s.Unit("p").Status)
	})
	t.Run("IP8.424/target phases out: loses track", func(t *testing.T) {
		s := newPhaseState(t, 50,
			ship("h", "blue", "kor-sunhawk", Hex{}, DirA, 0),
			ship("k", "red", "fed-cruiser", Hex{R: -8}, DirD, 0),
			ship("p", "blue", "plasma", Hex{R: -2}, DirA, plasmaSpeed))
		s.Unit("p").Gear = Gear{Target: "k", Guide: "h"}
		forceOut(s, "k")
		assert.Equal(t, StatusOnMap, s.Unit("p").Status)
		assert.Equal(t, UnitID(""), s.Unit("p").Gear.Target)
	})
	t.Run("IP4.15/ballistic passes a rift freely", func(t *testing.T) {
		p := Unit{ID: "p", Kind: KindPlasma}
		assert.True(t, riftPassesFreely(&p))
		p.Gear.Target = "k"
		assert.False(t, riftPassesFreely(&p))
	})
	t.Run("phase space moves it", func(t *testing.T) {
		p := Unit{ID: "p", Kind: KindPlasma, Status: StatusOnMap}
		assert.True(t, phases(&p))
	})
}

// handoffState is a blue cruiser e guiding a drone at the red raider k,
// with blue's frigate f near the drone and other units to hand to, and a
// red drone guided by k.
func handoffState(t *testing.T, extra ...Unit) *State {
	t.Helper()
	s := newTestState(t, append([]Unit{
		ship("e", "blue", "fed-cruiser", Hex{0, 0}, DirA, 0),
		ship("f", "blue", "fed-frigate", Hex{2, 0}, DirA, 0),
		ship("far", "blue", "fed-destroyer", Hex{20, 0}, DirA, 0),
		ship("fi", "blue", "fighter", Hex{1, 0}, DirA, 0),
		ship("k", "red", "kor-raider", Hex{0, -12}, DirD, 0),
		ship("kd", "red", "drone", Hex{0, -10}, DirD, 12)}, extra...)...)
	s.addUnit(Unit{ID: "d", Side: "blue", Class: "drone", Kind: KindDrone, Status: StatusOnMap, Map: "main",
		Hex: Hex{0, -1}, Facing: DirA, Speed: 12, Gear: Gear{Target: "k", Guide: "e"}, Ship: newShipState(lookupClass("drone"), 12)})
	s.addUnit(Unit{ID: "bal", Side: "blue", Class: "drone", Kind: KindDrone, Status: StatusOnMap, Map: "main",
		Hex: Hex{0, -1}, Facing: DirA, Speed: 12, Gear: Gear{Guide: "e"}, Ship: newShipState(lookupClass("drone"), 12)})
	s.Unit("kd").Gear = Gear{Target: "e", Guide: "k"}
	return s
}

// A side hands the guidance of its seeker to another of its ships that
// could guide it; every other handoff is refused with the reason.
func TestHandoffChecks(t *testing.T) {
	tests := []struct {
		name string
		hs   []Handoff
		prep func(s *State)
		err  string
	}{
		{"to a frigate nearby", []Handoff{{"d", "f"}}, nil, ""},
		{"no such seeker", []Handoff{{"nobody", "f"}}, nil, "nobody is not a seeking weapon of blue in play"},
		{"a ship is no seeker", []Handoff{{"e", "f"}}, nil, "e is not a seeking weapon of blue in play"},
		{"the enemy's seeker", []Handoff{{"kd", "f"}}, nil, "kd is not a seeking weapon of blue in play"},
		{"to the enemy", []Handoff{{"d", "k"}}, nil, "guidance cannot pass to k: no unit of blue in play"},
		{"to its own guide", []Handoff{{"d", "e"}}, nil, "e already guides d"},
		{"to a fighter", []Handoff{{"d", "fi"}}, nil, "fi cannot guide a seeker: only ships and bases do"},
		{"beyond range", []Handoff{{"d", "far"}}, nil, "far is beyond the handoff range 15 of d"},
		{"ballistic", []Handoff{{"bal", "f"}}, nil, "bal flies ballistic"},
		{"twice", []Handoff{{"d", "f"}, {"d", "f"}}, nil, "d is handed over twice"},
		{"self-guided", []Handoff{{"d", "f"}}, func(s *State) { s.Unit("d").Gear.SelfGuided = true }, "d guides itself"},
		{"sensors lost", []Handoff{{"d", "f"}}, func(s *State) { s.Unit("f").Ship.Boxes[SysSensor] = 0 }, "f has no sensors to guide d"},
		{"cloaked", []Handoff{{"d", "f"}}, func(s *State) { s.Unit("f").Gear.Cloak.On = true }, "the cloaked f cannot guide a seeker"},
		{"in stasis", []Handoff{{"d", "f"}}, func(s *State) { s.Unit("f").Ship.Stasis = true }, "f is held in stasis"},
		{"IP8.422/to a phased-out ship", []Handoff{{"d", "f"}}, func(s *State) { s.Unit("f").PhasedOut = true }, "guidance cannot pass to f (IP8.422)"},
		{"IP8.422/from a phased-out guide", []Handoff{{"d", "f"}}, func(s *State) { s.Unit("e").PhasedOut = true }, "from the phased-out e (IP8.422)"},
		{"guide destroyed", []Handoff{{"d", "f"}}, func(s *State) { s.Unit("e").Status = StatusDestroyed }, "d has lost its guide"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := handoffState(t)
			if tc.prep != nil {
				tc.prep(s)
			}
			err := s.checkHandoffs("blue", tc.hs)
			if tc.err == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.True(t, strings.HasPrefix(err.Error(), "rules: "), err)
			assert.ErrorContains(t, err, tc.err)
		})
	}
	s := handoffState(t)
	assert.Equal(t, []Handoff{{"d", "f"}}, s.HandoffOptions("blue"), "the frigate is the only ship that could take it")
	assert.Empty(t, s.HandoffOptions("red"), "red's drone has no other ship to pass to")
}

// A seeker handed to another ship in impulse activity stays guided when
// its launcher is destroyed, and strikes; without the handoff it flies
// on ballistic and misses.
func TestHandoffSurvivesTheLauncher(t *testing.T) {
	for _, handed := range []bool{true, false} {
		t.Run(fmt.Sprintf("handed %v", handed), func(t *testing.T) {
			s := newTestState(t,
				ship("e", "blue", "fed-cruiser", Hex{0, 0}, DirA, 0),
				ship("f", "blue", "fed-frigate", Hex{2, 0}, DirA, 0),
				ship("k", "red", "kor-raider", Hex{4, -10}, DirD, 0))
			s.addUnit(Unit{ID: "d", Side: "blue", Class: "drone", Kind: KindDrone, Status: StatusOnMap, Map: "main",
				Hex: Hex{0, -1}, Facing: DirA, Speed: 12, Gear: Gear{Target: "k", Guide: "e"}, Ship: newShipState(lookupClass("drone"), 12)})
			s.Advance()
			passUntil(t, s, func(s *State) bool { return s.Clock.Step == StepActivity })
			require.Contains(t, s.Pending(), SideID("blue"), "blue has a handoff to make, so it is asked")
			legal := s.Legal("blue")
			require.True(t, slices.ContainsFunc(legal, func(c Command) bool { return len(c.Handoffs) > 0 }), "Legal offers the handoff")
			c := Command{Kind: CmdActivity, Side: "blue"}
			if handed {
				c.Handoffs = []Handoff{{Seeker: "d", To: "f"}}
			}
			evs := mustApply(t, s, c)
			evs = append(evs, passUntil(t, s, func(s *State) bool { return s.Clock.Step != StepActivity })...)
			assert.Equal(t, handed, hasText(evs, "f takes the guidance of d from e"))
			s.destroy(s.Unit("e"), "test")
			evs = passUntil(t, s, func(s *State) bool { return s.Unit("d").Status != StatusOnMap || s.Clock.Turn > 1 })
			assert.Equal(t, handed, hasText(evs, "d strikes k for 12"), "strike")
			assert.Equal(t, !handed, hasText(evs, "d loses its guide and flies on ballistic"), "ballistic")
		})
	}
}

// sunhawkDuel is a Sunhawk against a Federation cruiser and frigate:
// plasma, drones and handoffs in one small game.
func sunhawkDuel() []Unit {
	return []Unit{
		ship("e", "blue", "fed-cruiser", Hex{0, 0}, DirA, 6),
		ship("f", "blue", "fed-frigate", Hex{2, 0}, DirA, 6),
		ship("h", "red", "kor-sunhawk", Hex{0, -12}, DirD, 2), // power left to arm plasma
	}
}

// A game with plasma launches and handoffs replays to the same hash at
// every checkpoint.
func TestPlasmaAndHandoffReplay(t *testing.T) {
	s := newTestState(t, sunhawkDuel()...)
	pick := func(cs []Command) Command {
		if cs[0].Kind == CmdAllocate {
			return cs[0] // the ready allocation arms the plasma launchers
		}
		return cs[len(cs)-1] // launches, fire and handoffs when offered
	}
	cmds := playLegal(t, s, pick, atTurn(5))
	var launched, handed bool
	for _, c := range cmds {
		launched = launched || slices.ContainsFunc(c.Shots, func(sh Shot) bool { return sh.Attacker == "h" && sh.Mount >= plasmaMount })
		handed = handed || len(c.Handoffs) > 0
	}
	require.True(t, launched, "the Sunhawk launched plasma")
	require.True(t, handed, "a handoff was made")
	setup := testSetup(sunhawkDuel()...)
	final, cps, err := Play(setup, 42, cmds)
	require.NoError(t, err)
	assert.Equal(t, s.Hash(), final.Hash())
	require.NoError(t, Verify(setup, 42, cmds, cps))
	b, err := MarshalCommands(cmds)
	require.NoError(t, err)
	back, err := UnmarshalCommands(b)
	require.NoError(t, err)
	again, _, err := Play(setup, 42, back)
	require.NoError(t, err)
	assert.Equal(t, s.Hash(), again.Hash(), "the commands round-trip through JSON")
}

// A sealed launch or handoff is its side's secret until every side has
// committed: the other side's view and events show only that it
// committed.
func TestSealedLaunchAndHandoffPrivacy(t *testing.T) {
	t.Run("launch", func(t *testing.T) {
		s := newTestState(t,
			ship("h", "blue", "kor-sunhawk", Hex{0, 0}, DirA, 0),
			ship("e", "red", "fed-cruiser", Hex{0, -6}, DirD, 0))
		s.Unit("h").Ship.Mounts[plasmaMount].Charge = 2
		s.Advance()
		passUntil(t, s, func(s *State) bool { return s.Clock.Step == StepSeekingLaunch })
		require.Equal(t, []SideID{"blue", "red"}, s.Pending(), "both sides launch")
		evs := mustApply(t, s, Command{Kind: CmdLaunch, Side: "blue", Shots: []Shot{{Attacker: "h", Mount: plasmaMount, Target: "e"}}})
		requireSecret(t, s, evs, "red", "Plasma launcher #7", "h.p6.1")
		evs = mustApply(t, s, Command{Kind: CmdLaunch, Side: "red"})
		assert.True(t, hasText(Events(evs, "red"), "revealed: Blue's seeking weapon launches: h's Plasma launcher #7 at e"), "revealed after both committed, the launcher named as the panel names it")
		assert.True(t, hasText(Events(evs, "red"), "h launches plasma torpedo h.p6.1 at e"))
	})
	t.Run("handoff", func(t *testing.T) {
		// Red's second raider could take its drone's guidance: both sides
		// are asked in activity.
		s := handoffState(t, ship("k2", "red", "kor-raider", Hex{3, -12}, DirD, 0))
		s.Advance()
		passUntil(t, s, func(s *State) bool { return s.Clock.Step == StepActivity })
		require.Equal(t, []SideID{"blue", "red"}, s.Pending())
		evs := mustApply(t, s, Command{Kind: CmdActivity, Side: "blue", Handoffs: []Handoff{{"d", "f"}}})
		requireSecret(t, s, evs, "red", "guidance", "handoffs")
		evs = mustApply(t, s, Command{Kind: CmdActivity, Side: "red"})
		assert.True(t, hasText(Events(evs, "red"), "revealed: Blue's impulse activity: d guidance to f"), "revealed after both committed")
		assert.True(t, hasText(Events(evs, "red"), "f takes the guidance of d from e"))
	})
}

// requireSecret checks that viewer sees none of the words in the events
// or its view.
func requireSecret(t *testing.T, s *State, evs []Event, viewer SideID, words ...string) {
	t.Helper()
	js, err := json.Marshal(s.View(viewer))
	require.NoError(t, err)
	for _, w := range words {
		for _, e := range Events(evs, viewer) {
			require.NotContains(t, e.Text, w, "%s sees %q before the reveal", viewer, w)
		}
		require.NotContains(t, string(js), w, "%s's view holds %q before the reveal", viewer, w)
	}
	require.NotEmpty(t, Events(evs, viewer), "the viewer learns that a side committed")
}
