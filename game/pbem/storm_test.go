package pbem

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/game/plot"
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
	st, err := rules.NewState(sc.Setup(), 0, rules.WithPrivateKey(openKey("0123456789abcdef")), rules.WithSideKeys(keys...))
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
		orders := map[rules.SideID]*Orders{}
		for _, sd := range sides {
			o := &Orders{Plot: plot.Plan(st.View(sd), sd, plot.DefaultBreaks())}
			if slices.Contains(st.Pending(), sd) {
				c := ctrls[sd].Decide(st.View(sd), st.Legal(sd))
				o.Command = &c
			}
			orders[sd] = o
		}
		s := play(st.Clone(), sides, orders, uint64(r), commands)
		results = append(results, s.Result)
		st, commands = s.State, s.Result.Commands
		if s.Result.Stopped != "" || st.Clock.Step == rules.StepGameOver {
			return results, st
		}
	}
	t.Fatal("the storm game neither stopped nor ended in 200 stretches")
	return nil, nil
}

// TestPhaseStormStopsBeforeAnyPrivateRoll: under a phase storm a unit
// soon phases out (IP8.21); the stretch stops before that step, so no
// machine makes a roll for one side alone (IP8.337) and the game plays
// the same whatever dice keys a machine holds: every machine, holding
// its own key only, reaches the result the others do.
func TestPhaseStormStopsBeforeAnyPrivateRoll(t *testing.T) {
	none, st := stormGame(t)
	last := none[len(none)-1]
	// Before an advance, or before a command whose automatic steps reach
	// the phase step.
	require.Regexp(t, "^the game stops before .*hidden content that play by file cannot keep secret", last.Stopped)
	require.Regexp(t, "is out of phase|alone was made", last.Stopped)
	require.Empty(t, hiddenNow(st), "the state a stopped game keeps holds nothing hidden")
	require.Empty(t, st.Private, "no private stream was started")
	for _, keys := range [][]rules.SideKey{
		{{Side: "corsairs", Key: rules.PrivateKey{1}}},
		{{Side: "hunters", Key: rules.PrivateKey{2}}},
		{{Side: "corsairs", Key: rules.PrivateKey{1}}, {Side: "hunters", Key: rules.PrivateKey{2}}},
	} {
		got, _ := stormGame(t, keys...)
		require.Equal(t, none, got, "keyed with %v", keys)
	}
	t.Logf("%d stretches, stopped at %s: %s", len(none), last.Clock, last.Stopped)
}
