package ai_test

import (
	"slices"
	"testing"

	"github.com/hexrift/hexrift/game/ai"
	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/rules"
)

// activityNear returns arg at the impulse activity of turn 1 with side to
// act, enemy put dist hexes ahead of carrier.
func activityNear(t *testing.T, arg string, side rules.SideID, carrier, enemy rules.UnitID, dist int) *rules.State {
	t.Helper()
	sc, err := source(t, arg).Load()
	if err != nil {
		t.Fatal(err)
	}
	st, err := rules.NewState(sc.Setup(), 1)
	if err != nil {
		t.Fatal(err)
	}
	return copyState(t, st, func(s *rules.State) {
		s.Clock = rules.Clock{Turn: 1, Impulse: 1, Step: rules.StepActivity}
		s.Turn = rules.TurnState{Entered: true, Waiting: []rules.SideID{side}}
		place(s, enemy, carrier, s.Unit(carrier).Facing, dist)
	})
}

// sinking leaves carrier about to be destroyed: no shields, armor or
// internal boxes, one point of excess damage from the end.
func sinking(carrier rules.UnitID) func(*rules.State) {
	return func(s *rules.State) {
		wreck(s, carrier)
		u := s.Unit(carrier)
		c, _ := rules.LookupClass(u.Class)
		u.Ship.Boxes, u.Ship.Excess = rules.Boxes{}, c.Excess-1
	}
}

// Normal and hard launch carried craft when it pays, read from the side's
// own view of its craft (rules.View.Carried): fighters at an enemy
// corvette in their reach; none with it beyond their reach, nor into the
// guns of a sound carrier or cruiser, where a craft lost is points to the
// enemy; all of them, to run, from a carrier about to be destroyed, since
// craft aboard are lost with it. Easy launches every craft the rules offer
// as soon as they offer it, paying or not (its handicap, handicap.go),
// under every seed, when it faces a lone enemy side; facing two, as the
// others do.
func TestAILaunchesCraftWhenItPays(t *testing.T) {
	wing := []rules.UnitID{"lumen-wing-3", "lumen-wing-4", "lumen-wing-5", "lumen-wing-6"}
	for _, tc := range []struct {
		name           string
		arg            string
		side           rules.SideID
		carrier, enemy rules.UnitID
		dist           int
		edit           func(*rules.State)
		want, easy     []rules.UnitID
	}{
		{"fighters at a corvette in reach", "carrier-duel", "concord", "lumen", "smut", 4, nil, wing, wing},
		{"fighters at a corvette out of reach", "carrier-duel", "concord", "lumen", "smut", 12, nil, nil, wing},
		{"fighters kept from a carrier's guns", "carrier-duel", "concord", "lumen", "cinder", 4, nil, nil, wing},
		{"sinking carrier empties its bays", "carrier-duel", "concord", "lumen", "cinder", 12, sinking("lumen"), wing, wing},
		{"shuttle kept from a cruiser's guns", "veil-of-storms", "federation", "meridian", "briar", 4, nil, nil, []rules.UnitID{"meridian-shuttle"}},
		// With two rival sides easy launches only what pays, as the others.
		{"fighters kept with two rival sides", "three-crowns", "velari", "canticle", "hegemon", 12, nil, nil, nil},
	} {
		type player struct {
			level ai.Level
			seed  uint64
			want  []rules.UnitID
		}
		players := []player{{ai.Normal, 1, tc.want}, {ai.Hard, 1, tc.want}}
		for seed := uint64(1); seed <= 3; seed++ {
			players = append(players, player{ai.Easy, seed, tc.easy})
		}
		for _, pl := range players {
			st := activityNear(t, tc.arg, tc.side, tc.carrier, tc.enemy, tc.dist)
			if tc.edit != nil {
				st = copyState(t, st, tc.edit)
			}
			legal := st.Legal(tc.side)
			if !slices.ContainsFunc(legal, func(c rules.Command) bool { return len(c.Craft) > 0 }) {
				t.Fatalf("%s: no launch offered", tc.name)
			}
			cmd := ai.New(pl.level, pl.seed, tc.side).Decide(st.View(tc.side), legal, match.NewDesk(st, tc.side))
			if !slices.Equal(cmd.Craft, pl.want) {
				t.Errorf("%s, %s seed %d: launched %v, want %v (%s)", tc.name, pl.level, pl.seed, cmd.Craft, pl.want, cmd)
			}
			if _, err := st.Apply(cmd); err != nil {
				t.Fatal(err)
			}
		}
	}
}
