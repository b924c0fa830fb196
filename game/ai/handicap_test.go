package ai

import (
	"reflect"
	"testing"

	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// TestLevelsJudgeWorseAsDesigned plays first-contact with normal players
// and, at every movement plan of the federation with an enemy within 14
// hexes, has easy and normal choose with their handicaps (handicap.go)
// under several seeds. Each choice is weighed by the same level's own
// evaluation without the handicap: its regret is how far the chosen
// plan's score falls short of the best. Normal must choose worse than
// its clean evaluation at some positions, and easy worse than normal on
// average. The choices are seeded: the same seed chooses the same plan.
func TestLevelsJudgeWorseAsDesigned(t *testing.T) {
	src, err := scenarios.ReadSource("first-contact")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := src.Load()
	if err != nil {
		t.Fatal(err)
	}
	st, err := rules.NewState(sc.Setup(), 3)
	if err != nil {
		t.Fatal(err)
	}
	const me rules.SideID = "federation"
	drivers := map[rules.SideID]*Player{}
	for _, sd := range st.Sides {
		drivers[sd.ID] = New(Normal, 3, sd.ID)
	}
	levels := []Level{Easy, Normal}
	regret := map[Level]float64{}
	worse := map[Level]int{}
	positions, choices := 0, 0
	st.Advance()
	for step := 0; step < 900 && st.Clock.Step != rules.StepGameOver && positions < 25; step++ {
		pend := st.Pending()
		if len(pend) == 0 {
			st.Advance()
			continue
		}
		side := pend[0]
		v, legal, o := st.View(side), st.Legal(side), stateOracle{st, side}
		if side == me && v.Expecting == rules.CmdMove && EnemyWithin(v, searchReach) {
			positions++
			for _, level := range levels {
				// The level's own evaluation, without its handicap.
				clean := New(level, 1, me)
				clean.hc = handicap{}
				clean.steps, clean.budget = 0, level.Budget()
				k := newKnowledge(v, me)
				u := k.unit(v.Mover)
				worth := func(pl rules.MovePlan) float64 {
					odds, err := o.PlanOdds(pl)
					if err != nil {
						t.Fatalf("%s: plan %s refused: %v", level, pl, err)
					}
					return clean.scorePlan(k, u, pl, odds)
				}
				cands := clean.move(k, legal, o)
				if len(cands) == 0 {
					t.Fatalf("%s: no movement candidates at %s", level, st.Clock)
				}
				best := worth(*cands[0].Move)
				for seed := uint64(1); seed <= 4; seed++ {
					cmd := New(level, seed, me).Decide(v, legal, o)
					if again := New(level, seed, me).Decide(v, legal, o); !reflect.DeepEqual(cmd, again) {
						t.Fatalf("%s, seed %d at %s: two choices, %s and %s", level, seed, st.Clock, cmd, again)
					}
					if cmd.Move == nil {
						t.Fatalf("%s at %s: no movement plan chosen: %s", level, st.Clock, cmd)
					}
					r := best - worth(*cmd.Move)
					if r < -1e-9 {
						t.Fatalf("%s at %s: the chosen plan scores %.3f above the clean best", level, st.Clock, -r)
					}
					regret[level] += r
					if r > 1e-9 {
						worse[level]++
					}
					choices++
				}
			}
		}
		cmd := drivers[side].Decide(v, legal, o)
		if _, err := st.Apply(cmd); err != nil {
			t.Fatal(err)
		}
	}
	if positions < 10 {
		t.Fatalf("only %d positions with an enemy near", positions)
	}
	n := float64(choices / len(levels))
	t.Logf("%d positions: mean regret easy %.3f (%d worse choices), normal %.3f (%d worse)",
		positions, regret[Easy]/n, worse[Easy], regret[Normal]/n, worse[Normal])
	if worse[Normal] == 0 {
		t.Error("normal's handicap never changed its choice")
	}
	if regret[Easy] <= regret[Normal] {
		t.Errorf("easy's mean regret %.3f is not above normal's %.3f", regret[Easy]/n, regret[Normal]/n)
	}
}
