package match

import (
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
