package pbem

import (
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/pbem/wire"
)

// TestEquivocationNamed: a side that signs two different messages at one
// place of the log (it sends one file to a machine and, from a copy of
// its home, another file to the same machine later, as it would to two
// sides of a three-side game) is named as the side that signed both: the
// machine refuses the second file with *Equivocation, naming the side
// and the place, keeps both messages as proof in the game's folder, and
// changes nothing of its game. A file that differs by another side's
// message (one the sender could not sign) is an edit, not an
// equivocation.
func TestEquivocationNamed(t *testing.T) {
	a, b, files := playFiles(t, 4)
	// files[3] is the hunters' answer to the corsairs' files[2]; the
	// corsairs accept it.
	require.Equal(t, b.side, files[3].From)
	_, err := Open(a.home, "f3", files[3].Data, a.side)
	require.NoError(t, err)
	// A copy of the hunters' home put back to where it stood before it
	// wrote files[3] answers files[2] again, its commitment of the next
	// round under another nonce and with a note: the same place of the
	// log, another message, the hunters' signature on both.
	twin := keepHome(t, b, 4)
	old := parse(t, files[2].Data)
	require.NoError(t, os.WriteFile(twin.home.LogPath(b.game), old.Encode(), 0o600))
	ts, err := LoadSeat(twin.home, b.game)
	require.NoError(t, err)
	other, err := ts.SendNote(b.orders(t, ts), "A different answer.")
	require.NoError(t, err)
	accepted := parse(t, files[3].Data)
	at := -1
	for i := range accepted.Messages {
		if !accepted.Messages[i].Same(other.Messages[i]) {
			at = i
			break
		}
	}
	require.Positive(t, at, "the two answers do not differ")
	require.Equal(t, string(b.side), accepted.Messages[at].Head().Side)
	before := keptFiles(t, a)
	_, err = Open(a.home, "twin.pbem", other.Encode(), a.side)
	var e *Equivocation
	require.True(t, errors.As(err, &e), "%v", err)
	require.Equal(t, string(b.side), e.Side)
	require.Equal(t, at, e.Seq)
	require.Contains(t, err.Error(), "hunters signed two different messages at place "+itoa(at)+" of game")
	require.Equal(t, before, keptFiles(t, a), "an equivocation changed the machine's game")
	// The proof: both messages as files write them, each with its
	// signature, which anyone can check with the hunters' key.
	require.Equal(t, []string{e.Proof}, a.home.Equivocations(a.game))
	proof, err := os.ReadFile(e.Proof)
	require.NoError(t, err)
	var kept struct{ Side, Kept, Got string }
	require.NoError(t, json.Unmarshal(proof, &kept))
	require.Equal(t, "hunters", kept.Side)
	for i, text := range []string{kept.Kept, kept.Got} {
		f, err := ParseFile("proof", []byte(`{"format":"hexrift-pbem","version":4,"game":"`+a.game+`","messages":[`+text+`]}`))
		require.NoError(t, err)
		require.True(t, f.Messages[0].Verify(keyOf(t, b).Public().(ed25519.PublicKey)), "proof message %d is not the hunters'", i)
	}
	// An edit of the hunters' message by someone between the machines
	// (its signature broken) is no equivocation.
	forged := parse(t, other.Encode())
	forged.Messages[at].Sig = make([]byte, ed25519.SignatureSize)
	_, err = Open(a.home, "forged.pbem", forged.Encode(), a.side)
	require.Error(t, err)
	require.False(t, errors.As(err, &e), "an edit named as equivocation")
	require.Contains(t, err.Error(), "differs from the one this machine accepted")
	require.Equal(t, before, keptFiles(t, a))
	t.Logf("%v", e)
}

// appendSigned returns f with body as its next message, side's, signed
// with key.
func appendSigned(t *testing.T, f *wire.File, body wire.Body, side string, key ed25519.PrivateKey) *wire.File {
	t.Helper()
	h := body.Head()
	h.Seq, h.Side, h.Prev = len(f.Messages), side, f.Messages[len(f.Messages)-1].Hash()
	m, err := wire.New(body)
	require.NoError(t, err)
	m.Sign(key)
	return &wire.File{Game: f.Game, Messages: append(append([]*wire.Message(nil), f.Messages...), m)}
}

// TestClaimSettlesAStalledGame: the hunters, the last of a round to
// reveal, answer nothing after the corsairs' reveal: they have seen the
// corsairs' orders and nonce, so the round's dice, and may not like them.
// The corsairs' machine says whom the game waits for and since which
// message (Stall), and the corsairs' claim settles it: the game is over,
// the hunters forfeit it, verify says so in words and whom it still waits
// for, the hunters' move after the claim is refused (their dice key is
// not), and so is every claim that does not name what the game waits for.
func TestClaimSettlesAStalledGame(t *testing.T) {
	// The first file after which its sender waits for the hunters'
	// reveal. (b plays the hunters, a the corsairs, as playFiles gives
	// them; here the corsairs claim.)
	var b, a *player
	var seat *Seat
	for n := 3; seat == nil; n++ {
		require.Less(t, n, 12, "no file waits for the hunters' reveal")
		var files []sent
		b, a, files = playFiles(t, n)
		if files[n-1].From != b.side {
			continue
		}
		s, err := LoadSeat(b.home, b.game)
		require.NoError(t, err)
		if side, what, _, _ := s.Game.Stall(); side == a.side && what == "reveal" {
			seat = s
		}
	}
	side, what, since, ok := seat.Game.Stall()
	require.True(t, ok)
	require.Equal(t, a.side, side)
	require.Equal(t, "Bounty Hunters owes its "+what+" since message "+itoa(since), seat.Game.StallText())
	now := time.Date(2026, 12, 11, 9, 30, 0, 0, time.UTC)
	key := seat.sec.signer()
	bad := []struct {
		name  string
		claim wire.Claim
		why   string
	}{
		{"against itself", wire.Claim{Against: string(b.side), Owes: what, Since: since}, "it claims corsairs withheld its " + what + ", but the game waits for hunters's " + what},
		{"another thing owed", wire.Claim{Against: string(side), Owes: "key", Since: since}, "it claims hunters withheld its key, but the game waits for hunters's " + what},
		{"since another message", wire.Claim{Against: string(side), Owes: what, Since: since - 1}, "it owes since message " + itoa(since) + ", the last before the claim"},
		{"a time not in UTC", wire.Claim{Against: string(side), Owes: what, Since: since, At: "2026-12-11T10:30:00+01:00"}, "is not a time in UTC as hexrift writes it"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.claim
			c.Header = wire.Header{Kind: wire.KindClaim}
			if c.At == "" {
				c.At = now.Format(time.RFC3339)
			}
			_, err := Replay(appendSigned(t, seat.Game.File(), &c, string(b.side), key))
			require.ErrorContains(t, err, tc.why)
		})
	}
	claimed, err := seat.Claim(now)
	require.NoError(t, err)
	require.True(t, seat.Game.Over())
	require.Equal(t, "settled by Corsair Band's claim (message "+itoa(seat.Game.Claim.Seq)+", written 2026-12-11 09:30 UTC): Bounty Hunters withheld its "+what+" since message "+itoa(since)+" and forfeits the game", seat.Game.ClaimText())
	last := claimed.Messages[len(claimed.Messages)-1]
	require.Equal(t, wire.KindKey, last.Head().Kind, "the claim's file carries the claimer's dice key: the game is over")
	_, err = Verify("claimed.pbem", claimed.Encode())
	require.ErrorIs(t, err, ErrUnfinished)
	require.ErrorContains(t, err, "settled by Corsair Band's claim")
	require.ErrorContains(t, err, "waits for hunters's dice key since message")
	// The hunters' machine takes the claim: its move after it is
	// refused, its key is not, and then the game verifies.
	cs, err := Open(a.home, "claimed.pbem", claimed.Encode(), a.side)
	require.NoError(t, err)
	require.NotNil(t, cs.Game.Claim)
	require.False(t, cs.MustCommit())
	late := &wire.Commit{Header: wire.Header{Kind: wire.KindCommit}, Round: cs.Game.Round, Commit: make([]byte, 32)}
	require.ErrorContains(t, cs.sign(late), "the game was settled by corsairs's claim")
	f, err := cs.Send(nil)
	require.NoError(t, err)
	rep, err := Verify("settled.pbem", f.Encode())
	require.NoError(t, err)
	require.Contains(t, rep, "settled by Corsair Band's claim")
	t.Logf("%s; %s", seat.Game.ClaimText(), rep)
}

func itoa(n int) string { return strconv.Itoa(n) }
