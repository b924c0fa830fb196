package pbem

import (
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

// TestHiddenContentStopsTheGame: a game that reaches a roll play by file
// cannot keep (for two sides of three, for one side alone of a secret
// the sides' dice do not keep, or of a secret asked of a machine that
// does not know it) stops there: the stretch plays nothing more and says
// why, rather than put the secret in a file the other side holds. (The
// two cases of the sides' dice are new with version 4, where the rolls
// of a side's secrets come from its own dice.)
func TestHiddenContentStopsTheGame(t *testing.T) {
	const epoch = "0000000000000000000000000000000000000000000000000000000000000001"
	tests := []struct {
		name string
		// peer is the machine the state is played as ("": no side dice).
		peer  rules.SideID
		setup func(st *rules.State)
		why   string
		code  string
	}{
		{"a private roll for two sides of three", "", func(st *rules.State) {
			st.Roll(rules.D6, rules.RollReason{Clause: "IP4.412", Audience: rules.Only("corsairs", "hunters", "rivals"), What: "test"})
		}, "a roll for corsairs+hunters+rivals alone was made", hiddenShared},
		{"a roll for one side of a secret its dice do not keep", "corsairs", func(st *rules.State) {
			st.Roll(rules.D6, rules.RollReason{Clause: "IP9.9", Unit: "brigand", Audience: rules.Only("corsairs"), What: "test"})
		}, "a roll for corsairs alone was made", hiddenShared},
		{"a roll of a secret asked of a machine that does not know it", "hunters", func(st *rules.State) {
			st.Roll(rules.D6, rules.RollReason{Clause: "IP8.337", Unit: "brigand", Audience: rules.Only("corsairs"), Subject: rules.PhaseSubject("brigand", rules.Clock{}), What: "test"})
		}, "a roll of corsairs's phase brigand 0.0.", hiddenShared},
		{"nothing hidden", "", func(*rules.State) {}, "", ""},
	}
	src := testSource(t)
	sc, err := src.Load()
	require.NoError(t, err)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var opts []rules.Option
			if tc.peer != "" {
				d := newGameDice("0123456789abcdef")
				d.keys[tc.peer], _ = vrfKey(make([]byte, vrfSeedSize))
				d.epochs[epoch] = 1
				opts = append(opts, rules.WithSideDice(d), rules.WithPeer(tc.peer))
			}
			st, err := rules.NewState(sc.Setup(), 0, opts...)
			require.NoError(t, err)
			st.SetDiceEpoch(epoch)
			tc.setup(st)
			require.True(t, strings.HasPrefix(hiddenNow(st), tc.why), "%q", hiddenNow(st))
			s, err := play(st, []rules.SideID{"corsairs", "hunters"}, map[rules.SideID]*Orders{"corsairs": {}, "hunters": {}}, epoch, 1, 0, false)
			require.NoError(t, err)
			if tc.why == "" {
				require.Empty(t, hiddenNow(st))
				require.Empty(t, s.Result.Stopped)
				require.Equal(t, "corsairs must decide its allocate", s.Result.Break)
				return
			}
			require.Contains(t, s.Result.Stopped, "hidden content that play by file cannot keep secret: "+tc.why)
			require.Equal(t, Stop{Kind: stopHidden, Code: tc.code}, s.Result.Stop)
			require.Empty(t, s.Commands)
		})
	}
}

// TestNoWindowImported: the package and everything of this module it
// imports need no window.
func TestNoWindowImported(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".", "./pbemcli").Output()
	require.NoError(t, err)
	for _, p := range strings.Fields(string(out)) {
		require.False(t, strings.Contains(p, "ebiten") || p == "github.com/hexrift/hexrift/render" || p == "github.com/hexrift/hexrift/game", "imports %s", p)
	}
}
