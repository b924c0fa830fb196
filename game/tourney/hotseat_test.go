package tourney

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/scenarios"
)

// Plotted turns hand the machine over far less often than a decision per
// command: first-contact's figures stand in docs/HOTSEAT.md.
func TestHotseatPlottedFlow(t *testing.T) {
	src, err := scenarios.ReadSource("first-contact")
	require.NoError(t, err)
	res, err := SimulateHotseat(src, 3, 3)
	require.NoError(t, err)
	t.Logf("%+v", res)
	require.Greater(t, res.PerShip.HandoffsPerTurn, 20.0, "per ship, the machine changes hands at every other command")
	require.Less(t, res.Plotted.HandoffsPerTurn, res.PerShip.HandoffsPerTurn/3)
}
