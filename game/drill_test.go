package game

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
	assert.Equal(t, []Seat{
		{Name: "Courier Run", Side: "federation", Kind: SeatHuman},
		{Name: "Korath Pickets", Side: "korath", Kind: SeatComputer, Level: "normal"},
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
		assert.Equal(t, SeatHuman, seat.Kind, "a scenario starts hot-seat")
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
