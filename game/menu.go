package game

import (
	"fmt"
	"math"
	"path/filepath"

	"github.com/ebitenui/ebitenui"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// backdrop is a slowly drifting map drawn behind the menus.
type backdrop struct {
	view     *rules.View
	renderer *render.MapRenderer
	cam      render.Camera
	ticks    int
	cx, cy   float64
}

func newBackdrop(env *Env) *backdrop {
	var v *rules.View
	if sc, err := scenarios.Open(scenarios.DefaultID); err == nil {
		if st, err := rules.NewState(sc.Setup(), 1); err == nil {
			v = st.View("")
		}
	}
	return backdropOf(env, v)
}

// backdropOf drifts over the first map of view (the default scenario's
// opening when nil cannot be had: plain space).
func backdropOf(env *Env, view *rules.View) *backdrop {
	b := &backdrop{renderer: render.NewMapRenderer(env.Fonts), view: view}
	w, h := env.Size()
	b.Resize(w, h)
	return b
}

func (b *backdrop) Resize(w, h int) {
	if b.view == nil {
		return
	}
	m := b.view.Maps[0]
	b.cam = render.NewCamera(m.Center, w, h, 30)
	b.cx, b.cy = b.cam.X, b.cam.Y
}

func (b *backdrop) Update() {
	b.ticks++
	t := float64(b.ticks) / 60
	b.cam.X = b.cx + 6*math.Sin(t/23)
	b.cam.Y = b.cy + 4*math.Cos(t/31)
}

func (b *backdrop) Draw(screen *ebiten.Image) {
	if b.view == nil {
		screen.Fill(render.DefaultPalette().Space.Color())
		return
	}
	b.renderer.Draw(screen, &render.Frame{View: b.view, Map: b.view.Maps[0].ID, Camera: b.cam, Time: float64(b.ticks) / 60})
	// Darken the left side where the menu sits.
	var shade render.Batch
	w, h := float32(b.cam.Width), float32(b.cam.Height)
	n := uint32(0)
	for _, v := range [][3]float32{{0, 0, 0.82}, {w * 0.55, 0, 0.15}, {w * 0.55, h, 0.15}, {0, h, 0.82}} {
		shade.V = append(shade.V, ebiten.Vertex{DstX: v[0], DstY: v[1], SrcX: 1, SrcY: 1, ColorR: 0.01, ColorG: 0.02, ColorB: 0.05, ColorA: v[2]})
	}
	shade.I = append(shade.I, n, n+1, n+2, n, n+2, n+3)
	var p render.Painter
	p.Draw(screen, &shade)
}

// screen is what the menu-style scenes share: widgets over a slowly
// drifting map. Each scene embeds it and adds its own Update.
type screen struct {
	env  *Env
	ui   *ebitenui.UI
	back *backdrop
}

func newScreen(env *Env) screen { return screen{env: env, back: newBackdrop(env)} }

// tick advances the backdrop and the widgets by one tick.
func (s *screen) tick() {
	s.back.Update()
	s.ui.Update()
}

// Draw draws the backdrop and the widgets.
func (s *screen) Draw(dst *ebiten.Image) {
	s.back.Draw(dst)
	s.ui.Draw(dst)
}

// Resize follows the window.
func (s *screen) Resize(w, h int) { s.back.Resize(w, h) }

// The main menu's intents.
const (
	intentContinue Intent = "continue"
	intentNewGame  Intent = "new-game"
	intentDrills   Intent = "drills"
	intentLoad     Intent = "load"
	intentSettings Intent = "settings"
	intentQuit     Intent = "quit"
)

// menuKeys is the main menu's key map: one key per button (shown on it).
var menuKeys = KeyMap{
	{intentContinue, []ebiten.Key{ebiten.KeyC}, "continue the latest autosave"},
	{intentNewGame, []ebiten.Key{ebiten.KeyN}, "new game"},
	{intentDrills, []ebiten.Key{ebiten.KeyP}, "practice drills"},
	{intentLoad, []ebiten.Key{ebiten.KeyL}, "load a game"},
	{intentSettings, []ebiten.Key{ebiten.KeyS}, "settings"},
	{intentQuit, []ebiten.Key{ebiten.KeyQ, ebiten.KeyEscape}, "quit"},
}

// menuLabel is a button's text with the key of its intent.
func menuLabel(text string, intent Intent) string {
	if k, ok := menuKeys.Key(intent); ok {
		return text + "   " + k.String()
	}
	return text
}

// MenuScene is the main menu: continue, new game, practice drills, load,
// settings, quit.
type MenuScene struct {
	screen
	// Buttons, exposed to tests that drive the menu.
	Continue, NewGame, Drills, Load, Settings, Quit *widget.Button
}

// NewMenuScene builds the main menu.
func NewMenuScene(env *Env) *MenuScene {
	m := &MenuScene{screen: newScreen(env)}
	latest := match.LatestAutosave(env.Paths.Saves)
	m.Continue = button(menuLabel("Continue", intentContinue), func() { m.continueGame(latest) }, stretch())
	m.Continue.GetWidget().Disabled = latest == ""
	m.NewGame = button(menuLabel("New game", intentNewGame), func() { env.Show(NewSetupScene(env)) }, stretch())
	m.Drills = button(menuLabel("Practice drills", intentDrills), func() { env.Show(NewDrillSetupScene(env)) }, stretch())
	m.Load = button(menuLabel("Load game", intentLoad), func() { env.Show(NewLoadScene(env)) }, stretch())
	m.Settings = button(menuLabel("Settings", intentSettings), func() { env.Show(NewSettingsScene(env)) }, stretch())
	m.Quit = button(menuLabel("Quit", intentQuit), env.Quit, stretch())

	title := env.label("HEXRIFT", render.Bold, 64, render.UIAccent)
	sub := env.label("tactical combat on the floating hex map", render.Regular, 18, render.UITextDim)
	buttons := column(10, widget.Insets{Top: 28}, m.Continue, m.NewGame, m.Drills, m.Load, m.Settings, m.Quit)
	items := []widget.PreferredSizeLocateableWidget{title, sub, buttons}
	if env.Notice != "" {
		items = append(items, env.wrapped(env.Notice, 14, render.UIDanger, 420))
		env.Notice = ""
	}
	if latest != "" {
		items = append(items, env.label("Continue: "+filepath.Base(latest), render.Regular, 13, render.UITextDim))
	}
	col := column(6, widget.Insets{}, items...)
	col.GetWidget().LayoutData = widget.AnchorLayoutData{HorizontalPosition: widget.AnchorLayoutPositionStart, VerticalPosition: widget.AnchorLayoutPositionCenter, Padding: &widget.Insets{Left: 90}}
	buttons.GetWidget().MinWidth = 280
	root := env.root()
	root.AddChild(col)
	m.ui = &ebitenui.UI{Container: root, PrimaryTheme: env.Theme()}
	return m
}

func (m *MenuScene) continueGame(path string) {
	s, _, err := match.LoadSave(path)
	if err != nil {
		m.env.Notice = fmt.Sprintf("Could not continue: %v", err)
		m.env.Show(NewMenuScene(m.env))
		return
	}
	m.env.Show(NewPlayScene(m.env, s))
}

// Update runs the menu.
func (m *MenuScene) Update(in *Input) error {
	m.back.Update()
	// Keyboard shortcuts, one per button (shown on it). They click the
	// button before the UI updates, which runs the click's handler.
	for _, b := range []struct {
		intent Intent
		button *widget.Button
	}{
		{intentContinue, m.Continue}, {intentNewGame, m.NewGame}, {intentDrills, m.Drills},
		{intentLoad, m.Load}, {intentSettings, m.Settings}, {intentQuit, m.Quit},
	} {
		if menuKeys.Fired(in, b.intent) && !b.button.GetWidget().Disabled {
			b.button.Click()
			break
		}
	}
	m.ui.Update()
	return nil
}
