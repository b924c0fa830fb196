package match

import (
	"fmt"

	"github.com/hexrift/hexrift/rules"
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
