package match

import (
	"fmt"
	"slices"

	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// How a game stands, for the commands that print it (hexrift sim, replay
// and sim -match): each side's points and every scenario objective, met
// or missed, from rules.State.Outcome and ObjectiveMet (docs/RULES.md
// "Victory").

// ObjectiveResult is one scenario objective as the game stands.
type ObjectiveResult struct {
	Side rules.SideID `json:"side"`
	// Objective says what it asks, by its name when it has one ("Hold New
	// Haven", "exit 2 of hope, patience, resolve within 2 of 14,-13").
	Objective string `json:"objective"`
	Points    int    `json:"points"`
	Met       bool   `json:"met"`
}

// Scores returns each side's points as the game stands, the defenders
// of a cosmic rift destination in play among them (scored, not
// contending), and every scenario objective, met or not, in the
// scenario's order.
func Scores(st *rules.State) (map[rules.SideID]int, []ObjectiveResult) {
	points := map[rules.SideID]int{}
	for _, r := range st.Outcome().Sides {
		points[r.Side] = r.Points
	}
	objectives := make([]ObjectiveResult, 0, len(st.Objectives))
	for i := range st.Objectives {
		o := &st.Objectives[i]
		objectives = append(objectives, ObjectiveResult{Side: o.Side, Objective: o.String(), Points: o.Points, Met: st.ObjectiveMet(o)})
	}
	return points, objectives
}

// ScoreLines writes how the game stands, one fact a line: each side's
// points in side order ("points federation 50", a destination's
// defenders marked), then each objective ("objective met federation:
// Kestrel comes home (50)", "objective missed ...").
func ScoreLines(st *rules.State) []string {
	var out []string
	for _, r := range st.Outcome().Sides {
		line := fmt.Sprintf("points %s %d", r.Side, r.Points)
		if r.Destination != "" {
			line += fmt.Sprintf(" (defending %s: scored, not contending)", r.Destination)
		}
		out = append(out, line)
	}
	_, objectives := Scores(st)
	for _, o := range objectives {
		state := "missed"
		if o.Met {
			state = "met"
		}
		out = append(out, fmt.Sprintf("objective %s %s: %s (%d)", state, o.Side, o.Objective, o.Points))
	}
	return out
}

// ScoreTally sums how the games of one scenario ended for its sides, for
// an author tuning its balance (hexrift sim -match): each side's points
// over the games it was in, and how often each of its objectives was
// met. It adds up whatever order the games come in, so a match played on
// several workers tallies the same.
type ScoreTally struct {
	// Points sums each side's points, and Games counts the games it was
	// in: every game for the scenario's own sides, the games a cosmic
	// rift brought them into play for a destination's defenders, whose
	// Defends names the destination.
	Points  map[rules.SideID]int
	Games   map[rules.SideID]int
	Defends map[rules.SideID]rules.MapID
	// Met counts the games each objective was met in and Judged those it
	// was judged in, keyed by side and Outcome's line for it ("Hold New
	// Haven: 60").
	Met, Judged map[objectiveKey]int
}

type objectiveKey struct {
	side rules.SideID
	line string
}

// Add tallies one game's outcome.
func (t *ScoreTally) Add(o rules.Outcome) {
	t.init()
	for _, r := range o.Sides {
		t.Points[r.Side] += r.Points
		t.Games[r.Side]++
		if r.Destination != "" {
			t.Defends[r.Side] = r.Destination
		}
		for _, l := range r.Met {
			t.Met[objectiveKey{r.Side, l}]++
			t.Judged[objectiveKey{r.Side, l}]++
		}
		for _, l := range r.Missed {
			t.Judged[objectiveKey{r.Side, l}]++
		}
	}
}

// Merge adds the games of another tally.
func (t *ScoreTally) Merge(u ScoreTally) {
	t.init()
	for k, v := range u.Points {
		t.Points[k] += v
	}
	for k, v := range u.Games {
		t.Games[k] += v
	}
	for k, v := range u.Defends {
		t.Defends[k] = v
	}
	for k, v := range u.Met {
		t.Met[k] += v
	}
	for k, v := range u.Judged {
		t.Judged[k] += v
	}
}

func (t *ScoreTally) init() {
	if t.Points == nil {
		t.Points, t.Games, t.Defends = map[rules.SideID]int{}, map[rules.SideID]int{}, map[rules.SideID]rules.MapID{}
		t.Met, t.Judged = map[objectiveKey]int{}, map[objectiveKey]int{}
	}
}

// Lines writes the tally of games of sc: each side in the scenario's
// order with its points a game and each of its objectives with the games
// it was met in, then the defenders of each destination that came into
// play, by id.
func (t ScoreTally) Lines(sc *scenarios.Scenario) []string {
	var out []string
	side := func(id rules.SideID) {
		n := t.Games[id]
		if n == 0 {
			return
		}
		head := fmt.Sprintf("  %s: %.1f points a game", id, float64(t.Points[id])/float64(n))
		if d := t.Defends[id]; d != "" {
			head = fmt.Sprintf("  %s, defending %s (in play in %s; scored, not contending): %.1f points a game", id, d, count(n, "game", "games"), float64(t.Points[id])/float64(n))
		}
		out = append(out, head)
	}
	for _, sd := range sc.Sides {
		side(sd.ID)
		for _, o := range sc.Objectives {
			if o.Side != sd.ID {
				continue
			}
			k := objectiveKey{o.Side, fmt.Sprintf("%s: %d", o, o.Points)}
			judged, met := t.Judged[k], t.Met[k]
			if judged == 0 {
				continue
			}
			out = append(out, fmt.Sprintf("    %s (%d): met in %d of %s (%.0f%%), missed in %d", o, o.Points, met, count(judged, "game", "games"), 100*float64(met)/float64(judged), judged-met))
		}
	}
	var defenders []rules.SideID
	for id := range t.Defends {
		defenders = append(defenders, id)
	}
	slices.Sort(defenders)
	for _, id := range defenders {
		side(id)
	}
	return out
}
