package game

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/ebitenui/ebitenui"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/render"
)

// pauseMenu is the in-game menu (Esc): resume, save under a name,
// settings, back to the main menu. It is given the game, not the play
// scene: game is only where Settings returns to.
type pauseMenu struct {
	env    *Env
	sess   *match.Session
	now    func() time.Time
	ui     *ebitenui.UI
	name   *widget.TextInput
	status *widget.Text
	// settings is the button below the status line, which the status
	// must never run under.
	settings *widget.Button
	closed   bool
	// replace is the save file a second Save replaces, after the menu
	// said it exists.
	replace string
}

func newPauseMenu(env *Env, sess *match.Session, now func() time.Time, game Scene) *pauseMenu {
	m := &pauseMenu{env: env, sess: sess, now: now}
	m.name = widget.NewTextInput(widget.TextInputOpts.WidgetOpts(widget.WidgetOpts.MinSize(300, 0)),
		widget.TextInputOpts.Placeholder("save name"),
		widget.TextInputOpts.SubmitHandler(func(*widget.TextInputChangedEventArgs) { m.save() }))
	m.name.SetText(fmt.Sprintf("%s, turn %d", sess.State.Scenario.Name, sess.State.Clock.Turn))
	m.status = env.wrapped("", 13, render.UITextDim, 320)
	m.settings = button("Settings", func() { m.closed = true; env.Show(newSettingsScene(env, game)) }, stretch())
	body := panelColumn(10, widget.Insets{Left: 22, Right: 22, Top: 20, Bottom: 20},
		env.label("Game menu", render.Bold, 22, render.UIAccent),
		button("Resume (Esc)", func() { m.closed = true }, stretch()),
		m.name,
		button("Save", m.save, stretch()),
		m.status,
		m.settings,
		button("Main menu", func() { env.Show(NewMenuScene(env)) }, stretch()))
	body.GetWidget().LayoutData = widget.AnchorLayoutData{HorizontalPosition: widget.AnchorLayoutPositionCenter, VerticalPosition: widget.AnchorLayoutPositionCenter}
	root := env.root()
	root.AddChild(body)
	m.ui = &ebitenui.UI{Container: root, PrimaryTheme: env.Theme()}
	return m
}

// save writes the game under the name typed. A name whose file exists
// is not replaced at once: the menu says what is there and a second Save
// of the same name replaces it.
func (m *pauseMenu) save() {
	name := strings.TrimSpace(m.name.GetText())
	if name == "" {
		m.say("Give the save a name.")
		return
	}
	path := filepath.Join(m.env.Paths.Saves, match.SaveFileName(name))
	var err error
	if m.replace == path {
		err = match.WriteSave(path, m.sess, name, m.now())
	} else {
		err = match.WriteNewSave(path, m.sess, name, m.now())
	}
	m.replace = ""
	if errors.Is(err, match.ErrSaveExists) {
		held := "a save"
		if sf, rerr := match.ReadSave(path); rerr == nil {
			held = fmt.Sprintf("%q (%s, saved %s)", sf.Name, sf.Preview.Scenario, sf.Saved.Local().Format("2 Jan 2006 15:04"))
		}
		m.replace = path
		m.say(fmt.Sprintf("%s already holds %s. Press Save again to replace it, or change the name.", filepath.Base(path), held))
		return
	}
	if err != nil {
		m.say(err.Error())
		return
	}
	m.say("Saved as " + filepath.Base(path))
}

// say puts msg on the status line and lays the menu out again, so that
// the buttons below move down to make room for it.
func (m *pauseMenu) say(msg string) {
	m.status.Label = msg
	m.ui.Container.RequestRelayout()
}

// update runs the menu; it returns false once the menu is closed.
func (m *pauseMenu) update(in *Input) bool {
	m.ui.Update()
	if m.env.Keys()[pauseKeys.Scene].Fired(in, intentResume) {
		m.closed = true
	}
	return !m.closed
}

func (m *pauseMenu) draw(screen *ebiten.Image) {
	var b render.Batch
	sz := screen.Bounds()
	b.Rect(0, 0, float32(sz.Dx()), float32(sz.Dy()), render.RGBA{R: 0, G: 0, B: 0, A: 0.6})
	var p render.Painter
	p.Draw(screen, &b)
	m.ui.Draw(screen)
}
