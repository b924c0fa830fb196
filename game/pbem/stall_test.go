package pbem

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/rules"
)

// TestStalledSideSendsItsKeyAfterAClaim: the hunters, having seen the
// corsairs' orders of round 1 in the test game, do not reveal theirs; the
// corsairs claim they withheld it, which settles the game. The hunters'
// machine, opening the claim, writes its dice key and nothing else (not
// the reveal it owed, which a claim leaves no place for), and the game is
// finished: Verify passes, naming the claim.
func TestStalledSideSendsItsKeyAfterAClaim(t *testing.T) {
	a, b, files := playFiles(t, 3) // file 2, the corsairs' reveal, not yet answered
	f2 := parse(t, files[2].Data)
	require.Equal(t, wire.KindReveal, f2.Messages[len(f2.Messages)-1].Head().Kind)
	_, err := Open(b.home, "f2", files[2].Data, b.side)
	require.NoError(t, err)
	seat, err := LoadSeat(a.home, a.game)
	require.NoError(t, err)
	f, err := seat.Claim(testTime)
	require.NoError(t, err)
	claimed := f.Encode()
	theirs, err := Open(b.home, "claim", claimed, b.side)
	require.NoError(t, err)
	require.True(t, theirs.Game.Over())
	out, err := theirs.Send(nil)
	require.NoError(t, err, "the hunters send their key after the claim")
	tail := out.Messages[len(parse(t, claimed).Messages):]
	require.Len(t, tail, 1)
	require.Equal(t, wire.KindKey, tail[0].Head().Kind)
	require.True(t, theirs.Game.Finished())
	rep, err := Verify("last", out.Encode())
	require.NoError(t, err)
	require.Contains(t, rep, "settled by Corsair Band's claim")
	require.Contains(t, rep, "Bounty Hunters withheld its reveal since message")
}

// TestClaimOfAWithheldAnnouncementCarriesTheKey: in the mine game the
// hunters' machine waits at a mine point for the corsairs' announcement;
// the hunters claim the corsairs withheld it. Their claim's file carries
// their dice key after it, as a claim's does (their machine, waiting for
// the announcement, used to write nothing after the claim), and Verify
// says the game was settled by the claim and waits for the corsairs'
// key.
func TestClaimOfAWithheldAnnouncementCarriesTheKey(t *testing.T) {
	// The mine game's first file after which it waits for the corsairs'
	// announcement.
	_, _, mined := playMines(t)
	owes := -1
	for i, f := range mined {
		g, err := Replay(parse(t, f.Data))
		require.NoError(t, err)
		if sd, what, ok := g.Waiting(); ok && sd == "corsairs" && what == "announce" && owes < 0 {
			owes = i
		}
	}
	require.Positive(t, owes, "the mine game never waits for the corsairs' announcement")
	require.Equal(t, rules.SideID("hunters"), mined[owes].From)
	g := homesGame{src: riftSource(t, "mined-haven"), sides: [2]rules.SideID{"corsairs", "hunters"}, seeds: [2]string{"mine-a", "mine-b"}}
	a, b, _ := playHomes(t, g, owes+1)
	seat, err := LoadSeat(b.home, b.game)
	require.NoError(t, err)
	f, err := seat.Claim(testTime)
	require.NoError(t, err)
	require.Equal(t, []string{wire.KindClaim, wire.KindKey}, []string{f.Messages[len(f.Messages)-2].Head().Kind, f.Messages[len(f.Messages)-1].Head().Kind})
	require.Equal(t, string(b.side), f.Messages[len(f.Messages)-1].Head().Side)
	_, err = Verify("claimed", f.Encode())
	require.ErrorIs(t, err, ErrUnfinished)
	require.ErrorContains(t, err, "settled by Bounty Hunters's claim")
	require.ErrorContains(t, err, "Corsair Band withheld its announce since message")
	require.ErrorContains(t, err, "waits for corsairs's dice key")
	// The corsairs' machine, which knows its mines and so needs no
	// announcement of its own to play on, takes the claim all the same
	// (what a claim is must not depend on what a machine knows), and
	// sends its key; the game then verifies, every mine checked.
	cs, err := Open(a.home, "claimed", f.Encode(), a.side)
	require.NoError(t, err)
	require.NotNil(t, cs.Game.Claim)
	last, err := cs.Send(nil)
	require.NoError(t, err)
	rep, err := Verify("settled", last.Encode())
	require.NoError(t, err)
	require.Contains(t, rep, "settled by Bounty Hunters's claim")
}

// A side that never joins can be claimed against, and the game is then
// finished once every side that joined has sent its key: one that never
// joined has no dice to open.
func TestClaimAgainstASideThatNeverJoined(t *testing.T) {
	h := Home{Dir: t.TempDir(), Rand: fixedRand("never-joined")}
	seat, err := NewGame(h, testSource(t), "corsairs", testTime)
	require.NoError(t, err)
	side, what, since, ok := seat.Game.Stall()
	require.True(t, ok)
	require.Equal(t, []any{rules.SideID("hunters"), "join", 0}, []any{side, what, since})
	f, err := seat.Claim(testTime)
	require.NoError(t, err)
	require.True(t, seat.Game.Finished())
	rep, err := Verify("claimed", f.Encode())
	require.NoError(t, err)
	require.Contains(t, rep, "Bounty Hunters withheld its join since message 0 and forfeits the game")
}
