package pbem

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/rules"
)

// stormGame plays the test scenario stretch by stretch, under a phase
// storm over the whole map from the start (IP8.511-515), each side's
// orders chosen as a person's would be (the computer's command and the
// proposed plot), with the dice keys given, until it stops or ends.
func stormGame(t *testing.T, keys ...rules.SideKey) ([]Result, *rules.State) {
	t.Helper()
	sc, err := testSource(t).Load()
	require.NoError(t, err)
	st, err := rules.NewState(sc.Setup(), 0, rules.WithPrivateKey(openKey("0123456789abcdef")), rules.WithSideKeys(keys...), rules.WithPeerVerifier())
	require.NoError(t, err)
	st.Phase.Storm = &rules.PhaseStorm{Side: "corsairs", Start: 1, Until: 30, Range: 60}
	sides := []rules.SideID{"corsairs", "hunters"}
	ctrls := map[rules.SideID]match.Controller{}
	for i, sd := range sides {
		ctrls[sd] = match.NewController(match.Seat{Side: sd, Kind: match.SeatComputer, Level: "normal"}, uint64(i+1))
	}
	var results []Result
	commands := 0
	for r := 1; r < 200; r++ {
		s := play(st.Clone(), sides, personsOrders(st, sides, ctrls), uint64(r), commands)
		results = append(results, s.Result)
		st, commands = s.State, s.Result.Commands
		if s.Result.Stopped != "" || st.Clock.Step == rules.StepGameOver {
			return results, st
		}
	}
	t.Fatal("the storm game neither stopped nor ended in 200 stretches")
	return nil, nil
}

// TestPhaseStormGoesOn: under a phase storm over the whole map units
// phase out (IP8.21) and the game goes on: played by a verifier holding
// every key (rules.WithPeerVerifier), which computes every unit out of
// phase, no stretch stops, and the state holds no private stream but the
// sides' own (IP8.337).
func TestPhaseStormGoesOn(t *testing.T) {
	keys := []rules.SideKey{{Side: "corsairs", Key: rules.PrivateKey{1}}, {Side: "hunters", Key: rules.PrivateKey{2}}}
	results, st := stormGame(t, keys...)
	outs := 0
	for _, r := range results {
		require.Empty(t, r.Stopped)
	}
	for _, a := range st.Made() {
		outs++
		require.Contains(t, []string{"IP8.21", "IP8.124"}, a.Clause)
	}
	for _, p := range st.Private {
		require.Contains(t, []string{"corsairs", "hunters"}, p.Audience)
	}
	require.NotEmpty(t, st.PhasePoints(), "no unit went out of phase")
	t.Logf("%d stretches to %s, %d phase points with units out of phase, %d phase-ins", len(results), st.Clock, len(st.PhasePoints()), outs)
}
