package tourney

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"time"
)

// A win-rate table over 200 seeds takes more than an hour and a half on
// a two-core machine, so it can be played in parts: each cell's progress
// line is a record that a later run takes back instead of playing the
// cell again (hexrift sim -table FILE -resume LOG). The games are
// deterministic and every cell is played on its own, so a table put
// together from parts is the one a single run writes, as long as the
// levels' code is the same in every part.

// TableLogHead is the first progress line of a table run: the seeds its
// cells are played over.
const TableLogHead = "win-rate table over seeds 1 to %d"

// TableCell names a cell of the table: a scenario and a level pair.
type TableCell struct {
	Scenario string
	Pair     [2]string
}

// DoneCell is a cell already played: its tally and the time it took.
type DoneCell struct {
	Tally MatchTally
	Took  time.Duration
}

// TablePlan says how PlayTable plays the table: over which seeds and on
// how many workers, which cells are already played (Done), and which
// pairs to play now (Pairs; every pair when empty).
type TablePlan struct {
	Seeds, Workers int
	Done           map[TableCell]DoneCell
	Pairs          [][2]string
}

var (
	tableHeadLine = regexp.MustCompile(`^win-rate table over seeds 1 to (\d+)$`)
	tableCellLine = regexp.MustCompile(`^(\S+) (\w+):(\w+) (\d+)-(\d+)-(\d+) \(\d+% of decided\) in (\S+)$`)
)

// ReadTableLog reads the cells of an earlier table run from its progress
// lines (name names the log in errors). The run must have been over
// seeds 1 to seeds; lines that are not a table's progress are skipped,
// and a cell told twice keeps its last tally.
func ReadTableLog(r io.Reader, name string, seeds int) (map[TableCell]DoneCell, error) {
	done := map[TableCell]DoneCell{}
	sc := bufio.NewScanner(r)
	head := false
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if m := tableHeadLine.FindStringSubmatch(line); m != nil {
			if got, _ := strconv.Atoi(m[1]); got != seeds {
				return nil, fmt.Errorf("match: %s:%d: the table was played over %d seeds, not %d", name, n, got, seeds)
			}
			head = true
			continue
		}
		m := tableCellLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		if !head {
			return nil, fmt.Errorf("match: %s:%d: a cell before the line saying the seeds (%q)", name, n, fmt.Sprintf(TableLogHead, seeds))
		}
		pair := [2]string{m[2], m[3]}
		if !slices.Contains(TablePairs, pair) {
			return nil, fmt.Errorf("match: %s:%d: %s:%s is not a pair of the table", name, n, m[2], m[3])
		}
		var t MatchTally
		t.Win, _ = strconv.Atoi(m[4])
		t.Draw, _ = strconv.Atoi(m[5])
		t.Loss, _ = strconv.Atoi(m[6])
		took, err := time.ParseDuration(m[7])
		if err != nil {
			return nil, fmt.Errorf("match: %s:%d: time %q: %v", name, n, m[7], err)
		}
		done[TableCell{m[1], pair}] = DoneCell{t, took}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("match: %s: %w", name, err)
	}
	return done, nil
}
