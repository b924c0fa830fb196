package pbem

import (
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/rules"
)

// keyOf returns the signing key a player's machine keeps.
func keyOf(t *testing.T, p *player) ed25519.PrivateKey {
	t.Helper()
	s, err := LoadSeat(p.home, p.game)
	require.NoError(t, err)
	k, err := s.sec.signer()
	require.NoError(t, err)
	return k
}

// rechain numbers and chains the messages from index from on again and
// signs again those of the sides whose keys are given (a cheater signs
// its own messages; another side's stay as they were).
func rechain(f *File, from int, keys map[rules.SideID]ed25519.PrivateKey) {
	for i := from; i < len(f.Messages); i++ {
		m := &f.Messages[i]
		m.Seq = i
		if i > 0 {
			m.Prev = f.Messages[i-1].hash()
		}
		if k, ok := keys[m.Side]; ok {
			m.sign(k)
		}
	}
}

// index returns the index of the first message of kind in f from start.
func index(t *testing.T, f *File, start int, kind string) int {
	t.Helper()
	for i := start; i < len(f.Messages); i++ {
		if f.Messages[i].Kind == kind {
			return i
		}
	}
	t.Fatalf("no %s message from %d", kind, start)
	return -1
}

// changeOrders gives a reveal other orders: the first ship's course
// turned to keep.
func changeOrders(t *testing.T, m *Message) {
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
			i := index(t, f, local, KindReveal)
			changeOrders(t, &f.Messages[i])
			rechain(f, i, hunters)
			return encode(t, f)
		}, "do not match hunters's commitment to round 1 (changed orders or a swapped nonce)"},
		{"changed order, by someone between the machines", func(t *testing.T) []byte {
			f := parse(t, last.Data)
			i := index(t, f, local, KindReveal)
			changeOrders(t, &f.Messages[i])
			return encode(t, f)
		}, "the signature is not hunters's: the message was edited or forged"},
		{"changed roll", func(t *testing.T) []byte {
			f := parse(t, last.Data)
			i := index(t, f, local, KindResult)
			r := *f.Messages[i].Result
			require.NotEmpty(t, r.Rolls)
			r.Rolls = append([]string{"initiative: 6 (6)"}, r.Rolls[1:]...)
			f.Messages[i].Result = &r
			rechain(f, i, hunters)
			return encode(t, f)
		}, "the rules give another result: roll 1 reads \"initiative: 6 (6)\""},
		{"changed state hash", func(t *testing.T) []byte {
			f := parse(t, last.Data)
			i := index(t, f, local, KindResult)
			r := *f.Messages[i].Result
			r.Hash = hex.EncodeToString(make([]byte, 32))
			f.Messages[i].Result = &r
			rechain(f, i, hunters)
			return encode(t, f)
		}, "the rules give another result: state hash 0000"},
		{"swapped nonce", func(t *testing.T) []byte {
			f := parse(t, last.Data)
			i := index(t, f, local, KindReveal)
			// The corsairs' nonce of the round, in the hunters' reveal.
			f.Messages[i].Nonce = f.Messages[index(t, f, 0, KindReveal)].Nonce
			rechain(f, i, hunters)
			return encode(t, f)
		}, "do not match hunters's commitment to round 1 (changed orders or a swapped nonce)"},
		{"withheld reveal", func(t *testing.T) []byte {
			// The hunters saw the corsairs' orders and nonce, so their
			// dice, and commit to round 2 without opening round 1.
			f := parse(t, last.Data)
			i := index(t, f, local, KindReveal)
			c := index(t, f, local, KindCommit)
			f.Messages = append(f.Messages[:i], f.Messages[c])
			rechain(f, i, hunters)
			return encode(t, f)
		}, "the game is at round 1: a commitment to round 2 is stale, replayed or skips a round"},
		{"result before the reveal", func(t *testing.T) []byte {
			f := parse(t, last.Data)
			i := index(t, f, local, KindReveal)
			r := index(t, f, local, KindResult)
			f.Messages = append(f.Messages[:i], f.Messages[r])
			rechain(f, i, hunters)
			return encode(t, f)
		}, "a result of round 1 before hunters's reveal"},
		{"reordered", func(t *testing.T) []byte {
			f := parse(t, last.Data)
			i := index(t, f, local, KindReveal)
			f.Messages[i], f.Messages[i+1] = f.Messages[i+1], f.Messages[i]
			return encode(t, f)
		}, "out of order"},
		{"stale file", func(t *testing.T) []byte { return files[1].Data }, "a stale or replayed file, with nothing new"},
		{"replayed own file", func(t *testing.T) []byte { return files[2].Data }, "a stale or replayed file, with nothing new"},
		{"edited accepted message", func(t *testing.T) []byte {
			f := parse(t, last.Data)
			f.Messages[1].PubKey = hex.EncodeToString(keyOf(t, b).Public().(ed25519.PublicKey)[:31]) + "00"
			return encode(t, f)
		}, "message 1 (hunters's join) differs from the one this machine accepted"},
		{"forged message of the own side", func(t *testing.T) []byte {
			f := parse(t, last.Data)
			f.Messages = append(f.Messages, Message{Kind: KindCommit, Side: a.side, Round: 2, Commit: hex.EncodeToString(make([]byte, 32))})
			rechain(f, len(f.Messages)-1, hunters)
			return encode(t, f)
		}, "claims to be from this machine's side, corsairs, which never wrote it"},
		{"another game", func(t *testing.T) []byte {
			f := parse(t, last.Data)
			f.Game = "0123456789abcdef"
			return encode(t, f)
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
	rev := index(t, f0, len(f0.Messages)/2, KindReveal)
	res := index(t, f0, rev, KindResult)
	side := f0.Messages[rev].Side
	commitOf := -1
	for i, m := range f0.Messages[:rev] {
		if m.Kind == KindCommit && m.Side == side && m.Round == f0.Messages[rev].Round {
			commitOf = i
		}
	}
	require.Positive(t, commitOf)
	key := index(t, f0, res, KindKey) // the first dice key, at the end
	tests := []struct {
		name   string
		at     int
		change func(f *File)
		reason string
	}{
		{"changed order", rev, func(f *File) { changeOrders(t, &f.Messages[rev]) }, "do not match"},
		{"swapped nonce", rev, func(f *File) { f.Messages[rev].Nonce = hex.EncodeToString(make([]byte, NonceSize)) }, "swapped nonce"},
		{"changed roll", res, func(f *File) {
			r := *f.Messages[res].Result
			r.Rolls = append(append([]string(nil), r.Rolls...), "extra roll: 6")
			f.Messages[res].Result = &r
		}, "the rules give another result"},
		{"changed dice key", key, func(f *File) {
			// Another key would key other private rolls than the side's.
			f.Messages[key].DiceKey = rules.PrivateKey{1}.String()
		}, "the dice key does not match the commitment in"},
		{"dice key revealed before the end", rev, func(f *File) {
			f.Messages[rev] = Message{Kind: KindKey, Side: side, DiceKey: f.Messages[key].DiceKey}
			if f.Messages[key].Side != side {
				f.Messages[rev].DiceKey = f.Messages[key+1].DiceKey
			}
		}, "a dice key revealed before the game is over"},
		{"changed commitment", rev, func(f *File) {
			// The side's own commitment of the round, changed and signed
			// again: the reveal that opens it is where it shows.
			f.Messages[commitOf].Commit = hex.EncodeToString(make([]byte, 32))
		}, "do not match"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := parse(t, full)
			tc.change(f)
			f.Messages = f.Messages[:tc.at+1]
			rechain(f, commitOf, keys) // every side signs again: only the rules can tell
			_, err := Verify("tampered", encode(t, f))
			var c *Cheat
			require.ErrorAs(t, err, &c)
			require.Equal(t, tc.at, c.Seq, "the first cheat named: %v", err)
			require.Contains(t, err.Error(), tc.reason)
		})
	}
	t.Run("withheld reveal", func(t *testing.T) {
		f := parse(t, full)
		f.Messages = f.Messages[:rev]
		_, err := Verify("withheld", encode(t, f))
		require.ErrorIs(t, err, ErrUnfinished)
		require.Contains(t, err.Error(), "waits for "+string(side)+"'s reveal")
		require.Contains(t, err.Error(), "withholds its orders")
	})
	t.Run("withheld dice key", func(t *testing.T) {
		f := parse(t, full)
		last := f.Messages[len(f.Messages)-1]
		require.Equal(t, KindKey, last.Kind)
		f.Messages = f.Messages[:len(f.Messages)-1]
		_, err := Verify("withheld", encode(t, f))
		require.ErrorIs(t, err, ErrUnfinished)
		require.Contains(t, err.Error(), "waits for "+string(last.Side)+"'s dice key")
		require.Contains(t, err.Error(), "withholds the check of its private rolls")
	})
	t.Run("a blanked signature", func(t *testing.T) {
		f := parse(t, full)
		f.Messages[rev].Sig = hex.EncodeToString(make([]byte, ed25519.SignatureSize))
		_, err := Verify("unsigned", encode(t, f))
		var c *Cheat
		require.True(t, errors.As(err, &c))
		require.Equal(t, rev, c.Seq)
	})
}

// keptFiles returns what p's machine keeps of its game: its log and its
// secrets, as bytes.
func keptFiles(t *testing.T, p *player) [2][]byte {
	t.Helper()
	l, err := os.ReadFile(p.home.logPath(p.game))
	require.NoError(t, err)
	s, err := os.ReadFile(p.home.secretPath(p.game))
	require.NoError(t, err)
	return [2][]byte{l, s}
}

func parse(t *testing.T, data []byte) *File {
	t.Helper()
	f, err := ParseFile("test", data)
	require.NoError(t, err)
	return f
}

func encode(t *testing.T, f *File) []byte {
	t.Helper()
	b, err := f.Encode()
	require.NoError(t, err)
	return b
}
