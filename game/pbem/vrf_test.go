package pbem

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// privateRolls returns the faces of the rolls for side alone among evs.
func privateRolls(evs []rules.Event, side rules.SideID) [][]int {
	var out [][]int
	for _, e := range evs {
		if e.Kind == rules.EventRoll && !e.Audience.IsPublic() && slices.Equal(e.Audience.Sides, []rules.SideID{side}) && e.Roll != nil {
			out = append(out, e.Roll.Faces)
		}
	}
	return out
}

// roundStart replays f as side's machine (its secrets sec) up to where it
// stood as it committed to round r: what it held before committing,
// every other side's commitment to r but no other side's nonce of r.
func roundStart(t *testing.T, f *wire.File, sec *secret, r int) *Game {
	t.Helper()
	for i, m := range f.Messages {
		if c, ok := m.Body.(*wire.Commit); ok && c.Round == r && rules.SideID(c.Side) == sec.Side {
			g, err := replay(&wire.File{Game: f.Game, Messages: f.Messages[:i]}, replayOpts{sec: sec})
			require.NoError(t, err)
			require.Equal(t, r, g.Round)
			return g
		}
	}
	t.Fatalf("%s never committed to round %d", sec.Side, r)
	return nil
}

// TestPrivateRollsUnforeseeable: in the phase game, a side's machine,
// holding everything it holds before it commits to a round (its secrets,
// its dice key, the log with the other side's commitment), cannot compute
// the round's private rolls of its own units out of phase: they come from
// its dice under an input that hashes the other side's nonce of the
// round, still sealed. Played with the nonces the round revealed, its
// machine makes exactly the round's rolls; with any of 64 guesses of the
// other side's nonce (the orders given it true, more than it holds), it
// makes other rolls, no better than chance roll by roll: never the
// round's when it has three rolls or more.
func TestPrivateRollsUnforeseeable(t *testing.T) {
	a, b, files := playPhase(t)
	last := parse(t, files[len(files)-1].Data)
	seats := loadSeats(t, a, b)
	whole, err := Replay(last)
	require.NoError(t, err)
	rounds, rolls, same, tried, foreseen := 0, 0, 0, 0, 0
	for _, p := range []*player{a, b} {
		sec := seats[p.side].sec
		var other rules.SideID
		for _, sd := range whole.Sides() {
			if sd != p.side {
				other = sd
			}
		}
		for r := 2; r <= len(whole.Results); r++ {
			played := whole.played[r-1]
			g := roundStart(t, last, sec, r)
			// The round's stretch as the side's machine plays it.
			stretchWith := func(nonce []byte) [][]int {
				t.Helper()
				nonces := map[rules.SideID][]byte{p.side: played.Nonces[p.side], other: nonce}
				rd := round{Orders: played.Orders, Nonces: nonces, Epoch: epochOf(g.ID, r, g.Sides(), nonces)}
				g.dice.epochs[rd.Epoch] = r
				st := g.State.Clone()
				require.NoError(t, g.setLimbo(st, r))
				s, err := play(st, g.Sides(), rd.Orders, rd.Epoch, rd.seed(), len(g.Commands), false)
				require.NoError(t, err)
				return privateRolls(s.Events, p.side)
			}
			truth := stretchWith(played.Nonces[other])
			if len(truth) == 0 {
				continue
			}
			// Against the round as the side's machine accepted it.
			seat := seats[p.side]
			require.Equal(t, privateRolls(seat.Game.Stretches[r-1], p.side)[:len(truth)], truth, "%s's machine, with the nonces revealed, makes round %d's rolls", p.side, r)
			rounds++
			rolls += len(truth)
			guesses := fixedRand(fmt.Sprintf("guess %s %d", p.side, r))
			for range 64 {
				guess := make([]byte, NonceSize)
				_, err := guesses.Read(guess)
				require.NoError(t, err)
				got := stretchWith(guess)
				if slices.EqualFunc(got, truth, slices.Equal) {
					// One or two 2d6 agree by chance (1 in 36 each); three
					// never may.
					require.Less(t, len(truth), 3, "%s's machine foresaw round %d's %d private rolls", p.side, r, len(truth))
					foreseen++
				}
				for i := range min(len(got), len(truth)) {
					tried++
					if slices.Equal(got[i], truth[i]) {
						same++
					}
				}
			}
		}
	}
	require.Positive(t, rounds, "no round with private rolls")
	// 2d6: two rolls agree face for face one time in 36, a lone die one
	// in 6 (courses and phase rolls are 2d6).
	require.Less(t, float64(same)/float64(tried), 0.12, "%d of %d rolls guessed", same, tried)
	require.Less(t, foreseen, rounds*64/10, "rounds' rolls guessed whole")
	t.Logf("%d rounds with %d private rolls; under 64 guesses of the other side's nonce each, %d of %d guesses gave a round's rolls whole (each of a round of one or two rolls, by chance), %d of %d rolls agreeing by chance", rounds, rolls, foreseen, rounds*64, same, tried)
}

// TestPrivateRollsNotChoosable: a side cannot choose its private rolls
// by choosing its dice key before it joins: every one of them also
// depends on every other side's nonce of its round, drawn after the key
// is fixed. In mined-haven, for each of 40 dice keys of the corsairs
// (as a cheater would try keys before joining), the corsairs' mines lie
// where the hunters' nonce of the first round puts them: with 16 nonces
// of the hunters, no key lays any mine on one hex every time. And in the
// phase game, every stream of a side's private rolls (every subject and
// round) is keyed otherwise when the other side's nonce of its round
// changes by one bit.
func TestPrivateRollsNotChoosable(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "mined-haven.yaml"))
	require.NoError(t, err)
	sc, err := scenarios.Source{Name: "testdata/mined-haven.yaml", Data: data}.LoadCarried()
	require.NoError(t, err)
	const game = "0123456789abcdef"
	sides := []rules.SideID{"corsairs", "hunters"}
	// lay returns where key's dice lay the corsairs' mines with the
	// hunters' nonce of round 1.
	lay := func(key, nonce []byte) map[rules.UnitID]rules.Hex {
		d := newGameDice(game)
		d.keys["corsairs"], _ = vrfKey(key)
		st, err := rules.NewState(sc.Setup(), 0, rules.WithPrivateKey(openKey(game)), rules.WithSideDice(d), rules.WithPeer("corsairs"))
		require.NoError(t, err)
		nonces := map[rules.SideID][]byte{"corsairs": make([]byte, NonceSize), "hunters": nonce}
		epoch := epochOf(game, 1, sides, nonces)
		d.epochs[epoch] = 1
		st.SetDiceEpoch(epoch)
		st.RNG = rules.NewRNG(round{Epoch: epoch}.seed())
		st.Advance()
		out := map[rules.UnitID]rules.Hex{}
		for _, u := range st.HiddenMines("corsairs") {
			out[u.ID] = u.Hex
		}
		require.Len(t, out, 8)
		require.True(t, st.MinesKnown("corsairs"))
		return out
	}
	src := fixedRand("keys and nonces")
	draw := func(n int) []byte {
		b := make([]byte, n)
		_, err := src.Read(b)
		require.NoError(t, err)
		return b
	}
	var nonces [][]byte
	for range 16 {
		nonces = append(nonces, draw(NonceSize))
	}
	fixed, hexes := 0, map[rules.UnitID]map[rules.Hex]bool{}
	for range 40 {
		key := draw(vrfSeedSize)
		seen := map[rules.UnitID]map[rules.Hex]bool{}
		for _, n := range nonces {
			for id, h := range lay(key, n) {
				if seen[id] == nil {
					seen[id] = map[rules.Hex]bool{}
				}
				if hexes[id] == nil {
					hexes[id] = map[rules.Hex]bool{}
				}
				seen[id][h], hexes[id][h] = true, true
			}
		}
		for id, hs := range seen {
			if len(hs) == 1 {
				fixed++
				t.Errorf("a key lays %s on one hex whatever the hunters' nonce", id)
			}
		}
	}
	require.Zero(t, fixed)
	for id, hs := range hexes {
		require.Greater(t, len(hs), 8, "%s lies on few hexes over 640 keys and nonces", id)
	}

	// Every stream of the phase game's private rolls.
	_, _, files := playPhase(t)
	last := parse(t, files[len(files)-1].Data)
	whole, err := Replay(last)
	require.NoError(t, err)
	keyed, err := replay(last, replayOpts{every: whole.DiceKeys})
	require.NoError(t, err)
	streams := 0
	d := keyed.dice
	for side, subjects := range d.proved {
		for subject, rounds := range subjects {
			for r := range rounds {
				nonces := whole.played[r-1].Nonces
				epoch := epochOf(whole.ID, r, whole.Sides(), nonces)
				k, err := d.Key(side, epoch, subject)
				require.NoError(t, err)
				for _, other := range whole.Sides() {
					if other == side {
						continue
					}
					flipped := maps.Clone(nonces)
					flipped[other] = slices.Clone(nonces[other])
					flipped[other][0] ^= 1
					e2 := epochOf(whole.ID, r, whole.Sides(), flipped)
					d.epochs[e2] = r
					k2, err := d.Key(side, e2, subject)
					require.NoError(t, err)
					require.NotEqual(t, k, k2, "%s's %s of round %d does not depend on %s's nonce", side, subject, r, other)
				}
				streams++
			}
		}
	}
	require.Positive(t, streams)
	t.Logf("40 keys x 16 nonces: no mine's hex fixed by a key (each mine on %d to %d hexes); %d streams of the phase game each keyed otherwise by one bit of the other side's nonce", minLen(hexes), maxLen(hexes), streams)
}

func minLen[K comparable, V comparable](m map[K]map[V]bool) int {
	n := -1
	for _, s := range m {
		if n < 0 || len(s) < n {
			n = len(s)
		}
	}
	return n
}

func maxLen[K comparable, V comparable](m map[K]map[V]bool) int {
	n := 0
	for _, s := range m {
		n = max(n, len(s))
	}
	return n
}
