package pbem

import (
	"fmt"

	"github.com/hexrift/hexrift/rules"
)

// news is one kind of what a side's machine announces of its secrets
// (phase-ins, rift news, mine set-offs): how checkNews reads it.
type news[N any] struct {
	// side is the side whose secret n is; due reports whether an
	// announcement reaches n; told is what an announcement says; fact
	// says n in words, for a cheat; diff names the first difference
	// between what was told and the truth, or "".
	side func(n N) rules.SideID
	due  func(an announced, n N) bool
	told func(an announced) []N
	fact func(n N) string
	diff func(got, want []N) string
}

// checkNews checks a round's announcements against the news of one
// kind the game played with every key makes (truth), side by side, and
// names the first announcement that differs, or that leaves out news
// that was due.
func checkNews[N any](said []announced, truth []N, k news[N]) *Cheat {
	bySide := map[rules.SideID][]N{}
	for _, n := range truth {
		bySide[k.side(n)] = append(bySide[k.side(n)], n)
	}
	told := map[rules.SideID]int{}
	last := map[rules.SideID]announced{}
	for _, an := range said {
		var due []N
		for _, n := range bySide[an.Side][told[an.Side]:] {
			if k.due(an, n) {
				due = append(due, n)
			}
		}
		if d := k.diff(k.told(an), due); d != "" {
			return &Cheat{Seq: an.Seq, Side: an.Side, What: an.What, Why: "a false announcement: " + d}
		}
		told[an.Side] += len(due)
		last[an.Side] = an
	}
	for _, n := range truth {
		sd := k.side(n)
		if told[sd] >= len(bySide[sd]) {
			continue
		}
		an, ok := last[sd]
		if !ok {
			return &Cheat{Side: sd, What: fmt.Sprintf("%s's announcements", sd), Why: k.fact(n) + " and was never announced"}
		}
		return &Cheat{Seq: an.Seq, Side: an.Side, What: an.What, Why: "a false announcement: " + k.fact(n) + ", which no announcement says"}
	}
	return nil
}
