package render

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/hexrift/hexrift/assets"
)

// Raster draws the same display list as the window into an image.RGBA,
// with no display and no GPU: triangles are filled with the rule GPUs use
// (a pixel is covered when its centre is inside), colours are
// interpolated across each triangle and blended with straight alpha, and
// labels are drawn with the same fonts. It backs the render command and
// the documentation pictures.
type Raster struct {
	fonts map[faceKey]font.Face
	srcs  map[FontStyle]*opentype.Font
}

// NewRaster parses the bundled fonts for drawing labels.
func NewRaster() (*Raster, error) {
	r := &Raster{fonts: map[faceKey]font.Face{}, srcs: map[FontStyle]*opentype.Font{}}
	for style, ttf := range map[FontStyle][]byte{Regular: assets.RegularTTF(), Bold: assets.BoldTTF(), Mono: assets.MonoTTF()} {
		f, err := opentype.Parse(ttf)
		if err != nil {
			return nil, fmt.Errorf("render: font: %w", err)
		}
		r.srcs[style] = f
	}
	return r, nil
}

func (r *Raster) face(style FontStyle, size float64) font.Face {
	k := faceKey{style, size}
	if f, ok := r.fonts[k]; ok {
		return f
	}
	f, err := opentype.NewFace(r.srcs[style], &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil { // the fonts are bundled and valid; fall back to the regular face
		f, _ = opentype.NewFace(r.srcs[Regular], &opentype.FaceOptions{Size: size, DPI: 72})
	}
	r.fonts[k] = f
	return f
}

// DrawMap builds the display list of f with m and draws it into dst.
func (r *Raster) DrawMap(dst *image.RGBA, m *MapRenderer, f *Frame) {
	if m.measure == nil {
		m.measure = r.Measure
	}
	m.Build(f)
	fill(dst, m.bg)
	r.gridTile(dst, m.gridTile)
	for _, b := range []*Batch{&m.under, &m.back, &m.area, &m.grid, &m.things, &m.top} {
		r.Triangles(dst, b)
	}
	r.Labels(dst, m.labels)
}

func fill(dst *image.RGBA, c RGBA) {
	px := [4]uint8{uint8(c.R*255 + 0.5), uint8(c.G*255 + 0.5), uint8(c.B*255 + 0.5), 255}
	for i := 0; i < len(dst.Pix); i += 4 {
		copy(dst.Pix[i:i+4], px[:])
	}
}

// Triangles fills every triangle of b into dst, in order.
func (r *Raster) Triangles(dst *image.RGBA, b *Batch) {
	for i := 0; i+2 < len(b.I); i += 3 {
		v0, v1, v2 := &b.V[b.I[i]], &b.V[b.I[i+1]], &b.V[b.I[i+2]]
		triangle(dst, v0.DstX, v0.DstY, v1.DstX, v1.DstY, v2.DstX, v2.DstY,
			RGBA{v0.ColorR, v0.ColorG, v0.ColorB, v0.ColorA},
			RGBA{v1.ColorR, v1.ColorG, v1.ColorB, v1.ColorA},
			RGBA{v2.ColorR, v2.ColorG, v2.ColorB, v2.ColorA})
	}
}

func triangle(dst *image.RGBA, x0, y0, x1, y1, x2, y2 float32, c0, c1, c2 RGBA) {
	area := (x1-x0)*(y2-y0) - (x2-x0)*(y1-y0)
	if area == 0 || math.IsNaN(float64(area)) {
		return
	}
	bd := dst.Bounds()
	minX := max(bd.Min.X, int(math.Floor(float64(min(x0, x1, x2)))))
	maxX := min(bd.Max.X-1, int(math.Ceil(float64(max(x0, x1, x2)))))
	minY := max(bd.Min.Y, int(math.Floor(float64(min(y0, y1, y2)))))
	maxY := min(bd.Max.Y-1, int(math.Ceil(float64(max(y0, y1, y2)))))
	flat := c0 == c1 && c1 == c2
	inv := 1 / area
	for y := minY; y <= maxY; y++ {
		py := float32(y) + 0.5
		for x := minX; x <= maxX; x++ {
			px := float32(x) + 0.5
			w0 := ((x1-px)*(y2-py) - (x2-px)*(y1-py)) * inv
			w1 := ((x2-px)*(y0-py) - (x0-px)*(y2-py)) * inv
			w2 := 1 - w0 - w1
			if w0 < 0 || w1 < 0 || w2 < 0 {
				continue
			}
			c := c0
			if !flat {
				c = RGBA{c0.R*w0 + c1.R*w1 + c2.R*w2, c0.G*w0 + c1.G*w1 + c2.G*w2, c0.B*w0 + c1.B*w1 + c2.B*w2, c0.A*w0 + c1.A*w1 + c2.A*w2}
			}
			blend(dst, x, y, c)
		}
	}
}

// blend puts c over the pixel at x, y with straight alpha.
func blend(dst *image.RGBA, x, y int, c RGBA) {
	if c.A <= 0 {
		return
	}
	i := dst.PixOffset(x, y)
	p := dst.Pix[i : i+4 : i+4]
	a := min(c.A, 1)
	k := 1 - a
	p[0] = uint8(float32(p[0])*k + c.R*255*a + 0.5)
	p[1] = uint8(float32(p[1])*k + c.G*255*a + 0.5)
	p[2] = uint8(float32(p[2])*k + c.B*255*a + 0.5)
	p[3] = uint8(float32(p[3])*k + 255*a + 0.5)
}

// Measure returns the pixel size of s in the given style and size.
func (r *Raster) Measure(style FontStyle, size float64, s string) (w, h float64) {
	return float64(font.MeasureString(r.face(style, size), s)) / 64, size * 1.25
}

// Labels draws labels into dst in order, aligned as in the window.
func (r *Raster) Labels(dst *image.RGBA, labels []Label) {
	for _, l := range labels {
		face := r.face(l.Style, l.Size)
		w := font.MeasureString(face, l.Text).Round()
		x := int(math.Round(l.X))
		switch l.Align {
		case AlignCenter:
			x -= w / 2
		case AlignRight:
			x -= w
		}
		// Labels are anchored at the top of the line box, as Ebitengine's
		// text/v2 does; the drawer wants the baseline.
		m := face.Metrics()
		lineH := l.Size * 1.25
		pad := (lineH - float64((m.Ascent + m.Descent).Round())) / 2
		base := int(math.Round(l.Y+pad)) + m.Ascent.Round()
		if l.Shadow {
			shadow := image.NewUniform(color.NRGBA{0, 0, 0, uint8(204 * l.Color.A)})
			for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {1, 1}} {
				r.text(dst, face, shadow, x+d[0], base+d[1], l.Text)
			}
		}
		r.text(dst, face, image.NewUniform(l.Color.Color()), x, base, l.Text)
	}
}

func (r *Raster) text(dst *image.RGBA, face font.Face, src image.Image, x, y int, s string) {
	d := font.Drawer{Dst: dst, Src: src, Face: face, Dot: fixed.P(x, y)}
	d.DrawString(s)
}

// gridTile covers dst with the far-zoom grid's repeating tile, sampled as
// the window samples it (the nearest texel to each pixel's centre).
func (r *Raster) gridTile(dst *image.RGBA, g gridPattern) {
	if !g.on || g.tw < 2 || g.th < 2 {
		return
	}
	tile := image.NewRGBA(image.Rect(0, 0, g.tw, g.th))
	fill(tile, g.bg)
	var lines Batch
	tileLines(&lines, g.tw, g.th, g.bg.Mix(g.col.WithAlpha(1), g.col.A))
	r.Triangles(tile, &lines)
	b := dst.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		v := int(math.Floor(-g.originY*g.scaleY+(float64(y)+0.5)*g.scaleY)) % g.th
		if v < 0 {
			v += g.th
		}
		for x := b.Min.X; x < b.Max.X; x++ {
			u := int(math.Floor(-g.originX*g.scaleX+(float64(x)+0.5)*g.scaleX)) % g.tw
			if u < 0 {
				u += g.tw
			}
			copy(dst.Pix[dst.PixOffset(x, y):dst.PixOffset(x, y)+4], tile.Pix[tile.PixOffset(u, v):tile.PixOffset(u, v)+4])
		}
	}
}
