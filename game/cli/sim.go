package cli

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/game/tourney"
	"github.com/hexrift/hexrift/scenarios"
)

func (inv *invocation) runSim(fs *flag.FlagSet, args []string) error {
	seed := fs.Uint64("seed", 1, "seed of the game's dice")
	turns := fs.Int("turns", 3, "turns to play")
	level := fs.String("level", "legal", "the computer level at every seat: easy, normal, hard or legal (random legal commands)")
	save := fs.String("save", "", "also write the game to this save file")
	pair := fs.String("match", "", "play a head-to-head match A:B of computer levels (easy, normal, hard, legal) instead; print win/draw/loss of A")
	seeds := fs.Int("seeds", 200, "with -match or -table: seeds 1..N, each played with the sides swapped")
	all := fs.Bool("all", false, "with -match or -table: every bundled scenario")
	workers := fs.Int("workers", 2, "with -match or -table: games played at once")
	table := fs.String("table", "", "write the win-rate table of every level pair (docs/AI.md) to this file; with -hotseat, the hot-seat table (docs/HOTSEAT.md)")
	orders := fs.Bool("orders", false, "with -match: both levels play through plotted orders (LEVEL+orders); with -table: the table of hard against normal, per decision and through orders")
	resume := fs.String("resume", "", "with -table: take the cells an earlier table run over the same seeds already played from its progress lines (its standard error, saved to this file), and play the rest")
	pairs := fs.String("pairs", "", "with -table: play only these level pairs (A:B,C:D); the table is written once every cell is played, here or in the -resume log")
	hotseat := fs.Bool("hotseat", false, "count the handoffs and decisions of a hot-seat turn, per ship and with plotted orders (-seeds N, default 20; -all: every bundled battle scenario); print one JSON object per scenario")
	arg, err := oneOptionalArg(fs, args)
	if err != nil {
		return err
	}
	if *hotseat {
		n := *seeds
		if !flagSet(fs, "seeds") {
			n = 20
		}
		return inv.runHotseat(arg, n, *turns, *all, *table)
	}
	if *pair != "" || *table != "" {
		return inv.runMatches(arg, *pair, *table, *seeds, *all, *workers, *orders, *resume, *pairs)
	}
	if arg == "" {
		arg = scenarios.DefaultID
	}
	if *turns < 1 || *turns > 10000 {
		return fmt.Errorf("-turns %d: want 1 to 10000", *turns)
	}
	src, err := scenarios.ReadSource(arg)
	if err != nil {
		return inv.printProblems(err)
	}
	s, err := match.SimulateAt(src, *seed, *turns, *level)
	if err != nil {
		var ps scenarios.Problems
		if errors.As(err, &ps) {
			return inv.printProblems(err)
		}
		return fmt.Errorf("%s: %w", src.Name, err)
	}
	if *save != "" {
		if err := match.WriteSave(*save, s, "sim "+arg, time.Now()); err != nil {
			return err
		}
	}
	enc := json.NewEncoder(inv.out)
	return enc.Encode(s.Result())
}

// runHotseat measures the flow of hot-seat turns (tourney.SimulateHotseat)
// on one scenario or every bundled battle scenario, printing JSON lines
// and, with table, writing docs/HOTSEAT.md.
func (inv *invocation) runHotseat(arg string, seeds, turns int, all bool, table string) error {
	if seeds < 1 {
		return fmt.Errorf("-seeds %d: want at least 1", seeds)
	}
	var ids []string
	switch {
	case all:
		for _, in := range scenarios.Bundled() {
			if in.Drill == nil {
				ids = append(ids, in.ID)
			}
		}
	case arg != "":
		ids = []string{arg}
	default:
		ids = []string{scenarios.DefaultID}
	}
	var results []tourney.HotseatResult
	enc := json.NewEncoder(inv.out)
	for _, id := range ids {
		src, err := scenarios.ReadSource(id)
		if err != nil {
			return inv.printProblems(err)
		}
		res, err := tourney.SimulateHotseat(src, seeds, turns)
		if err != nil {
			return fmt.Errorf("%s: %w", id, err)
		}
		res.Scenario = id
		results = append(results, res)
		if err := enc.Encode(res); err != nil {
			return err
		}
	}
	if table != "" {
		cmd := fmt.Sprintf("hexrift sim -hotseat -seeds %d -turns %d", seeds, turns)
		if all {
			cmd += " -all"
		} else {
			cmd += " " + strings.Join(ids, " ")
		}
		return os.WriteFile(table, []byte(tourney.HotseatMarkdown(results, cmd+" -table "+table)), 0o644)
	}
	return nil
}

// runMatches plays head-to-head matches: one pair (-match A:B) printed
// per scenario, or every pair of tourney.TablePairs written as a table.
func (inv *invocation) runMatches(arg, pair, table string, seeds int, all bool, workers int, orders bool, resume, pairs string) error {
	if seeds < 1 {
		return fmt.Errorf("-seeds %d: want at least 1", seeds)
	}
	var ids []string
	switch {
	case all:
		for _, in := range scenarios.Bundled() {
			ids = append(ids, in.ID)
		}
	case arg != "":
		ids = strings.Split(arg, ",") // several scenarios: a,b,c
	default:
		ids = []string{scenarios.DefaultID}
	}
	var srcs []scenarios.Source
	for _, id := range ids {
		src, err := scenarios.ReadSource(id)
		if err != nil {
			return inv.printProblems(err)
		}
		srcs = append(srcs, src)
	}
	progress := func(line string) { fmt.Fprintln(inv.errOut, line) }
	if table != "" && orders {
		cmd := fmt.Sprintf("hexrift sim -orders -table %s -seeds %d %s", table, seeds, strings.Join(ids, ","))
		if all {
			cmd = fmt.Sprintf("hexrift sim -orders -table %s -seeds %d -all", table, seeds)
		}
		md, err := tourney.OrdersTable(srcs, seeds, workers, cmd, progress)
		if err != nil {
			return err
		}
		return os.WriteFile(table, []byte(md), 0o644)
	}
	if table != "" {
		plan := tourney.TablePlan{Seeds: seeds, Workers: workers}
		if resume != "" {
			f, err := os.Open(resume)
			if err != nil {
				return fmt.Errorf("-resume: %w", err)
			}
			plan.Done, err = tourney.ReadTableLog(f, resume, seeds)
			f.Close()
			if err != nil {
				return err
			}
		}
		if pairs != "" {
			for _, p := range strings.Split(pairs, ",") {
				a, b, ok := strings.Cut(p, ":")
				if !ok || !slices.Contains(tourney.TablePairs, [2]string{a, b}) {
					return fmt.Errorf("-pairs %q: %q is not a pair of the table (%s)", pairs, p, tablePairNames())
				}
				plan.Pairs = append(plan.Pairs, [2]string{a, b})
			}
		}
		md, complete, err := tourney.PlayTable(srcs, plan, progress)
		if err != nil {
			return err
		}
		if !complete {
			fmt.Fprintf(inv.errOut, "%s not written: some cells are still to play (give this run's standard error to -resume)\n", table)
			return nil
		}
		return os.WriteFile(table, []byte(md), 0o644)
	}
	a, b, ok := strings.Cut(pair, ":")
	if orders {
		a, b = a+match.OrdersSuffix, b+match.OrdersSuffix
	}
	if !ok || !match.KnownLevel(a) || !match.KnownLevel(b) {
		return fmt.Errorf("-match %q: want A:B with levels easy, normal, hard or legal", pair)
	}
	var total tourney.MatchTally
	for i, src := range srcs {
		start := time.Now()
		t, score, err := tourney.PlayMatchScored(src, seeds, a, b, workers)
		if err != nil {
			return fmt.Errorf("%s: %w", src.Name, err)
		}
		total.Add(t)
		fmt.Fprintf(inv.out, "%s vs %s on %s: win %d draw %d loss %d (%.1f%% of decided games won; %d games, %s)\n",
			a, b, ids[i], t.Win, t.Draw, t.Loss, 100*t.WinRate(), t.Games(), time.Since(start).Round(time.Second))
		if sc, err := src.Load(); err == nil {
			for _, l := range score.Lines(sc) {
				fmt.Fprintln(inv.out, l)
			}
		}
	}
	if len(srcs) > 1 {
		fmt.Fprintf(inv.out, "%s vs %s overall: win %d draw %d loss %d (%.1f%% of decided games won)\n",
			a, b, total.Win, total.Draw, total.Loss, 100*total.WinRate())
	}
	return nil
}

// tablePairNames lists the win-rate table's level pairs, A:B,C:D.
func tablePairNames() string {
	var names []string
	for _, pr := range tourney.TablePairs {
		names = append(names, pr[0]+":"+pr[1])
	}
	return strings.Join(names, ",")
}
