package game

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/scenarios"
)

// The end-of-game debrief counts what the phenomena took, from the
// session's public events.
func TestDebriefCountsRiftCrossings(t *testing.T) {
	assert.Empty(t, Debrief(nil))
	src, err := scenarios.ReadSource("testdata/rift-drill.yaml")
	require.NoError(t, err)
	for seed := uint64(1); seed <= 30; seed++ {
		s, err := Simulate(src, seed, 8)
		require.NoError(t, err)
		lines := Debrief(s.Events)
		if len(lines) == 0 {
			continue
		}
		joined := strings.Join(lines, "\n")
		if strings.Contains(joined, "Cosmic rifts:") {
			assert.NotContains(t, joined, "Cosmic rifts: 0 crossings, 0 units")
			return
		}
	}
	t.Fatal("no seed of the rift drill crossed a cosmic rift")
}
