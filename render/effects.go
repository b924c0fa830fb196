package render

import (
	"math"

	"github.com/hexrift/hexrift/rules"
)

// EffectKind names a passing picture of something that happened.
type EffectKind uint8

// The effects: a shot's beam from its shooter to its target, the flash
// of a hit, a number of damage points rising from the unit hit, and a
// unit's loss (destroyed, or removed by a gravity rift).
const (
	EffectBeam EffectKind = iota + 1
	EffectFlash
	EffectNumber
	EffectLoss
)

// Effect is one passing picture on the map. Age runs from 0, when it
// starts, to 1, when it is gone; the game decides the ages from its
// clock, the renderer only draws them.
type Effect struct {
	Kind EffectKind
	Map  rules.MapID
	// From is the shooter's hex (a beam); To the hex the effect is at.
	From, To rules.Hex
	// Hit says whether a beam's shot hit: a miss is drawn thin and
	// ends beside the target.
	Hit    bool
	Text   string
	Colour RGBA
	Age    float64
}

// effects draws f.Effects on the map shown, above the units; their text
// is kept in fxLabels, drawn after every other label and never dropped.
func (r *MapRenderer) effects(f *Frame) {
	c := &f.Camera
	px := c.HexPixels()
	for _, e := range f.Effects {
		if e.Map != f.Map || e.Age < 0 || e.Age >= 1 {
			continue
		}
		fade := float32(1 - e.Age)
		x, y := c.HexToScreen(e.To)
		switch e.Kind {
		case EffectBeam:
			x0, y0 := c.HexToScreen(e.From)
			// The beam reaches its target in the first fifth of its life.
			reach := math.Min(1, e.Age*5)
			tx, ty := x, y
			w := float32(math.Max(2, math.Min(5, px/6)))
			col := e.Colour
			if !e.Hit { // a miss passes beside the target
				dx, dy := x-x0, y-y0
				n := math.Max(1, math.Hypot(dx, dy))
				off := math.Max(10, px*0.8)
				tx, ty = x-dy/n*off, y+dx/n*off
				w = float32(math.Max(1.5, float64(w)/2))
				col = col.Mix(RGBA{0.6, 0.6, 0.6, 1}, 0.5)
			}
			ex, ey := x0+(tx-x0)*reach, y0+(ty-y0)*reach
			r.top.Line(float32(x0), float32(y0), float32(ex), float32(ey), w*2.2, col.WithAlpha(0.25*fade))
			r.top.Line(float32(x0), float32(y0), float32(ex), float32(ey), w, col.WithAlpha(fade))
			r.top.Circle(float32(x0), float32(y0), w*1.6, col.WithAlpha(fade))
		case EffectFlash:
			rad := float32(math.Max(16, px*1.1) * (0.7 + 0.8*e.Age))
			r.top.RadialPolygon(float32(x), float32(y), rad, 24, 0, RGBA{1, 1, 0.85, 0.95 * fade}, e.Colour.WithAlpha(0.5*fade))
			r.top.Ring(float32(x), float32(y), rad, 3, e.Colour.WithAlpha(fade))
		case EffectNumber:
			// Above the counter and its ring, rising as it fades.
			size := math.Max(20, math.Min(28, px/2))
			rise := math.Max(24, px*1.1) + size + 40*e.Age
			r.fxLabels = append(r.fxLabels, Label{X: x, Y: y - rise, Text: e.Text, Style: Bold, Size: size, Color: e.Colour.WithAlpha(fade), Align: AlignCenter, Shadow: true})
		case EffectLoss:
			rad := float32(math.Max(14, px*1.2) * (0.5 + 1.5*e.Age))
			r.top.RadialPolygon(float32(x), float32(y), rad, 32, 0, RGBA{1, 0.9, 0.6, 0.85 * fade}, e.Colour.WithAlpha(0))
			r.top.Ring(float32(x), float32(y), rad*1.15, 3, e.Colour.WithAlpha(fade))
			for k := 0; k < 8; k++ { // debris
				a := float64(k)*math.Pi/4 + 0.3
				d := float64(rad) * 1.3
				r.top.Circle(float32(x+math.Cos(a)*d), float32(y+math.Sin(a)*d), 2.5, e.Colour.WithAlpha(fade))
			}
			r.fxLabels = append(r.fxLabels, Label{X: x, Y: y + math.Max(16, px*1.1), Text: e.Text, Style: Bold, Size: 14, Color: e.Colour.Mix(RGBA{1, 1, 1, 1}, 0.4).WithAlpha(fade), Align: AlignCenter, Shadow: true})
		}
	}
	for i := range r.fxLabels {
		r.fxLabels[i] = r.clearOfPanels(f, r.fxLabels[i])
	}
}

// clearOfPanels returns l moved, as little as it takes, to where it is
// on the screen and under none of the panels (f.Reserved: the top bar
// and the line under the clock, the orders panel, the log): an effect's
// text is never dropped, so it must not hide under them. It tries l's
// own place and every place beside a panel's edge, across and along,
// and keeps l where it is when none is free.
func (r *MapRenderer) clearOfPanels(f *Frame, l Label) Label {
	if r.measure == nil {
		return l
	}
	b := r.labelBox(l)
	bw, bh := b[2]-b[0], b[3]-b[1]
	sw, sh := float64(f.Camera.Width), float64(f.Camera.Height)
	xs := []float64{b[0], 0, sw - bw} // candidate left edges
	ys := []float64{b[1], 0, sh - bh} // candidate top edges
	for _, rr := range f.Reserved {
		xs = append(xs, rr[2], rr[0]-bw)
		ys = append(ys, rr[3], rr[1]-bh)
	}
	free := func(x, y float64) bool {
		if x < 0 || y < 0 || x+bw > sw || y+bh > sh {
			return false
		}
		for _, rr := range f.Reserved {
			if x < rr[2] && rr[0] < x+bw && y < rr[3] && rr[1] < y+bh {
				return false
			}
		}
		return true
	}
	best, found := 0.0, false
	bx, by := b[0], b[1]
	for _, x := range xs {
		for _, y := range ys {
			d := (x-b[0])*(x-b[0]) + (y-b[1])*(y-b[1])
			if (!found || d < best) && free(x, y) {
				best, found, bx, by = d, true, x, y
			}
		}
	}
	l.X += bx - b[0]
	l.Y += by - b[1]
	return l
}
