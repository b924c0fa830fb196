package game

import (
	"math"

	"github.com/ebitenui/ebitenui"
	"github.com/hajimehoshi/ebiten/v2"
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
