package tourney

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/hexrift/hexrift/docs"
	"github.com/hexrift/hexrift/scenarios"
)

func matchSource(t *testing.T, id string) scenarios.Source {
	t.Helper()
	src, err := scenarios.ReadSource(id)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// TestUnrecordedMatchGameIsTheSameGame checks that a match game, which
// keeps no history past its start and no checkpoints, plays exactly the game a recorded
// session plays: same commands, same final state hash.
func TestUnrecordedMatchGameIsTheSameGame(t *testing.T) {
	src := matchSource(t, "first-contact")
	sides, err := MatchSides(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, side := range sides {
		rec, err := playMatchGame(src, 3, "hard", "easy", side, 200, true)
		if err != nil {
			t.Fatal(err)
		}
		un, err := playMatchGame(src, 3, "hard", "easy", side, 200, false)
		if err != nil {
			t.Fatal(err)
		}
		if len(rec.Checkpoints()) == 0 || len(rec.History()) == 0 {
			t.Fatalf("recorded session kept %d checkpoints and %d snapshots", len(rec.Checkpoints()), len(rec.History()))
		}
		if len(un.Checkpoints()) != 0 || len(un.History()) > 1 {
			t.Errorf("unrecorded session kept %d checkpoints and %d snapshots (want none past the start)", len(un.Checkpoints()), len(un.History()))
		}
		if rec.NumCommands() != un.NumCommands() || rec.State.Hash() != un.State.Hash() {
			t.Errorf("hard at %s: recorded game %d commands hash %s, unrecorded %d commands hash %s",
				side, rec.NumCommands(), rec.State.Hash(), un.NumCommands(), un.State.Hash())
		}
	}
}

// TestPlayMatchDoesNotDependOnWorkers checks that a match's tally, and
// its sides' points and objectives, are the same however many games are
// played at once.
func TestPlayMatchDoesNotDependOnWorkers(t *testing.T) {
	src := matchSource(t, "first-contact")
	one, score1, err := PlayMatchScored(src, 3, "normal", "legal", 1)
	if err != nil {
		t.Fatal(err)
	}
	two, score2, err := PlayMatchScored(src, 3, "normal", "legal", 2)
	if err != nil {
		t.Fatal(err)
	}
	if one != two || one.Games() != 6 {
		t.Errorf("1 worker: %v; 2 workers: %v (want the same, 6 games)", one, two)
	}
	if !reflect.DeepEqual(score1, score2) || score1.Games["federation"] != 6 {
		t.Errorf("the points and objectives: 1 worker %+v; 2 workers %+v (want the same, 6 games)", score1, score2)
	}
}

// TestMatchTable checks docs/AI.md as written: one row per scenario and an
// "all" row, a column per level pair whose cells are the matches' tallies,
// and each target judged from the totals.
func TestMatchTable(t *testing.T) {
	srcs := []scenarios.Source{matchSource(t, "first-contact"), matchSource(t, "velari-outpost")}
	var progress []string
	md, err := MatchTable(srcs, 1, 2, func(s string) { progress = append(progress, s) })
	if err != nil {
		t.Fatal(err)
	}
	if len(progress) != 1+2*len(TablePairs) || progress[0] != fmt.Sprintf(TableLogHead, 1) {
		t.Errorf("progress told %d lines, want the seeds and %d cells: %q", len(progress), 2*len(TablePairs), progress)
	}
	for _, pr := range TablePairs {
		if !strings.Contains(md, fmt.Sprintf(" %s vs %s |", pr[0], pr[1])) {
			t.Errorf("no column for %s vs %s", pr[0], pr[1])
		}
	}
	var total MatchTally
	for _, src := range srcs {
		tl, err := PlayMatch(src, 1, "hard", "legal", 1)
		if err != nil {
			t.Fatal(err)
		}
		total.Add(tl)
		sc, _ := src.Load()
		cell := fmt.Sprintf("| %s | %d-%d-%d (%.1f%%) |", sc.ID, tl.Win, tl.Draw, tl.Loss, 100*tl.WinRate())
		if !strings.Contains(md, cell) {
			t.Errorf("table lacks the row start %q:\n%s", cell, md)
		}
	}
	if !strings.Contains(md, fmt.Sprintf("| **all battles** | %d-%d-%d (%.1f%%) |", total.Win, total.Draw, total.Loss, 100*total.WinRate())) {
		t.Errorf("the all row does not start with hard vs legal's total %v:\n%s", total, md)
	}
	verdict := "met"
	if 100*total.WinRate() < 95 {
		verdict = "not met"
	}
	want := fmt.Sprintf("- hard beats legal in %.1f%% of decided games over the 2 battle scenarios (target 95%%): **%s**.", 100*total.WinRate(), verdict)
	if !strings.Contains(md, want) {
		t.Errorf("targets lack %q:\n%s", want, md)
	}
	if !strings.Contains(md, "- hard beats easy in ") {
		t.Errorf("no hard vs easy target line:\n%s", md)
	}
}

// TestTableDrills checks that drills are listed apart with their own
// total and kept out of the targets, which still say the rate with them.
func TestTableDrills(t *testing.T) {
	cells := func(w, d, l int) []MatchTally {
		out := make([]MatchTally, len(TablePairs))
		for i := range out {
			out[i] = MatchTally{Win: w, Draw: d, Loss: l}
		}
		return out
	}
	r := TableResults{Seeds: 10, Rows: []TableRow{
		{Scenario: "a", Cells: cells(19, 0, 1)},
		{Scenario: "b", Cells: cells(20, 0, 0)},
		{Scenario: "drill-x", Drill: true, Cells: cells(10, 0, 10)},
	}}
	md := r.Markdown()
	for _, want := range []string{
		"| **all battles** | 39-0-1 (97.5%) |",
		"### Drills",
		"| drill-x | 10-0-10 (50.0%) |",
		"- hard beats legal in 97.5% of decided games over the 2 battle scenarios (target 95%): **met**. With the drills counted too: 81.7%.",
		"- hard beats easy in 97.5% of decided games over the 2 battle scenarios (target 70%): **met**. With the drills counted too: 81.7%. It loses in no battle scenario (the lowest: a, 95.0%): **met**.",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("no %q in:\n%s", want, md)
		}
	}
	if strings.Index(md, "| drill-x |") < strings.Index(md, "| **all battles** |") {
		t.Error("the drill is listed among the battles")
	}
	if strings.Contains(md, "**all drills**") {
		t.Error("a total row for a single drill")
	}
}

// TestTableKeepsTheDocsProse checks that docs/AI.md as written closes
// with its hand-written section on how the levels play, as docs/AI.md
// has it (the prose lives there only, package docs).
func TestTableKeepsTheDocsProse(t *testing.T) {
	md := TableResults{Seeds: 1, Rows: []TableRow{{Scenario: "a", Cells: make([]MatchTally, len(TablePairs))}}}.Markdown()
	notes := docs.HowTheLevelsPlay()
	if notes == "" || !strings.HasSuffix(md, notes) {
		t.Errorf("the table does not end with docs/AI.md's section (%d bytes):\n%s", len(notes), md)
	}
	if i := strings.Index(md, "## Targets"); i < 0 || i > strings.Index(md, notes) {
		t.Errorf("the targets do not come before the prose:\n%s", md)
	}
}

// TestTableLadder checks the ladder's targets: a level that loses a
// battle scenario to the level below it is named, whatever its total, and
// a scenario with no decided game is said to have none rather than a
// rate of 0%.
func TestTableLadder(t *testing.T) {
	row := func(name string, w, d, l int) TableRow {
		cells := make([]MatchTally, len(TablePairs))
		for i := range cells {
			cells[i] = MatchTally{Win: w, Draw: d, Loss: l}
		}
		return TableRow{Scenario: name, Cells: cells}
	}
	r := TableResults{Seeds: 20, Rows: []TableRow{row("a", 38, 0, 2), row("b", 9, 20, 11), row("c", 0, 40, 0)}}
	md := r.Markdown()
	for _, want := range []string{
		"| c | 0-40-0 (none decided) |",
		"- hard beats normal in 78.3% of decided games over the 3 battle scenarios (target 80%): **not met**. hard loses to normal (under 50%) in b 45.0%: **not met**.",
		"- normal beats easy in 78.3% of decided games over the 3 battle scenarios (target 80%): **not met**.",
		// The ladder's first step has no rate target, but easy may lose
		// no battle scenario to the legal-move player either.
		"- easy beats legal in 78.3% of decided games over the 3 battle scenarios (no rate target: the ladder's first step). easy loses to legal (under 50%) in b 45.0%: **not met**.",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("no %q in:\n%s", want, md)
		}
	}
	r.Rows = r.Rows[:1]
	if md := r.Markdown(); !strings.Contains(md, "- hard beats normal in 95.0% of decided games over the 1 battle scenarios (target 80%): **met**. It loses in no battle scenario (the lowest: a, 95.0%): **met**.") {
		t.Errorf("no met ladder line in:\n%s", md)
	}
	if md := r.Markdown(); strings.Contains(md, "normal beats legal") {
		t.Errorf("normal against legal is no step of the ladder, yet judged in:\n%s", md)
	}
}
