package pbem

import (
	"fmt"

	"github.com/hexrift/hexrift/rules"
)

// checkAnnouncedRifts checks a round's announcements against the rift
// news the game played with every key makes (rules.RiftNews: what came of
// each side's pending cosmic rift, and when), side by side, and names the
// first announcement that differs: a rift that formed told as not formed
// or at another impulse, a rift's end left out, or one told that the
// rules do not give.
func checkAnnouncedRifts(said []announced, truth []rules.RiftNews) *Cheat {
	return checkNews(said, truth, news[rules.RiftNews]{
		side: func(n rules.RiftNews) rules.SideID { return n.Side },
		due:  func(an announced, n rules.RiftNews) bool { return !an.Through.Before(n.Clock) },
		told: func(an announced) []rules.RiftNews { return an.Rifts },
		fact: func(n rules.RiftNews) string {
			return fmt.Sprintf("%s's cosmic rift was due at %s (%s)", n.Side, n.Clock, riftOutcome(n))
		},
		diff: diffRiftNews,
	})
}

// diffRiftNews names the first difference between announced rift news
// and the true ones, or "".
func diffRiftNews(got, want []rules.RiftNews) string {
	for i := range max(len(got), len(want)) {
		switch {
		case i >= len(got):
			return fmt.Sprintf("%s's cosmic rift was due at %s (%s), and the announcement does not say so", want[i].Side, want[i].Clock, riftOutcome(want[i]))
		case i >= len(want):
			return fmt.Sprintf("it says %s's cosmic rift was due at %s (%s), which the rules do not give", got[i].Side, got[i].Clock, riftOutcome(got[i]))
		case got[i] != want[i]:
			return fmt.Sprintf("it says %s's cosmic rift was due at %s (%s), the rules make it due at %s (%s)", got[i].Side, got[i].Clock, riftOutcome(got[i]), want[i].Clock, riftOutcome(want[i]))
		}
	}
	return ""
}

// riftOutcome says in words what came of a pending rift.
func riftOutcome(n rules.RiftNews) string {
	switch n.Clause {
	case "IP4.25":
		return "it formed, IP4.25"
	case "IP4.232":
		return "no unit to place it from, IP4.232"
	case "IP4.233":
		return "too near point terrain, IP4.233"
	case "IP4.29":
		return "too near a recent rift, IP4.29"
	}
	return n.Clause
}
