package game

import (
	"image"
	"testing"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// commitButton returns the orders panel's commit button: the last button
// of the frame's footer.
func commitButton(f *ordersFrame) *widget.Button {
	var b *widget.Button
	for _, ch := range f.footer.Children() {
		if btn, ok := ch.(*widget.Button); ok {
			b = btn
		}
	}
	return b
}

// panelsOf plays scenario id with people at every seat, the rules' first
// legal command each step, through its first turn, and calls look at the
// first orders panel of each kind each side gets, on a w x h screen,
// after it has been laid out.
func panelsOf(t *testing.T, id string, w, h int, look func(p *PlayScene, app *App, screen *ebiten.Image)) {
	t.Helper()
	src, err := scenarios.ReadSource(id)
	require.NoError(t, err)
	sc, err := src.Load()
	require.NoError(t, err)
	seats := match.DefaultSeats(sc)
	for i := range seats {
		seats[i].Kind = match.SeatHuman
	}
	sess, err := match.NewSession(src, 1, seats)
	require.NoError(t, err)
	env := testEnv(t)
	env.Settings.Curtain = false
	env.Paths.Saves = "" // no autosave at every step
	p := NewPlayScene(env, sess)
	p.now = fixedNow
	app := NewApp(env, p)
	app.SetInputSource(&scriptInput{})
	screen := ebiten.NewImage(w, h)
	app.Layout(w, h)
	tick(t, app, screen)
	type panel struct {
		side rules.SideID
		kind rules.CommandKind
	}
	seen := map[panel]bool{}
	for guard := 0; guard < 400 && !sess.Over() && sess.State.Clock.Turn <= 1; guard++ {
		p.sync() // as the play scene does after each command
		pend := sess.State.Pending()
		if len(pend) == 0 {
			break
		}
		if k := (panel{pend[0], sess.State.Expecting()}); !seen[k] {
			seen[k] = true
			// Only the widgets are laid out (ebitenui lays out as it
			// draws): the map is not what is measured.
			p.frame.fit(h)
			p.ui.Draw(screen)
			if p.orders != nil && p.viewer != "" {
				look(p, app, screen)
			}
		}
		legal := sess.State.Legal(pend[0])
		require.NotEmpty(t, legal)
		_, err := sess.Submit(legal[0])
		require.NoError(t, err, "%s: %v", id, legal[0])
	}
}

// Every orders panel of every bundled scenario fits the default window
// with its Commit inside it, also with an error line above Commit; at the
// smallest window a panel taller than the screen scrolls, Commit staying
// in view (issue 22).
func TestPanelsFitWindow(t *testing.T) {
	requireDisplay(t)
	window := image.Rect(0, 0, 1280, 800)
	for _, info := range scenarios.Bundled() {
		t.Run(info.ID, func(t *testing.T) {
			kinds := map[rules.CommandKind]bool{}
			panelsOf(t, info.ID, 1280, 800, func(p *PlayScene, app *App, screen *ebiten.Image) {
				kind := p.sess.State.Expecting()
				b := commitButton(p.frame)
				require.NotNil(t, b, "%s: the %s panel has a commit button", info.ID, kind)
				kinds[kind] = true
				assert.True(t, b.GetWidget().Rect.In(window), "%s %s: Commit at %v, outside the window", info.ID, kind, b.GetWidget().Rect)
				assert.True(t, p.frame.root.GetWidget().Rect.In(window), "%s %s: the panel at %v", info.ID, kind, p.frame.root.GetWidget().Rect)
			})
			assert.True(t, kinds[rules.CmdAllocate], "the energy panel was looked at")
		})
	}
}

// At the smallest window the energy panel of first-contact (Harrier's
// editor open) is taller than the screen: it scrolls, with the slider and
// the wheel, and Commit stays in view with an error line above it.
func TestPanelScrollsAtMinimumWindow(t *testing.T) {
	requireDisplay(t)
	w, h := MinWindowWidth, MinWindowHeight
	window := image.Rect(0, 0, w, h)
	scrolled := false
	panelsOf(t, "first-contact", w, h, func(p *PlayScene, app *App, screen *ebiten.Image) {
		b, ok := p.orders.(*allocBuilder)
		if !ok || scrolled {
			return
		}
		f := p.frame
		require.Positive(t, f.overflow(), "the energy panel is taller than a %dx%d window", w, h)
		assert.True(t, f.bar.GetWidget().IsVisible(), "the scroll bar shows")
		// An error line (too much energy spent) goes above Commit and
		// pushes nothing off.
		b.allocs[b.selected].Battery += 500
		p.desk.changed()
		tick(t, app, screen)
		commit := commitButton(f)
		assert.True(t, commit.GetWidget().Disabled, "an illegal allocation cannot be committed")
		assert.True(t, commit.GetWidget().Rect.In(window), "Commit at %v, outside the window", commit.GetWidget().Rect)
		assert.True(t, f.root.GetWidget().Rect.In(window), "the panel at %v", f.root.GetWidget().Rect)
		b.allocs[b.selected].Battery -= 500
		p.desk.changed()
		// Scrolled to the bottom, the body's last widget comes into view.
		kids := f.body.Children()
		last := kids[len(kids)-1].GetWidget()
		f.scrollBy(float64(f.overflow()))
		tick(t, app, screen)
		assert.Equal(t, 1.0, f.scroll.ScrollTop)
		view := f.scroll.ViewRect()
		assert.LessOrEqual(t, f.body.GetWidget().Rect.Max.Y, view.Max.Y+1, "the body's end is in view")
		assert.True(t, last.Rect.Max.Y <= view.Max.Y+1, "the last widget at %v, the view %v", last.Rect, view)
		scrolled = true
	})
	assert.True(t, scrolled, "the energy panel was scrolled")
}

// visibleButtons returns the buttons shown in c, however deep.
func visibleButtons(c *widget.Container) []*widget.Button {
	var out []*widget.Button
	for _, ch := range c.Children() {
		if !ch.GetWidget().IsVisible() {
			continue
		}
		if b, ok := ch.(*widget.Button); ok {
			out = append(out, b)
		}
		if sub, ok := ch.(*widget.Container); ok {
			out = append(out, visibleButtons(sub)...)
		}
	}
	return out
}

// Tab through the plot panel's ships, as a player does in the window:
// each ship's orders are laid out on the panel, none left unplaced where
// the previous ship's were (ebitenui's scroll container relays its body
// out only when the body's size changes).
func TestPlotPanelLaysOutEachShip(t *testing.T) {
	requireDisplay(t)
	app, play, script, screen := plotGame(t, 1)
	for i := 0; i < 200; i++ {
		if _, ok := play.orders.(*plotBuilder); ok && play.curtainFor == "" {
			break
		}
		acceptAll(t, play, script)
		tick(t, app, screen)
	}
	b, ok := play.orders.(*plotBuilder)
	require.True(t, ok, "a side plots its turn")
	require.Greater(t, len(b.o.Ships), 1)
	tick(t, app, screen)
	for range b.o.Ships {
		t.Run(string(b.ship().Unit), func(t *testing.T) {
			panel := image.Rect(int(play.panelRect()[0]), int(play.panelRect()[1]), int(play.panelRect()[2]), int(play.panelRect()[3]))
			buttons := visibleButtons(play.ordersBox)
			require.Greater(t, len(buttons), 5, "the ship's course buttons are shown")
			for _, btn := range buttons {
				r := btn.GetWidget().Rect
				assert.True(t, !r.Empty() && r.In(panel), "%q at %v, off the panel %v", btn.Text().Label, r, panel)
			}
		})
		script.intend(t, orderKeys, intentNextShip)
		tick(t, app, screen)
	}
}

// Tab belongs to the game in play: the order keys take it for the next
// ship, and the play scene's UI does not also move its focus with it
// (which lit up the panel's first button at every Tab in the window).
func TestTabIsTheGames(t *testing.T) {
	requireDisplay(t)
	k, ok := orderKeys.Key(intentNextShip)
	require.True(t, ok)
	assert.Equal(t, ebiten.KeyTab, k)
	_, p, _, _ := openPlay(t, 1280, 800)
	assert.True(t, p.ui.DisableDefaultFocus, "ebitenui's Tab focus is off in play")
}
