package render

import (
	"bytes"
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/hexrift/hexrift/assets"
)

// Fonts holds the parsed interface fonts and caches faces by size. It is
// built on first use, never at package initialisation.
type Fonts struct {
	regular, bold, mono *text.GoTextFaceSource
	faces               map[faceKey]*text.GoTextFace
	// sizes caches Measure: shaping text is costly and the same labels
	// are measured every frame.
	sizes map[measureKey][2]float64
}

type measureKey struct {
	face faceKey
	text string
}

type faceKey struct {
	style FontStyle
	size  float64
}

// FontStyle picks one of the interface fonts.
type FontStyle uint8

// The interface font styles.
const (
	Regular FontStyle = iota
	Bold
	Mono
)

// NewFonts parses the bundled fonts.
func NewFonts() (*Fonts, error) {
	f := &Fonts{faces: map[faceKey]*text.GoTextFace{}, sizes: map[measureKey][2]float64{}}
	var err error
	if f.regular, err = text.NewGoTextFaceSource(bytes.NewReader(assets.RegularTTF())); err != nil {
		return nil, fmt.Errorf("render: regular font: %w", err)
	}
	if f.bold, err = text.NewGoTextFaceSource(bytes.NewReader(assets.BoldTTF())); err != nil {
		return nil, fmt.Errorf("render: bold font: %w", err)
	}
	if f.mono, err = text.NewGoTextFaceSource(bytes.NewReader(assets.MonoTTF())); err != nil {
		return nil, fmt.Errorf("render: mono font: %w", err)
	}
	return f, nil
}

// Face returns the face of the given style and pixel size.
func (f *Fonts) Face(style FontStyle, size float64) *text.GoTextFace {
	k := faceKey{style, size}
	if face, ok := f.faces[k]; ok {
		return face
	}
	src := f.regular
	switch style {
	case Bold:
		src = f.bold
	case Mono:
		src = f.mono
	}
	face := &text.GoTextFace{Source: src, Size: size}
	f.faces[k] = face
	return face
}

// Align is where a label sits relative to its anchor point.
type Align uint8

// Label alignments.
const (
	AlignLeft Align = iota
	AlignCenter
	AlignRight
)

// Label is one piece of text in a display list.
type Label struct {
	X, Y  float64
	Text  string
	Style FontStyle
	Size  float64
	Color RGBA
	Align Align
	// Shadow draws a dark halo so the label reads over any terrain.
	Shadow bool
}

// Measure returns the pixel size of s in the given face.
func (f *Fonts) Measure(style FontStyle, size float64, s string) (w, h float64) {
	k := measureKey{faceKey{style, size}, s}
	if m, ok := f.sizes[k]; ok {
		return m[0], m[1]
	}
	w, h = text.Measure(s, f.Face(style, size), size*1.25)
	if len(f.sizes) > 4096 { // log lines come and go: keep the cache bounded
		clear(f.sizes)
	}
	f.sizes[k] = [2]float64{w, h}
	return w, h
}

// DrawLabels draws labels in order onto dst.
func (f *Fonts) DrawLabels(dst *ebiten.Image, labels []Label) {
	for _, l := range labels {
		face := f.Face(l.Style, l.Size)
		op := &text.DrawOptions{}
		op.LayoutOptions.LineSpacing = l.Size * 1.25
		switch l.Align {
		case AlignCenter:
			op.LayoutOptions.PrimaryAlign = text.AlignCenter
		case AlignRight:
			op.LayoutOptions.PrimaryAlign = text.AlignEnd
		}
		if l.Shadow {
			op.ColorScale.ScaleWithColor(RGBA{0, 0, 0, 0.8 * l.Color.A}.Color())
			for _, d := range [][2]float64{{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {1, 1}} {
				op.GeoM.Reset()
				op.GeoM.Translate(l.X+d[0], l.Y+d[1])
				text.Draw(dst, l.Text, face, op)
			}
			op.ColorScale.Reset()
		}
		op.GeoM.Reset()
		op.GeoM.Translate(l.X, l.Y)
		op.ColorScale.ScaleWithColor(l.Color.Color())
		text.Draw(dst, l.Text, face, op)
	}
}
