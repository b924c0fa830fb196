package pbem

import (
	"crypto/ed25519"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/rules"
)

// riftAnnouncement returns the index of the first announcement in f by
// side with rift news.
func riftAnnouncement(t *testing.T, f *File, side rules.SideID) int {
	t.Helper()
	for i, m := range f.Messages {
		if m.Kind == KindAnnounce && m.Side == side && len(m.Announce.Rifts) > 0 {
			return i
		}
	}
	t.Fatalf("no announcement of rift news by %s", side)
	return 0
}

// TestFalseRiftNewsIsRefused opens, at the receiving machine (a copy of
// its home from before it opened the file), the star game's file ending
// with the corsairs' announcement that their rift did not form
// (IP4.233), the announcement changed and signed again by its side in
// each way a machine can see is false without the side's key: each is
// refused naming the announcement, the machine's files stay byte for
// byte as they were, and the true file opens after.
func TestFalseRiftNewsIsRefused(t *testing.T) {
	a, b, files := playRift(t, "stars")
	require.NotEmpty(t, riftStars.kept, "no file ended with an announcement of rift news")
	kept := riftStars.kept[0]
	honest := parse(t, files[kept.File].Data)
	at := len(honest.Messages) - 1
	m := honest.Messages[at]
	cheater, other := a, b
	if b.side == m.Side {
		cheater, other = b, a
	}
	key := map[rules.SideID]ed25519.PrivateKey{cheater.side: keyOf(t, cheater)}
	n := m.Announce.Rifts[0]
	require.Equal(t, "IP4.233", n.Clause)
	next := n.Clock
	next.Impulse++
	requireFalseAnnouncementsRefused(t, kept, encode(t, honest), at, key, []announceCase{
		{"another side's rift", func(an *Announcement) {
			an.Rifts[0].Side = other.side
		}, "the pending rift is " + string(other.side) + "'s, not " + string(m.Side) + "'s"},
		{"news past the announcement's reach", func(an *Announcement) {
			c := an.Through
			c.Impulse++
			an.Rifts[0].Clock = c
		}, "is outside the announcement's stretch"},
		{"a rift forming at another step than the involuntary one", func(an *Announcement) {
			an.Rifts[0].Clock.Step = rules.StepMovement
		}, "a rift forms at the involuntary step of an impulse (IP4.231)"},
		{"news by a clause of no formation", func(an *Announcement) {
			an.Rifts[0].Clause = "IP4.51"
		}, `"IP4.51" is not a clause of a rift's formation`},
		{"no unit to place it from while the side has units", func(an *Announcement) {
			an.Rifts[0].Clause = "IP4.232"
		}, "has no unit to place it from (IP4.232), but"},
		{"a rift that is not pending", func(an *Announcement) {
			require.False(t, an.Through.Before(next), "the next impulse is past the announcement's reach")
			an.Rifts = append(an.Rifts, rules.RiftNews{Clock: next, Side: n.Side, Clause: "IP4.233"})
		}, "has no place in the game: no rift of " + string(m.Side) + " was pending there"},
	})
}

// TestVerifyNamesFalseRiftNews changes an announcement of rift news in
// the ways no machine but its side's can see are false (a rift that
// formed told as not formed, another clause, another impulse) and makes
// the rest of the log consistent with it, every message signed again by
// its side and every result the one the rules give (reforge): only the
// game played again with every key can tell, and Verify names the
// announcement. A formation held back past the rift's greatest delay
// (IP4.231) is refused as the machines play it; an announcement never
// sent leaves the game waiting, and Verify names the side.
func TestVerifyNamesFalseRiftNews(t *testing.T) {
	tests := []struct {
		name, game string
		change     func(an *Announcement)
		reason     string
	}{
		{"a rift that formed told as not formed", "forms", func(an *Announcement) {
			an.Rifts[0].Clause = "IP4.233"
		}, "a false announcement: it says hunters's cosmic rift was due at T2 I3 involuntary-movement (too near point terrain, IP4.233), the rules make it due at T2 I3 involuntary-movement (it formed, IP4.25)"},
		{"another clause", "stars", func(an *Announcement) {
			an.Rifts[0].Clause = "IP4.29"
		}, "(too near a recent rift, IP4.29), the rules make it due at T2 I2 involuntary-movement (too near point terrain, IP4.233)"},
		{"another impulse", "stars", func(an *Announcement) {
			an.Rifts[0].Clock.Impulse++
		}, "it says corsairs's cosmic rift was due at T2 I3 involuntary-movement (too near point terrain, IP4.233), the rules make it due at T2 I2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, b, files := playRift(t, tc.game)
			keys := map[rules.SideID]ed25519.PrivateKey{a.side: keyOf(t, a), b.side: keyOf(t, b)}
			full := files[len(files)-1].Data
			f := parse(t, full)
			side := rules.SideID("corsairs")
			if tc.game == "forms" {
				side = "hunters"
			}
			at := riftAnnouncement(t, f, side)
			m := f.Messages[at]
			changeAnnouncement(f, at, tc.change)
			reforge(t, f, at, keys)
			requireCheatNamed(t, f, at, m, tc.reason)
		})
	}
	t.Run("withheld announcement", func(t *testing.T) {
		_, _, files := playRift(t, "forms")
		f := parse(t, files[len(files)-1].Data)
		at := riftAnnouncement(t, f, "hunters")
		f.Messages = f.Messages[:at]
		_, err := Verify("withheld", encode(t, f))
		require.ErrorIs(t, err, ErrUnfinished)
		require.Contains(t, err.Error(), "waits for hunters's announcement")
	})
}
