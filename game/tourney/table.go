package tourney

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/hexrift/hexrift/docs"
	"github.com/hexrift/hexrift/scenarios"
)

// TablePairs are the level pairs of the win-rate table, first level
// against second.
var TablePairs = [][2]string{
	{"hard", "legal"}, {"normal", "legal"}, {"easy", "legal"},
	{"hard", "easy"}, {"hard", "normal"}, {"normal", "easy"},
}

// MatchTable plays every pair of TablePairs on every scenario of srcs over
// seeds 1..seeds with the sides swapped, and returns docs/AI.md: the win
// rates per pair and per scenario. progress is told each finished cell.
func MatchTable(srcs []scenarios.Source, seeds, workers int, progress func(string)) (string, error) {
	md, _, err := PlayTable(srcs, TablePlan{Seeds: seeds, Workers: workers}, progress)
	return md, err
}

// PlayTable plays the cells of the win-rate table that plan leaves to
// play, takes the others from plan.Done, and returns docs/AI.md once
// every cell is known (complete; an empty text until then). progress is
// told the seeds first (TableLogHead) and then each cell played, in the
// lines ReadTableLog reads back.
func PlayTable(srcs []scenarios.Source, plan TablePlan, progress func(string)) (md string, complete bool, err error) {
	res := TableResults{Seeds: plan.Seeds}
	complete = true
	progress(fmt.Sprintf(TableLogHead, plan.Seeds))
	for _, src := range srcs {
		sc, err := src.Load()
		if err != nil {
			return "", false, err
		}
		row := TableRow{Scenario: sc.ID, Drill: sc.Drill != nil}
		for _, pr := range TablePairs {
			key := TableCell{sc.ID, pr}
			if d, ok := plan.Done[key]; ok {
				row.Cells = append(row.Cells, d.Tally)
				res.Elapsed += d.Took
				res.Resumed = true
				continue
			}
			if len(plan.Pairs) > 0 && !slices.Contains(plan.Pairs, pr) {
				complete = false
				row.Cells = append(row.Cells, MatchTally{})
				continue
			}
			t0 := time.Now()
			t, err := PlayMatch(src, plan.Seeds, pr[0], pr[1], plan.Workers)
			if err != nil {
				return "", false, err
			}
			took := time.Since(t0).Round(time.Second)
			res.Elapsed += took
			row.Cells = append(row.Cells, t)
			progress(fmt.Sprintf("%s %s:%s %s in %s", sc.ID, pr[0], pr[1], t, took))
		}
		res.Rows = append(res.Rows, row)
	}
	if !complete {
		return "", false, nil
	}
	return res.Markdown(), true, nil
}

// TableResults are the tallies of a win-rate table: a row per scenario
// with a cell per pair of TablePairs.
type TableResults struct {
	Seeds int
	// Elapsed is the time the cells took to play, summed (a table
	// played in parts counts each part's cells).
	Elapsed time.Duration
	// Resumed is set when some cells were played by an earlier run and
	// taken from its log (TablePlan.Done).
	Resumed bool
	Rows    []TableRow
}

// TableRow is one scenario's cells; Drill marks a practice drill.
type TableRow struct {
	Scenario string
	Drill    bool
	Cells    []MatchTally
}

// Markdown writes docs/AI.md from the tallies. The battle scenarios come
// first with their total, which the targets are judged by; the drills,
// one-sided by design, follow with their own total.
func (r TableResults) Markdown() string {
	var b strings.Builder
	var names []string
	for _, row := range r.Rows {
		names = append(names, row.Scenario)
	}
	fmt.Fprintf(&b, "# Computer players: measured strength\n\n")
	parts := ""
	if r.Resumed {
		parts = " of play, in runs joined with `-pairs` and `-resume` (every cell played whole in one of them)"
	}
	fmt.Fprintf(&b, "Written by `hexrift sim -table docs/AI.md -seeds %d %s` in %s%s.\n\n", r.Seeds, scenarioArg(names), r.Elapsed.Round(time.Second), parts)
	fmt.Fprintf(&b, "Each cell is a head-to-head match, the first level against the second, on seeds 1 to %d; "+
		"every seed is played once with the first level at each side of the scenario (sides swapped; in a "+
		"scenario of three sides the first level holds one side and the second the other two). The winner is "+
		"`rules.Outcome`'s: the side with the most points when the game ends. A cell reads wins-draws-losses "+
		"of the first level, then its win rate **of decided games**: draws are left out of the rate, and counted "+
		"in the cell.\n\n", r.Seeds)
	b.WriteString("The levels (game/ai): **legal** picks any legal command at random; **hard** evaluates many candidate plans with fire lookahead and searches its movement plans by playing them on in imagined states of its own view; " +
		"**normal** takes the best candidate of a one-step evaluation with a seeded handicap (it misjudges fire a little and spends shots at long range); " +
		"**easy** misjudges fire more, holds no shot, moves at random among the rules' offered plans, launches its craft as soon as it may against a lone enemy side, reinforces a shield at random and picks at random among the better half of its other candidates. " +
		"Each decision has a fixed budget of search steps, never a time limit.\n\n")
	header := func() {
		b.WriteString("| Scenario |")
		for _, pr := range TablePairs {
			fmt.Fprintf(&b, " %s vs %s |", pr[0], pr[1])
		}
		b.WriteString("\n|---|")
		for range TablePairs {
			b.WriteString("---|")
		}
		b.WriteString("\n")
	}
	row := func(name string, ts []MatchTally) {
		fmt.Fprintf(&b, "| %s |", name)
		for _, t := range ts {
			fmt.Fprintf(&b, " %s |", t.cell())
		}
		b.WriteString("\n")
	}
	// section writes the rows of one kind and their total, and returns it.
	section := func(drill bool, total string) ([]MatchTally, int) {
		sum := make([]MatchTally, len(TablePairs))
		n := 0
		for _, rw := range r.Rows {
			if rw.Drill != drill {
				continue
			}
			if n == 0 {
				header()
			}
			row(rw.Scenario, rw.Cells)
			for j := range sum {
				if j < len(rw.Cells) {
					sum[j].Add(rw.Cells[j])
				}
			}
			n++
		}
		if n > 1 {
			row(total, sum)
		}
		return sum, n
	}
	battles, nb := section(false, "**all battles**")
	if nb > 0 {
		b.WriteString("\n")
	}
	var drills []MatchTally
	if slices.ContainsFunc(r.Rows, func(rw TableRow) bool { return rw.Drill }) {
		b.WriteString("### Drills\n\n")
		b.WriteString("The practice drills are one-sided by design: the practice side's objectives are worth more than the other " +
			"side can score, so with the sides swapped each level mostly wins the practice side and loses the other, " +
			"and a rate near 50% says little of strength. They are measured all the same, and kept out of the targets.\n\n")
		drills, _ = section(true, "**all drills**")
		b.WriteString("\n")
	}
	b.WriteString("## Targets\n\n")
	for j, pr := range TablePairs {
		want, ok := tableTargets[pr]
		if !ok {
			if slices.Contains(tableSteps, pr) {
				fmt.Fprintf(&b, "- %s beats %s in %.1f%% of decided games over the %d battle scenarios (no rate target: the ladder's first step). %s\n",
					pr[0], pr[1], 100*battles[j].WinRate(), nb, r.lowest(j, pr))
			}
			continue
		}
		got := 100 * battles[j].WinRate()
		verdict := "**met**"
		if got < want {
			verdict = "**not met**"
		}
		fmt.Fprintf(&b, "- %s beats %s in %.1f%% of decided games over the %d battle scenarios (target %.0f%%): %s.", pr[0], pr[1], got, nb, want, verdict)
		if drills != nil {
			all := battles[j]
			all.Add(drills[j])
			fmt.Fprintf(&b, " With the drills counted too: %.1f%%.", 100*all.WinRate())
		}
		b.WriteString(" " + r.lowest(j, pr) + "\n")
	}
	b.WriteString(docs.HowTheLevelsPlay()) // the hand-written prose, as docs/AI.md has it
	return b.String()
}

// tableTargets are the win rates (of decided games, in percent) the
// computer players are held to over the battle scenarios: hard against
// the legal-move player and against easy, and each level against the
// one below it (the ladder). Besides, no level may lose to the one below
// it in any battle scenario (lowest).
var tableTargets = map[[2]string]float64{{"hard", "legal"}: 95, {"hard", "easy"}: 70, {"hard", "normal"}: 80, {"normal", "easy"}: 80}

// tableSteps are the ladder's other steps, held to no rate but to
// losing no battle scenario: easy against the legal-move player, the
// level below it.
var tableSteps = [][2]string{{"easy", "legal"}}

// lowest says, for pair j, which battle scenarios the first level loses
// (a rate of decided games under 50%), or the lowest it wins and that
// none is lost. A scenario with no decided game is neither.
func (r TableResults) lowest(j int, pr [2]string) string {
	var lost []string
	low, lowRate := "", 2.0
	for _, rw := range r.Rows {
		if rw.Drill || j >= len(rw.Cells) || rw.Cells[j].Win+rw.Cells[j].Loss == 0 {
			continue
		}
		rate := rw.Cells[j].WinRate()
		if rate < 0.5 {
			lost = append(lost, fmt.Sprintf("%s %.1f%%", rw.Scenario, 100*rate))
		}
		if rate < lowRate {
			low, lowRate = rw.Scenario, rate
		}
	}
	switch {
	case len(lost) > 0:
		return fmt.Sprintf("%s loses to %s (under 50%%) in %s: **not met**.", pr[0], pr[1], strings.Join(lost, ", "))
	case low != "":
		return fmt.Sprintf("It loses in no battle scenario (the lowest: %s, %.1f%%): **met**.", low, 100*lowRate)
	}
	return ""
}

// cell is a table cell: wins-draws-losses and the rate of decided games,
// or that none was decided.
func (t MatchTally) cell() string {
	if t.Win+t.Loss == 0 {
		return fmt.Sprintf("%d-%d-%d (none decided)", t.Win, t.Draw, t.Loss)
	}
	return fmt.Sprintf("%d-%d-%d (%.1f%%)", t.Win, t.Draw, t.Loss, 100*t.WinRate())
}

func scenarioArg(names []string) string {
	if len(names) == len(scenarios.Bundled()) {
		return "-all"
	}
	return strings.Join(names, ",")
}
