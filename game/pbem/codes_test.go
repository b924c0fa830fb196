package pbem

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/rules"
)

// TestWireCodesArePinned: the codes a turn file writes for the rules'
// steps and for how a stretch stopped are this format's own, one for
// each step of the rules, none twice: a step renamed in the rules leaves
// every stored game as it was. A new step of the rules fails this test
// until it has a code (and a new file version).
func TestWireCodesArePinned(t *testing.T) {
	want := map[string]string{
		"start-of-turn": "start", "energy-allocation": "energy", "declare-movement": "declare",
		"involuntary-movement": "involuntary", "movement": "movement", "impulse-activity": "activity",
		"seeking-launch": "launch", "direct-fire": "fire", "seeking-resolution": "seeking",
		"damage-control": "damage-control", "game-over": "over",
	}
	got := map[string]string{}
	seen := map[string]bool{}
	for st := rules.StepStartOfTurn; st <= rules.StepGameOver; st++ {
		code, ok := stepCodes[st]
		require.True(t, ok, "step %s has no code", st)
		require.False(t, seen[code], "code %q twice", code)
		seen[code] = true
		got[st.String()] = code
		c, err := clockOf(wireClock(rules.Clock{Turn: 2, Impulse: 3, Step: st}))
		require.NoError(t, err)
		require.Equal(t, rules.Clock{Turn: 2, Impulse: 3, Step: st}, c)
	}
	require.Equal(t, want, got)
	require.Len(t, stepCodes, len(want))
	_, err := clockOf(wire.Clock{Turn: 1, Step: "involuntary-movement"})
	require.ErrorContains(t, err, `step "involuntary-movement" is no step of the rules`)
	_, err = clockOf(wire.Clock{Turn: -1, Step: "start"})
	require.ErrorContains(t, err, "is no point of a game")
	require.Equal(t, []string{"over", "break", "decide", "refused", "hidden", "idle", "unseated", "limit", "fault"},
		[]string{stopOver, stopBreak, stopDecide, stopRefused, stopHidden, stopIdle, stopUnseated, stopLimit, stopFault})
	require.Equal(t, []string{"rift-formed", "shared-roll", "storm-mine"}, []string{hiddenFormed, hiddenShared, hiddenStorm})
}
