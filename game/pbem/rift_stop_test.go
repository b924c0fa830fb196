package pbem

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// riftSource is short-haven with cosmic rifts on and a formation roll of
// one die (IP4.62): a side's roll of 1 or 6 raises a rift (IP4.22).
func riftSource(t testing.TB) scenarios.Source {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "rift-haven.yaml"))
	require.NoError(t, err)
	return scenarios.Source{Name: "testdata/rift-haven.yaml", Data: data}
}

// TestCosmicRiftStopsTheGameByFile plays a scenario with cosmic rifts on
// between two homes that exchange nothing but the files. The formation
// rolls are public (IP4.21) and every machine makes them alike; when one
// raises a rift (IP4.22), every machine stops before that step, so that
// none makes the rift's delay roll (IP4.231, its side's secret) or plays
// on without knowing the rift's place (IP4.232). No file holds a pending
// rift, a rift, or a private roll; both machines stop at the same public
// state with the same reason, and Verify passes once the keys are in. A
// game whose rolls raise no rift plays to its end.
func TestCosmicRiftStopsTheGameByFile(t *testing.T) {
	tests := []struct {
		name, seed string
		// rolls is how many formation rolls the results show; stop the
		// turn the game stops on, 0 for a game played to its end.
		rolls, stop int
	}{
		{"a rift is raised at the start of turn 3", "7a", 4, 2},
		{"no rift is raised", "2a", 6, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := homesGame{src: riftSource(t), sides: [2]rules.SideID{"corsairs", "hunters"}, seeds: [2]string{tc.seed, "rift-b"}}
			a, b, files := playHomes(t, g, 1000)
			sa, err := LoadSeat(a.home, a.game)
			require.NoError(t, err)
			sb, err := LoadSeat(b.home, b.game)
			require.NoError(t, err)
			require.Equal(t, sa.Game.State.PublicHash(), sb.Game.State.PublicHash())
			require.True(t, sa.Game.Finished())
			last := sa.Game.Results[len(sa.Game.Results)-1]
			require.Equal(t, last, sb.Game.Results[len(sb.Game.Results)-1])
			if tc.stop == 0 {
				require.Equal(t, rules.StepGameOver, last.Clock.Step)
				require.Empty(t, last.Stopped)
			} else {
				require.Contains(t, last.Stopped, "cosmic rift roll raises a cosmic rift (IP4.22)")
				require.Equal(t, tc.stop, last.Clock.Turn)
			}
			rolls := 0
			for _, r := range sa.Game.Results {
				for _, roll := range r.Rolls {
					if strings.HasPrefix(roll, "cosmic rift roll ") {
						rolls++
					}
				}
			}
			require.Equal(t, tc.rolls, rolls, "formation rolls kept")
			for i, f := range files {
				tf, err := ParseFile("f", f.Data)
				require.NoError(t, err)
				rg, err := Replay(tf)
				require.NoError(t, err)
				require.Empty(t, rg.State.Cosmic.Pending, "file %d", i)
				require.Empty(t, rg.State.Cosmic.Rifts, "file %d", i)
				require.Empty(t, rg.State.Private, "file %d", i)
				for _, bad := range []string{"cosmic rift delay", "cosmic rift direction", "cosmic rift range", "\"pending\"", "rifts\":["} {
					require.NotContains(t, string(f.Data), bad, "file %d", i)
				}
			}
			rep, err := Verify("last", files[len(files)-1].Data)
			require.NoError(t, err)
			require.Contains(t, rep, "every commitment opened")
			t.Logf("%d files, %d rounds, to %s, %d formation rolls kept; %s", len(files), len(sa.Game.Results), last.Clock, rolls, last.Stopped)
		})
	}
}
