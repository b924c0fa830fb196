package tourney

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// HotseatFlow is how a hot-seat turn goes at the table: how often the
// machine changes hands (a handoff: the next person to decide is not the
// one who decided last) and how many decisions each side makes, per turn.
type HotseatFlow struct {
	HandoffsPerTurn  float64 `json:"handoffs_per_turn"`
	DecisionsPerTurn float64 `json:"decisions_per_turn"`
}

// HotseatResult compares the two ways of playing a hot-seat turn on one
// scenario, as medians over seeds: every command decided by a person
// (PerShip), and plotted turns (Plotted), where each side allocates,
// declares and plots its orders once a turn and is asked again only when
// one of its break conditions fires or a decision comes up that its
// orders do not cover. Breaks counts the breaks of the plotted games by
// kind.
type HotseatResult struct {
	Scenario string         `json:"scenario"`
	Seeds    int            `json:"seeds"`
	Turns    int            `json:"turns"`
	PerShip  HotseatFlow    `json:"per_ship"`
	Plotted  HotseatFlow    `json:"plotted"`
	Breaks   map[string]int `json:"breaks"`
}

// SimulateHotseat plays seeds games of turns turns of src both ways, with
// every side's person played by the normal computer level: in the plotted
// games that person plots with plot.Plan and the default break
// conditions, and decides itself what the orders do not cover.
func SimulateHotseat(src scenarios.Source, seeds, turns int) (HotseatResult, error) {
	res := HotseatResult{Scenario: src.Name, Seeds: seeds, Turns: turns, Breaks: map[string]int{}}
	var perShip, plotted []HotseatFlow
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		f, err := hotseatGame(src, seed, turns, false, res.Breaks)
		if err != nil {
			return res, err
		}
		perShip = append(perShip, f)
		if f, err = hotseatGame(src, seed, turns, true, res.Breaks); err != nil {
			return res, err
		}
		plotted = append(plotted, f)
	}
	res.PerShip, res.Plotted = medianFlow(perShip), medianFlow(plotted)
	return res, nil
}

// hotseatGame plays one game with a person (the normal computer level) at
// every side of the scenario, per ship or plotted, and counts its flow.
func hotseatGame(src scenarios.Source, seed uint64, turns int, plotted bool, breaks map[string]int) (HotseatFlow, error) {
	sc, err := src.Load()
	if err != nil {
		return HotseatFlow{}, err
	}
	seats := match.DefaultSeats(sc)
	s, err := match.NewSession(src, seed, seats)
	if err != nil {
		return HotseatFlow{}, err
	}
	s.Unrecorded = true
	var at rules.SideID // who has the machine
	handoffs, decisions := 0, 0
	sit := func(side rules.SideID, n int) {
		decisions += n
		if side != at {
			handoffs++
			at = side
		}
	}
	people := map[rules.SideID]match.Controller{}
	for _, seat := range seats {
		side := seat.Side
		person := match.Bind(match.NewController(match.Seat{Side: side, Kind: match.SeatComputer, Level: "normal"}, seed), s)
		if plotted {
			// The person plots with plot.Plan and the default breaks
			// and decides what the orders leave open: an orders player.
			op := match.NewOrdersPlayer(person, side)
			op.Sat = func(n int, br *plot.Break) {
				sit(side, n)
				if br != nil {
					breaks[br.Kind]++
				}
			}
			person = match.Bind(op, s)
		} else {
			person = sitting{person, func() { sit(side, 1) }} // every decision the person's own
		}
		people[side] = person
	}
	// The person at the machine goes first in a simultaneous step.
	first := func(pending []rules.SideID) rules.SideID {
		if slices.Contains(pending, at) {
			return at
		}
		return pending[0]
	}
	if err := s.PlayUntil(people, func(st *rules.State) bool { return st.Clock.Turn > turns }, match.FirstOf(first)); err != nil {
		return HotseatFlow{}, err
	}
	played := float64(min(s.State.Clock.Turn, turns))
	return HotseatFlow{
		HandoffsPerTurn:  float64(handoffs) / played,
		DecisionsPerTurn: float64(decisions) / played / float64(len(seats)),
	}, nil
}

// sitting is a person's controller at a hot-seat table that decides
// every command itself: each decision is a sitting at the machine.
type sitting struct {
	match.Controller
	sat func()
}

// Decide counts the sitting and lets the person decide.
func (p sitting) Decide(v *rules.View, legal []rules.Command) rules.Command {
	p.sat()
	return p.Controller.Decide(v, legal)
}

// medianFlow is the median of each figure.
func medianFlow(fs []HotseatFlow) HotseatFlow {
	med := func(get func(HotseatFlow) float64) float64 {
		xs := make([]float64, len(fs))
		for i, f := range fs {
			xs[i] = get(f)
		}
		slices.Sort(xs)
		if n := len(xs); n%2 == 1 {
			return xs[n/2]
		} else if n > 0 {
			return (xs[n/2-1] + xs[n/2]) / 2
		}
		return 0
	}
	return HotseatFlow{
		HandoffsPerTurn:  med(func(f HotseatFlow) float64 { return f.HandoffsPerTurn }),
		DecisionsPerTurn: med(func(f HotseatFlow) float64 { return f.DecisionsPerTurn }),
	}
}

// HotseatMarkdown renders the results as docs/HOTSEAT.md, written by cmd.
func HotseatMarkdown(results []HotseatResult, cmd string) string {
	var b strings.Builder
	b.WriteString("# Hot-seat turns: handoffs and decisions\n\n")
	fmt.Fprintf(&b, "Written by `%s`.\n\n", cmd)
	b.WriteString("Every side is played by a person, here the normal computer level, in two ways:\n\n" +
		"- **per ship**: every command is the person's own decision (each ship's move in initiative order, each fire, evasion and repair step);\n" +
		"- **plotted**: each side allocates its energy, then declares and plots its orders for the whole turn in one sitting " +
		"(a course and a fire order per ship, standing policies for evasion, damage control and impulse activity: `plot.Plan`), " +
		"and is asked again only when one of its break conditions fires (the defaults: an enemy comes within reach of its weapons, " +
		"an enemy seeking weapon is launched, one of its units is damaged inside its shields, caught in a tractor beam or boarded, " +
		"a course can no longer be flown, a cosmic rift opens or a unit phases back in, an area to hold changes hands) or when a decision comes up that its orders do not cover. " +
		"An enemy the side saw inside its engagement envelope (half again its weapons' reach) when it last looked is no break when it comes within reach.\n\n" +
		"A handoff is a decision by another person than the one who decided last: the machine changes hands (behind the curtain). " +
		"Decisions are counted per side. Figures are medians over the seeds; breaks are totals over all plotted games.\n\n")
	b.WriteString("| scenario | handoffs a turn, per ship | plotted | decisions a side a turn, per ship | plotted | plotted handoffs / per ship | breaks (plotted games) |\n")
	b.WriteString("|---|---|---|---|---|---|---|\n")
	for _, r := range results {
		kinds := make([]string, 0, len(r.Breaks))
		for k := range r.Breaks {
			kinds = append(kinds, k)
		}
		slices.Sort(kinds)
		var bs []string
		for _, k := range kinds {
			bs = append(bs, fmt.Sprintf("%s %d", k, r.Breaks[k]))
		}
		ratio := 0.0
		if r.PerShip.HandoffsPerTurn > 0 {
			ratio = r.Plotted.HandoffsPerTurn / r.PerShip.HandoffsPerTurn
		}
		fmt.Fprintf(&b, "| %s | %.1f | %.1f | %.1f | %.1f | %.2f | %s |\n", r.Scenario,
			r.PerShip.HandoffsPerTurn, r.Plotted.HandoffsPerTurn, r.PerShip.DecisionsPerTurn, r.Plotted.DecisionsPerTurn, ratio, strings.Join(bs, ", "))
	}
	if len(results) > 0 {
		fmt.Fprintf(&b, "\n%d seeds a scenario, %d turns a game.\n", results[0].Seeds, results[0].Turns)
	}
	return b.String()
}
