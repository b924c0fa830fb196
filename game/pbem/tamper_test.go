package pbem

import (
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/rules"
)

// changeOrders gives a reveal other orders: the first ship's course
// turned to keep.
func changeOrders(t *testing.T, m *wire.Reveal) {
	t.Helper()
	o, err := decodeOrders(m.Orders)
	require.NoError(t, err)
	require.NotNil(t, o.Plot)
	require.NotEmpty(t, o.Plot.Ships)
	o.Plot.Ships[0].Course.Kind, o.Plot.Ships[0].Course.Unit = "keep", ""
	o.Plot.Ships[0].Fire.MinSixths = 6
	b, err := json.Marshal(o)
	require.NoError(t, err)
	m.Orders = b
}

// TestTamperedFilesAreRefused opens, at the corsairs' machine, the
// hunters' fourth file (their reveal and the result of round 1, then
// their commitment to round 2) tampered in each way a side or someone
// between the machines could, and stale and replayed files: each is
// refused with a message naming what is wrong, the corsairs' game and
// secrets are byte for byte what they were, and the true file opens after.
func TestTamperedFilesAreRefused(t *testing.T) {
	a, b, files := playFiles(t, 4)
	last := files[3]
	require.Equal(t, b.side, last.From)
	hunters := map[rules.SideID]ed25519.PrivateKey{b.side: keyOf(t, b)}
	seat, err := LoadSeat(a.home, a.game)
	require.NoError(t, err)
	local := seat.Game.Len() // where the corsairs' machine stands
	tests := []struct {
		name   string
		data   func(t *testing.T) []byte
		reason string
	}{
		{"changed order, signed again by its side", func(t *testing.T) []byte {
			f := parse(t, last.Data)
			i := index(t, f, local, wire.KindReveal)
			edit(t, f, i, func(b *wire.Reveal) { changeOrders(t, b) })
			rechain(t, f, i, hunters)
			return f.Encode()
		}, "do not match hunters's commitment to round 1 (changed orders or a swapped nonce)"},
		{"changed order, by someone between the machines", func(t *testing.T) []byte {
			f := parse(t, last.Data)
			i := index(t, f, local, wire.KindReveal)
			edit(t, f, i, func(b *wire.Reveal) { changeOrders(t, b) })
			return f.Encode()
		}, "the signature is not hunters's: the message was edited or forged"},
		{"changed roll", func(t *testing.T) []byte {
			f := parse(t, last.Data)
			i := index(t, f, local, wire.KindResult)
			edit(t, f, i, func(r *wire.Result) {
				require.NotEmpty(t, r.Rolls)
				r.Rolls = append([][]int{{7}}, r.Rolls[1:]...)
			})
			rechain(t, f, i, hunters)
			return f.Encode()
		}, "the rules give another result: public roll 1 shows [7]"},
		{"changed state hash", func(t *testing.T) []byte {
			f := parse(t, last.Data)
			i := index(t, f, local, wire.KindResult)
			edit(t, f, i, func(r *wire.Result) { r.Hash = make([]byte, 32) })
			rechain(t, f, i, hunters)
			return f.Encode()
		}, "the rules give another result: state hash 0000"},
		{"swapped nonce", func(t *testing.T) []byte {
			f := parse(t, last.Data)
			i := index(t, f, local, wire.KindReveal)
			// The corsairs' nonce of the round, in the hunters' reveal.
			theirs := f.Messages[index(t, f, 0, wire.KindReveal)].Body.(*wire.Reveal).Nonce
			edit(t, f, i, func(b *wire.Reveal) { b.Nonce = theirs })
			rechain(t, f, i, hunters)
			return f.Encode()
		}, "do not match hunters's commitment to round 1 (changed orders or a swapped nonce)"},
		{"withheld reveal", func(t *testing.T) []byte {
			// The hunters saw the corsairs' orders and nonce, so their
			// dice, and commit to round 2 without opening round 1.
			f := parse(t, last.Data)
			i := index(t, f, local, wire.KindReveal)
			c := index(t, f, local, wire.KindCommit)
			f.Messages = append(f.Messages[:i], f.Messages[c])
			rechain(t, f, i, hunters)
			return f.Encode()
		}, "the game is at round 1: a commitment to round 2 is stale, replayed or skips a round"},
		{"result before the reveal", func(t *testing.T) []byte {
			f := parse(t, last.Data)
			i := index(t, f, local, wire.KindReveal)
			r := index(t, f, local, wire.KindResult)
			f.Messages = append(f.Messages[:i], f.Messages[r])
			rechain(t, f, i, hunters)
			return f.Encode()
		}, "a result of round 1 before hunters's reveal"},
		{"reordered", func(t *testing.T) []byte {
			f := parse(t, last.Data)
			i := index(t, f, local, wire.KindReveal)
			f.Messages[i], f.Messages[i+1] = f.Messages[i+1], f.Messages[i]
			return f.Encode()
		}, "out of order"},
		{"stale file", func(t *testing.T) []byte { return files[1].Data }, "a stale or replayed file, with nothing new"},
		{"replayed own file", func(t *testing.T) []byte { return files[2].Data }, "a stale or replayed file, with nothing new"},
		{"edited accepted message", func(t *testing.T) []byte {
			f := parse(t, last.Data)
			edit(t, f, 1, func(j *wire.Join) { j.PubKey = append(j.PubKey[:31:31], 0) })
			return f.Encode()
		}, "message 1 (hunters's join) differs from the one this machine accepted"},
		{"forged message of the own side", func(t *testing.T) []byte {
			f := parse(t, last.Data)
			m, err := wire.New(&wire.Commit{Header: wire.Header{Kind: wire.KindCommit, Side: string(a.side)}, Round: 2, Commit: make([]byte, 32)})
			require.NoError(t, err)
			f.Messages = append(f.Messages, m)
			rechain(t, f, len(f.Messages)-1, hunters)
			return f.Encode()
		}, "claims to be from this machine's side, corsairs, which never wrote it"},
		{"another game", func(t *testing.T) []byte {
			f := parse(t, last.Data)
			f.Game = "0123456789abcdef"
			return f.Encode()
		}, "the file names game 0123456789abcdef, but its genesis starts game"},
		{"not a turn file", func(t *testing.T) []byte { return []byte(`{"format":"hexrift-save"}`) }, "field format is \"hexrift-save\""},
	}
	keep := func() [2][]byte { return keptFiles(t, a) }
	before := keep()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Open(a.home, "bad.pbem", tc.data(t), a.side)
			require.Error(t, err)
			require.Contains(t, err.Error(), tc.reason)
			require.Equal(t, before, keep(), "the bad file changed what the machine keeps")
		})
	}
	_, err = Open(a.home, "good.pbem", last.Data, a.side)
	require.NoError(t, err, "the true file opens after the bad ones")
}

// TestVerifyNamesTheFirstCheat verifies a whole game's last file with one
// message tampered (and the log cut after it): Verify names that message.
func TestVerifyNamesTheFirstCheat(t *testing.T) {
	a, b, files := playWhole(t)
	full := files[len(files)-1].Data
	keys := map[rules.SideID]ed25519.PrivateKey{a.side: keyOf(t, a), b.side: keyOf(t, b)}
	_, err := Verify("whole", full)
	require.NoError(t, err)
	// A reveal late in the game, and the result after it.
	f0 := parse(t, full)
	rev := index(t, f0, len(f0.Messages)/2, wire.KindReveal)
	res := index(t, f0, rev, wire.KindResult)
	rb := f0.Messages[rev].Body.(*wire.Reveal)
	side := rb.Side
	commitOf := -1
	for i, m := range f0.Messages[:rev] {
		if c, ok := m.Body.(*wire.Commit); ok && c.Side == side && c.Round == rb.Round {
			commitOf = i
		}
	}
	require.Positive(t, commitOf)
	key := index(t, f0, res, wire.KindKey) // the first dice key, at the end
	firstKey := f0.Messages[key].Body.(*wire.Key)
	tests := []struct {
		name   string
		at     int
		change func(f *wire.File)
		reason string
	}{
		{"changed order", rev, func(f *wire.File) { edit(t, f, rev, func(b *wire.Reveal) { changeOrders(t, b) }) }, "do not match"},
		{"swapped nonce", rev, func(f *wire.File) { edit(t, f, rev, func(b *wire.Reveal) { b.Nonce = make([]byte, NonceSize) }) }, "swapped nonce"},
		{"changed roll", res, func(f *wire.File) {
			edit(t, f, res, func(r *wire.Result) { r.Rolls = append(append([][]int(nil), r.Rolls...), []int{6}) })
		}, "the rules give another result"},
		{"changed dice key", key, func(f *wire.File) {
			// Another key would key other secret rolls than the side's.
			edit(t, f, key, func(k *wire.Key) { k.VRFSecret = make([]byte, vrfSeedSize) })
		}, "the dice key is not the one"},
		{"dice key revealed before the end", rev, func(f *wire.File) {
			m, err := wire.New(&wire.Key{Header: wire.Header{Kind: wire.KindKey, Side: side}, VRFSecret: firstKey.VRFSecret})
			require.NoError(t, err)
			f.Messages[rev] = m
		}, "a dice key revealed before the game is over"},
		{"changed commitment", rev, func(f *wire.File) {
			// The side's own commitment of the round, changed and signed
			// again: the reveal that opens it is where it shows.
			edit(t, f, commitOf, func(c *wire.Commit) { c.Commit = make([]byte, 32) })
		}, "do not match"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := parse(t, full)
			tc.change(f)
			f.Messages = f.Messages[:tc.at+1]
			rechain(t, f, commitOf, keys) // every side signs again: only the rules can tell
			_, err := Verify("tampered", f.Encode())
			var c *Cheat
			require.ErrorAs(t, err, &c)
			require.Equal(t, tc.at, c.Seq, "the first cheat named: %v", err)
			require.Contains(t, err.Error(), tc.reason)
		})
	}
	t.Run("withheld reveal", func(t *testing.T) {
		f := parse(t, full)
		f.Messages = f.Messages[:rev]
		_, err := Verify("withheld", f.Encode())
		require.ErrorIs(t, err, ErrUnfinished)
		require.Contains(t, err.Error(), "waits for "+side+"'s reveal since message")
		require.Contains(t, err.Error(), "withholds its orders")
	})
	t.Run("withheld dice key", func(t *testing.T) {
		f := parse(t, full)
		last := f.Messages[len(f.Messages)-1]
		require.Equal(t, wire.KindKey, last.Head().Kind)
		f.Messages = f.Messages[:len(f.Messages)-1]
		_, err := Verify("withheld", f.Encode())
		require.ErrorIs(t, err, ErrUnfinished)
		require.Contains(t, err.Error(), "waits for "+last.Head().Side+"'s dice key")
		require.Contains(t, err.Error(), "withholds the check of its secrets and forfeits")
	})
	t.Run("a blanked signature", func(t *testing.T) {
		f := parse(t, full)
		f.Messages[rev].Sig = make([]byte, ed25519.SignatureSize)
		_, err := Verify("unsigned", f.Encode())
		var c *Cheat
		require.True(t, errors.As(err, &c))
		require.Equal(t, rev, c.Seq)
	})
}
