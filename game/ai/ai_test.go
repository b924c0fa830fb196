package ai_test

import (
	"encoding/json"
	"os"
	"reflect"
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
// reinforcement, armed weapons and paid erratic maneuvers, and where a
// phased-out enemy is.
func hide(side rules.SideID, phased rules.UnitID) func(*rules.State) {
	return func(st *rules.State) {
		for i := range st.Units {
			u := &st.Units[i]
			if u.Side == side || u.Ship == nil {
				continue
			}
			u.Ship.Battery = u.Ship.Boxes[rules.SysBattery] - u.Ship.Battery
			u.Ship.Reinforce[2] += 3
			u.Ship.ErraticPaid = 1 - min(u.Ship.ErraticPaid, 1)
			for m := range u.Ship.Mounts {
				u.Ship.Mounts[m].Armed = !u.Ship.Mounts[m].Armed
			}
			if u.ID == phased && u.PhasedOut {
				u.Hex = u.Hex.Add(rules.Hex{Q: 2, R: -1})
			}
		}
	}
}

// TestDecisionsIgnoreHiddenInformation plays a game and, at every
// decision of one side, asks a fresh hard player to decide in the real
// state and in one that differs only in what that side may not know. The
// views must be the same, and so must the decisions.
func TestDecisionsIgnoreHiddenInformation(t *testing.T) {
	for _, level := range ai.Levels {
		src := source(t, "first-contact")
		sc, _ := src.Load()
		seats := match.DefaultSeats(sc)
		st, err := rules.NewState(sc.Setup(), 3)
		if err != nil {
			t.Fatal(err)
		}
		const me = rules.SideID("federation")
		// One enemy is out of phase in both states, at different hexes.
		var phased rules.UnitID
		st = copyState(t, st, func(s *rules.State) {
			for i := range s.Units {
				if u := &s.Units[i]; u.Side != me && u.OnMap() && u.Kind == rules.KindShip {
					u.PhasedOut, phased = true, u.ID
					return
				}
			}
		})
		ctrl := map[rules.SideID]match.Controller{}
		for _, seat := range seats {
			seat.Level = "hard"
			ctrl[seat.Side] = match.NewController(seat, 3)
		}
		decisions := 0
		for steps := 0; steps < 3000 && pending(st) != ""; steps++ {
			side := pending(st)
			legal := st.Legal(side)
			if side == me {
				other := copyState(t, st, hide(me, phased))
				if st.Hash() == other.Hash() {
					t.Fatal("the hidden edit changed nothing")
				}
				v1, v2 := st.View(me), other.View(me)
				if !reflect.DeepEqual(v1, v2) {
					t.Fatalf("views differ at %s", st.Clock)
				}
				p1, p2 := ai.New(level, 11, me), ai.New(level, 11, me)
				c1 := p1.Decide(v1, legal, match.NewDesk(st, me))
				c2 := p2.Decide(v2, other.Legal(me), match.NewDesk(other, me))
				if !reflect.DeepEqual(c1, c2) {
					t.Fatalf("%s at %s: the decision depends on hidden information:\n%s\n%s", level, st.Clock, c1, c2)
				}
				decisions++
			}
			cmd := ctrl[side].Decide(st.View(side), legal)
			if _, err := st.Apply(cmd); err != nil {
				t.Fatal(err)
			}
		}
		if decisions < 50 {
			t.Fatalf("only %d decisions checked", decisions)
		}
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
	legalP := map[rules.SideID]match.Controller{"federation": match.NewLegalPlayer(1, me), "korath": match.NewLegalPlayer(1, "korath")}
	points := map[rules.CommandKind]*rules.State{}
	for n := 0; n < 5000 && len(points) < 3 && pending(st) != ""; n++ {
		side := pending(st)
		k := st.Expecting()
		if side == me && points[k] == nil && (k == rules.CmdAllocate || k == rules.CmdMove || (k == rules.CmdFire && st.Clock.Turn >= 2 && len(st.Legal(me)) > 1)) {
			points[k] = st.Clone()
		}
		if _, err := st.Apply(legalP[side].Decide(st.View(side), st.Legal(side))); err != nil {
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
		})
	}
}
