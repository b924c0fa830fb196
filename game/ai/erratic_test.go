package ai_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/ai"
	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/rules"
)

// moveOf plays testdata/gear.yaml from energy allocation of turn 1,
// after edit, with level's federation player and the Korath's plain
// choices, up to unit's first movement, and returns the state there.
func moveOf(t *testing.T, level ai.Level, unit rules.UnitID, edit func(*rules.State)) *rules.State {
	t.Helper()
	st := gearAt(t, rules.StepEnergyAllocation, "federation", edit)
	p := ai.New(level, 1, "federation")
	for range 200 {
		sd := pending(st)
		require.NotEmpty(t, sd)
		var cmd rules.Command
		if sd == "federation" {
			if st.Expecting() == rules.CmdMove && st.View(sd).Mover == unit {
				return st
			}
			cmd = p.Decide(st.View(sd), st.Legal(sd), match.NewDesk(st, sd))
		} else {
			cmd = st.Legal(sd)[0]
		}
		_, err := st.Apply(cmd)
		require.NoError(t, err)
	}
	t.Fatalf("%s never moves", unit)
	return nil
}

// A losing ship pays for erratic maneuvers (X4.EM) in energy allocation
// (TestAIAllocatesGear) and maneuvers erratically when it moves with an
// enemy able to fire on it near and more to lose than to deal (here a
// wreck whose weapons are gone): the +2 on the enemy's fire is worth the
// +2 on its own. With the enemy cloaked, and so unable to fire this
// turn, it keeps its paid impulses.
func TestAIManeuversErratically(t *testing.T) {
	for _, tc := range []struct {
		name    string
		cloaked bool
		want    bool
	}{
		{"an enemy near", false, true},
		{"the enemy near is cloaked", true, false},
	} {
		for _, level := range []ai.Level{ai.Normal, ai.Hard} {
			t.Run(tc.name+"/"+string(level), func(t *testing.T) {
				st := moveOf(t, level, "puller", func(s *rules.State) {
					place(s, "claw", "puller", rules.DirB, 4)
					s.Unit("claw").Facing = rules.DirE
					wreck(s, "puller")
					for m := range s.Unit("puller").Ship.Mounts {
						s.Unit("puller").Ship.Mounts[m].Destroyed = true
					}
					if tc.cloaked {
						s.Unit("claw").Gear.Cloak = rules.CloakState{On: true}
					}
				})
				require.Positive(t, st.Unit("puller").Ship.ErraticPaid, "erratic maneuvers paid for")
				cmd := ai.New(level, 1, "federation").Decide(st.View("federation"), st.Legal("federation"), match.NewDesk(st, "federation"))
				require.NotNil(t, cmd.Move, "%s", cmd)
				require.Equal(t, tc.want, cmd.Move.Erratic, "%s", cmd)
				_, err := st.Apply(cmd)
				require.NoError(t, err)
			})
		}
	}
}
