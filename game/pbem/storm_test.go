package pbem

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/rules"
)

// stormGame plays the test scenario stretch by stretch, under a phase
// storm over the whole map from the start (IP8.511-515), each side's
// orders chosen as a person's would be (the computer's command and the
// proposed plot), with every side's dice held (a verifier's machine),
// until it stops or ends. It returns the results, the state it ended in
// and the private streams each stretch ended with.
func stormGame(t *testing.T) ([]Result, *rules.State, []string) {
	t.Helper()
	sc, err := testSource(t).Load()
	require.NoError(t, err)
	sides := []rules.SideID{"corsairs", "hunters"}
	d := newGameDice("0123456789abcdef")
	for i, sd := range sides {
		d.keys[sd], _ = vrfKey(fmt.Appendf(nil, "%032d", i+1))
	}
	st, err := rules.NewState(sc.Setup(), 0, rules.WithPrivateKey(openKey("0123456789abcdef")), rules.WithSideDice(d), rules.WithPeerVerifier())
	require.NoError(t, err)
	st.Phase.Storm = &rules.PhaseStorm{Side: "corsairs", Start: 1, Until: 30, Range: 60}
	ctrls := map[rules.SideID]match.Controller{}
	for i, sd := range sides {
		ctrls[sd] = match.NewController(match.Seat{Side: sd, Kind: match.SeatComputer, Level: "normal"}, uint64(i+1))
	}
	var results []Result
	var streams []string
	commands := 0
	for r := 1; r < 200; r++ {
		d.epochs[testEpoch(r)] = r
		s, err := play(st.Clone(), sides, personsOrders(st, sides, ctrls), testEpoch(r), uint64(r), commands, false)
		require.NoError(t, err, "round %d", r)
		require.Nil(t, s.Need, "round %d: a verifier waits for no side's word", r)
		results = append(results, s.Result)
		st, commands = s.State, s.Result.Commands
		for _, p := range st.Private {
			streams = append(streams, p.Audience)
		}
		if s.Result.Stopped != "" || st.Clock.Step == rules.StepGameOver {
			return results, st, streams
		}
	}
	t.Fatal("the storm game neither stopped nor ended in 200 stretches")
	return nil, nil, nil
}

// TestPhaseStormGoesOn: under a phase storm over the whole map units
// phase out (IP8.21) and the game goes on: played by a verifier holding
// every side's dice (rules.WithPeerVerifier), which computes every unit
// out of phase, no stretch stops, and the state holds no private stream
// but those of the sides' own dice about their units' time out of phase
// (IP8.337). (Version 3 named a stream by its side alone; a stream of
// the sides' dice is now named by side, epoch and subject.)
func TestPhaseStormGoesOn(t *testing.T) {
	results, st, streams := stormGame(t)
	ins := 0
	for _, r := range results {
		require.Empty(t, r.Stopped)
	}
	for _, a := range st.Made() {
		ins++
		require.Contains(t, []string{"IP8.21", "IP8.124"}, a.Clause)
	}
	require.NotEmpty(t, streams, "no private roll was made")
	for _, a := range streams {
		parts := strings.SplitN(a, "|", 4)
		require.Len(t, parts, 4, a)
		require.Equal(t, "side", parts[0], a)
		require.Contains(t, []string{"corsairs", "hunters"}, parts[1], a)
		require.True(t, strings.HasPrefix(parts[3], "phase "), a)
	}
	require.NotEmpty(t, st.PhasePoints(), "no unit went out of phase")
	t.Logf("%d stretches to %s, %d phase points with units out of phase, %d phase-ins, %d private streams", len(results), st.Clock, len(st.PhasePoints()), ins, len(streams))
}
