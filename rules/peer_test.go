package rules

import (
	"crypto/hmac"
	"crypto/sha256"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// testDice is the sides' dice as one machine of a test game holds them:
// the sides it plays (all: a verifier) and the subjects of the other
// sides it was told. Every stream key follows from the side's test key,
// the epoch and the subject, as a side's proof would give it.
type testDice struct {
	sides map[SideID]bool
	all   bool
	told  map[SideID]map[string]bool
}

func newTestDice(all bool, sides ...SideID) *testDice {
	d := &testDice{sides: map[SideID]bool{}, all: all, told: map[SideID]map[string]bool{}}
	for _, sd := range sides {
		d.sides[sd] = true
	}
	return d
}

func (d *testDice) Knows(side SideID, subject string) bool {
	return d.all || d.sides[side] || d.told[side][subject]
}

func (d *testDice) Key(side SideID, epoch, subject string) (PrivateKey, error) {
	if !d.Knows(side, subject) {
		return PrivateKey{}, fmt.Errorf("no proof of %s's %s", side, subject)
	}
	mac := hmac.New(sha256.New, []byte("test key of "+side))
	fmt.Fprintf(mac, "%s|%s", epoch, subject)
	var k PrivateKey
	copy(k[:], mac.Sum(nil))
	return k, nil
}

// tell gives the machine side's dice for subjects; it reports whether it
// learnt anything new.
func (d *testDice) tell(side SideID, subjects ...string) bool {
	if d.all || d.sides[side] {
		return false
	}
	if d.told[side] == nil {
		d.told[side] = map[string]bool{}
	}
	n := len(d.told[side])
	for _, s := range subjects {
		d.told[side][s] = true
	}
	return len(d.told[side]) > n
}

// draws returns the first n draws of audience a's private stream about
// subject in a fresh game set up with opts, at epoch.
func draws(t *testing.T, a Audience, subject, epoch string, n int, opts ...Option) []uint64 {
	t.Helper()
	s, err := NewState(testSetup(), 42, opts...)
	require.NoError(t, err)
	s.SetDiceEpoch(epoch)
	out := make([]uint64, n)
	for i := range out {
		out[i] = s.privateGen(a, subject).Uint64()
	}
	return out
}

// IP8.337: in a game played between machines a side's secret rolls come
// from its own dice, one stream per secret (its subject) and epoch: they
// depend on nothing but the side's dice, the epoch and the subject, so
// that a machine holding the side's dice for one subject can compute
// that subject's rolls and no other. Outside play between machines the
// streams are the game key's, whatever the subject, as they always were.
func TestSideDiceKeyTheSidesSecrets(t *testing.T) {
	peer := func(d SideDice) []Option { return []Option{WithPeer("blue"), WithSideDice(d)} }
	blue := newTestDice(false, "blue")
	base := draws(t, Only("blue"), "phase a1 1.2.3", "e1", 8)
	tests := []struct {
		name  string
		a, b  []uint64
		equal bool
	}{
		{"no side dice: the game key's stream, whatever the subject and epoch",
			draws(t, Only("blue"), "mine m1", "e2", 8), base, true},
		{"no side dice: the stream follows the game key",
			draws(t, Only("blue"), "phase a1 1.2.3", "e1", 8, WithPrivateKey(PrivateKey{9})), base, false},
		{"side dice: blue's rolls are blue's dice's, not the game key's",
			draws(t, Only("blue"), "phase a1 1.2.3", "e1", 8, peer(blue)...), base, false},
		{"side dice: the game key plays no part",
			draws(t, Only("blue"), "phase a1 1.2.3", "e1", 8, append(peer(blue), WithPrivateKey(PrivateKey{9}))...),
			draws(t, Only("blue"), "phase a1 1.2.3", "e1", 8, peer(blue)...), true},
		{"side dice: another subject rolls other dice",
			draws(t, Only("blue"), "phase a2 1.2.3", "e1", 8, peer(blue)...),
			draws(t, Only("blue"), "phase a1 1.2.3", "e1", 8, peer(blue)...), false},
		{"side dice: another epoch rolls other dice",
			draws(t, Only("blue"), "phase a1 1.2.3", "e2", 8, peer(blue)...),
			draws(t, Only("blue"), "phase a1 1.2.3", "e1", 8, peer(blue)...), false},
		{"side dice: a machine told blue's subject rolls as blue's",
			draws(t, Only("blue"), "phase a1 1.2.3", "e1", 8, WithPeer("red"), WithSideDice(func() SideDice { d := newTestDice(false, "red"); d.tell("blue", "phase a1 1.2.3"); return d }())),
			draws(t, Only("blue"), "phase a1 1.2.3", "e1", 8, peer(blue)...), true},
		{"an audience of two sides rolls from the game key",
			draws(t, Only("blue", "red"), "x", "e1", 8, peer(blue)...),
			draws(t, Only("blue", "red"), "x", "e1", 8), true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.equal, fmt.Sprint(tc.a) == fmt.Sprint(tc.b))
		})
	}
}

// A machine asked for a roll of a secret it does not know records it
// (BlindRolls: the step is one no other machine could compute); one that
// knows the secret but lacks its dice for the epoch records why
// (DiceProblem). SetDiceEpoch drops the streams of the epoch before.
func TestSideDiceRefuseWhatTheMachineDoesNotHold(t *testing.T) {
	d := newTestDice(false, "red")
	s, err := NewState(testSetup(), 42, WithPeer("red"), WithSideDice(d))
	require.NoError(t, err)
	s.SetDiceEpoch("e1")
	s.privateGen(Only("blue"), "mine m1").Uint64()
	require.Equal(t, []string{"blue's mine m1"}, s.BlindRolls())
	require.NoError(t, s.DiceProblem())

	broken := &brokenDice{testDice: newTestDice(false, "red")}
	s, err = NewState(testSetup(), 42, WithPeer("red"), WithSideDice(broken))
	require.NoError(t, err)
	s.SetDiceEpoch("e1")
	s.privateGen(Only("red"), "mine m2").Uint64()
	require.ErrorContains(t, s.DiceProblem(), "red's rolls of mine m2")
	require.Empty(t, s.BlindRolls())

	s, err = NewState(testSetup(), 42, WithPeer("red"), WithSideDice(newTestDice(false, "red")))
	require.NoError(t, err)
	s.SetDiceEpoch("e1")
	s.privateGen(Only("red"), "mine m2").Uint64()
	s.privateGen(Only("red", "blue"), "x").Uint64()
	require.Len(t, s.Private, 2)
	s.SetDiceEpoch("e2")
	require.Len(t, s.Private, 1, "the side streams of e1 are dropped, the game key's stream stays")
}

// brokenDice knows its side's subjects but has no key for them.
type brokenDice struct{ *testDice }

func (b *brokenDice) Key(side SideID, epoch, subject string) (PrivateKey, error) {
	return PrivateKey{}, fmt.Errorf("no proof of epoch %s", epoch)
}
