package pbem

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// TestRefusal lists which bundled scenarios play by file and why the
// others cannot keep their secrets there.
func TestRefusal(t *testing.T) {
	tests := []struct {
		id, why string
	}{
		{"corsair-haven", ""},
		{"derelict-yard", ""},
		{"velari-outpost", ""},
		{"drill-gravity", ""},
		{"carrier-duel", ""},
		{"first-contact", ""},
		{"drill-phase", ""},
		{"phase-drift", ""},
		{"rift-gate", ""},
		{"drill-rift", "it has open rifts"},
		{"testdata/path-gate.yaml", ""},
	}
	// Mines on the map outside phase space play (their side's dice lay
	// them); a carried mine or one in phase space does not.
	mined, err := scenarios.ReadSource("testdata/mined-haven.yaml")
	require.NoError(t, err)
	variant := func(name, from, to string) scenarios.Source {
		require.Contains(t, string(mined.Data), from)
		return scenarios.Source{Name: name, Data: []byte(strings.Replace(string(mined.Data), from, to, 1))}
	}
	sources := map[string]scenarios.Source{
		"mined-haven":         mined,
		"a carried mine":      variant("carried.yaml", `class: mine, hex: "4,2"`, `class: mine, carried_by: brigand`),
		"a mine in the storm": variant("phased.yaml", "kind: ion-storm", "kind: phase-space"),
	}
	tests = append(tests,
		struct{ id, why string }{"mined-haven", ""},
		struct{ id, why string }{"a carried mine", "mine snare is carried by brigand: carried mines are not played by file"},
		struct{ id, why string }{"a mine in the storm", "mine tripwire is in a phase space area: a mine there phases at random (IP8.47)"},
	)
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			src, ok := sources[tc.id]
			if !ok {
				src, err = scenarios.ReadSource(tc.id)
				require.NoError(t, err)
			}
			sc, err := src.Load()
			require.NoError(t, err)
			got := Refusal(sc)
			if tc.why == "" {
				require.Empty(t, got)
				return
			}
			require.Contains(t, got, tc.why)
			_, err = NewGame(Home{Dir: t.TempDir(), Rand: fixedRand(tc.id)}, src, sc.Setup().Sides[0].ID, testTime)
			require.ErrorContains(t, err, "cannot be played by file")
		})
	}
}

// TestHiddenContentStopsTheGame: a game that reaches a roll for one side
// alone or a unit out of phase (a phase storm can do that in any
// scenario, IP8.512) stops there: the stretch plays nothing more and
// says why, rather than put the secret in a file the other side holds.
func TestHiddenContentStopsTheGame(t *testing.T) {
	tests := []struct {
		name  string
		setup func(st *rules.State)
		why   string
	}{
		{"a private roll for two sides of three", func(st *rules.State) {
			st.Roll(rules.D6, rules.RollReason{Clause: "IP4.412", Audience: rules.Audience{Sides: []rules.SideID{"corsairs", "hunters", "rivals"}}, What: "test"})
		}, "a roll for corsairs+hunters+rivals alone was made"},
		{"nothing hidden", func(*rules.State) {}, ""},
	}
	src := testSource(t)
	sc, err := src.Load()
	require.NoError(t, err)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, err := rules.NewState(sc.Setup(), 0)
			require.NoError(t, err)
			tc.setup(st)
			require.Equal(t, tc.why, strings.TrimSuffix(strings.SplitN(hiddenNow(st), " (", 2)[0], ""))
			s := play(st, []rules.SideID{"corsairs", "hunters"}, map[rules.SideID]*Orders{"corsairs": {}, "hunters": {}}, 1, 0)
			if tc.why == "" {
				require.Empty(t, s.Result.Stopped)
				require.Equal(t, "corsairs must decide its allocate", s.Result.Break)
				return
			}
			require.Contains(t, s.Result.Stopped, "hidden content that play by file cannot keep secret: "+tc.why)
			require.Empty(t, s.Commands)
		})
	}
}

// TestShowKeepsToTheSidesView: the table a side is shown holds its own
// units' condition and none of the other side's.
func TestShowKeepsToTheSidesView(t *testing.T) {
	a, _, _ := playFiles(t, 5)
	seat, err := LoadSeat(a.home, a.game)
	require.NoError(t, err)
	var buf bytes.Buffer
	seat.Show(&buf)
	lines := 0
	for _, l := range strings.Split(buf.String(), "\n") {
		f := strings.Fields(l)
		if len(f) < 2 || !strings.Contains(l, "facing") {
			continue
		}
		lines++
		require.Equal(t, f[1] == string(a.side), strings.Contains(l, "| battery"), l)
	}
	require.Equal(t, 6, lines)
}

// TestNoWindowImported: the package and everything of this module it
// imports need no window.
func TestNoWindowImported(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	require.NoError(t, err)
	for _, p := range strings.Fields(string(out)) {
		require.False(t, strings.Contains(p, "ebiten") || p == "github.com/hexrift/hexrift/render" || p == "github.com/hexrift/hexrift/game", "imports %s", p)
	}
}
