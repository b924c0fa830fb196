package game

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hexrift/hexrift/render"
)

// curtainView is the full screen shown while the machine passes from one
// player to the next. It shows the next player's name and nothing else of
// the game, so no one sees another player's secrets, not for one frame.
type curtainView struct {
	env    *Env
	name   string
	colour render.RGBA
	ticks  int
	button [4]float64 // x0, y0, x1, y1 of the confirm button
	hot    bool
}

func newCurtain(env *Env, name string, colour render.RGBA) *curtainView {
	return &curtainView{env: env, name: name, colour: colour}
}

// update returns true when the player confirms: Enter, Space, or a click
// on the button. Input from the tick the curtain rose is ignored, so a
// key held by the previous player cannot lift it.
func (c *curtainView) update(in *Input) bool {
	c.ticks++
	if c.ticks < 2 {
		return false
	}
	x, y := float64(in.CursorX), float64(in.CursorY)
	c.hot = x >= c.button[0] && x < c.button[2] && y >= c.button[1] && y < c.button[3]
	return c.env.Keys()[curtainKeys.Scene].Fired(in, intentConfirm) || (in.Clicked && c.hot)
}

func (c *curtainView) draw(screen *ebiten.Image) {
	b := screen.Bounds()
	w, h := float64(b.Dx()), float64(b.Dy())
	screen.Fill(render.DefaultPalette().Space.Color())
	var batch render.Batch
	batch.RadialPolygon(float32(w/2), float32(h/2), float32(max(w, h)*0.6), 48, 0, c.colour.WithAlpha(0.14), c.colour.WithAlpha(0))
	bw, bh := 320.0, 48.0
	c.button = [4]float64{w/2 - bw/2, h/2 + 60, w/2 + bw/2, h/2 + 60 + bh}
	fill := render.Hex("#1b2745", 1)
	if c.hot {
		fill = render.Hex("#27406e", 1)
	}
	batch.Rect(float32(c.button[0]), float32(c.button[1]), float32(bw), float32(bh), c.colour)
	batch.Rect(float32(c.button[0]+2), float32(c.button[1]+2), float32(bw-4), float32(bh-4), fill)
	var p render.Painter
	p.Draw(screen, &batch)
	c.env.Fonts.DrawLabels(screen, []render.Label{
		{X: w / 2, Y: h/2 - 110, Text: "Pass the machine to", Size: 20, Color: render.UITextDim, Align: render.AlignCenter},
		{X: w / 2, Y: h/2 - 78, Text: c.name, Style: render.Bold, Size: 44, Color: c.colour, Align: render.AlignCenter},
		{X: w / 2, Y: h/2 + 10, Text: "Nothing of anyone's view is on screen until you are ready.", Size: 15, Color: render.UITextDim, Align: render.AlignCenter},
		{X: w / 2, Y: c.button[1] + 13, Text: "I am " + c.name + "  (Enter)", Style: render.Bold, Size: 17, Color: render.UIText, Align: render.AlignCenter},
	})
}
