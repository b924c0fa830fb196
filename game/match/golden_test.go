package match

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// The golden games of the rules (rules/testdata/games), played through a
// session as the screens play them (Submit, with the session running
// the game on between steps and recording its history), end in the same
// state, and a save of each loads back to it.
func TestGoldenGamesThroughTheSession(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "rules", "testdata", "games", "*.json"))
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), 8, "the rules' golden games")
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			require.NoError(t, err)
			var g struct {
				Scenario       string          `json:"scenario"`
				ScenarioSHA256 string          `json:"scenario_sha256"`
				Seed           uint64          `json:"seed"`
				FinalHash      string          `json:"final_hash"`
				Commands       []rules.Command `json:"commands"`
			}
			require.NoError(t, json.Unmarshal(data, &g))
			src, err := scenarios.ReadSource(g.Scenario)
			require.NoError(t, err)
			sum := sha256.Sum256(src.Data)
			require.Equal(t, g.ScenarioSHA256, hex.EncodeToString(sum[:]), "the scenario changed since the game was made")
			sc, err := src.Load()
			require.NoError(t, err)
			s, err := NewSession(src, g.Seed, DefaultSeats(sc))
			require.NoError(t, err)
			for i, c := range g.Commands {
				_, err := s.Submit(c)
				require.NoError(t, err, "command %d", i)
			}
			assert.Equal(t, g.FinalHash, s.State.Hash().String())
			path := filepath.Join(t.TempDir(), "golden.hexrift")
			require.NoError(t, WriteSave(path, s, g.Scenario, testTime))
			back, _, err := LoadSave(path)
			require.NoError(t, err)
			assert.Equal(t, g.FinalHash, back.State.Hash().String(), "the save replays to the same state")
		})
	}
}
