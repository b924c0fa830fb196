package game

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/render"
)

// openPlay starts the default scenario with two people at a w x h
// window and lifts the first curtain, ticking as the window would.
func openPlay(t *testing.T, w, h int) (*App, *PlayScene, *scriptInput, *ebiten.Image) {
	t.Helper()
	env := testEnv(t)
	src := defaultSource(t)
	sc, err := src.Load()
	require.NoError(t, err)
	sess, err := match.NewSession(src, 3, match.DefaultSeats(sc))
	require.NoError(t, err)
	p := NewPlayScene(env, sess)
	p.now = fixedNow
	app := NewApp(env, p)
	app.Layout(w, h)
	script := &scriptInput{}
	app.SetInputSource(script)
	screen := ebiten.NewImage(w, h)
	for range 3 {
		if p.curtainFor != "" {
			script.press(ebiten.KeyEnter)
		}
		tick(t, app, screen)
	}
	require.NotEmpty(t, p.Viewer(), "a seat is at the machine")
	return app, p, script, screen
}

// overlaps reports whether two rectangles (x0, y0, x1, y1) share area.
func overlaps(a, b [4]float64) bool {
	return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
}

// The notice ("Press R to replay ...", a refusal) sits in the map's part
// of the screen at every window size: never over the orders panel's
// header nor the objectives box, never off the screen.
func TestNoticeClearsThePanels(t *testing.T) {
	requireDisplay(t)
	sizes := [][2]int{{match.MinWindowWidth, match.MinWindowHeight}, {1280, 800}, {1920, 1080}}
	notices := []string{
		"Saved.",
		"Press R to replay what happened since your last turn.",
		"Refused: Kestrel cannot turn yet: it must move 2 more hexes straight ahead after its last turn (C3.2), and its speed this impulse is 4.",
	}
	for _, sz := range sizes {
		app, p, _, screen := openPlay(t, sz[0], sz[1])
		for _, n := range notices {
			t.Run(n, func(t *testing.T) {
				p.say(n)
				tick(t, app, screen)
				lines, r := p.noticeLayout()
				assert.False(t, overlaps(r, p.panelRect()), "%dx%d: notice %v under the orders panel %v", sz[0], sz[1], r, p.panelRect())
				if obj := p.mapv.objectivesRect(); obj[2] > 0 {
					assert.False(t, overlaps(r, obj), "%dx%d: notice %v over the objectives %v", sz[0], sz[1], r, obj)
				}
				assert.True(t, r[0] >= 0 && r[2] <= float64(sz[0]) && r[1] >= 35, "%dx%d: notice %v off the map area", sz[0], sz[1], r)
				for _, l := range lines {
					lw, _ := p.env.Fonts.Measure(render.Regular, noticeSize, l)
					assert.LessOrEqual(t, lw, r[2]-r[0], "the row %q fits its box", l)
				}
			})
		}
	}
}
