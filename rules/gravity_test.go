package rules

import (
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"
)

// riftState returns a state whose map has gravity rift systems:
// "alpha" of two hexes 0,-1 and 0,-2 (one rift, GR41.4), "beta" of one
// hex 0,-4, "gamma" of one hex 0,-5 next to beta, and "calm", a system
// that is no rift, at 0,-7.
func riftState(t testing.TB, ruling GravityRiftRuling, units ...Unit) *State {
	t.Helper()
	s, err := NewState(riftSetup(ruling, units...), 1)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// riftSetup is the setup of riftState.
func riftSetup(ruling GravityRiftRuling, units ...Unit) Setup {
	setup := testSetup(units...)
	setup.Ruleset.GravityRift = ruling
	setup.Maps[0].Terrain = &Terrain{Systems: []System{
		{ID: "alpha", Name: "Alpha Rift", Rift: true, Shape: HexShape(Hex{0, -1}, Hex{0, -2})},
		{ID: "beta", Name: "Beta Rift", Rift: true, Shape: HexShape(Hex{0, -4})},
		{ID: "gamma", Name: "Gamma Rift", Rift: true, Shape: HexShape(Hex{0, -5})},
		{ID: "calm", Name: "Calm", Shape: HexShape(Hex{0, -7})},
	}}
	return setup
}

// rig sets the state's generator to the first seed whose next d10 throws
// remove (1-3) or spare (4-10) as listed, so a test knows its rolls.
func rig(t testing.TB, s *State, removes ...bool) {
	t.Helper()
	for seed := uint64(0); seed < 1_000_000; seed++ {
		g := NewRNG(seed)
		ok := true
		for _, rm := range removes {
			if (g.throw(D10).Total <= RiftRemoveMax) != rm {
				ok = false
				break
			}
		}
		if ok {
			s.RNG = NewRNG(seed)
			return
		}
	}
	t.Fatal("no seed gives those rolls")
}

// riftRolls returns the gravity rift removal roll events among evs.
func riftRolls(evs []Event) []Event {
	var out []Event
	for _, e := range evs {
		if e.Kind == EventRoll && (e.Clause == "GR41.2" || e.Clause == "GRN.6") {
			out = append(out, e)
		}
	}
	return out
}

func corvette(id UnitID, h Hex, f Direction, speed int) Unit {
	return ship(id, "blue", "vel-corvette", h, f, speed)
}

// move applies a plan for id at impulse i and returns its events.
func move(t *testing.T, s *State, i int, p MovePlan) []Event {
	t.Helper()
	atMovement(s, i, p.Unit)
	return mustApply(t, s, moveCmd(s.Unit(p.Unit).Side, p))
}

// GR41, GR41.4: rift hexes grouped in a system are one rift; a system
// that is not a rift does nothing to movement.
func TestRiftSystems(t *testing.T) {
	s := riftState(t, RulingLRR, corvette("c", Hex{0, 0}, DirA, 12))
	for _, c := range []struct {
		h    Hex
		want string
	}{{Hex{0, -1}, "alpha"}, {Hex{0, -2}, "alpha"}, {Hex{0, -4}, "beta"}, {Hex{0, -7}, ""}, {Hex{0, 0}, ""}} {
		sys, ok := s.RiftSystemAt("main", c.h)
		if ok != (c.want != "") || sys.ID != c.want {
			t.Errorf("GR41: rift at %v = %q %v, want %q", c.h, sys.ID, ok, c.want)
		}
	}
	t.Run("GR41.4/two_hexes_one_rift", func(t *testing.T) {
		s := riftState(t, RulingLRR, corvette("c", Hex{0, -1}, DirA, 12))
		rig(t, s, false)
		evs := move(t, s, 1, MovePlan{Unit: "c", Steps: fwd(1)}) // 0,-1 -> 0,-2, inside alpha
		if n := len(riftRolls(evs)); n != 0 || s.Unit("c").Ship.Move.Bonus != 0 {
			t.Fatalf("GR41.4: moving within one rift system rolled %d times, bonus %d", n, s.Unit("c").Ship.Move.Bonus)
		}
		evs = move(t, s, 2, MovePlan{Unit: "c", Steps: fwd(1)}) // leaves alpha
		if n := len(riftRolls(evs)); n != 1 || s.Unit("c").Ship.Move.Bonus != 1 {
			t.Fatalf("GR41.4: leaving the rift rolled %d times, bonus %d", n, s.Unit("c").Ship.Move.Bonus)
		}
	})
	t.Run("GR41/not_a_rift", func(t *testing.T) {
		s := riftState(t, RulingLRR, corvette("c", Hex{0, -7}, DirA, 12))
		evs := move(t, s, 1, MovePlan{Unit: "c", Steps: fwd(2)})
		if n := len(riftRolls(evs)); n != 0 || s.Unit("c").Ship.Move.Bonus != 0 {
			t.Fatalf("GR41: a plain system rolled %d, bonus %d", n, s.Unit("c").Ship.Move.Bonus)
		}
	})
	t.Run("GR41.4/rift_to_rift", func(t *testing.T) {
		// Leaving beta straight into gamma leaves beta: one roll, and
		// entering gamma gives nothing (GRN.1).
		s := riftState(t, RulingThundersEdge, corvette("c", Hex{0, -4}, DirA, 12))
		rig(t, s, false)
		evs := move(t, s, 1, MovePlan{Unit: "c", Steps: fwd(1)})
		rolls := riftRolls(evs)
		if len(rolls) != 1 || !strings.Contains(rolls[0].Text, "Beta Rift") {
			t.Fatalf("GR41.4: beta to gamma: %v", rolls)
		}
	})
}

// GRN.1: moving into a rift gives no +1 and no roll.
func TestRiftEnterGivesNothing(t *testing.T) {
	for _, r := range []GravityRiftRuling{RulingLRR, RulingThundersEdge} {
		s := riftState(t, r, corvette("c", Hex{0, 0}, DirA, 12))
		evs := move(t, s, 1, MovePlan{Unit: "c", Steps: fwd(2)}) // into alpha, stays inside
		u := s.Unit("c")
		if len(riftRolls(evs)) != 0 || u.Ship.Move.Bonus != 0 || u.Hex != (Hex{0, -2}) {
			t.Fatalf("GRN.1 (%s): entering rolled %d, bonus %d, at %v", r, len(riftRolls(evs)), u.Ship.Move.Bonus, u.Hex)
		}
	}
}

// GR41.1: leaving a rift gives +1 movement this turn; GR41.2: each exit
// rolls a d10 just before the ship leaves, and 1-3 removes it to reserve
// from the rift hex. The roll waits until every plan of the impulse is in
// (GRN.3, TestRiftRollsAfterAllMovement); a removed ship goes no farther
// (TestRiftRemovedStopsAtTheEdge).
func TestRiftExit(t *testing.T) {
	t.Run("GR41.1/bonus", func(t *testing.T) {
		for _, r := range []GravityRiftRuling{RulingLRR, RulingThundersEdge} {
			s := riftState(t, r, corvette("c", Hex{0, -2}, DirA, 12))
			rig(t, s, false)
			evs := move(t, s, 1, MovePlan{Unit: "c", Steps: fwd(1)})
			u := s.Unit("c")
			if u.Ship.Move.Bonus != 1 || u.Hex != (Hex{0, -3}) || !u.OnMap() {
				t.Fatalf("GR41.1 (%s): bonus %d at %v", r, u.Ship.Move.Bonus, u.Hex)
			}
			if rolls := riftRolls(evs); len(rolls) != 1 || rolls[0].Roll.Total <= 3 || rolls[0].Roll.Dice != D10 {
				t.Fatalf("GR41.2 (%s): rolls %v", r, rolls)
			}
		}
	})
	t.Run("GR41.2/removed", func(t *testing.T) {
		s := riftState(t, RulingThundersEdge, corvette("c", Hex{0, -2}, DirA, 12))
		s.Unit("c").Name = "Kestrel"
		rig(t, s, true)
		evs := move(t, s, 1, MovePlan{Unit: "c", Steps: fwd(3)})
		u := s.Unit("c")
		if u.Status != StatusReserve || u.Hex != (Hex{0, -2}) {
			t.Fatalf("GR41.2: removed ship is %s at %v, want reserve at the rift hex it was leaving", u.Status, u.Hex)
		}
		rolls := riftRolls(evs)
		if len(rolls) != 1 {
			t.Fatalf("GR41.2: %d rolls", len(rolls))
		}
		want := "GR41.2: d10 = " + string(rune('0'+rolls[0].Roll.Total)) + ", Kestrel removed to reserve"
		if rolls[0].String() != want {
			t.Fatalf("GR41.2 log: %q, want %q", rolls[0].String(), want)
		}
	})
	t.Run("GR41.2/rate", func(t *testing.T) {
		// Over 20,000 seeded exits the removal rate is 3/10 within 4
		// standard errors.
		const n = 20000
		removed := 0
		for seed := range uint64(20) {
			s := riftState(t, RulingLRR, corvette("c", Hex{0, -2}, DirA, 12))
			s.RNG = NewRNG(seed)
			u := s.Unit("c")
			for range n / 20 {
				u.Status = StatusOnMap
				if gravityLeave(s, u, Hex{0, -2}, Hex{0, -3}); u.Status == StatusReserve {
					removed++
				}
			}
		}
		rate, se := float64(removed)/n, math.Sqrt(0.3*0.7/n)
		if math.Abs(rate-0.3) > 4*se {
			t.Fatalf("GR41.2: removal rate %.4f over %d exits, want 0.30 +- %.4f", rate, n, 4*se)
		}
	})
}

// eventAt returns the index in evs of the first event for which pred
// holds, or -1.
func eventAt(evs []Event, pred func(Event) bool) int {
	return slices.IndexFunc(evs, pred)
}

// setsOff reports whether e is a mine going off.
func setsOff(e Event) bool { return strings.Contains(e.Text, "sets off mine") }

// GR41.2: a ship rolls "immediately before it exits" the rift and on 1-3
// "is removed from the board"; every plan of the impulse is fixed first
// (GRN.3). A ship its roll removes stops on the rift hex it was leaving
// and does nothing beyond it: no mine, no cosmic rift, no pick-up, no
// second rift; its cargo goes with it (GR41.2.1-2). Each case puts
// something on the path beyond the exit from alpha (0,-2 to 0,-3) and
// rigs the exit rolls; the spared cases show the same path without the
// removal.
func TestRiftRemovedStopsAtTheEdge(t *testing.T) {
	redMine := func(h Hex) Unit { return Unit{ID: "m", Side: "red", Class: "mine", Hex: h} }
	carrier := func() []Unit {
		return []Unit{ship("v", "blue", "vel-carrier", Hex{0, -2}, DirA, 6),
			Unit{ID: "wing0", Side: "blue", Class: "fighter", Status: StatusCarried, CarriedBy: "v"},
			ship("wing", "blue", "fighter", Hex{0, -3}, DirA, 12)}
	}
	cosmic := func(t *testing.T) *State {
		t.Helper()
		su := riftSetup(RulingThundersEdge, corvette("c", Hex{0, -2}, DirA, 12), ship("z", "red", "kor-raider", Hex{9, 9}, DirA, 0))
		withYardCharts(&su)
		s, err := NewState(su, 5)
		if err != nil {
			t.Fatal(err)
		}
		atMovement(s, 1, "c")
		openRift(s, Hex{0, -3}, 640)
		return s
	}
	tests := []struct {
		name    string
		state   func(t *testing.T) *State
		plan    MovePlan
		removes []bool
		check   func(t *testing.T, s *State, evs []Event)
	}{
		{
			name: "GR41.2/mine_beyond_the_exit/removed",
			state: func(t *testing.T) *State {
				return riftState(t, RulingThundersEdge, corvette("c", Hex{0, -2}, DirA, 12), redMine(Hex{0, -3}))
			},
			plan: MovePlan{Unit: "c", Steps: fwd(1)}, removes: []bool{true},
			check: func(t *testing.T, s *State, evs []Event) {
				if c := s.Unit("c"); c.Status != StatusReserve || c.Hex != (Hex{0, -2}) {
					t.Errorf("GR41.2: the removed corvette is %s at %v, want reserve at the rift hex 0,-2", c.Status, c.Hex)
				}
				if m := s.Unit("m"); !m.OnMap() || eventAt(evs, setsOff) >= 0 {
					t.Errorf("GR41.2: the mine beyond the exit went off under a removed ship: %s", m.Status)
				}
			},
		},
		{
			name: "GR41.2/mine_beyond_the_exit/spared",
			state: func(t *testing.T) *State {
				return riftState(t, RulingThundersEdge, corvette("c", Hex{0, -2}, DirA, 12), redMine(Hex{0, -3}))
			},
			plan: MovePlan{Unit: "c", Steps: fwd(1)}, removes: []bool{false},
			check: func(t *testing.T, s *State, evs []Event) {
				roll, boom := eventAt(evs, func(e Event) bool { return e.Clause == "GR41.2" }), eventAt(evs, setsOff)
				if c := s.Unit("c"); !c.OnMap() || c.Hex != (Hex{0, -3}) || s.Unit("m").OnMap() || roll < 0 || boom < roll {
					t.Errorf("GR41.2: spared, the corvette is %s at %v; the roll is event %d, the mine %d", c.Status, c.Hex, roll, boom)
				}
			},
		},
		{
			name:  "GR41.2/cosmic_rift_beyond_the_exit/removed",
			state: cosmic, plan: MovePlan{Unit: "c", Steps: fwd(1)}, removes: []bool{true},
			check: func(t *testing.T, s *State, evs []Event) {
				if c := s.Unit("c"); c.Status != StatusReserve || c.Map != "main" || c.Hex != (Hex{0, -2}) {
					t.Errorf("GR41.2: the removed corvette is %s on %s at %v, want reserve on main at 0,-2", c.Status, c.Map, c.Hex)
				}
				if i := eventAt(evs, func(e Event) bool { return e.Unit == "c" && (e.Clause == "IP4.24" || e.Clause == "IP4.412") }); i >= 0 {
					t.Errorf("GR41.2: a removed ship went through the cosmic rift beyond the exit: %s", evs[i])
				}
			},
		},
		{
			name:  "GR41.2/cosmic_rift_beyond_the_exit/spared",
			state: cosmic, plan: MovePlan{Unit: "c", Steps: fwd(1)}, removes: []bool{false},
			check: func(t *testing.T, s *State, evs []Event) {
				if c := s.Unit("c"); !c.OnMap() || c.Map != "yard" || len(clauseEvents(evs, "IP4.24")) == 0 {
					t.Errorf("spared, the corvette is %s on %s", c.Status, c.Map)
				}
			},
		},
		{
			name:  "GRN.10/pick_up_beyond_the_exit/removed",
			state: func(t *testing.T) *State { return riftState(t, RulingThundersEdge, carrier()...) },
			plan:  MovePlan{Unit: "v", Steps: fwd(1), PickUp: []UnitID{"wing"}}, removes: []bool{true},
			check: func(t *testing.T, s *State, evs []Event) {
				if v := s.Unit("v"); v.Status != StatusReserve || v.Hex != (Hex{0, -2}) {
					t.Errorf("GR41.2: the removed carrier is %s at %v, want reserve at 0,-2", v.Status, v.Hex)
				}
				if w := s.Unit("wing0"); w.Status != StatusReserve || w.Hex != (Hex{0, -2}) {
					t.Errorf("GR41.2.2: its cargo is %s at %v, want reserve with it at 0,-2", w.Status, w.Hex)
				}
				if w := s.Unit("wing"); !w.OnMap() || w.Hex != (Hex{0, -3}) || len(clauseEvents(evs, "GRN.10")) != 1 {
					t.Errorf("GRN.10: the wing it was to pick up is %s at %v", w.Status, w.Hex)
				}
			},
		},
		{
			name:  "GRN.10/pick_up_beyond_the_exit/spared",
			state: func(t *testing.T) *State { return riftState(t, RulingThundersEdge, carrier()...) },
			plan:  MovePlan{Unit: "v", Steps: fwd(1), PickUp: []UnitID{"wing"}}, removes: []bool{false},
			check: func(t *testing.T, s *State, evs []Event) {
				if w := s.Unit("wing"); w.Status != StatusCarried || w.CarriedBy != "v" {
					t.Errorf("GRN.10: spared, the wing is %s by %q", w.Status, w.CarriedBy)
				}
			},
		},
		{
			// 0,-2 to 0,-5: out of alpha, over the mine at 0,-3, into
			// beta and out of it into gamma.
			name: "GRN.9/second_rift/first_removes",
			state: func(t *testing.T) *State {
				return riftState(t, RulingLRR, corvette("c", Hex{0, -2}, DirA, 12), redMine(Hex{0, -3}))
			},
			plan: MovePlan{Unit: "c", Steps: fwd(3)}, removes: []bool{true},
			check: func(t *testing.T, s *State, evs []Event) {
				if n := len(riftRolls(evs)); n != 1 {
					t.Errorf("GRN.9: %d rolls, want one: the second comes only if the first is survived", n)
				}
				if c := s.Unit("c"); c.Status != StatusReserve || c.Hex != (Hex{0, -2}) || !s.Unit("m").OnMap() {
					t.Errorf("GR41.2: removed on the first exit, the corvette is %s at %v, the mine %s", c.Status, c.Hex, s.Unit("m").Status)
				}
			},
		},
		{
			name: "GRN.9/second_rift/second_removes",
			state: func(t *testing.T) *State {
				return riftState(t, RulingLRR, corvette("c", Hex{0, -2}, DirA, 12), redMine(Hex{0, -3}))
			},
			plan: MovePlan{Unit: "c", Steps: fwd(3)}, removes: []bool{false, true},
			check: func(t *testing.T, s *State, evs []Event) {
				rolls := riftRolls(evs)
				if len(rolls) != 2 || !strings.Contains(rolls[0].Text, "leaves Alpha Rift") {
					t.Fatalf("GRN.9: rolls %v, want two, the first spared", rolls)
				}
				first := eventAt(evs, func(e Event) bool { return e.Seq == rolls[0].Seq })
				second := eventAt(evs, func(e Event) bool { return e.Seq == rolls[1].Seq })
				if boom := eventAt(evs, setsOff); boom < first || boom > second {
					t.Errorf("GR41.2: the mine between the rifts is event %d, the rolls %d and %d: each roll comes as the ship leaves its rift", boom, first, second)
				}
				if c := s.Unit("c"); c.Status != StatusReserve || c.Hex != (Hex{0, -4}) || len(clauseEvents(evs, "GRN.9")) != 1 {
					t.Errorf("GR41.2: removed leaving beta, the corvette is %s at %v with %d bonus lines, want reserve at 0,-4 with alpha's +1 alone", c.Status, c.Hex, len(clauseEvents(evs, "GRN.9")))
				}
			},
		},
		{
			name: "GRN.9/second_rift/both_spared",
			state: func(t *testing.T) *State {
				return riftState(t, RulingLRR, corvette("c", Hex{0, -2}, DirA, 12), redMine(Hex{0, -3}))
			},
			plan: MovePlan{Unit: "c", Steps: fwd(3)}, removes: []bool{false, false},
			check: func(t *testing.T, s *State, evs []Event) {
				if c := s.Unit("c"); len(riftRolls(evs)) != 2 || !c.OnMap() || c.Hex != (Hex{0, -5}) || c.Ship.Move.Bonus != 2 {
					t.Errorf("GRN.9: %d rolls, the corvette %s at %v with bonus %d, want 2 rolls, 0,-5, +2", len(riftRolls(evs)), c.Status, c.Hex, c.Ship.Move.Bonus)
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.state(t)
			atMovement(s, 1, tt.plan.Unit)
			rig(t, s, tt.removes...)
			evs := mustApply(t, s, moveCmd("blue", tt.plan))
			tt.check(t, s, evs)
		})
	}
}

// GR41.1.1: the bonus lets a ship go farther in a turn than its speed: a
// speed 6 raider (one hex an impulse) leaving alpha moves 7 hexes in the
// turn.
func TestRiftReachesFarther(t *testing.T) {
	for _, r := range []GravityRiftRuling{RulingLRR, RulingThundersEdge} {
		s := riftState(t, r, ship("k", "blue", "kor-raider", Hex{0, -1}, DirD, 6))
		total := 0
		for i := 1; i <= 6; i++ {
			atMovement(s, i, "k")
			a := s.Allotment("k")
			p := MovePlan{Unit: "k", Steps: fwd(a)}
			if _, err := s.PlanOdds(p); err != nil {
				p.Steps = fwd(a + 1)
			}
			o, err := s.PlanOdds(p)
			if err != nil {
				t.Fatalf("GR41.1.1 (%s): impulse %d: %v", r, i, err)
			}
			rig(t, s, make([]bool, len(o.Exits))...)
			mustApply(t, s, moveCmd("blue", p))
			total += len(p.Steps)
		}
		if u := s.Unit("k"); total != 7 || u.Hex != (Hex{0, 6}) {
			t.Fatalf("GR41.1.1 (%s): moved %d hexes to %v", r, total, u.Hex)
		}
	}
	t.Run("GR41.1/in_the_same_impulse", func(t *testing.T) {
		// In the last impulse a raider leaving beta must use its +1 at
		// once: one hex is refused, two are the plan.
		s := riftState(t, RulingThundersEdge, ship("k", "blue", "kor-raider", Hex{0, -4}, DirD, 6))
		s.Unit("k").Ship.Move.Moved = 5
		atMovement(s, 6, "k")
		if _, err := s.PlanOdds(MovePlan{Unit: "k", Steps: fwd(1)}); err == nil || !strings.Contains(err.Error(), "must move 2") {
			t.Fatalf("GR41.1: one hex out of the rift in the last impulse: %v", err)
		}
		found := false
		for _, c := range s.Legal("blue") {
			found = found || len(c.Move.Steps) == 2 && c.Move.Steps[0].Op == OpForward && c.Move.Steps[1].Op == OpForward
		}
		if !found {
			t.Fatal("GR41.1: Legal does not offer the two-hex plan")
		}
	})
}

// GR41.3, GRN.9, GRTE.1: a ship leaving the same rift twice in one move
// rolls twice under both rulings; under lrr each exit gives +1, under
// thunders-edge the rift gives its +1 once per turn. This is where the
// rulings differ.
func TestRiftRulingsDiffer(t *testing.T) {
	// Out of alpha, about turn, back in, about turn, out again. The
	// corvette's turn mode AA at speed 8 lets it turn freely.
	turnAbout := []MoveStep{{Op: OpTurnRight}, {Op: OpTurnRight}, {Op: OpTurnRight}}
	plan := MovePlan{Unit: "c", Steps: append(append(append(fwd(1), turnAbout...), fwd(1)...), append(turnAbout, fwd(1)...)...)}
	want := map[GravityRiftRuling]int{RulingLRR: 2, RulingThundersEdge: 1}
	for _, r := range []GravityRiftRuling{RulingLRR, RulingThundersEdge} {
		clause := map[GravityRiftRuling]string{RulingLRR: "GRN.9", RulingThundersEdge: "GRTE.1"}[r]
		t.Run(clause, func(t *testing.T) {
			s := riftState(t, r, corvette("c", Hex{0, -2}, DirA, 8))
			o, err := s.PlanOdds(plan)
			if err != nil {
				t.Fatal(err)
			}
			if len(o.Exits) != 2 || o.Bonus != want[r] || o.SurviveExact != "49/100" {
				t.Fatalf("GR41.3 (%s): odds %+v", r, o)
			}
			rig(t, s, false, false)
			evs := move(t, s, 1, plan)
			if n := len(riftRolls(evs)); n != 2 {
				t.Fatalf("GR41.3 (%s): %d rolls for two exits", r, n)
			}
			if b := s.Unit("c").Ship.Move.Bonus; b != want[r] {
				t.Fatalf("%s: bonus %d, want %d", clause, b, want[r])
			}
			// A new turn gives each rift its bonus again.
			s.startTurn()
			if len(s.Unit("c").Ship.Move.Rifts) != 0 {
				t.Fatalf("%s: rifts remembered into the next turn", clause)
			}
		})
	}
	t.Run("GRTE.1/next_impulse", func(t *testing.T) {
		// Under thunders-edge the once-per-turn bonus holds across the
		// impulses of a turn.
		s := riftState(t, RulingThundersEdge, corvette("c", Hex{0, -2}, DirA, 8))
		rig(t, s, false)
		move(t, s, 1, MovePlan{Unit: "c", Steps: append(fwd(1), turnAbout...)})
		o, err := s.PlanOdds(MovePlan{Unit: "c", Steps: append(fwd(1), append(turnAbout, fwd(1)...)...)})
		if err != nil || len(o.Exits) != 1 || o.Bonus != 0 {
			t.Fatalf("GRTE.1: second exit in a later impulse: %+v %v", o, err)
		}
	})
}

// GRN.9, GRTE.1: where the rulings must not differ: leaving two different
// rifts once each gives +2 and two rolls under both, and a single exit +1.
func TestRiftRulingsAgree(t *testing.T) {
	for _, c := range []struct {
		start       Hex
		n           int
		exits, plus int
	}{{Hex{0, -2}, 4, 3, 3}, {Hex{0, -2}, 1, 1, 1}, {Hex{0, -4}, 2, 2, 2}} {
		// From 0,-2 four hexes: leave alpha, enter and leave beta, leave
		// gamma: three rifts, once each.
		got := map[GravityRiftRuling]Odds{}
		for _, r := range []GravityRiftRuling{RulingLRR, RulingThundersEdge} {
			s := riftState(t, r, corvette("c", c.start, DirA, 12))
			o, err := s.PlanOdds(MovePlan{Unit: "c", Steps: fwd(c.n)})
			if err != nil {
				t.Fatal(err)
			}
			rig(t, s, make([]bool, c.exits)...)
			move(t, s, 1, MovePlan{Unit: "c", Steps: fwd(c.n)})
			if b := s.Unit("c").Ship.Move.Bonus; b != c.plus || o.Bonus != c.plus || len(o.Exits) != c.exits {
				t.Fatalf("GRN.9/GRTE.1 (%s) from %v: bonus %d, odds %+v", r, c.start, b, o)
			}
			got[r] = o
		}
		if got[RulingLRR].Survive != got[RulingThundersEdge].Survive {
			t.Fatalf("the rulings disagree on the odds: %+v", got)
		}
	}
}

// GR41.2.1: carried units do not roll; GR41.2.2: they are removed with
// their carrier; GRN.2: removal is not destruction (no explosion, the
// damage track untouched).
func TestRiftCargo(t *testing.T) {
	setup := func() *State {
		s := riftState(t, RulingThundersEdge,
			ship("v", "blue", "vel-carrier", Hex{0, -2}, DirA, 12),
			Unit{ID: "wing", Side: "blue", Class: "fighter", Status: StatusCarried, CarriedBy: "v"},
			ship("by", "red", "kor-raider", Hex{0, -2}, DirD, 0))
		return s
	}
	t.Run("GR41.2.1/no_roll", func(t *testing.T) {
		s := setup()
		rig(t, s, false)
		evs := move(t, s, 1, MovePlan{Unit: "v", Steps: fwd(2)})
		rolls := riftRolls(evs)
		if len(rolls) != 1 || rolls[0].Unit != "v" || s.Unit("wing").Status != StatusCarried {
			t.Fatalf("GR41.2.1: rolls %v, wing %s", rolls, s.Unit("wing").Status)
		}
	})
	t.Run("GR41.2.2/removed_with_carrier", func(t *testing.T) {
		s := setup()
		rig(t, s, true)
		before := *s.Unit("by").Ship
		evs := move(t, s, 1, MovePlan{Unit: "v", Steps: fwd(2)})
		if s.Unit("v").Status != StatusReserve || s.Unit("wing").Status != StatusReserve {
			t.Fatalf("GR41.2.2: carrier %s, wing %s", s.Unit("v").Status, s.Unit("wing").Status)
		}
		if len(riftRolls(evs)) != 1 {
			t.Fatal("GR41.2.1: the wing rolled")
		}
		// GRN.2: nobody is destroyed and nothing explodes on the raider
		// sharing the hex.
		for _, e := range evs {
			if e.Kind == EventDestroyed || e.Kind == EventDamage {
				t.Fatalf("GRN.2: %s", e)
			}
		}
		if by := s.Unit("by").Ship; by.Shields != before.Shields || by.Boxes != before.Boxes {
			t.Fatal("GRN.2: the removed carrier exploded")
		}
	})
}

// GR41.2.3: a removed unit is in its owner's reserve: off the board,
// listed in its owner's view only, and it may re-enter play at a later
// Declare Movement step next to a ship or base of its side.
func TestRiftReserve(t *testing.T) {
	s := riftState(t, RulingThundersEdge, corvette("c", Hex{0, -2}, DirA, 12),
		ship("home", "blue", "vel-starbase", Hex{3, 3}, DirA, 0),
		ship("r", "red", "kor-raider", Hex{9, 9}, DirA, 0))
	rig(t, s, true)
	move(t, s, 1, MovePlan{Unit: "c", Steps: fwd(1)})
	if s.Unit("c").Status != StatusReserve {
		t.Fatal("GR41.2: not removed")
	}
	own, other, pub := s.View("blue"), s.View("red"), s.View("")
	if len(own.Reserve) != 1 || own.Reserve[0].ID != "c" || len(other.Reserve) != 0 || len(pub.Reserve) != 0 {
		t.Fatalf("GR41.2.3: reserve views %v / %v / %v", own.Reserve, other.Reserve, pub.Reserve)
	}
	for _, v := range []*View{own, other, pub} {
		for _, u := range v.Units {
			if u.ID == "c" {
				t.Fatal("GR41.2.3: a reserve unit is on the map view")
			}
		}
	}
	// Next to the starbase, outside the rifts: its hex and its six
	// neighbours.
	if hs := s.ReentryHexes("c"); len(hs) != 7 || hs[0] != (Hex{2, 3}) {
		t.Fatalf("GR41.2.3: re-entry hexes %v", hs)
	}
	// The next turn's Declare Movement.
	s.Clock = Clock{Turn: 2, Step: StepDeclareMovement}
	s.Turn = TurnState{Entered: true, Waiting: []SideID{"blue", "red"}}
	bad := []Declaration{
		{Unit: "c", Enter: &Hex{0, -2}},   // in a rift
		{Unit: "c", Enter: &Hex{0, 0}},    // far from any anchor
		{Unit: "home", Enter: &Hex{3, 4}}, // not in reserve
		{Unit: "c", Enter: &Hex{3, 4}, Facing: 9},
	}
	for _, d := range bad {
		if _, err := s.Apply(Command{Kind: CmdDeclare, Side: "blue", Declarations: []Declaration{d}}); err == nil {
			t.Errorf("GR41.2.3: re-entry %s accepted", d)
		}
	}
	mustApply(t, s, Command{Kind: CmdDeclare, Side: "blue", Declarations: []Declaration{{Unit: "c", Enter: &Hex{3, 4}, Facing: DirC}}})
	mustApply(t, s, Command{Kind: CmdDeclare, Side: "red"})
	u := s.Unit("c")
	if !u.OnMap() || u.Hex != (Hex{3, 4}) || u.Facing != DirC || u.Speed != 0 {
		t.Fatalf("GR41.2.3: re-entered as %s at %v facing %s speed %d", u.Status, u.Hex, u.Facing, u.Speed)
	}
	if len(s.View("blue").Reserve) != 0 {
		t.Fatal("GR41.2.3: still listed in reserve")
	}
}

// GRN.3, for one unit: the whole plan is checked before any roll: a plan
// that leaves a rift and then breaks a rule is refused without rolling,
// and the state is untouched. (The clause's other half, every plan of the
// impulse in before any roll: TestRiftRollsAfterAllMovement.)
func TestRiftPlanCommittedFirst(t *testing.T) {
	s := riftState(t, RulingLRR, ship("k", "blue", "kor-raider", Hex{0, -2}, DirA, 12))
	atMovement(s, 1, "k")
	h := s.Hash()
	// The raider's turn mode B at speed 12 needs 1 hex before a turn;
	// turning twice after the exit is illegal.
	bad := MovePlan{Unit: "k", Steps: []MoveStep{{Op: OpForward}, {Op: OpTurnLeft}, {Op: OpTurnLeft}, {Op: OpForward}}}
	evs, err := s.Apply(moveCmd("blue", bad))
	if err == nil || len(evs) != 0 || s.Hash() != h {
		t.Fatalf("GRN.3: an illegal plan after a rift exit: err %v, %d events, state changed %v", err, len(evs), s.Hash() != h)
	}
	if _, err := s.PlanOdds(bad); err == nil {
		t.Fatal("GRN.3: odds for an illegal plan")
	}
	// A legal plan with two exits: both rolls come after the plan is
	// accepted, and the move event comes after them.
	s2 := riftState(t, RulingLRR, corvette("c", Hex{0, -2}, DirA, 12))
	rig(t, s2, false, false)
	evs = move(t, s2, 1, MovePlan{Unit: "c", Steps: fwd(3)})
	if len(riftRolls(evs)) != 2 {
		t.Fatalf("GRN.3: %d rolls", len(riftRolls(evs)))
	}
}

// The odds shown before a move are those of the move: over 4,000 seeds
// the share of ships that get through a three-exit plan is (7/10)^3
// within 4 standard errors, and for every seed the ship gets through
// exactly when none of its rolls is 1-3.
func TestPlanOddsMatchOutcomes(t *testing.T) {
	base := riftState(t, RulingLRR, corvette("c", Hex{0, -2}, DirA, 12),
		Unit{ID: "wing", Side: "blue", Class: "fighter", Status: StatusCarried, CarriedBy: "c"})
	plan := MovePlan{Unit: "c", Steps: fwd(4)}
	atMovement(base, 1, "c")
	o, err := base.PlanOdds(plan)
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Exits) != 3 || o.SurviveExact != "343/1000" || o.Bonus != 3 || len(o.Cargo) != 1 || o.Cargo[0] != "wing" {
		t.Fatalf("odds %+v", o)
	}
	if e := o.Exits[1]; e.System != "beta" || e.From != (Hex{0, -4}) || e.Step != 2 || e.Move != 2 || e.Bonus != 1 {
		t.Fatalf("second exit %+v", e)
	}
	const n = 4000
	through := 0
	for seed := range uint64(n) {
		s := base.Clone()
		s.RNG = NewRNG(seed)
		g := s.RNG
		want := true
		for range o.Exits {
			if g.throw(D10).Total <= RiftRemoveMax {
				want = false
				break
			}
		}
		evs := mustApply(t, s, moveCmd("blue", plan))
		got := s.Unit("c").OnMap()
		for i, e := range riftRolls(evs) {
			// GR41.2: each removal roll records its 3 in 10, and
			// only the last one rolled can have removed the unit.
			if c := (Chance{In: 3, Of: 10, Came: e.Roll.Total <= RiftRemoveMax}); e.Chance != c || (c.Came && (got || i != len(riftRolls(evs))-1)) {
				t.Fatalf("seed %d: roll %d records %+v, want %+v", seed, i, e.Chance, c)
			}
		}
		if got != want || (s.Unit("wing").Status == StatusCarried) != got {
			t.Fatalf("seed %d: through %v, predicted %v, wing %s", seed, got, want, s.Unit("wing").Status)
		}
		if got {
			through++
		}
	}
	rate, se := float64(through)/n, math.Sqrt(o.Survive*(1-o.Survive)/n)
	if math.Abs(rate-o.Survive) > 4*se {
		t.Fatalf("through %.4f, odds %.4f", rate, o.Survive)
	}
}

// GR41.2: a ship docked to the mover leaves the rift too and rolls its
// own die, just after the mover's and only if the mover came through its
// own: a mover removed at the rift's edge leaves its partner there,
// undocked, with no roll, since neither leaves. A partner removed stays
// at the edge while the mover goes on. The odds of the partner are those
// outcomes' own, over 3,000 seeds within 4 standard errors.
func TestRiftDockedPartner(t *testing.T) {
	mk := func() *State {
		s := riftState(t, RulingThundersEdge, corvette("a", Hex{0, -2}, DirA, 12), corvette("b", Hex{0, -2}, DirA, 12))
		s.Unit("a").Ship.Docked, s.Unit("b").Ship.Docked = "b", "a"
		atMovement(s, 1, "a")
		return s
	}
	tests := []struct {
		name    string
		hexes   int
		removes []bool
		rolls   int
		a, b    UnitStatus
		aAt     Hex
		bAt     Hex
	}{
		{"GR41.2/mover_removed", 1, []bool{true}, 1, StatusReserve, StatusOnMap, Hex{0, -2}, Hex{0, -2}},
		{"GR41.2/partner_removed", 2, []bool{false, true}, 2, StatusOnMap, StatusReserve, Hex{0, -4}, Hex{0, -2}},
		{"GR41.2/both_spared", 2, []bool{false, false}, 2, StatusOnMap, StatusOnMap, Hex{0, -4}, Hex{0, -4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := mk()
			rig(t, s, tt.removes...)
			evs := mustApply(t, s, moveCmd("blue", MovePlan{Unit: "a", Steps: fwd(tt.hexes)}))
			a, b := s.Unit("a"), s.Unit("b")
			if n := len(riftRolls(evs)); n != tt.rolls || a.Status != tt.a || b.Status != tt.b || a.Hex != tt.aAt || b.Hex != tt.bAt {
				t.Fatalf("%d rolls; a %s at %v, b %s at %v; want %d rolls, a %s at %v, b %s at %v",
					n, a.Status, a.Hex, b.Status, b.Hex, tt.rolls, tt.a, tt.aAt, tt.b, tt.bAt)
			}
			if tt.a != tt.b && (a.Ship.Docked != "" || b.Ship.Docked != "") {
				t.Fatalf("one removed, the other still docked: a %q, b %q", a.Ship.Docked, b.Ship.Docked)
			}
		})
	}
	t.Run("GR41.2/partner_odds", func(t *testing.T) {
		// Out of alpha, through beta: two exits. The partner is lost on
		// the first with 7/10 x 3/10, on the second with (7/10)^3 x
		// 3/10: it stays with 1 - 0.21 - 0.1029.
		plan := MovePlan{Unit: "a", Steps: fwd(3)}
		o, err := mk().PlanOdds(plan)
		if err != nil || o.Partner != "b" || math.Abs(o.PartnerSurvive-0.6871) > 1e-9 {
			t.Fatalf("partner odds %+v %v", o, err)
		}
		const n = 3000
		on := 0
		for seed := range uint64(n) {
			s := mk()
			s.RNG = NewRNG(seed)
			mustApply(t, s, moveCmd("blue", plan))
			if s.Unit("b").OnMap() {
				on++
			}
		}
		rate, se := float64(on)/n, math.Sqrt(o.PartnerSurvive*(1-o.PartnerSurvive)/n)
		if math.Abs(rate-o.PartnerSurvive) > 4*se {
			t.Fatalf("partner on the board in %.4f of %d games, odds %.4f", rate, n, o.PartnerSurvive)
		}
	})
}

// GRN.10: a carrier removed before the pick-up it planned leaves the unit
// where it is; one that gets through takes it aboard.
func TestRiftPickUp(t *testing.T) {
	mk := func() *State {
		return riftState(t, RulingThundersEdge, ship("v", "blue", "vel-carrier", Hex{0, -2}, DirA, 6),
			ship("wing", "blue", "fighter", Hex{0, -3}, DirA, 12), ship("wing2", "blue", "fighter", Hex{0, -2}, DirA, 12))
	}
	plan := MovePlan{Unit: "v", Steps: fwd(1), PickUp: []UnitID{"wing"}}
	t.Run("GRN.10/removed", func(t *testing.T) {
		s := mk()
		rig(t, s, true)
		evs := move(t, s, 1, plan)
		w := s.Unit("wing")
		if !w.OnMap() || w.Hex != (Hex{0, -3}) {
			t.Fatalf("GRN.10: wing %s at %v", w.Status, w.Hex)
		}
		found := false
		for _, e := range evs {
			found = found || e.Clause == "GRN.10"
		}
		if !found {
			t.Fatal("GRN.10: no log line")
		}
	})
	t.Run("GRN.10/through", func(t *testing.T) {
		s := mk()
		rig(t, s, false)
		move(t, s, 1, plan)
		if w := s.Unit("wing"); w.Status != StatusCarried || w.CarriedBy != "v" {
			t.Fatalf("pick-up: wing %s by %q", w.Status, w.CarriedBy)
		}
	})
	t.Run("bad_pick_ups", func(t *testing.T) {
		s := mk()
		atMovement(s, 1, "v")
		for _, p := range []MovePlan{
			{Unit: "v", Steps: fwd(1), PickUp: []UnitID{"wing2"}}, // not where the plan ends
			{Unit: "v", Steps: fwd(1), PickUp: []UnitID{"v"}},
			{Unit: "v", Steps: fwd(1), PickUp: []UnitID{"wing", "wing"}},
		} {
			if _, err := s.PlanOdds(p); err == nil {
				t.Errorf("pick-up %s accepted", p)
			}
		}
	})
}

// GRN.4: with a fleet limit, a ship removed by a rift does not count in
// its destination: after it is removed another ship may move in.
func TestRiftFleetLimit(t *testing.T) {
	mk := func() *State {
		s := riftState(t, RulingThundersEdge, corvette("a", Hex{0, -2}, DirA, 12), corvette("b", Hex{1, -3}, DirA, 12),
			corvette("x", Hex{0, -7}, DirA, 0))
		s.Ruleset.FleetLimit = 2
		return s
	}
	// a plans from alpha into Calm (0,-7), where x already is.
	toCalm := MovePlan{Unit: "a", Steps: fwd(5)}
	bToCalm := MovePlan{Unit: "b", Steps: append(fwd(4), MoveStep{Op: OpSlipLeft})}
	t.Run("GRN.4/survivor_counts", func(t *testing.T) {
		s := mk()
		rig(t, s, false, false, false)
		move(t, s, 1, toCalm)
		if s.Unit("a").Hex != (Hex{0, -7}) {
			t.Fatalf("a at %v", s.Unit("a").Hex)
		}
		atMovement(s, 1, "b")
		if _, err := s.PlanOdds(bToCalm); err == nil || !strings.Contains(err.Error(), "GRN.4") {
			t.Fatalf("GRN.4: a third ship into Calm: %v", err)
		}
	})
	t.Run("GRN.4/removed_does_not_count", func(t *testing.T) {
		s := mk()
		rig(t, s, true)
		move(t, s, 1, toCalm)
		if s.Unit("a").Status != StatusReserve {
			t.Fatal("a not removed")
		}
		atMovement(s, 1, "b")
		o, err := s.PlanOdds(bToCalm)
		if err != nil {
			t.Fatalf("GRN.4: the removed ship still counts: %v", err)
		}
		if o.Path[len(o.Path)-1] != (Hex{0, -7}) {
			t.Fatalf("b's plan ends at %v", o.Path[len(o.Path)-1])
		}
	})
}

// GRN.3: while a move waits at a rift's edge for the impulse's other
// plans, those plans find its unit where its declared move ends, which is
// where it will be unless its roll removes it: it counts there for the
// fleet limit (GRN.4), a ram on it must end there, and a carrier cannot
// pick it up from the edge it is about to leave.
func TestRiftHeldMoveIsWhereItEnds(t *testing.T) {
	redAt := func(id UnitID, h Hex, f Direction) Unit {
		u := corvette(id, h, f, 12)
		u.Side = "red"
		return u
	}
	tests := []struct {
		name    string
		units   []Unit
		limit   int
		first   MovePlan
		second  MovePlan
		wantErr string
	}{
		{"GRN.4/counts_where_it_goes",
			[]Unit{corvette("a", Hex{0, -2}, DirA, 12), corvette("b", Hex{1, -3}, DirA, 12), corvette("x", Hex{0, -7}, DirA, 0)}, 2,
			MovePlan{Unit: "a", Steps: fwd(5)}, MovePlan{Unit: "b", Steps: append(fwd(4), MoveStep{Op: OpSlipLeft})}, "GRN.4"},
		{"GRN.4/not_where_it_waits",
			[]Unit{corvette("a", Hex{0, -2}, DirA, 12), corvette("b", Hex{1, -1}, DirF, 12), corvette("x", Hex{0, -1}, DirA, 0)}, 2,
			MovePlan{Unit: "a", Steps: fwd(5)}, MovePlan{Unit: "b", Steps: fwd(1)}, ""},
		{"X4.RAM/at_its_end",
			[]Unit{redAt("r", Hex{0, -2}, DirA), corvette("b", Hex{3, -3}, DirF, 12)}, 0,
			MovePlan{Unit: "r", Steps: fwd(1)}, MovePlan{Unit: "b", Steps: fwd(3), Ram: "r"}, ""},
		{"X4.RAM/not_at_the_edge",
			[]Unit{redAt("r", Hex{0, -2}, DirA), corvette("b", Hex{2, -2}, DirF, 12)}, 0,
			MovePlan{Unit: "r", Steps: fwd(1)}, MovePlan{Unit: "b", Steps: fwd(2), Ram: "r"}, "X4.RAM"},
		{"GRN.10/no_pick_up_from_the_edge",
			[]Unit{ship("f", "blue", "fighter", Hex{0, -2}, DirA, 12), ship("v", "blue", "vel-carrier", Hex{1, -2}, DirF, 6)}, 0,
			MovePlan{Unit: "f", Steps: fwd(1)}, MovePlan{Unit: "v", Steps: fwd(1), PickUp: []UnitID{"f"}}, "GRN.3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := riftState(t, RulingThundersEdge, tt.units...)
			s.Ruleset.FleetLimit = tt.limit
			s.Clock = Clock{Turn: 1, Impulse: 1, Step: StepMovement}
			s.Turn = TurnState{Entered: true, Order: []Initiative{{Unit: tt.first.Unit}, {Unit: tt.second.Unit}}}
			mustApply(t, s, moveCmd(s.Unit(tt.first.Unit).Side, tt.first))
			if s.heldOf(tt.first.Unit) == nil {
				t.Fatalf("%s's move out of the rift is not held", tt.first.Unit)
			}
			_, err := s.Apply(moveCmd(s.Unit(tt.second.Unit).Side, tt.second))
			if tt.wantErr == "" && err != nil || tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)) {
				t.Fatalf("%s: %v, want %q", tt.second, err, tt.wantErr)
			}
		})
	}
}

// GRN.5-8: withdrawal through a rift, declared in Declare Movement.
func TestRiftWithdrawal(t *testing.T) {
	mk := func() *State {
		s := riftState(t, RulingLRR,
			ship("v", "blue", "vel-carrier", Hex{0, -2}, DirA, 6),
			ship("f1", "blue", "fighter", Hex{0, -2}, DirA, 12),
			ship("f2", "blue", "fighter", Hex{0, -2}, DirA, 12),
			ship("k", "blue", "kor-raider", Hex{0, -4}, DirA, 6),
			ship("out", "blue", "kor-raider", Hex{5, 5}, DirA, 6),
			ship("r", "red", "kor-raider", Hex{9, 9}, DirA, 0))
		s.Clock = Clock{Turn: 1, Step: StepDeclareMovement}
		s.Turn = TurnState{Entered: true, Waiting: []SideID{"blue", "red"}}
		return s
	}
	decl := []Declaration{
		{Unit: "f2", Withdraw: true},                       // moves itself
		{Unit: "k", Withdraw: true},                        // a ship
		{Unit: "v", Withdraw: true, Carry: []UnitID{"f1"}}, // carries f1
	}
	t.Run("GRN.5/declarations", func(t *testing.T) {
		s := mk()
		for _, ds := range [][]Declaration{
			{{Unit: "out", Withdraw: true}},                                                    // not in a rift
			{{Unit: "v", Withdraw: true, Carry: []UnitID{"k"}}},                                // not small craft
			{{Unit: "v", Withdraw: true, Carry: []UnitID{"f2"}}, {Unit: "f2", Withdraw: true}}, // both
			{{Unit: "v", Carry: []UnitID{"f1"}}},                                               // carries without withdrawing
			{{Unit: "k", Withdraw: true, Warp: true}},
		} {
			if _, err := s.Apply(Command{Kind: CmdDeclare, Side: "blue", Declarations: ds}); err == nil {
				t.Errorf("GRN.5: %v accepted", ds)
			}
		}
	})
	t.Run("GRN.6/rolls", func(t *testing.T) {
		// In unit order f2, k, v roll; f1 rides in v and does not. f2
		// is lost, k and v get out.
		s := mk()
		rig(t, s, true, false, false)
		mustApply(t, s, Command{Kind: CmdDeclare, Side: "blue", Declarations: decl})
		evs := mustApply(t, s, Command{Kind: CmdDeclare, Side: "red"})
		rolls := riftRolls(evs)
		var who []string
		for _, r := range rolls {
			who = append(who, string(r.Unit)+":"+r.Clause)
		}
		if strings.Join(who, " ") != "f2:GRN.6 k:GRN.6 v:GRN.6" {
			t.Fatalf("GRN.6: rolls %v", who)
		}
		want := map[UnitID]UnitStatus{"f2": StatusReserve, "k": StatusWithdrawn, "v": StatusWithdrawn, "f1": StatusWithdrawn}
		for id, st := range want {
			if got := s.Unit(id).Status; got != st {
				t.Errorf("GRN.6: %s is %s, want %s", id, got, st)
			}
		}
		// GRN.7: the +1 has no effect on a withdrawal.
		if s.Unit("k").Ship.Move.Bonus != 0 {
			t.Fatal("GRN.7: a withdrawal gave a bonus")
		}
	})
	t.Run("GRN.8/all_lost", func(t *testing.T) {
		s := mk()
		rig(t, s, true, true, true)
		mustApply(t, s, Command{Kind: CmdDeclare, Side: "blue", Declarations: decl})
		evs := mustApply(t, s, Command{Kind: CmdDeclare, Side: "red"})
		found := false
		for _, e := range evs {
			found = found || e.Clause == "GRN.8"
		}
		if !found || s.Unit("f1").Status != StatusReserve || s.Unit("v").Status != StatusReserve {
			t.Fatalf("GRN.8: logged %v, f1 %s", found, s.Unit("f1").Status)
		}
	})
}

// GR41.2.3 through the turn machine: a corvette removed by a rift in turn
// 1 re-enters beside its starbase at turn 2's Declare Movement.
func TestRiftReserveInPlay(t *testing.T) {
	s := riftState(t, RulingThundersEdge, corvette("c", Hex{0, -2}, DirA, 6),
		ship("home", "blue", "vel-starbase", Hex{3, 3}, DirA, 0),
		ship("r", "red", "kor-raider", Hex{12, 12}, DirA, 6))
	s.Advance()
	removedAt, back := Clock{}, false
	for guard := 0; guard < 5000 && s.Clock.Turn < 3 && !back; guard++ {
		p := s.Pending()
		if len(p) == 0 {
			s.Advance()
			continue
		}
		cs := s.Legal(p[0])
		if len(cs) == 0 {
			t.Fatalf("no legal command for %s at %s", p[0], s.Clock)
		}
		c := cs[0]
		switch s.Expecting() {
		case CmdMove:
			if id, _ := s.Mover(); id == "c" && removedAt.Turn == 0 {
				for _, lc := range cs {
					if o, err := s.PlanOdds(*lc.Move); err == nil && len(o.Exits) > 0 {
						c = lc
						rig(t, s, true)
						removedAt = s.Clock
						break
					}
				}
			}
		case CmdDeclare:
			if p[0] == "blue" && s.Unit("c").Status == StatusReserve {
				hs := s.ReentryHexes("c")
				c = Command{Kind: CmdDeclare, Side: "blue", Declarations: []Declaration{{Unit: "c", Enter: &hs[0], Facing: DirB}}}
				back = true
			}
		}
		mustApply(t, s, c)
	}
	if removedAt.Turn != 1 || !back {
		t.Fatalf("GR41.2.3: removed at %s, re-entry declared %v", removedAt, back)
	}
	for len(s.Pending()) > 0 && s.Expecting() == CmdDeclare {
		mustApply(t, s, s.Legal(s.Pending()[0])[0])
	}
	if u := s.Unit("c"); !u.OnMap() || u.Hex != (Hex{2, 3}) || s.Clock.Turn != 2 {
		t.Fatalf("GR41.2.3: after re-entry %s at %v, %s", u.Status, u.Hex, s.Clock)
	}
}

// GR41.2: "each ship that would move out of or through a gravity rift"
// rolls, so a ship a tractor beam drags out of a rift rolls its own die
// just before it leaves, like one moving itself (a docked partner already
// does); removed, it goes to reserve and the beam has nothing to hold.
func TestRiftTowedOut(t *testing.T) {
	tests := []struct {
		name    string
		removed bool
	}{
		{"GR41.2/towed and removed", true},
		{"GR41.2/towed and spared", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := riftState(t, RulingThundersEdge, corvette("h", Hex{1, -2}, DirA, 6), corvette("t", Hex{0, -2}, DirA, 0))
			s.Unit("h").Gear.Tractor = "t"
			atMovement(s, 1, "h")
			o, err := s.PlanOdds(MovePlan{Unit: "h", Steps: fwd(1)})
			if err != nil || o.Towed != "t" || math.Abs(o.TowedSurvive-0.7) > 1e-9 {
				t.Fatalf("GR41.2: towed odds %+v %v", o, err)
			}
			rig(t, s, tt.removed)
			evs := move(t, s, 1, MovePlan{Unit: "h", Steps: fwd(1)})
			rolls := riftRolls(evs)
			if len(rolls) != 1 || rolls[0].Unit != "t" {
				t.Fatalf("GR41.2: rolls %v, want one for the towed t", rolls)
			}
			h, tw := s.Unit("h"), s.Unit("t")
			if h.Hex != (Hex{1, -3}) {
				t.Fatalf("the holder is at %v", h.Hex)
			}
			if tt.removed && tw.Status != StatusReserve {
				t.Fatalf("GR41.2: towed t %s at %v, want reserve", tw.Status, tw.Hex)
			}
			if !tt.removed && (!tw.OnMap() || tw.Hex != (Hex{0, -3})) {
				t.Fatalf("GR41.2: towed t %s at %v, want on the map at 0,-3", tw.Status, tw.Hex)
			}
		})
	}
}

// GRN.3: all movement is declared before any removal roll, and no side
// moves a ship after seeing one. Three units leave a rift in one impulse,
// blue, red, blue in initiative order; the first is doomed. No die is
// thrown and nobody is removed while any of them still has to move: each
// move waits at its rift's edge, and the second blue ship is planned
// without knowing the first's fate. When the last plan is in, the moves
// go on in their order, each rolling as it leaves (GR41.2).
func TestRiftRollsAfterAllMovement(t *testing.T) {
	blueA, red, blueB := corvette("a", Hex{0, -2}, DirA, 12), corvette("r", Hex{0, -5}, DirA, 12), corvette("b", Hex{0, -4}, DirA, 12)
	red.Side = "red"
	s := riftState(t, RulingLRR, blueA, red, blueB)
	rig(t, s, true, false, false)
	s.Clock = Clock{Turn: 1, Impulse: 1, Step: StepMovement}
	s.Turn = TurnState{Entered: true, Order: []Initiative{{Unit: "a"}, {Unit: "r"}, {Unit: "b"}}}
	rng := s.RNG
	for i, mv := range []struct {
		side SideID
		unit UnitID
	}{{"blue", "a"}, {"red", "r"}, {"blue", "b"}} {
		evs := mustApply(t, s, moveCmd(mv.side, MovePlan{Unit: mv.unit, Steps: fwd(1)}))
		rolls := riftRolls(evs)
		if i < 2 {
			if len(rolls) != 0 || s.RNG != rng || !s.Unit("a").OnMap() {
				t.Fatalf("GRN.3: after %s's move, with ships still to move: rolls %v, a %s", mv.unit, rolls, s.Unit("a").Status)
			}
			if a := s.Unit("a"); a.Hex != (Hex{0, -2}) || len(s.Turn.Held) != i+1 {
				t.Fatalf("GR41.2: a is at %v with %d moves held, want it waiting at the edge, 0,-2", a.Hex, len(s.Turn.Held))
			}
			if next, _ := s.Mover(); next != []UnitID{"r", "b"}[i] {
				t.Fatalf("GRN.3: after %s's move the mover is %q", mv.unit, next)
			}
			// The rolls owed are part of the state: a save made now
			// restores them.
			b, err := json.Marshal(s)
			var back State
			if err != nil || json.Unmarshal(b, &back) != nil || back.Hash() != s.Hash() || len(s.Turn.Held) == 0 || len(back.Turn.Held) != len(s.Turn.Held) {
				t.Fatalf("GRN.3: the owed rolls do not survive a save: %v", err)
			}
			continue
		}
		var order []UnitID
		for _, r := range rolls {
			order = append(order, r.Unit)
		}
		if !slices.Equal(order, []UnitID{"a", "r", "b"}) {
			t.Fatalf("GRN.3: rolls %v once all have moved, want one each in exit order", order)
		}
	}
	if a := s.Unit("a"); a.Status != StatusReserve || a.Hex != (Hex{0, -2}) || !s.Unit("r").OnMap() || !s.Unit("b").OnMap() {
		t.Fatalf("GR41.2: a %s at %v, r %s, b %s", a.Status, a.Hex, s.Unit("r").Status, s.Unit("b").Status)
	}
	if r, b := s.Unit("r"), s.Unit("b"); r.Hex != (Hex{0, -6}) || b.Hex != (Hex{0, -5}) || len(s.Turn.Held) != 0 {
		t.Fatalf("GR41.2: the spared went on to r %v, b %v, with %d moves still held", r.Hex, b.Hex, len(s.Turn.Held))
	}
}
