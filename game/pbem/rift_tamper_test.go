package pbem

import (
	"crypto/ed25519"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/rules"
)

// riftAnnouncement returns the index of the first announcement in f by
// side with rift news.
func riftAnnouncement(t *testing.T, f *wire.File, side rules.SideID) int {
	t.Helper()
	for i, m := range f.Messages {
		if an, ok := m.Body.(*wire.Announce); ok && an.Side == string(side) && len(an.Rifts) > 0 {
			return i
		}
	}
	t.Fatalf("no announcement of rift news by %s", side)
	return 0
}

// riftNewsCase is what requireFalseRiftNewsRefused checks of one rift
// game: the news it announces first, and the cases of its announcement.
type riftNewsCase struct {
	game   string
	clause string
	cases  func(an *wire.Announce, n wire.RiftNews) []announceCase
}

// TestFalseRiftNewsIsRefused opens, at the receiving machine (a copy of
// its home from before it opened the file), a rift game's first file
// holding an announcement of rift news, cut after it (in the star game
// the corsairs' rift that did not form, IP4.233; in the forms game the
// hunters' rift that formed, IP4.25), the announcement changed and
// signed again by its side in each way it can be false: each is refused
// as the file is opened, naming the announcement, the machine's files
// stay byte for byte as they were, Verify names it too, and the true
// file opens after. An announcement withheld leaves the game waiting,
// and Verify names the side.
//
// Version 3 refused at open only what the public game showed false
// (another side's rift, news outside the stretch or at another step, a
// clause of no formation, a rift not pending) and left another clause or
// impulse, or a formed rift told as not formed, to Verify with every key.
// The news now carries the proofs of the rift's dice, from which every
// machine computes the rift itself: any false word is refused at open,
// and what is checked besides is that the proofs are the side's and of
// the rift told. (News is the announcing side's own rift by the format:
// "another side's rift" is no longer a case.)
func TestFalseRiftNewsIsRefused(t *testing.T) {
	due := func(n wire.RiftNews) string {
		c, _ := clockOf(n.Clock)
		return " was due at " + c.String()
	}
	games := []riftNewsCase{
		{"stars", "IP4.233", func(an *wire.Announce, n wire.RiftNews) []announceCase {
			subject := rules.RiftSubject(rules.SideID(an.Side), n.Raised)
			return []announceCase{
				{"news at another impulse", func(t *testing.T, an *wire.Announce) {
					an.Rifts[0].Clock.Impulse++
				}, "a false announcement: it says the cosmic rift raised at impulse 0 was due at "},
				{"another clause", func(t *testing.T, an *wire.Announce) {
					an.Rifts[0].Clause = "IP4.29"
				}, "(too near a recent rift, IP4.29); played with the dice it proves, the rules give: the cosmic rift raised at impulse 0" + due(n) + " (too near point terrain, IP4.233)"},
				{"a rift told as formed", func(t *testing.T, an *wire.Announce) {
					an.Rifts[0].Clause = "IP4.25"
				}, "(it formed, IP4.25); played with the dice it proves"},
				{"news of a rift raised at another impulse", func(t *testing.T, an *wire.Announce) {
					an.Rifts[0].Raised += 6
				}, "field proofs: it proves " + an.Side + "'s dice of " + subject + ", and tells nothing of it"},
				{"news without proofs", func(t *testing.T, an *wire.Announce) {
					an.Proofs = nil
				}, "field proofs: it tells of " + subject + " and proves none of its dice"},
				{"news left out, its proofs kept", func(t *testing.T, an *wire.Announce) {
					an.Rifts = nil
				}, "field proofs: it proves " + an.Side + "'s dice of " + subject + ", and tells nothing of it"},
				{"a corrupted proof", func(t *testing.T, an *wire.Announce) {
					p := slices.Clone(an.Proofs[0].Proof)
					p[0] ^= 0x80
					an.Proofs[0].Proof = p
				}, "is not a proof of " + an.Side + "'s dice"},
			}
		}},
		{"forms", "IP4.25", func(an *wire.Announce, n wire.RiftNews) []announceCase {
			return []announceCase{
				{"a rift that formed told as not formed", func(t *testing.T, an *wire.Announce) {
					an.Rifts[0].Clause = "IP4.233"
				}, "a false announcement: it says the cosmic rift raised at impulse 0" + due(n) + " (too near point terrain, IP4.233); played with the dice it proves, the rules give: the cosmic rift raised at impulse 0" + due(n) + " (it formed, IP4.25)"},
			}
		}},
	}
	for _, rg := range games {
		t.Run(rg.game, func(t *testing.T) {
			a, b, files := playRift(t, rg.game)
			sg := riftGames[rg.game].game
			require.NotEmpty(t, sg.kept, "no file ended with an announcement of rift news")
			kept := sg.kept[0]
			honest := parse(t, files[kept.File].Data)
			at := -1
			for i, m := range honest.Messages {
				if an, ok := m.Body.(*wire.Announce); ok && len(an.Rifts) > 0 && at < 0 {
					at = i
				}
			}
			// Without the result its side may have written after it.
			honest.Messages = honest.Messages[:at+1]
			an := honest.Messages[at].Body.(*wire.Announce)
			cheater := a
			if b.side == rules.SideID(an.Side) {
				cheater = b
			}
			require.NotEqual(t, cheater.side, kept.p.side)
			require.Equal(t, rg.clause, an.Rifts[0].Clause)
			key := map[rules.SideID]ed25519.PrivateKey{cheater.side: keyOf(t, cheater)}
			requireFalseAnnouncementsRefused(t, kept, honest.Encode(), at, key, rg.cases(an, an.Rifts[0]))
			t.Run("withheld announcement", func(t *testing.T) {
				full := files[len(files)-1].Data
				requireWithheldAnnouncementAwaited(t, full, riftAnnouncement(t, parse(t, full), cheater.side))
			})
		})
	}
}
