package ai_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/ai"
	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/rules"
)

// atDeclare plays the withdraw fixture (Hawk in a gravity rift, Kite
// outside it) with the rules' plain choices up to blue's declare
// movement, after edit changes the state.
func atDeclare(t *testing.T, edit func(*rules.State)) *rules.State {
	t.Helper()
	sc, err := source(t, "../testdata/withdraw.yaml").Load()
	require.NoError(t, err)
	st, err := rules.NewState(sc.Setup(), 1)
	require.NoError(t, err)
	st = copyState(t, st, edit)
	for n := 0; n < 100; n++ {
		sd := pending(st)
		require.NotEmpty(t, sd)
		if sd == "blue" && st.Expecting() == rules.CmdDeclare {
			return st
		}
		_, err := st.Apply(st.Legal(sd)[0])
		require.NoError(t, err)
	}
	t.Fatal("no declare step")
	return nil
}

// At declare movement every level withdraws a unit an exit objective
// lists through the gravity rift it stands in (GRN.5-6), and brings a
// unit in reserve back next to a ship of its side (GR41.2.3); with
// neither it declares nothing.
func TestDeclareWithdrawsAndReenters(t *testing.T) {
	exitHawk := func(s *rules.State) {
		s.Objectives = []rules.Objective{{Side: "blue", Kind: rules.ObjectiveExit, Units: []rules.UnitID{"hawk"}, Points: 100}}
	}
	for _, level := range ai.Levels {
		t.Run(string(level), func(t *testing.T) {
			decide := func(st *rules.State) rules.Command {
				return ai.New(level, 1, "blue").Decide(st.View("blue"), st.Legal("blue"), match.NewDesk(st, "blue"))
			}
			cmd := decide(atDeclare(t, nil))
			assert.Empty(t, cmd.Declarations, "nothing to withdraw or bring back")

			st := atDeclare(t, exitHawk)
			cmd = decide(st)
			assert.Equal(t, []rules.Declaration{{Unit: "hawk", Withdraw: true}}, cmd.Declarations)
			_, err := st.Apply(cmd)
			require.NoError(t, err)

			// Hawk in reserve: she comes back next to Kite.
			st = atDeclare(t, func(s *rules.State) {
				for i := range s.Units {
					if s.Units[i].ID == "hawk" {
						s.Units[i].Status = rules.StatusReserve
					}
				}
			})
			cmd = decide(st)
			require.Len(t, cmd.Declarations, 1)
			d := cmd.Declarations[0]
			require.NotNil(t, d.Enter)
			assert.LessOrEqual(t, d.Enter.Distance(st.Unit("kite").Hex), 1)
			_, err = st.Apply(cmd)
			require.NoError(t, err)
			for sd := pending(st); sd != "" && st.Expecting() == rules.CmdDeclare; sd = pending(st) {
				_, err := st.Apply(st.Legal(sd)[0]) // red's sealed declarations; then all are revealed
				require.NoError(t, err)
			}
			assert.Equal(t, rules.StatusOnMap, st.Unit("hawk").Status)
		})
	}
}

// A unit an exit objective lists, with no exit area, leaves through a
// gravity rift: at normal and hard the Kite, far from the Pit, makes for
// it (in warp while the way is long), stops in it and withdraws (GRN.5-6)
// within the four turns, against a legal-move opponent, on every seed.
func TestAIWithdrawsThroughAGravityRift(t *testing.T) {
	sc, err := source(t, "../testdata/withdraw.yaml").Load()
	require.NoError(t, err)
	for _, level := range []ai.Level{ai.Normal, ai.Hard} {
		for seed := uint64(1); seed <= 4; seed++ {
			st, err := rules.NewState(sc.Setup(), seed)
			require.NoError(t, err)
			st = copyState(t, st, func(s *rules.State) {
				s.Unit("kite").Hex, s.Unit("kite").Speed = rules.Hex{Q: -30, R: 2}, 8
				s.Objectives = []rules.Objective{{Side: "blue", Kind: rules.ObjectiveExit, Units: []rules.UnitID{"kite"}, Points: 100}}
			})
			blue, red := ai.New(level, seed, "blue"), match.NewLegalPlayer(seed, "red")
			left, warped := false, false
			for n := 0; n < 5000 && !left; n++ {
				sd := pending(st)
				if sd == "" {
					break
				}
				var cmd rules.Command
				if sd == "blue" {
					cmd = blue.Decide(st.View(sd), st.Legal(sd), match.NewDesk(st, sd))
					warped = warped || slices.ContainsFunc(cmd.Declarations, func(d rules.Declaration) bool { return d.Unit == "kite" && d.Warp })
				} else {
					cmd = red.Decide(st.View(sd), st.Legal(sd))
				}
				_, err := st.Apply(cmd)
				require.NoError(t, err)
				left = st.Unit("kite").Status != rules.StatusOnMap
			}
			assert.True(t, warped, "%s, seed %d: the kite never went into warp", level, seed)
			assert.True(t, left, "%s, seed %d: the kite is still on the map at %s, %d hexes from the pit", level, seed, st.Clock, st.Unit("kite").Hex.Distance(rules.Hex{Q: -4}))
		}
	}
}
