package game

import (
	"fmt"
	"path/filepath"

	"github.com/ebitenui/ebitenui"
	"github.com/ebitenui/ebitenui/widget"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/render"
)

// MenuScene is the main menu: continue, new game, practice drills, load,
// play by file, settings, quit.
type MenuScene struct {
	screen
	keys KeyMap
	// Buttons, exposed to tests that drive the menu.
	Continue, NewGame, Drills, Load, ByFile, Settings, Quit *widget.Button
}

// NewMenuScene builds the main menu.
func NewMenuScene(env *Env) *MenuScene {
	m := &MenuScene{screen: newScreen(env), keys: env.Keys()[menuKeys.Scene]}
	latest := match.LatestAutosave(env.Paths.Saves)
	m.Continue = button(m.keys.label("Continue", intentContinue), func() { m.continueGame(latest) }, stretch())
	m.Continue.GetWidget().Disabled = latest == ""
	m.NewGame = button(m.keys.label("New game", intentNewGame), func() { env.Show(NewSetupScene(env)) }, stretch())
	m.Drills = button(m.keys.label("Practice drills", intentDrills), func() { env.Show(NewDrillSetupScene(env)) }, stretch())
	m.Load = button(m.keys.label("Load game", intentLoad), func() { env.Show(NewLoadScene(env)) }, stretch())
	m.ByFile = button(m.keys.label("Play by file", intentByFile), func() { env.Show(NewPbemFilesScene(env)) }, stretch())
	m.Settings = button(m.keys.label("Settings", intentSettings), func() { env.Show(NewSettingsScene(env)) }, stretch())
	m.Quit = button(m.keys.label("Quit", intentQuit), env.Quit, stretch())

	title := env.label("HEXRIFT", render.Bold, 64, render.UIAccent)
	sub := env.label("tactical combat on the floating hex map", render.Regular, 18, render.UITextDim)
	buttons := column(10, widget.Insets{Top: 28}, m.Continue, m.NewGame, m.Drills, m.Load, m.ByFile, m.Settings, m.Quit)
	items := []widget.PreferredSizeLocateableWidget{title, sub, buttons}
	if env.Notice != "" {
		items = append(items, env.wrapped(env.Notice, 14, render.UIDanger, 420))
		env.Notice = ""
	}
	if latest != "" {
		what := filepath.Base(latest)
		if sf, err := match.ReadSave(latest); err == nil && sf.Game != "" {
			what = sf.Name + " · game " + match.ShortGameID(sf.Game)
		}
		items = append(items, env.label("Continue: "+what, render.Regular, 13, render.UITextDim))
	}
	col := column(6, widget.Insets{}, items...)
	col.GetWidget().LayoutData = widget.AnchorLayoutData{HorizontalPosition: widget.AnchorLayoutPositionStart, VerticalPosition: widget.AnchorLayoutPositionCenter, Padding: &widget.Insets{Left: 90}}
	buttons.GetWidget().MinWidth = 280
	root := env.root()
	root.AddChild(col)
	m.ui = &ebitenui.UI{Container: root, PrimaryTheme: env.Theme()}
	return m
}

// continueGame goes on with the newest autosave of the game saved last
// (path), or when it does not replay, the newest one that does.
func (m *MenuScene) continueGame(path string) {
	s, used, skipped, err := match.ContinueGame(m.env.Paths.Saves)
	if err != nil {
		m.env.Notice = fmt.Sprintf("Could not continue: %v", err)
		m.env.Show(NewMenuScene(m.env))
		return
	}
	play := NewPlayScene(m.env, s)
	if used != path && len(skipped) > 0 {
		play.say(fmt.Sprintf("%d newer autosave(s) did not replay; continued from %s", len(skipped), filepath.Base(used)))
	}
	m.env.Show(play)
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
		{intentLoad, m.Load}, {intentByFile, m.ByFile}, {intentSettings, m.Settings}, {intentQuit, m.Quit},
	} {
		if m.keys.Fired(in, b.intent) && !b.button.GetWidget().Disabled {
			b.button.Click()
			break
		}
	}
	m.ui.Update()
	return nil
}
