package game

import (
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/rules"
)

// plotAt960 opens a two-person game of first-contact at the smallest
// window and plays it, accepting every panel, until the seat at the
// machine plots again after a break (the fleets in reach).
func plotAt960(t *testing.T, seed uint64) (*App, *PlayScene, *plotBuilder, *ebiten.Image) {
	t.Helper()
	app, play, script, _ := plotGame(t, seed)
	app.Layout(MinWindowWidth, MinWindowHeight)
	screen := ebiten.NewImage(MinWindowWidth, MinWindowHeight)
	for i := 0; i < 4000; i++ {
		if b, ok := play.orders.(*plotBuilder); ok && play.curtainFor == "" && b.why != "" {
			return app, play, b, screen
		}
		acceptAll(t, play, script)
		if play.curtainFor == "" && watchBeats[play.table.beat] != 0 {
			script.intend(t, playKeys, intentWatchFaster) // the table watches at the fastest speed
		}
		tick(t, app, screen)
	}
	t.Fatal("no plot panel came up after a break")
	return nil, nil, nil, nil
}

// fitsTogether reports whether hexes a and b, at the camera's zoom, are
// near enough on the screen to show together in the free area with room
// to spare (a quarter of it each way, for the HUD's boxes).
func fitsTogether(m *MapScene, a, b rules.Hex) bool {
	ax, ay := m.cam.HexToScreen(a)
	bx, by := m.cam.HexToScreen(b)
	f := m.freeArea()
	room := 2 * max(focusMargin, m.cam.HexPixels())
	return math.Abs(ax-bx) <= (f[2]-f[0]-room)*0.75 && math.Abs(ay-by) <= (f[3]-f[1]-room)*0.75
}

// At 960x600 the orders panel covers a third of the map: while a seat
// plots, choosing a ship (or its course) brings into view, clear of the
// panels, the ship and the enemy its course closes with, keeps at range
// or circles, wherever the player had panned; an enemy too far to show
// with it leaves the ship in view.
func TestPlotCameraKeepsTheCourseTargetInView(t *testing.T) {
	requireDisplay(t)
	app, p, b, screen := plotAt960(t, 1)
	v := p.desk.view()
	var enemies []rules.UnitView
	for _, u := range v.Units {
		if u.Side != b.o.Side && u.Kind == rules.KindShip {
			enemies = append(enemies, u)
		}
	}
	require.NotEmpty(t, enemies)
	// Each case chooses another ship, or another enemy for the same
	// ship's course: what brings the camera round.
	kinds := []plot.CourseKind{plot.Close, plot.Range, plot.Circle}
	together, n := 0, 0
	for i, sh := range b.o.Ships {
		own, ok := unitView(p.desk, sh.Unit)
		require.True(t, ok)
		for _, e := range enemies {
			if e.Map != own.Map {
				continue
			}
			kind := kinds[n%len(kinds)]
			n++
			t.Run(string(own.ID)+" "+string(kind)+" "+string(e.ID), func(t *testing.T) {
				p.mapv.Apply(PanBy{-3000, 1800})
				require.False(t, p.mapv.InView(own.Hex), "panned away")
				b.sel = i
				b.ship().Course = plot.Course{Kind: kind, Unit: e.ID, Range: 4}
				p.desk.changed()
				tick(t, app, screen)
				assert.True(t, p.mapv.InView(own.Hex), "%s, selected, is in view", own.ID)
				if fitsTogether(p.mapv, own.Hex, e.Hex) {
					together++
					assert.True(t, p.mapv.InView(e.Hex), "%s, which %s's course is about, is in view with it", e.ID, own.ID)
				}
			})
		}
	}
	assert.Positive(t, together, "some course's enemy fits on the screen with its ship")
}

// A break about a seeking weapon opens the plot with the weapon in view,
// as a break about a ship does with the ship: however far it flies from
// the ship the panel selects, and wherever the seat had looked; the
// ship too when they fit together.
func TestBreakCameraShowsTheSeeker(t *testing.T) {
	requireDisplay(t)
	app, p, b, screen := plotAt960(t, 1)
	seeker, ok := unitView(p.desk, b.about)
	require.True(t, ok, "the break (%s) is about a unit in sight", b.why)
	require.True(t, seeker.Kind.Seeking(), "seed 1's first break is a launch: %s", b.why)
	for i, sh := range b.o.Ships {
		own, ok := unitView(p.desk, sh.Unit)
		require.True(t, ok)
		t.Run(string(own.ID), func(t *testing.T) {
			b.sel = i
			p.mapv.Apply(PanBy{-3000, 1800})
			require.False(t, p.mapv.InView(seeker.Hex), "panned away")
			p.switchCamera(p.viewer, p.viewer) // the seat sits down again
			p.desk.changed()
			tick(t, app, screen)
			assert.True(t, p.mapv.InView(seeker.Hex), "the seeker the break is about is in view")
			if fitsTogether(p.mapv, own.Hex, seeker.Hex) {
				assert.True(t, p.mapv.InView(own.Hex), "%s, selected, is in view with it", own.ID)
			}
		})
	}
}
