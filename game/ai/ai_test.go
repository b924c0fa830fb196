package ai_test

import (
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"testing"

	"github.com/hexrift/hexrift/game/ai"
	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// pending runs st on to the next choice and returns the first side that
// must act, or "" when the game is over.
func pending(st *rules.State) rules.SideID {
	for range 1000 {
		if st.Clock.Step == rules.StepGameOver {
			return ""
		}
		if p := st.Pending(); len(p) > 0 {
			return p[0]
		}
		st.Advance()
	}
	return ""
}

func source(t testing.TB, arg string) scenarios.Source {
	t.Helper()
	src, err := scenarios.ReadSource(arg)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// copyState returns a deep copy of st through its saved form, so that
// its indexes are rebuilt after edit changes it.
func copyState(t testing.TB, st *rules.State, edit func(*rules.State)) *rules.State {
	t.Helper()
	b, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	var c rules.State
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	if edit == nil {
		return &c
	}
	edit(&c)
	return copyState(t, &c, nil)
}

// playGame plays a whole game with the given level per side and returns
// its final state hash.
func playGame(t testing.TB, arg string, seed uint64, levels map[rules.SideID]string) (string, rules.Outcome) {
	t.Helper()
	src := source(t, arg)
	sc, _ := src.Load()
	seats := match.DefaultSeats(sc)
	for i := range seats {
		seats[i].Kind, seats[i].Level = match.SeatComputer, levels[seats[i].Side]
	}
	s, err := match.NewSession(src, seed, seats)
	if err != nil {
		t.Fatal(err)
	}
	ctrl := map[rules.SideID]match.Controller{}
	for _, seat := range seats {
		ctrl[seat.Side] = match.Bind(match.NewController(seat, seed), s)
	}
	if err := s.PlayUntil(ctrl, func(*rules.State) bool { return false }); err != nil {
		t.Fatal(err)
	}
	return s.State.Hash().String(), s.State.Outcome()
}

func TestSameSeedSameGame(t *testing.T) {
	levels := map[rules.SideID]string{"federation": "hard", "korath": "easy"}
	h1, o := playGame(t, "first-contact", 7, levels)
	h2, _ := playGame(t, "first-contact", 7, levels)
	if h1 != h2 {
		t.Fatalf("same seed, different games: %s and %s", h1, h2)
	}
	if !o.Over {
		t.Fatalf("game not over: %v", o)
	}
	levels["federation"] = "normal"
	if h3, _ := playGame(t, "first-contact", 7, levels); h3 == h1 {
		t.Fatalf("normal and hard played the same game")
	}
}

// hide changes what side may not know: the other sides' batteries,
// reinforcement, armed weapons, paid erratic maneuvers and old speeds
// (what a warp entry adds, X4.WARP), the classes of the craft their
// carriers hold, where a phased-out enemy and a hidden enemy mine are,
// and the phased-out enemy's speed and warp.
func hide(side rules.SideID, phased rules.UnitID) func(*rules.State) {
	return func(st *rules.State) {
		for i := range st.Units {
			u := &st.Units[i]
			if u.ID == hiddenMine && u.Side != side && u.OnMap() {
				u.Hex = u.Hex.Add(rules.Hex{Q: -1, R: 1})
			}
			if u.Side == side || u.Ship == nil {
				continue
			}
			if u.Status == rules.StatusCarried {
				// Which craft another side's carrier holds.
				u.Class = map[rules.ClassID]rules.ClassID{"fighter": "shuttle", "shuttle": "fighter"}[u.Class]
			}
			u.Ship.Battery = u.Ship.Boxes[rules.SysBattery] - u.Ship.Battery
			u.Ship.Reinforce[2] += 3
			u.Ship.ErraticPaid = 1 - min(u.Ship.ErraticPaid, 1)
			u.Ship.PrevSpeed += 3
			for m := range u.Ship.Mounts {
				u.Ship.Mounts[m].Armed = !u.Ship.Mounts[m].Armed
			}
			if u.ID == phased && u.PhasedOut {
				u.Hex = u.Hex.Add(rules.Hex{Q: 2, R: -1})
				u.Speed += 5
				u.Ship.Warp = !u.Ship.Warp
			}
		}
	}
}

// nextSide runs st on to the next choice and returns the side that acts
// next: another side before me when several must commit in the same
// simultaneous step, so that me decides with their orders sealed. It
// returns "" when the game is over.
func nextSide(st *rules.State, me rules.SideID) rules.SideID {
	side := pending(st)
	for _, sd := range st.Pending() {
		if sd != me {
			return sd
		}
	}
	return side
}

// hiddenMine is the mine another side lays near me in the fairness games:
// me cannot see it, and hide moves it.
const hiddenMine = rules.UnitID("fairness-mine")

// TestDecisionsIgnoreHiddenInformation plays games of a few bundled
// scenarios and, at every decision of one side, asks fresh players of
// each level to decide in the real state and in states that differ only
// in what that side may not know: where a phased-out enemy and a hidden
// enemy mine are, the phased-out enemy's speed and warp, the other
// sides' batteries, armed weapons, paid erratic maneuvers, old speeds and
// carried craft (hide), and, in a simultaneous step (a sealed warp
// declaration among them), which order
// another side has already sealed. The views must be the same, and so
// must the decisions, hard's searched movement plans among them (its
// imagined states are built from the view alone).
func TestDecisionsIgnoreHiddenInformation(t *testing.T) {
	cases := []struct {
		scenario string
		me       rules.SideID
		seed     uint64
		// steps bounds the commands played.
		steps int
		// warps is set where me goes into warp (X4.WARP) in the game
		// and another side's sealed order is a warp.
		warps bool
	}{
		{"first-contact", "federation", 3, 1500, false},
		{"phase-drift", "korath", 5, 1200, false},
		{"storm-front", "velari", 7, 1000, false},
		{"drill-rift", "federation", 3, 1000, true},
	}
	for _, tc := range cases {
		t.Run(tc.scenario, func(t *testing.T) {
			sc, err := source(t, tc.scenario).Load()
			if err != nil {
				t.Fatal(err)
			}
			setup := sc.Setup()
			// One enemy lays a mine three hexes ahead of one of me's ships.
			var enemy rules.SideID
			var near rules.Hex
			for _, u := range setup.Units {
				if u.Side != tc.me && enemy == "" {
					enemy = u.Side
				}
				if u.Side == tc.me && near == (rules.Hex{}) && u.CarriedBy == "" {
					near = u.Hex.Add(rules.Hex{Q: 3, R: -1})
				}
			}
			setup.Units = append(setup.Units, rules.Unit{ID: hiddenMine, Side: enemy, Class: "mine", Hex: near})
			st, err := rules.NewState(setup, tc.seed)
			if err != nil {
				t.Fatal(err)
			}
			// One enemy ship is out of phase in every state, at different hexes.
			var phased rules.UnitID
			st = copyState(t, st, func(s *rules.State) {
				for i := range s.Units {
					if u := &s.Units[i]; u.Side != tc.me && u.OnMap() && u.Kind == rules.KindShip {
						u.PhasedOut, phased = true, u.ID
						return
					}
				}
			})
			drivers := map[rules.SideID]*ai.Player{}
			for _, sd := range st.Sides {
				drivers[sd.ID] = ai.New(ai.Normal, tc.seed, sd.ID)
			}
			decisions, sealedChecks, warps, sealedWarps, searched := 0, 0, 0, 0, 0
			var alt *rules.State // st with another sealed order, when there is one
			for steps := 0; steps < tc.steps; steps++ {
				side := nextSide(st, tc.me)
				if side == "" {
					break
				}
				legal := st.Legal(side)
				if drivers[side] == nil {
					// A side that joins with a rift's destination.
					drivers[side] = ai.New(ai.Normal, tc.seed, side)
				}
				cmd := drivers[side].Decide(st.View(side), legal, match.NewDesk(st, side))
				if side == tc.me {
					others := []*rules.State{copyState(t, st, hide(tc.me, phased))}
					if others[0].Hash() == st.Hash() {
						t.Fatal("the hidden edit changed nothing")
					}
					if alt != nil {
						others = append(others, alt)
						sealedChecks++
					}
					for _, other := range others {
						v1, v2 := st.View(tc.me), other.View(tc.me)
						if !reflect.DeepEqual(v1, v2) {
							t.Fatalf("views differ at %s", st.Clock)
						}
						for _, level := range ai.Levels {
							p1, p2 := ai.New(level, 11, tc.me), ai.New(level, 11, tc.me)
							c1 := p1.Decide(v1, legal, match.NewDesk(st, tc.me))
							c2 := p2.Decide(v2, other.Legal(tc.me), match.NewDesk(other, tc.me))
							if !reflect.DeepEqual(c1, c2) {
								t.Fatalf("%s at %s: the decision depends on hidden information:\n%s\n%s", level, st.Clock, c1, c2)
							}
							if slices.ContainsFunc(c1.Declarations, func(d rules.Declaration) bool { return d.Warp }) {
								warps++
							}
							if p1.Searched != p2.Searched {
								t.Fatalf("%s at %s: the search ran in one state only", level, st.Clock)
							}
							searched += p1.Searched
						}
					}
					decisions++
				}
				alt = nil
				if side != tc.me && slices.Contains(st.Pending(), tc.me) {
					// A simultaneous step: seal another of the side's
					// legal orders in a copy.
					for _, c := range legal {
						if reflect.DeepEqual(c, cmd) {
							continue
						}
						a, b := st.Clone(), st.Clone()
						if _, err := b.Apply(cmd); err != nil {
							t.Fatal(err)
						}
						if _, err := a.Apply(c); err == nil && slices.Contains(a.Pending(), tc.me) && a.Hash() != b.Hash() {
							alt = a
							if slices.ContainsFunc(c.Declarations, func(d rules.Declaration) bool { return d.Warp }) {
								sealedWarps++
							}
							break
						}
					}
				}
				if _, err := st.Apply(cmd); err != nil {
					t.Fatal(err)
				}
			}
			if tc.warps && (warps == 0 || sealedWarps == 0) {
				t.Fatalf("%d warp declarations checked, %d with another side's sealed warp", warps, sealedWarps)
			}
			if decisions < 50 || sealedChecks < 10 || searched < 5 {
				t.Fatalf("only %d decisions checked, %d of them with another sealed order, %d searched by hard", decisions, sealedChecks, searched)
			}
			t.Logf("%d decisions checked, %d with another sealed order (%d of them a warp), %d warp declarations, %d searched by hard (in imagined states of the view)", decisions, sealedChecks, sealedWarps, warps, searched)
		})
	}
}

// TestOracleAnswersOnlyForItsSide checks that the oracle refuses another
// side's commands, shots and plans.
func TestOracleAnswersOnlyForItsSide(t *testing.T) {
	sc, _ := source(t, "first-contact").Load()
	st, err := rules.NewState(sc.Setup(), 1)
	if err != nil {
		t.Fatal(err)
	}
	o := match.NewDesk(st, "federation")
	if o.Check(rules.Command{Kind: rules.CmdAllocate, Side: "korath"}) == nil {
		t.Error("Check answered for the other side")
	}
	if _, err := o.ShotOdds(rules.Shot{Attacker: "ironclaw", Mount: 0, Target: "kestrel"}); err == nil {
		t.Error("ShotOdds answered for an enemy mount")
	}
	if _, err := o.PlanOdds(rules.MovePlan{Unit: "ironclaw"}); err == nil {
		t.Error("PlanOdds answered for an enemy unit")
	}
}

// TestBudget checks that no decision takes more search steps than its
// level allows.
func TestBudget(t *testing.T) {
	sc, _ := source(t, "testdata/fleet20.yaml").Load()
	st, err := rules.NewState(sc.Setup(), 1)
	if err != nil {
		t.Fatal(err)
	}
	players := map[rules.SideID]*ai.Player{"federation": ai.New(ai.Hard, 1, "federation"), "korath": ai.New(ai.Normal, 1, "korath")}
	for n := 0; n < 400 && pending(st) != ""; n++ {
		side := pending(st)
		p := players[side]
		before := p.Steps
		cmd := p.Decide(st.View(side), st.Legal(side), match.NewDesk(st, side))
		if p.Steps-before > p.Level.Budget() {
			t.Fatalf("%s took %d steps, budget %d", p.Level, p.Steps-before, p.Level.Budget())
		}
		if _, err := st.Apply(cmd); err != nil {
			t.Fatal(err)
		}
	}
}

// BenchmarkAIDecide times hard decisions of a 20-ship side
// (testdata/fleet20.yaml): its energy allocation, a movement and its fire
// declaration with the fleets in range.
func BenchmarkAIDecide(b *testing.B) {
	if _, err := os.Stat("testdata/fleet20.yaml"); err != nil {
		b.Fatal(err)
	}
	sc, _ := source(b, "testdata/fleet20.yaml").Load()
	st, err := rules.NewState(sc.Setup(), 1)
	if err != nil {
		b.Fatal(err)
	}
	const me = rules.SideID("federation")
	// Normal players bring the fleets together armed, so the fire point
	// is a real volley decision (legal players stop arming after turn 1).
	drivers := map[rules.SideID]*ai.Player{"federation": ai.New(ai.Normal, 1, me), "korath": ai.New(ai.Normal, 1, "korath")}
	points := map[rules.CommandKind]*rules.State{}
	for n := 0; n < 5000 && len(points) < 3 && pending(st) != ""; n++ {
		side := pending(st)
		k := st.Expecting()
		// The movement point is one where hard's search weighs the plan:
		// an enemy ship within 10 hexes of the mover.
		if side == me && points[k] == nil && (k == rules.CmdAllocate || (k == rules.CmdMove && ai.EnemyWithin(st.View(me), 10, rules.KindShip)) || (k == rules.CmdFire && st.Clock.Turn >= 2 && len(st.Legal(me)) > 1)) {
			points[k] = st.Clone()
		}
		if _, err := st.Apply(drivers[side].Decide(st.View(side), st.Legal(side), match.NewDesk(st, side))); err != nil {
			b.Fatal(err)
		}
	}
	for _, k := range []rules.CommandKind{rules.CmdAllocate, rules.CmdMove, rules.CmdFire} {
		at := points[k]
		if at == nil {
			b.Fatalf("no %s decision reached", k)
		}
		b.Run(string(k), func(b *testing.B) {
			v, legal, o := at.View(me), at.Legal(me), match.NewDesk(at, me)
			p := ai.New(ai.Hard, 1, me)
			for b.Loop() {
				p.Decide(v, legal, o)
			}
			b.ReportMetric(float64(p.Steps)/float64(b.N), "steps/op")
			b.ReportMetric(float64(p.Searched)/float64(b.N), "searched/op")
		})
	}
}
