package tourney

import (
	"fmt"
	"strings"
	"time"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/scenarios"
)

// OrdersPairs are the level pairs of the orders table: hard against
// normal with every decision its own, and both through plotted orders.
var OrdersPairs = [][2]string{{"hard", "normal"}, {"hard" + match.OrdersSuffix, "normal" + match.OrdersSuffix}}

// OrdersTable plays the pairs of OrdersPairs on every scenario of srcs
// over seeds 1..seeds with the sides swapped, and returns a markdown
// table of hard's win rates against normal, per decision and through
// orders, written by cmd. progress is told each finished cell.
func OrdersTable(srcs []scenarios.Source, seeds, workers int, cmd string, progress func(string)) (string, error) {
	start := time.Now()
	var b strings.Builder
	b.WriteString("# Computer players through plotted orders\n\n")
	fmt.Fprintf(&b, "Written by `%s`", cmd)
	b.WriteString(" in {elapsed}.\n\n")
	fmt.Fprintf(&b, "Hard against normal on seeds 1 to %d, each seed with hard at every side (sides swapped), "+
		"first with every decision the level's own, then with both levels playing through plotted orders "+
		"(`match.OrdersPlayer`: the level allocates and declares, plots its orders with `plot.Plan` and the default "+
		"break conditions, the orders answer every decision they cover, the level decides the rest and re-plots on a break; "+
		"a ship with an enemy within three times its weapons' reach when the orders are plotted is ordered \"ask me every impulse\", "+
		"and while one is the side's fire is the level's too: the orders fly the approach, the level fights). "+
		"A cell reads wins-draws-losses of hard, then its win rate of decided games.\n\n", seeds)
	b.WriteString("| Scenario | hard vs normal | hard vs normal, both through orders |\n|---|---|---|\n")
	sums := make([]MatchTally, len(OrdersPairs))
	for _, src := range srcs {
		sc, err := src.Load()
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "| %s |", sc.ID)
		for i, pr := range OrdersPairs {
			t0 := time.Now()
			t, err := PlayMatch(src, seeds, pr[0], pr[1], workers)
			if err != nil {
				return "", fmt.Errorf("%s %s:%s: %w", sc.ID, pr[0], pr[1], err)
			}
			sums[i].Add(t)
			fmt.Fprintf(&b, " %d-%d-%d (%.1f%%) |", t.Win, t.Draw, t.Loss, 100*t.WinRate())
			progress(fmt.Sprintf("%s %s:%s %s in %s", sc.ID, pr[0], pr[1], t, time.Since(t0).Round(time.Second)))
		}
		b.WriteString("\n")
	}
	if len(srcs) > 1 {
		b.WriteString("| **all** |")
		for _, t := range sums {
			fmt.Fprintf(&b, " %d-%d-%d (%.1f%%) |", t.Win, t.Draw, t.Loss, 100*t.WinRate())
		}
		b.WriteString("\n")
	}
	return strings.Replace(b.String(), "{elapsed}", time.Since(start).Round(time.Second).String(), 1), nil
}
