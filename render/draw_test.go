package render_test

import (
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

func defaultState(t *testing.T) *rules.State {
	t.Helper()
	sc, err := scenarios.Open(scenarios.DefaultID)
	require.NoError(t, err)
	st, err := rules.NewState(sc.Setup(), 1)
	require.NoError(t, err)
	return st
}

// drawDefault renders the default scenario's table view offscreen at the
// given zoom and returns the image and the frame drawn.
func drawDefault(t *testing.T, hexesAcross float64) (*ebiten.Image, *render.Frame) {
	t.Helper()
	st := defaultState(t)
	view := st.View("")
	m := view.Maps[0]
	fonts, err := render.NewFonts()
	require.NoError(t, err)
	r := render.NewMapRenderer(fonts)
	f := &render.Frame{View: view, Map: m.ID, Camera: render.NewCamera(m.Center, 1280, 800, hexesAcross)}
	img := ebiten.NewImage(1280, 800)
	r.Draw(img, f)
	return img, f
}

func rgb(c color.Color) (r, g, b int) {
	R, G, B, _ := c.RGBA()
	return int(R >> 8), int(G >> 8), int(B >> 8)
}

func riftHex(t *testing.T, v *rules.View) rules.Hex {
	t.Helper()
	for _, s := range v.Maps[0].Terrain.Systems {
		if s.Rift {
			require.GreaterOrEqual(t, len(s.Shape.Hexes), 2, "the default scenario's rift system has 2+ hexes")
			return s.Shape.Hexes[0]
		}
	}
	t.Fatal("the default scenario has no gravity rift system")
	return rules.Hex{}
}

func TestDrawDefaultScenarioShowsRiftAndUnits(t *testing.T) {
	requireDisplay(t)
	img, f := drawDefault(t, 40)
	space := render.DefaultPalette().Space

	// Gravity rift hex: a dark well with a hot swirl, clearly unlike
	// empty space. Average a small ring around the centre.
	h := riftHex(t, f.View)
	cx, cy := f.Camera.HexToScreen(h)
	var sr, sg, sb, n int
	rad := int(f.Camera.Scale * 0.6)
	for dy := -rad; dy <= rad; dy += 2 {
		for dx := -rad; dx <= rad; dx += 2 {
			r, g, b := rgb(img.At(int(cx)+dx, int(cy)+dy))
			sr, sg, sb, n = sr+r, sg+g, sb+b, n+1
		}
	}
	sr, sg, sb = sr/n, sg/n, sb/n
	assert.Greater(t, sr, sg+15, "the rift glows red-magenta (avg %d,%d,%d)", sr, sg, sb)
	assert.Greater(t, sr, int(space.R*255)+20, "the rift is brighter than empty space")

	// The centre pixel of the rift is the black core.
	r, g, b := rgb(img.At(int(cx), int(cy)))
	assert.Less(t, r+g+b, 40, "black core at the rift's centre")

	// Every unit's counter shows its side's colour.
	require.NotEmpty(t, f.View.Units)
	perHex := map[rules.Hex]int{}
	for _, u := range f.View.Units {
		perHex[u.Hex]++
	}
	for _, u := range f.View.Units {
		if perHex[u.Hex] > 1 {
			continue // stacked counters overlap each other
		}
		side, _ := f.View.Side(u.Side)
		want := render.Hex(side.Color, 1)
		ux, uy := f.Camera.HexToScreen(u.Hex)
		// A point inside the counter but away from the white ship glyph:
		// near a corner of the square counter.
		half := f.Camera.Scale * 0.7
		px, py := int(ux-half*0.72), int(uy+half*0.72)
		r, g, b := rgb(img.At(px, py))
		dr, dg, db := r-int(want.R*255*0.75), g-int(want.G*255*0.75), b-int(want.B*255*0.75)
		assert.Less(t, dr*dr+dg*dg+db*db, 60*60, "unit %s at %v shows side colour %s, got %d,%d,%d", u.ID, u.Hex, side.Color, r, g, b)
	}
}

func TestDrawFarZoomKeepsTerrainVisible(t *testing.T) {
	requireDisplay(t)
	img, f := drawDefault(t, render.MaxHexesAcross)
	h := riftHex(t, f.View)
	cx, cy := f.Camera.HexToScreen(h)
	// At 1,500 hexes across a hex is under a pixel, yet the rift keeps a
	// marker several pixels wide.
	found := false
	for dy := -6; dy <= 6 && !found; dy++ {
		for dx := -6; dx <= 6; dx++ {
			r, g, _ := rgb(img.At(int(cx)+dx, int(cy)+dy))
			if r > 150 && r > g+40 {
				found = true
				break
			}
		}
	}
	assert.True(t, found, "gravity rift marker visible at the widest zoom")
	assert.Less(t, f.Camera.HexPixels(), 1.0)
}
