package render

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// RGBA is a colour with straight (not premultiplied) alpha, components 0-1.
type RGBA struct{ R, G, B, A float32 }

// Hex returns the colour written "#rrggbb", with alpha a; a malformed
// string gives mid grey.
func Hex(s string, a float32) RGBA {
	if len(s) != 7 || s[0] != '#' {
		return RGBA{0.5, 0.5, 0.5, a}
	}
	var v [3]float32
	for i := range v {
		hi, ok1 := hexDigit(s[1+2*i])
		lo, ok2 := hexDigit(s[2+2*i])
		if !ok1 || !ok2 {
			return RGBA{0.5, 0.5, 0.5, a}
		}
		v[i] = float32(hi*16+lo) / 255
	}
	return RGBA{v[0], v[1], v[2], a}
}

func hexDigit(c byte) (int, bool) {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0'), true
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10, true
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10, true
	}
	return 0, false
}

// WithAlpha returns c with alpha a.
func (c RGBA) WithAlpha(a float32) RGBA { c.A = a; return c }

// Fade returns c with its alpha multiplied by k.
func (c RGBA) Fade(k float32) RGBA { c.A *= k; return c }

// Mix returns the colour t of the way from c to o.
func (c RGBA) Mix(o RGBA, t float32) RGBA {
	return RGBA{c.R + (o.R-c.R)*t, c.G + (o.G-c.G)*t, c.B + (o.B-c.B)*t, c.A + (o.A-c.A)*t}
}

// Over returns c laid over o (source over), as one colour: drawing it
// once looks like drawing o and then c, at the cost of one layer.
func (c RGBA) Over(o RGBA) RGBA {
	a := c.A + o.A*(1-c.A)
	if a == 0 {
		return RGBA{}
	}
	mix := func(x, y float32) float32 { return (x*c.A + y*o.A*(1-c.A)) / a }
	return RGBA{mix(c.R, o.R), mix(c.G, o.G), mix(c.B, o.B), a}
}

// Color returns c as a standard library colour.
func (c RGBA) Color() color.Color {
	return color.NRGBA{uint8(c.R*255 + 0.5), uint8(c.G*255 + 0.5), uint8(c.B*255 + 0.5), uint8(c.A*255 + 0.5)}
}

// Batch is a display list of coloured triangles in screen pixels. A frame
// builds a few batches and draws each with one DrawTriangles32 call.
type Batch struct {
	V []ebiten.Vertex
	I []uint32
}

// Reset empties the batch and keeps its memory.
func (b *Batch) Reset() { b.V, b.I = b.V[:0], b.I[:0] }

// Len returns the number of triangles in the batch.
func (b *Batch) Len() int { return len(b.I) / 3 }

func (b *Batch) vertex(x, y float32, c RGBA) {
	b.V = append(b.V, ebiten.Vertex{DstX: x, DstY: y, SrcX: 1, SrcY: 1, ColorR: c.R, ColorG: c.G, ColorB: c.B, ColorA: c.A})
}

// Triangle adds one triangle.
func (b *Batch) Triangle(x0, y0, x1, y1, x2, y2 float32, c RGBA) {
	n := uint32(len(b.V))
	b.vertex(x0, y0, c)
	b.vertex(x1, y1, c)
	b.vertex(x2, y2, c)
	b.I = append(b.I, n, n+1, n+2)
}

// Quad adds the quadrilateral with corners in order.
func (b *Batch) Quad(x0, y0, x1, y1, x2, y2, x3, y3 float32, c RGBA) {
	n := uint32(len(b.V))
	b.vertex(x0, y0, c)
	b.vertex(x1, y1, c)
	b.vertex(x2, y2, c)
	b.vertex(x3, y3, c)
	b.I = append(b.I, n, n+1, n+2, n, n+2, n+3)
}

// Rect adds an axis-aligned rectangle.
func (b *Batch) Rect(x, y, w, h float32, c RGBA) {
	b.Quad(x, y, x+w, y, x+w, y+h, x, y+h, c)
}

// Panel adds a filled rectangle with a one-pixel frame of colour edge.
func (b *Batch) Panel(x, y, w, h float32, fill, edge RGBA) {
	b.Rect(x, y, w, h, fill)
	b.Rect(x, y, w, 1, edge)
	b.Rect(x, y+h-1, w, 1, edge)
	b.Rect(x, y, 1, h, edge)
	b.Rect(x+w-1, y, 1, h, edge)
}

// Line adds a straight line of width w pixels from (x0, y0) to (x1, y1).
func (b *Batch) Line(x0, y0, x1, y1, w float32, c RGBA) {
	dx, dy := x1-x0, y1-y0
	l := float32(math.Hypot(float64(dx), float64(dy)))
	if l == 0 {
		return
	}
	nx, ny := -dy/l*w/2, dx/l*w/2
	b.Quad(x0+nx, y0+ny, x1+nx, y1+ny, x1-nx, y1-ny, x0-nx, y0-ny, c)
}

// Polygon adds a filled convex polygon given as x, y pairs.
func (b *Batch) Polygon(pts []float32, c RGBA) {
	k := len(pts) / 2
	if k < 3 {
		return
	}
	n := uint32(len(b.V))
	for i := 0; i < k; i++ {
		b.vertex(pts[2*i], pts[2*i+1], c)
	}
	for i := 1; i < k-1; i++ {
		b.I = append(b.I, n, n+uint32(i), n+uint32(i+1))
	}
}

// RadialPolygon adds a filled regular polygon whose centre and rim have
// different colours, which gives soft glows and shaded discs.
func (b *Batch) RadialPolygon(cx, cy, r float32, sides int, rot float64, inner, outer RGBA) {
	n := uint32(len(b.V))
	b.vertex(cx, cy, inner)
	for i := 0; i < sides; i++ {
		a := rot + 2*math.Pi*float64(i)/float64(sides)
		b.vertex(cx+r*float32(math.Cos(a)), cy+r*float32(math.Sin(a)), outer)
	}
	for i := 0; i < sides; i++ {
		b.I = append(b.I, n, n+1+uint32(i), n+1+uint32((i+1)%sides))
	}
}

// Circle adds a filled circle.
func (b *Batch) Circle(cx, cy, r float32, c RGBA) {
	b.RadialPolygon(cx, cy, r, circleSides(r), 0, c, c)
}

// Arc adds an arc of a circle outline of width w, from
// angle a0 to a1 (radians, clockwise on screen from the +x axis).
func (b *Batch) Arc(cx, cy, r, w float32, a0, a1 float64, c RGBA) {
	steps := max(2, int(float64(circleSides(r))*math.Abs(a1-a0)/(2*math.Pi)))
	n := uint32(len(b.V))
	ri, ro := r-w/2, r+w/2
	for i := 0; i <= steps; i++ {
		a := a0 + (a1-a0)*float64(i)/float64(steps)
		cs, sn := float32(math.Cos(a)), float32(math.Sin(a))
		b.vertex(cx+ri*cs, cy+ri*sn, c)
		b.vertex(cx+ro*cs, cy+ro*sn, c)
	}
	for i := uint32(0); i < uint32(steps); i++ {
		j := n + 2*i
		b.I = append(b.I, j, j+1, j+3, j, j+3, j+2)
	}
}

// Ring adds a full circle outline of width w.
func (b *Batch) Ring(cx, cy, r, w float32, c RGBA) { b.Arc(cx, cy, r, w, 0, 2*math.Pi, c) }

func circleSides(r float32) int {
	return min(96, max(12, int(r/2)))
}

// whitePixel is the source texture of every batch: a 1x1 white region in
// the middle of a 3x3 image, so that sampling never bleeds.
type whitePixel struct{ img *ebiten.Image }

func (w *whitePixel) get() *ebiten.Image {
	if w.img == nil {
		base := ebiten.NewImage(3, 3)
		base.Fill(color.White)
		w.img = base.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
	}
	return w.img
}

// Painter draws batches onto Ebitengine images. Its texture is created on
// first use, never at package initialisation.
type Painter struct {
	white whitePixel
	opts  ebiten.DrawTrianglesOptions
}

// Draw draws b onto dst in one call; an empty batch draws nothing.
func (p *Painter) Draw(dst *ebiten.Image, b *Batch) {
	if len(b.I) == 0 {
		return
	}
	dst.DrawTriangles32(b.V, b.I, p.white.get(), &p.opts)
}
