package ai

import (
	"reflect"
	"slices"
	"testing"

	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// stateOracle answers a side's questions from a rules state, as the
// game's desk does (the package's own tests cannot import game/match).
type stateOracle struct {
	st   *rules.State
	side rules.SideID
}

func (o stateOracle) Check(cmd rules.Command) error                  { return o.st.Check(cmd) }
func (o stateOracle) ShotOdds(sh rules.Shot) (rules.ShotOdds, error) { return o.st.ShotOdds(sh) }
func (o stateOracle) PlanOdds(pl rules.MovePlan) (rules.Odds, error) { return o.st.PlanOdds(pl) }
func (o stateOracle) TractorChoices() []rules.TractorChoice          { return o.st.TractorChoices(o.side) }
func (o stateOracle) DeviceChoices() []rules.DeviceChoice            { return o.st.DeviceChoices(o.side) }

// TestHardSearchesItsMoves plays games of bundled scenarios with hard
// players and, at every movement plan one side's search weighs, compares
// hard's choice with the best plan of its one-step evaluation. Where they
// differ, a second search over other imagined states (other seeds, more
// of them) must mostly agree that the searched plan is the better one:
// the search sees something the one-step evaluation does not (the movers
// after it, its own course next impulse, the rules' own odds), and hard
// acts on it.
func TestHardSearchesItsMoves(t *testing.T) {
	cases := []struct {
		scenario string
		me       rules.SideID
		seed     uint64
		steps    int
	}{
		{"first-contact", "federation", 3, 700},
		{"carrier-duel", "", 4, 700},
	}
	changed, agreed, searched := 0, 0, 0
	for _, tc := range cases {
		src, err := scenarios.ReadSource(tc.scenario)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := src.Load()
		if err != nil {
			t.Fatal(err)
		}
		st, err := rules.NewState(sc.Setup(), tc.seed)
		if err != nil {
			t.Fatal(err)
		}
		me := tc.me
		if me == "" {
			me = st.Sides[0].ID
		}
		drivers := map[rules.SideID]*Player{}
		for _, sd := range st.Sides {
			drivers[sd.ID] = New(Hard, tc.seed, sd.ID)
		}
		st.Advance()
		for step := 0; step < tc.steps && st.Clock.Step != rules.StepGameOver; step++ {
			pend := st.Pending()
			if len(pend) == 0 {
				st.Advance()
				continue
			}
			side := pend[0]
			v, legal, o := st.View(side), st.Legal(side), stateOracle{st, side}
			if side == me && v.Expecting == rules.CmdMove {
				hard := New(Hard, 9, me)
				cmd := hard.Decide(v, legal, o)
				if hard.Searched > 0 {
					searched++
					one := New(Hard, 9, me)
					one.steps, one.budget = 0, Hard.Budget()
					k := newKnowledge(v, me)
					cands := one.move(k, legal, o)
					at := slices.IndexFunc(cands, func(c rules.Command) bool { return reflect.DeepEqual(c, cmd) })
					if at > 0 {
						changed++
						tr, err := one.newTrials(k, []uint64{101, 102, 103, 104, 105, 106}, searchSteps/(2*searchWorlds))
						if err != nil {
							t.Fatal(err)
						}
						wc, ok1 := tr.worth(cmd)
						w0, ok0 := tr.worth(cands[0])
						if !ok1 || !ok0 {
							t.Fatalf("%s: an imagined state refuses a legal plan", st.Clock)
						}
						if wc+one.scores[at] > w0+one.scores[0] {
							agreed++
						}
					}
				}
			}
			if _, err := st.Apply(drivers[side].Decide(v, legal, o)); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d movement plans searched, %d changed from the one-step best, %d of them confirmed by a second search", searched, changed, agreed)
	if searched < 20 || changed < 3 {
		t.Fatalf("only %d plans searched, %d changed: the search is not in play", searched, changed)
	}
	if 3*agreed < 2*changed {
		t.Fatalf("a second search confirms only %d of the %d changed plans", agreed, changed)
	}
}
