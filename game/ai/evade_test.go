package ai_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/ai"
	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/rules"
)

// evadeAt returns testdata/gear.yaml at the evasive maneuvers of impulse
// imp of turn 1: the Korath raider Claw, dist hexes ahead of the Puller
// and facing it, has fired every mount that reaches it, and the
// federation is to evade or not.
func evadeAt(t *testing.T, imp, dist int) *rules.State {
	t.Helper()
	st := gearAt(t, rules.StepDirectFire, "federation", func(s *rules.State) {
		s.Clock.Impulse = imp
		s.Turn.Waiting = []rules.SideID{"federation", "korath"}
		place(s, "claw", "puller", rules.DirB, dist)
		s.Unit("claw").Facing = rules.DirE
		for m := range s.Unit("claw").Ship.Mounts {
			s.Unit("claw").Ship.Mounts[m].Armed = true
		}
	})
	var shots []rules.Shot
	c, _ := rules.LookupClass("kor-raider")
	for m, mt := range c.Mounts {
		if w, _ := rules.LookupWeapon(mt.Weapon); w.MaxRange() >= dist {
			shots = append(shots, rules.Shot{Attacker: "claw", Mount: m, Target: "puller"})
		}
	}
	_, err := st.Apply(rules.Command{Kind: rules.CmdFire, Side: "korath", Shots: shots})
	require.NoError(t, err)
	_, err = st.Apply(rules.Command{Kind: rules.CmdFire, Side: "federation"})
	require.NoError(t, err)
	require.Equal(t, "federation", string(pending(st)))
	require.Equal(t, rules.CmdEvade, st.Expecting())
	return st
}

// Evasions are few (X4.EV: size class a turn): normal and hard evade
// heavy fire at once, save them against light fire early in the turn,
// and spend them on it in the turn's last impulse, when they would be
// lost anyway.
func TestAIEvadesHeavyFire(t *testing.T) {
	for _, tc := range []struct {
		name      string
		imp, dist int
		want      bool
	}{
		{"heavy fire at close range", 1, 2, true},
		{"light fire at long range, early", 1, 12, false},
		{"light fire in the last impulse", 6, 12, true},
	} {
		for _, level := range []ai.Level{ai.Normal, ai.Hard} {
			t.Run(tc.name+"/"+string(level), func(t *testing.T) {
				st := evadeAt(t, tc.imp, tc.dist)
				cmd := ai.New(level, 1, "federation").Decide(st.View("federation"), st.Legal("federation"), match.NewDesk(st, "federation"))
				got := slices.Contains(cmd.Evasions, rules.Evasion{Unit: "puller", Attacker: "claw"})
				require.Equal(t, tc.want, got, "%s", cmd)
				_, err := st.Apply(cmd)
				require.NoError(t, err)
			})
		}
	}
}
