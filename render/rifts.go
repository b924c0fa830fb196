package render

import (
	"fmt"
	"math"

	"github.com/hexrift/hexrift/rules"
)

// cosmicRifts draws the open cosmic rifts the viewer knows on the map
// shown: at the origin the rift hex, at a destination its PORT. Each is
// an animated tear, the 150-hex radiation ring around it (IP4.31) and a
// label with what is left of its public lifetime (IP4.25).
func (r *MapRenderer) cosmicRifts(f *Frame) {
	c := &f.Camera
	for _, rv := range f.View.Rifts {
		for _, end := range []struct {
			m   rules.MapID
			h   rules.Hex
			dst string
		}{{rv.Map, rv.Hex, rv.DestScenario}, {rv.Dest, rv.Port, ""}} {
			if end.m == "" || end.m != f.Map {
				continue
			}
			sx, sy := c.HexToScreen(end.h)
			rad := (float64(rv.RadiationRange)*sqrt3 + 1) * c.Scale
			wx, wy := Layout{}.HexToWorld(end.h)
			if rv.RadiationRange > 0 && c.VisibleCircle(wx, wy, float64(rv.RadiationRange)*sqrt3+1) {
				r.hexagonOutline(&r.area, sx, sy, rad, -math.Pi/2, 1.5, r.Palette.Rift.WithAlpha(0.5))
				r.labels = append(r.labels, Label{X: sx, Y: sy - rad - 16, Text: fmt.Sprintf("radiation: %d hexes from the rift", rv.RadiationRange), Size: 11, Color: r.Palette.Rift.WithAlpha(0.8), Align: AlignCenter, Shadow: true})
			}
			if sx < -200 || sy < -200 || sx > float64(c.Width)+200 || sy > float64(c.Height)+200 {
				continue
			}
			r.tear(f, sx, sy, math.Max(10, c.Scale*1.1), hash2(len(rv.ID), end.h.Q))
			text := fmt.Sprintf("COSMIC RIFT  ·  %d impulses left", rv.Remaining)
			if end.dst != "" {
				text += "  ·  to " + end.dst
			}
			r.labels = append(r.labels, Label{X: sx, Y: sy + math.Max(14, c.Scale*1.2), Text: text, Style: Bold, Size: 13, Color: r.Palette.Rift.Mix(RGBA{1, 1, 1, 1}, 0.3), Align: AlignCenter, Shadow: true})
		}
	}
}

// tear draws a rift: a glowing lens split by a jagged, flickering seam.
func (r *MapRenderer) tear(f *Frame, x, y, size, seed float64) {
	col := r.Palette.Rift
	t := f.Time
	r.things.RadialPolygon(float32(x), float32(y), float32(size*2.2), 32, 0, col.WithAlpha(0.35), col.WithAlpha(0))
	// The lens: a tall ellipse as a fan of points.
	pts := make([]float32, 0, 48)
	for i := 0; i < 24; i++ {
		a := 2 * math.Pi * float64(i) / 24
		pts = append(pts, float32(x+math.Cos(a)*size*0.45), float32(y+math.Sin(a)*size*1.05))
	}
	r.things.Polygon(pts, RGBA{0.02, 0.0, 0.05, 0.95})
	// The seam: a zigzag of bright segments that shifts over time.
	prevX, prevY := x, y-size*1.0
	for k := 1; k <= 8; k++ {
		ny := y - size + size*2*float64(k)/8
		nx := x + size*0.22*math.Sin(seed*7+float64(k)*2.3+t*3)
		w := float32(math.Max(1.5, size*0.1))
		r.things.Line(float32(prevX), float32(prevY), float32(nx), float32(ny), w, col.Mix(RGBA{1, 1, 1, 1}, 0.5))
		prevX, prevY = nx, ny
	}
	r.things.Ring(float32(x), float32(y), float32(size*1.25), float32(math.Max(1.5, size*0.08)), col.WithAlpha(float32(0.55+0.3*math.Sin(t*2+seed))))
}
