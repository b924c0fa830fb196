package game

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/scenarios"
)

// drillIDs returns the bundled practice drills.
func drillIDs(t *testing.T) []string {
	t.Helper()
	var ids []string
	for _, in := range scenarios.Bundled() {
		if in.Drill != nil {
			ids = append(ids, in.ID)
		}
	}
	require.NotEmpty(t, ids)
	return ids
}

// The main menu's Practice drills (key P) opens the new-game screen on
// the drills, with a person at the practice side and the computer at
// the others; the Scenarios group lists everything else, all human.
func TestPracticeDrillsFromTheMenu(t *testing.T) {
	requireDisplay(t)
	env := testEnv(t)
	script := &scriptInput{}
	app := NewApp(env, NewBootScene(env, func() Scene { return NewMenuScene(env) }))
	app.SetInputSource(script)
	screen := ebiten.NewImage(1280, 800)
	app.Layout(1280, 800)
	tick(t, app, screen)
	script.press(ebiten.KeyP)
	tick(t, app, screen)
	setup, ok := app.Scene().(*SetupScene)
	require.True(t, ok, "P opens the drills")
	assert.Equal(t, []string{"drill-gravity", "drill-phase", "drill-rift"}, setup.Listed())
	assert.Equal(t, []match.Seat{
		{Name: "Courier Run", Side: "federation", Kind: match.SeatHuman},
		{Name: "Korath Pickets", Side: "korath", Kind: match.SeatComputer, Level: "normal"},
	}, setup.Seats(), "the first drill is chosen, the player at its practice side")
	assert.Contains(t, setup.desc.Label, "Practice drill: you play Courier Run, the computer (normal) the others.")

	setup.Scenarios.Click()
	tick(t, app, screen)
	listed := setup.Listed()
	require.NotEmpty(t, listed)
	assert.Equal(t, scenarios.DefaultID, listed[0])
	for _, id := range listed {
		assert.False(t, strings.HasPrefix(id, "drill-"), "%s is a drill, listed with the scenarios", id)
	}
	for _, seat := range setup.Seats() {
		assert.Equal(t, match.SeatHuman, seat.Kind, "a scenario starts hot-seat")
	}
	setup.Drills.Click()
	tick(t, app, screen)
	assert.Equal(t, drillIDs(t), setup.Listed())

	setup.Choose("drill-rift")
	script.press(ebiten.KeyEnter)
	tick(t, app, screen)
	play, ok := app.Scene().(*PlayScene)
	require.True(t, ok, "Enter starts the drill")
	assert.Equal(t, 1, play.sess.Humans())
}

// Every drill plays to its end with the computer at every seat (normal
// level, the drills' own), and the computer plays it sensibly: the
// practice side goes about its objectives (a ship out of the gravity
// drill, through the cosmic rift and back, Lodestar held by one side or
// contested in the cloud) on some seed, and the debrief tells the
// phenomenon's odds.
func TestDrillsPlayToTheEnd(t *testing.T) {
	for _, tc := range []struct {
		id      string
		debrief string // in the practice side's debrief on some seed
		done    func(s *match.Session) bool
	}{
		{"drill-gravity", "", func(s *match.Session) bool {
			return s.State.Outcome().Sides[0].Withdrawn > 0
		}},
		{"drill-phase", "Phase space: ", func(s *match.Session) bool {
			for _, r := range s.State.Outcome().Sides {
				if len(r.Met) > 0 && strings.Contains(strings.Join(r.Met, ""), "Lodestar") {
					return true
				}
			}
			return false
		}},
		{"drill-rift", "Cosmic rifts: ", func(s *match.Session) bool {
			return s.State.ObjectiveMet(&s.State.Objectives[0])
		}},
	} {
		t.Run(tc.id, func(t *testing.T) {
			src, err := scenarios.ReadSource(tc.id)
			require.NoError(t, err)
			sc, err := src.Load()
			require.NoError(t, err)
			require.NotNil(t, sc.Drill)
			done, told := false, tc.debrief == ""
			for seed := uint64(1); seed <= 4; seed++ {
				s, err := match.SimulateAt(src, seed, 100, sc.Drill.Level)
				require.NoError(t, err)
				require.True(t, s.Over(), "seed %d: the drill ends", seed)
				assert.LessOrEqual(t, s.State.Clock.Turn, sc.Ruleset.TurnLimit)
				line, ok := DrillResult(s)
				require.True(t, ok)
				t.Logf("seed %d: %s %s", seed, s.State.Outcome(), line)
				lines := match.DebriefOf(s.State, s.Events(), sc.Drill.Side).Lines()
				assert.NotEmpty(t, lines, "seed %d: the practice side took risks", seed)
				done = done || tc.done(s)
				told = told || strings.Contains(strings.Join(lines, "\n"), tc.debrief)
			}
			assert.True(t, done, "on some seed the practice side does what the drill asks")
			assert.True(t, told, "on some seed the debrief tells %q", tc.debrief)
		})
	}
}
