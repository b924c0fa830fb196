package pbem

import (
	"crypto/ed25519"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// TestGenesisCarriesNoCosmicRifts: a game started with cosmic rifts off
// carries the choice in its genesis, which a machine reading the file
// replays to a state with them off; one whose scenario has them off
// already, or started without the choice, carries nothing (its genesis
// names no field of it).
func TestGenesisCarriesNoCosmicRifts(t *testing.T) {
	tests := []struct {
		name, scenario string
		variant        Variant
		carried, off   bool
	}{
		{"rifts on, chosen off", "rift-haven", Variant{NoCosmicRifts: true}, true, true},
		{"rifts on, not chosen", "rift-haven", Variant{}, false, false},
		{"rifts off by the scenario, chosen off", "short-haven", Variant{NoCosmicRifts: true}, false, true},
		{"rifts off by the scenario", "short-haven", Variant{}, false, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := Home{Dir: t.TempDir(), Rand: fixedRand("variant-" + tc.name)}
			seat, err := NewGameWith(h, riftSource(t, tc.scenario), "corsairs", testTime, tc.variant)
			require.NoError(t, err)
			data := seat.Game.File().Encode()
			require.Equal(t, tc.carried, strings.Contains(string(data), `"no_cosmic_rifts":true`), "the file says it")
			require.Equal(t, tc.carried, strings.Contains(string(data), "no_cosmic_rifts"), "a genesis without the choice names no field of it")

			g, err := Replay(parse(t, data))
			require.NoError(t, err)
			require.Equal(t, seat.Game.Genesis, g.Genesis)
			require.Equal(t, tc.carried, g.Genesis.NoCosmicRifts)
			require.Equal(t, tc.off, g.State.Ruleset.NoCosmicRifts, "the state's ruleset")
			require.Equal(t, tc.off, g.Scenario.Ruleset.NoCosmicRifts, "the scenario the game is played again from")
			require.Equal(t, seat.Game.State.PublicHash(), g.State.PublicHash())
			if tc.carried {
				require.Equal(t, "cosmic rifts off: corsairs started the game without them, so no rift forms (IP4.21) and none can stop it", g.VariantText())
			} else {
				require.Empty(t, g.VariantText())
			}
		})
	}
}

// TestNewGameWithNoCosmicRiftsKeepsOpenRiftsRefused: cosmic rifts off
// stops new rifts forming, not the rifts open at the start, so a scenario
// with open rifts stays refused, saying why the choice does not help.
func TestNewGameWithNoCosmicRiftsKeepsOpenRiftsRefused(t *testing.T) {
	tests := []struct {
		name    string
		variant Variant
		want    string
		notWant string
	}{
		{"without the choice", Variant{}, "it has open rifts", "not the rifts open at the start"},
		{"with rifts off", Variant{NoCosmicRifts: true}, "it has open rifts: what lies beyond a rift is hidden until found (IP4.412), and its destination would be rolled at the start on every machine; cosmic rifts off keeps new rifts from forming (IP4.21), not the rifts open at the start", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src, err := scenarios.ReadSource("drill-rift")
			require.NoError(t, err)
			h := Home{Dir: t.TempDir(), Rand: fixedRand("open-rift")}
			_, err = NewGameWith(h, src, "federation", testTime, tc.variant)
			require.ErrorContains(t, err, tc.want)
			if tc.notWant != "" {
				require.NotContains(t, err.Error(), tc.notWant)
			}
			ids, err := h.Games()
			require.NoError(t, err)
			require.Empty(t, ids, "a refused game is kept nowhere")
		})
	}
}

// TestNoCosmicRiftsGameBetweenTwoHomes plays the rift games of
// TestRiftGameBetweenTwoHomes, with the same seeds, started with cosmic
// rifts off: in rift-haven, where the hunters' rift raised on turn 1
// forms and stops the game, and in star-haven, where rifts of both sides
// are raised. With the choice in the genesis both machines play the
// scenario with rifts off: no formation roll (IP4.21), no rift raised
// (IP4.22), no announcement, and the game plays to its end with the same
// public hash on both; each side's game says rifts are off (its table
// saying so is pbemcli's TestCommandsStartAGameWithCosmicRiftsOff);
// Verify passes.
func TestNoCosmicRiftsGameBetweenTwoHomes(t *testing.T) {
	for _, name := range []string{"forms", "stars"} {
		t.Run(name, func(t *testing.T) {
			rg := riftGames[name]
			g := homesGame{src: riftSource(t, rg.scenario), sides: [2]rules.SideID{"corsairs", "hunters"},
				seeds: [2]string{rg.seed, "rift-b"}, variant: Variant{NoCosmicRifts: true}}
			a, b, files := playHomes(t, g, 1000)
			seats := loadSeats(t, a, b)
			for _, p := range []*player{a, b} {
				s := seats[p.side]
				require.True(t, s.Game.Finished(), "%s", p.side)
				require.Equal(t, rules.StepGameOver, s.Game.State.Clock.Step, "%s", p.side)
				require.True(t, s.Game.Genesis.NoCosmicRifts, "%s's genesis", p.side)
				require.True(t, s.Game.State.Ruleset.NoCosmicRifts, "%s's state", p.side)
				for i, r := range s.Game.Results {
					require.Empty(t, r.Stopped, "%s: round %d", p.side, i+1)
				}
				require.Zero(t, publicRolls(s.Game.Events, "IP4.21"), "%s: a formation roll", p.side)
				for _, e := range s.Game.Events {
					require.NotContains(t, []string{"IP4.21", "IP4.22", "IP4.231", "IP4.25"}, e.Clause, "%s: %s", p.side, e.Text)
				}
				require.True(t, strings.HasPrefix(s.Game.VariantText(), "cosmic rifts off: corsairs started the game without them"), "%s's game", p.side)
			}
			require.Equal(t, seats[a.side].Game.State.PublicHash(), seats[b.side].Game.State.PublicHash())
			last := parse(t, files[len(files)-1].Data)
			for _, m := range last.Messages {
				require.NotEqual(t, wire.KindAnnounce, m.Head().Kind, "message %d: an announcement with rifts off", m.Head().Seq)
			}
			rep, err := Verify("last", files[len(files)-1].Data)
			require.NoError(t, err)
			require.Contains(t, rep, "every dice key matched")
			t.Logf("%d files, %d rounds, %d commands; %s", len(files), len(seats[a.side].Game.Results), len(seats[a.side].Game.Commands), rep)
		})
	}
}

// TestNoCosmicRiftsCannotBeFlipped: the choice is in the genesis, which
// its starter signs and every later message chains to. A genesis edited
// to flip it is refused by a machine new to the game and by verify (the
// signature), and by a machine that accepted the game (its genesis
// differs), whether the other side edited it or the starter signed its
// own messages again; the machine keeps its files byte for byte, and the
// true file opens after. (The starter signing a second genesis is, with
// version 4, an equivocation the other machine keeps the proof of, where
// version 3 said only that the message differed.)
func TestNoCosmicRiftsCannotBeFlipped(t *testing.T) {
	g := homesGame{src: riftSource(t, "rift-haven"), sides: [2]rules.SideID{"corsairs", "hunters"},
		seeds: [2]string{"flip-a", "flip-b"}, variant: Variant{NoCosmicRifts: true}}
	a, b, files := playHomes(t, g, 4) // files[3], the hunters', not yet opened by the corsairs
	require.Equal(t, b.side, files[3].From)
	corsairs := map[rules.SideID]ed25519.PrivateKey{a.side: keyOf(t, a)}
	flipped := func(t *testing.T, n int, keys map[rules.SideID]ed25519.PrivateKey) []byte {
		t.Helper()
		f := parse(t, files[n].Data)
		edit(t, f, 0, func(g *wire.Genesis) {
			require.True(t, g.NoCosmicRifts)
			g.NoCosmicRifts = false
		})
		rechain(t, f, 0, keys)
		return f.Encode()
	}
	fresh := &player{home: Home{Dir: t.TempDir(), Rand: fixedRand("flip-c")}, side: b.side}
	tests := []struct {
		name   string
		at     *player
		data   func(t *testing.T) []byte
		reason string
		// equivocation is set when the file proves the starter signed
		// two geneses.
		equivocation bool
	}{
		{"by someone between the machines, at a machine new to the game", fresh,
			func(t *testing.T) []byte { return flipped(t, 0, nil) },
			"message 0 (corsairs's genesis): the signature is not corsairs's: the message was edited or forged", false},
		{"by the other side, at the starter's machine", a,
			func(t *testing.T) []byte { return flipped(t, 3, nil) },
			"message 0 (corsairs's genesis) differs from the one this machine accepted", false},
		{"by the starter, its messages signed again, at the other machine", b,
			func(t *testing.T) []byte { return flipped(t, 3, corsairs) },
			"corsairs signed two different messages at place 0 of game", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var before [2][]byte
			if tc.at != fresh {
				before = keptFiles(t, tc.at)
			}
			_, err := Open(tc.at.home, "flipped.pbem", tc.data(t), tc.at.side)
			require.ErrorContains(t, err, tc.reason)
			var e *Equivocation
			require.Equal(t, tc.equivocation, errors.As(err, &e), "%v", err)
			if tc.equivocation {
				require.Equal(t, 0, e.Seq)
				require.Equal(t, string(a.side), e.Side)
				require.Equal(t, []string{e.Proof}, tc.at.home.Equivocations(tc.at.game), "the proof is kept")
			}
			if tc.at == fresh {
				ids, err := fresh.home.Games()
				require.NoError(t, err)
				require.Empty(t, ids, "the refused file seated no game")
			} else {
				require.Equal(t, before, keptFiles(t, tc.at), "the flipped file changed what the machine keeps")
			}
		})
	}
	_, err := Verify("flipped.pbem", flipped(t, 3, nil))
	require.ErrorContains(t, err, "message 0 (corsairs's genesis): the signature is not corsairs's")
	seat, err := Open(a.home, "good.pbem", files[3].Data, a.side)
	require.NoError(t, err, "the true file opens after the flipped ones")
	require.True(t, seat.Game.State.Ruleset.NoCosmicRifts)
}
