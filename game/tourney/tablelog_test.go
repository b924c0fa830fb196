package tourney

import (
	"regexp"
	"strings"
	"testing"

	"github.com/hexrift/hexrift/scenarios"
)

// A table played in parts, the second part taking the first's cells from
// its progress lines (hexrift sim -table FILE -pairs ... then -resume
// LOG), is the table one run writes; until every cell is played none is
// written.
func TestTableInParts(t *testing.T) {
	srcs := []scenarios.Source{matchSource(t, "first-contact")}
	whole, complete, err := PlayTable(srcs, TablePlan{Seeds: 1, Workers: 2}, func(string) {})
	if err != nil || !complete {
		t.Fatalf("one run: complete %v, %v", complete, err)
	}
	var log []string
	first := TablePlan{Seeds: 1, Workers: 2, Pairs: [][2]string{{"hard", "legal"}, {"normal", "easy"}}}
	md, complete, err := PlayTable(srcs, first, func(s string) { log = append(log, s) })
	if err != nil || complete || md != "" {
		t.Fatalf("first part: complete %v, %d bytes of table, %v; want none until every cell is played", complete, len(md), err)
	}
	if len(log) != 1+2*len(srcs) {
		t.Fatalf("first part told %d lines, want the head and %d cells:\n%s", len(log), 2*len(srcs), strings.Join(log, "\n"))
	}
	done, err := ReadTableLog(strings.NewReader("go: noise the log may hold\n"+strings.Join(log, "\n")+"\n"), "part1.log", 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(done) != 2*len(srcs) {
		t.Fatalf("read %d cells back, want %d: %v", len(done), 2*len(srcs), done)
	}
	var played []string
	md, complete, err = PlayTable(srcs, TablePlan{Seeds: 1, Workers: 1, Done: done}, func(s string) { played = append(played, s) })
	if err != nil || !complete {
		t.Fatalf("second part: complete %v, %v", complete, err)
	}
	if len(played) != 1+(len(TablePairs)-2)*len(srcs) {
		t.Errorf("second part played %d cells, want the %d the first left:\n%s", len(played)-1, (len(TablePairs)-2)*len(srcs), strings.Join(played, "\n"))
	}
	written := regexp.MustCompile("(?m)^Written by .*$")
	if a, b := written.ReplaceAllString(whole, ""), written.ReplaceAllString(md, ""); a != b {
		t.Errorf("the table in parts differs from one run's:\n%s\n--- one run:\n%s", b, a)
	}
}

// ReadTableLog refuses a log of other seeds or of no table, naming the
// file and line.
func TestReadTableLogRefuses(t *testing.T) {
	head := "win-rate table over seeds 1 to 200\n"
	for _, tc := range []struct {
		name, log, want string
	}{
		{"other seeds", "win-rate table over seeds 1 to 20\n", "t.log:1: the table was played over 20 seeds, not 200"},
		{"a cell before the head", "first-contact hard:legal 2-0-0 (100% of decided) in 1s\n", "t.log:1: a cell before the line saying the seeds"},
		{"a pair not in the table", head + "first-contact easy:hard 2-0-0 (100% of decided) in 1s\n", "t.log:2: easy:hard is not a pair of the table"},
		{"a time that is none", head + "first-contact hard:legal 2-0-0 (100% of decided) in soon\n", `t.log:2: time "soon"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadTableLog(strings.NewReader(tc.log), "t.log", 200)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error with %q", err, tc.want)
			}
		})
	}
}
