package game

import (
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

// saveFileName turns a save name into a safe file name.
func saveFileName(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == ' ' || r == '-' || r == '_' || r == ',' || r == '.':
			b.WriteRune('-')
		}
	}
	s := strings.Trim(b.String(), "-")
	if s == "" {
		s = "save"
	}
	return s + ".hexrift"
}

func (m *pauseMenu) save() {
	name := strings.TrimSpace(m.name.GetText())
	if name == "" {
		m.status.Label = "Give the save a name."
		return
	}
	path := filepath.Join(m.p.env.Paths.Saves, saveFileName(name))
	if err := match.WriteSave(path, m.p.sess, name, m.p.now()); err != nil {
		m.status.Label = err.Error()
		return
	}
	m.status.Label = "Saved as " + filepath.Base(path)
}

func (m *pauseMenu) update(in *Input) {
	m.ui.Update()
	if in.Pressed[ebiten.KeyEscape] {
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
