package render

import "math"

// A legend is a panel of rows, each a small swatch drawn as the map
// draws the thing it explains and a line of text. What the rows say is
// the caller's to decide; render only lays them out, the same way for
// the window (Painter and Fonts) and for a picture (Raster).

// Swatch is how a legend row's sample is drawn.
type Swatch int

// The swatches: a filled square (a side's colour), a ring (an area
// outlined, as RingOverlay draws it) and a hexagon outline (a hex
// marked, as HexMark draws it).
const (
	SwatchSquare Swatch = iota
	SwatchRing
	SwatchHex
)

// LegendRow is one row of a legend.
type LegendRow struct {
	Swatch Swatch
	Colour RGBA
	Text   string
}

// Legend is a titled panel of rows.
type Legend struct {
	Title string
	Rows  []LegendRow
}

// The legend's text sizes and spacing, in pixels.
const (
	legendTitle = 13.0
	legendText  = 12.0
	legendRow   = 20.0
	legendPad   = 12.0
	legendGlyph = 14.0
)

// Size returns the legend's width and height, its text measured with
// measure; both 0 when it has no rows.
func (l Legend) Size(measure func(style FontStyle, size float64, s string) (w, h float64)) (w, h float64) {
	if len(l.Rows) == 0 {
		return 0, 0
	}
	w, _ = measure(Bold, legendTitle, l.Title)
	for _, r := range l.Rows {
		tw, _ := measure(Regular, legendText, r.Text)
		w = max(w, legendGlyph+8+tw)
	}
	return w + 2*legendPad, legendPad + 20 + legendRow*float64(len(l.Rows)) + legendPad/2
}

// Build adds the legend's panel and swatches to b with its top left
// corner at x, y, and returns its labels.
func (l Legend) Build(b *Batch, x, y float64, measure func(style FontStyle, size float64, s string) (w, h float64)) []Label {
	w, h := l.Size(measure)
	if w == 0 {
		return nil
	}
	b.Panel(float32(x), float32(y), float32(w), float32(h), UIPanel, UIPanelEdge)
	labels := []Label{{X: x + legendPad, Y: y + legendPad - 3, Text: l.Title, Style: Bold, Size: legendTitle, Color: UIAccent}}
	for i, r := range l.Rows {
		ry := y + legendPad + 20 + legendRow*float64(i)
		cx, cy := x+legendPad+legendGlyph/2, ry+legendGlyph/2
		switch r.Swatch {
		case SwatchSquare:
			b.Rect(float32(cx-legendGlyph/2+1), float32(cy-legendGlyph/2+1), legendGlyph-2, legendGlyph-2, r.Colour)
		case SwatchRing:
			b.Ring(float32(cx), float32(cy), legendGlyph/2-1, 2, r.Colour)
		case SwatchHex:
			var pts [7][2]float32
			for k := range pts {
				a := math.Pi / 3 * float64(k)
				pts[k] = [2]float32{float32(cx + (legendGlyph/2)*math.Cos(a)), float32(cy + (legendGlyph/2)*math.Sin(a))}
			}
			for k := range 6 {
				b.Line(pts[k][0], pts[k][1], pts[k+1][0], pts[k+1][1], 2, r.Colour)
			}
		}
		labels = append(labels, Label{X: x + legendPad + legendGlyph + 8, Y: ry, Text: r.Text, Style: Regular, Size: legendText, Color: UIText})
	}
	return labels
}
