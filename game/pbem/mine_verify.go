package pbem

import (
	"fmt"

	"github.com/hexrift/hexrift/rules"
)

// checkAnnouncedMines checks a round's announcements against the mine
// set-offs the game played with every key makes (rules.MineNews: which
// of each side's mines went off at which of its mine points), side by
// side, and names the first announcement that differs: a set-off told
// where the mine does not lie, or of another mine, or left out.
func checkAnnouncedMines(said []announced, truth []rules.MineNews) *Cheat {
	return checkNews(said, truth, news[rules.MineNews]{
		side: func(n rules.MineNews) rules.SideID { return n.Side },
		due:  func(an announced, n rules.MineNews) bool { return n.Point <= an.MinePoints },
		told: func(an announced) []rules.MineNews { return an.Mines },
		fact: func(n rules.MineNews) string {
			return fmt.Sprintf("%s's mine %s went off at %s (%s entering %v)", n.Side, n.Mine, n.Clock, n.Unit, n.Hex)
		},
		diff: diffMineNews,
	})
}

// diffMineNews names the first difference between announced set-offs
// and the true ones, or "".
func diffMineNews(got, want []rules.MineNews) string {
	for i := range max(len(got), len(want)) {
		switch {
		case i >= len(got):
			return fmt.Sprintf("%s's mine %s went off at %s as %s entered %v (its mine point %d), and the announcement does not say so", want[i].Side, want[i].Mine, want[i].Clock, want[i].Unit, want[i].Hex, want[i].Point)
		case i >= len(want):
			return fmt.Sprintf("it says %s's mine %s went off at %s as %s entered %v (its mine point %d), which the rules do not give: the mine does not lie there", got[i].Side, got[i].Mine, got[i].Clock, got[i].Unit, got[i].Hex, got[i].Point)
		case got[i] != want[i]:
			return fmt.Sprintf("it says %s's mine %s went off at %s as %s entered %v (its mine point %d), the rules set off mine %s at %s as %s entered %v (point %d)", got[i].Side, got[i].Mine, got[i].Clock, got[i].Unit, got[i].Hex, got[i].Point, want[i].Mine, want[i].Clock, want[i].Unit, want[i].Hex, want[i].Point)
		}
	}
	return ""
}
