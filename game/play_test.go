package game

import (
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// scriptInput is an InputSource driven by a test: each tick it presses
// the keys the test queued, and nothing else. Like the live input it
// reads only the watched keys (of the default key maps, or of keys when
// set), so a key no key map binds never arrives.
type scriptInput struct {
	next []ebiten.Key
	keys KeyMaps
}

func (s *scriptInput) press(keys ...ebiten.Key) { s.next = append(s.next, keys...) }

// intend presses the first key m binds to intent; an intent without a
// key fails the test.
func (s *scriptInput) intend(t *testing.T, m KeyMap, intent Intent) {
	t.Helper()
	k, ok := m.Key(intent)
	require.True(t, ok, "no key means %q", intent)
	s.press(k)
}

func (s *scriptInput) watched() []ebiten.Key {
	if s.keys == nil {
		s.keys = DefaultKeyMaps()
	}
	return s.keys.Watched()
}

func (s *scriptInput) Read(in *Input) {
	in.Held, in.Pressed = map[ebiten.Key]bool{}, map[ebiten.Key]bool{}
	in.Wheel, in.Clicked, in.Dragging, in.CursorIn = 0, false, false, false
	in.Typed = append(in.Typed[:0], s.next...)
	for _, k := range s.next {
		if slices.Contains(s.watched(), k) {
			in.Pressed[k] = true
		}
	}
	s.next = s.next[:0]
}

func testEnv(t *testing.T) *Env {
	t.Helper()
	fonts, err := render.NewFonts()
	require.NoError(t, err)
	dir := t.TempDir()
	// The step panels' tests play every decision by hand; the plotted
	// flow's tests (play_plot_test.go) turn plotted turns on.
	st := DefaultSettings()
	st.PerShipTurns = true
	return NewEnv(fonts, match.Paths{Settings: filepath.Join(dir, "settings.json"), Saves: filepath.Join(dir, "saves")}, st)
}

func fixedNow() time.Time { return time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC) }

// tick runs the app for one frame: Update then Draw into an offscreen
// image, as Ebitengine would.
func tick(t *testing.T, app *App, screen *ebiten.Image) {
	t.Helper()
	require.NoError(t, app.Update())
	app.Draw(screen)
}

// The curtain is up, and nothing of any side's view is drawn, from the
// very Update in which the machine passes to another person.
func TestCurtainHidesEverythingBetweenPlayers(t *testing.T) {
	requireDisplay(t)
	env := testEnv(t)
	src, err := scenarios.ReadSource("testdata/duel.yaml")
	require.NoError(t, err)
	sc, err := src.Load()
	require.NoError(t, err)
	sess, err := match.NewSession(src, 3, match.DefaultSeats(sc))
	require.NoError(t, err)
	p := NewPlayScene(env, sess)
	p.now = fixedNow
	first, up := p.CurtainUp()
	require.True(t, up, "two people share the machine: the curtain is up at the start")
	assert.Equal(t, rules.SideID(""), p.Viewer())

	screen := ebiten.NewImage(1280, 800)
	p.Draw(screen)
	assertNoUnitsDrawn(t, p, screen)

	in := &Input{Pressed: map[ebiten.Key]bool{ebiten.KeyEnter: true}, Held: map[ebiten.Key]bool{}}
	require.NoError(t, p.Update(&Input{Pressed: map[ebiten.Key]bool{}, Held: map[ebiten.Key]bool{}}))
	require.NoError(t, p.Update(in))
	_, up = p.CurtainUp()
	require.False(t, up, "Enter lifts the curtain")
	assert.Equal(t, first, p.Viewer())

	legal := sess.State.Legal(first)
	require.NotEmpty(t, legal)
	require.True(t, p.submit(legal[0]))
	second, up := p.CurtainUp()
	require.True(t, up, "the curtain rises in the same update that hands the machine on")
	assert.NotEqual(t, first, second)
	assert.Equal(t, rules.SideID(""), p.Viewer(), "nobody's private view is selected behind the curtain")
	p.Draw(screen)
	assertNoUnitsDrawn(t, p, screen)
}

// assertNoUnitsDrawn checks that no unit's counter colour shows at its hex.
func assertNoUnitsDrawn(t *testing.T, p *PlayScene, screen *ebiten.Image) {
	t.Helper()
	f := p.mapv.Frame()
	for _, u := range p.sess.State.Units {
		if !u.OnMap() {
			continue
		}
		side, _ := p.sess.State.Side(u.Side)
		want := render.Hex(side.Color, 1)
		sx, sy := f.Camera.HexToScreen(u.Hex)
		for dy := -6; dy <= 6; dy += 3 {
			for dx := -6; dx <= 6; dx += 3 {
				c := color.NRGBAModel.Convert(screen.At(int(sx)+dx, int(sy)+dy)).(color.NRGBA)
				dr, dg, db := int(c.R)-int(want.R*255*0.75), int(c.G)-int(want.G*255*0.75), int(c.B)-int(want.B*255*0.75)
				require.Greater(t, dr*dr+dg*dg+db*db, 40*40, "unit %s's colour shows at its hex behind the curtain", u.ID)
			}
		}
	}
}

// A hot-seat game driven through the game layer as players would: from
// the main menu, through the new-game screen, every curtain and every
// step, to the end-of-game summary.
func TestHotSeatGameFromMenuToEnd(t *testing.T) {
	requireDisplay(t)
	env := testEnv(t)
	script := &scriptInput{}
	app := NewApp(env, NewBootScene(env, func() Scene { return NewMenuScene(env) }))
	app.SetInputSource(script)
	screen := ebiten.NewImage(1280, 800)
	app.Layout(1280, 800)

	tick(t, app, screen) // boot -> menu
	require.IsType(t, &MenuScene{}, app.Scene())
	script.press(ebiten.KeyN)
	tick(t, app, screen)
	setup, ok := app.Scene().(*SetupScene)
	require.True(t, ok, "N opens the new-game screen")
	setup.Choose("testdata/duel.yaml")
	require.Len(t, setup.Seats(), 2)
	script.press(ebiten.KeyEnter)
	tick(t, app, screen)
	play, ok := app.Scene().(*PlayScene)
	require.True(t, ok, "Enter starts the game")
	play.now = fixedNow

	curtains := 0
	for i := 0; i < 1000; i++ {
		if _, isEnd := app.Scene().(*EndScene); isEnd {
			break
		}
		switch {
		case play.curtainFor != "":
			curtains++
			script.press(ebiten.KeyEnter)
		case play.orders == nil:
		default:
			// A player who commits what the panel offers, and on a
			// move goes forward until the plan is legal.
			if mb, isMove := play.orders.(*moveBuilder); isMove && checkText(play.desk, mb.command(play.desk)) != "" {
				script.press(ebiten.KeySpace)
			} else {
				script.press(ebiten.KeyEnter)
			}
		}
		tick(t, app, screen)
	}
	end, ok := app.Scene().(*EndScene)
	require.True(t, ok, "the game reaches its end-of-game summary (turn limit 2)")
	require.NotNil(t, end.back.view)
	assert.Equal(t, end.sess.State.Scenario.ID, end.back.view.Scenario.ID, "the summary sits over the game's own map")
	assert.Equal(t, end.sess.State.View(""), end.back.view, "as the table sees it")
	out := end.sess.State.Outcome()
	assert.True(t, out.Over)
	assert.Equal(t, rules.Clock{Turn: 2, Step: rules.StepGameOver}, end.sess.State.Clock, "the game ends after turn 2")
	assert.Greater(t, curtains, 4, "the machine passed between the players")
	saves, err := os.ReadDir(env.Paths.Saves)
	require.NoError(t, err)
	assert.NotEmpty(t, saves, "autosaves were written")
	_, _, err = match.LoadSave(match.LatestAutosave(env.Paths.Saves))
	assert.NoError(t, err, "the latest autosave loads")
}

// A game that ends while its play scene is being built (the computer
// seats play it out, as when a save is taken over at its last step)
// shows the end of the game with the first frame, not a finished map.
func TestGameEndingAsTheSceneOpensShowsTheEnd(t *testing.T) {
	requireDisplay(t)
	env := testEnv(t)
	src, err := scenarios.ReadSource("testdata/duel.yaml")
	require.NoError(t, err)
	sc, err := src.Load()
	require.NoError(t, err)
	seats := match.DefaultSeats(sc)
	for i := range seats {
		seats[i].Kind, seats[i].Level = match.SeatComputer, "legal"
	}
	sess, err := match.NewSession(src, 5, seats)
	require.NoError(t, err)
	play := NewPlayScene(env, sess)
	require.True(t, sess.Over(), "the computer seats played the game out")
	app := NewApp(env, play)
	screen := ebiten.NewImage(1280, 800)
	tick(t, app, screen)
	_, isEnd := app.Scene().(*EndScene)
	assert.True(t, isEnd, "after the first frame the scene is %T", app.Scene())
}
