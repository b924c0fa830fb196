package game

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/ebitenui/ebitenui"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/render"
)

// pauseMenu is the in-game menu (Esc): resume, save under a name,
// settings, back to the main menu.
type pauseMenu struct {
	p      *PlayScene
	ui     *ebitenui.UI
	name   *widget.TextInput
	status *widget.Text
	// replace is the save file a second Save replaces, after the menu
	// said it exists.
	replace string
}

func newPauseMenu(p *PlayScene) *pauseMenu {
	m := &pauseMenu{p: p}
	env := p.env
	m.name = widget.NewTextInput(widget.TextInputOpts.WidgetOpts(widget.WidgetOpts.MinSize(300, 0)),
		widget.TextInputOpts.Placeholder("save name"),
		widget.TextInputOpts.SubmitHandler(func(*widget.TextInputChangedEventArgs) { m.save() }))
	m.name.SetText(fmt.Sprintf("%s, turn %d", p.sess.State.Scenario.Name, p.sess.State.Clock.Turn))
	m.status = env.wrapped("", 13, render.UITextDim, 320)
	body := panelColumn(10, widget.Insets{Left: 22, Right: 22, Top: 20, Bottom: 20},
		env.label("Game menu", render.Bold, 22, render.UIAccent),
		button("Resume (Esc)", func() { p.pause = nil }, stretch()),
		m.name,
		button("Save", m.save, stretch()),
		m.status,
		button("Settings", func() { p.pause = nil; env.Show(newSettingsScene(env, p)) }, stretch()),
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
		m.status.Label = "Give the save a name."
		return
	}
	path := filepath.Join(m.p.env.Paths.Saves, match.SaveFileName(name))
	var err error
	if m.replace == path {
		err = match.WriteSave(path, m.p.sess, name, m.p.now())
	} else {
		err = match.WriteNewSave(path, m.p.sess, name, m.p.now())
	}
	m.replace = ""
	if errors.Is(err, match.ErrSaveExists) {
		held := "a save"
		if sf, rerr := match.ReadSave(path); rerr == nil {
			held = fmt.Sprintf("%q (%s, saved %s)", sf.Name, sf.Preview.Scenario, sf.Saved.Local().Format("2 Jan 2006 15:04"))
		}
		m.replace = path
		m.status.Label = fmt.Sprintf("%s already holds %s. Press Save again to replace it, or change the name.", filepath.Base(path), held)
		return
	}
	if err != nil {
		m.status.Label = err.Error()
		return
	}
	m.status.Label = "Saved as " + filepath.Base(path)
}

func (m *pauseMenu) update(in *Input) {
	m.ui.Update()
	if m.p.env.Keys()[pauseKeys.Scene].Fired(in, intentResume) {
		m.p.pause = nil
	}
}

func (m *pauseMenu) draw(screen *ebiten.Image) {
	var b render.Batch
	sz := screen.Bounds()
	b.Rect(0, 0, float32(sz.Dx()), float32(sz.Dy()), render.RGBA{R: 0, G: 0, B: 0, A: 0.6})
	var p render.Painter
	p.Draw(screen, &b)
	m.ui.Draw(screen)
}
