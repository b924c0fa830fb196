package match

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// scoreScenario gives each side objectives of three kinds: blue holds
// an empty hex and destroys red's raider; red protects it and its
// cruiser exits.
const scoreScenario = `id: score
name: Score
sides: [{id: blue}, {id: red}]
units:
  - {id: lance, side: blue, class: fed-cruiser, hex: "0,0"}
  - {id: claw, side: red, class: kor-raider, hex: "6,0"}
  - {id: tusk, side: red, class: kor-battlecruiser, hex: "6,2"}
objectives:
  - {side: blue, name: Hold the lane, points: 40, hold: {hex: "0,0", radius: 1}}
  - {side: blue, points: 100, destroy: {unit: claw}}
  - {side: red, name: Claw comes through, points: 30, protect: {unit: claw}}
  - {side: red, points: 80, exit: {units: [tusk], hex: "20,0"}}
`

// TestScores checks the points and objectives the commands print, as
// the game stands: before anything happens, and once red's raider is
// destroyed.
func TestScores(t *testing.T) {
	sc, err := scenarios.Load("score.yaml", []byte(scoreScenario))
	require.NoError(t, err)
	st, err := rules.NewState(sc.Setup(), 1)
	require.NoError(t, err)
	raider := 0
	if c, ok := rules.LookupClass("kor-raider"); ok {
		raider = c.BPV
	}
	tests := []struct {
		name   string
		change func()
		points map[rules.SideID]int
		met    []bool
		lines  []string
	}{
		{"at the start", func() {}, map[rules.SideID]int{"blue": 40, "red": 30}, []bool{true, false, true, false}, []string{
			"points blue 40",
			"points red 30",
			"objective met blue: Hold the lane (40)",
			"objective missed blue: destroy claw (100)",
			"objective met red: Claw comes through (30)",
			"objective missed red: exit 1 of tusk at 20,0 (80)",
		}},
		{"claw destroyed", func() { st.Unit("claw").Status = rules.StatusDestroyed }, map[rules.SideID]int{"blue": 40 + 100 + raider, "red": 0}, []bool{true, true, false, false}, []string{
			"points blue " + itoa(140+raider),
			"points red 0",
			"objective met blue: Hold the lane (40)",
			"objective met blue: destroy claw (100)",
			"objective missed red: Claw comes through (30)",
			"objective missed red: exit 1 of tusk at 20,0 (80)",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.change()
			points, objectives := Scores(st)
			assert.Equal(t, tt.points, points)
			require.Len(t, objectives, len(tt.met))
			for i, o := range objectives {
				assert.Equal(t, tt.met[i], o.Met, o.Objective)
				assert.Equal(t, st.Objectives[i].Points, o.Points)
				assert.Equal(t, st.Objectives[i].Side, o.Side)
			}
			assert.Equal(t, tt.lines, ScoreLines(st))
		})
	}
}

// TestScoreTally tallies three games of the score scenario (the raider
// lives in two, the third brings a destination's defenders into play)
// in every order they might come in from the workers, and writes the
// same lines.
func TestScoreTally(t *testing.T) {
	sc, err := scenarios.Load("score.yaml", []byte(scoreScenario))
	require.NoError(t, err)
	st, err := rules.NewState(sc.Setup(), 1)
	require.NoError(t, err)
	quiet := st.Outcome()
	defended := st.Outcome()
	defended.Sides = append(defended.Sides, rules.SideResult{Side: "yard.wardens", Destination: "yard", Points: 12})
	st.Unit("claw").Status = rules.StatusDestroyed
	lost := st.Outcome()
	blue := lost.Sides[0].Points
	want := []string{
		"  blue: " + fmt.Sprintf("%.1f", float64(40+40+blue)/3) + " points a game",
		"    Hold the lane (40): met in 3 of 3 games (100%), missed in 0",
		"    destroy claw (100): met in 1 of 3 games (33%), missed in 2",
		"  red: 20.0 points a game",
		"    Claw comes through (30): met in 2 of 3 games (67%), missed in 1",
		"    exit 1 of tusk at 20,0 (80): met in 0 of 3 games (0%), missed in 3",
		"  yard.wardens, defending yard (in play in 1 game; scored, not contending): 12.0 points a game",
	}
	for _, order := range [][]rules.Outcome{{quiet, defended, lost}, {lost, quiet, defended}, {defended, lost, quiet}} {
		var total ScoreTally
		for _, o := range order {
			var one ScoreTally // as a worker tallies a game
			one.Add(o)
			total.Merge(one)
		}
		assert.Equal(t, want, total.Lines(sc))
	}
	var none ScoreTally
	assert.Empty(t, none.Lines(sc), "no games, no lines")
}
