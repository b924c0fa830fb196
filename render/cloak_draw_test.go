package render_test

import (
	"image"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// A cloaked unit is drawn fainter, with a ring that closes as its cloak
// fades in: a quarter of the way round at level 1 of 5 it is still open,
// and closed at full.
func TestDrawCloakFade(t *testing.T) {
	st := defaultState(t)
	v := st.View("")
	u := v.Units[0]
	raster, err := render.NewRaster()
	require.NoError(t, err)
	cam := render.NewCamera(u.Hex, 300, 300, 6)
	draw := func(cloaked bool, level int) *image.RGBA {
		w := *v
		cu := u
		cu.Cloaked, cu.CloakLevel = cloaked, level
		w.Units = []rules.UnitView{cu}
		img := image.NewRGBA(image.Rect(0, 0, 300, 300))
		raster.DrawMap(img, render.NewMapRenderer(nil), &render.Frame{View: &w, Map: u.Map, Camera: cam})
		return img
	}
	sx, sy := cam.HexToScreen(u.Hex)
	half := min(cam.HexPixels()*0.7, 36)
	bright := func(img *image.RGBA, x, y float64) int {
		c := img.RGBAAt(int(x), int(y))
		return int(c.R) + int(c.G) + int(c.B)
	}
	plain, faint, full := draw(false, 0), draw(true, 1), draw(true, rules.CloakFadeImpulses)
	// The counter's edge, away from the glyph, fades.
	ex, ey := sx-half*0.8, sy+half*0.8
	assert.Greater(t, bright(plain, ex, ey), bright(full, ex, ey), "a full cloak draws the counter fainter")
	// The ring's left side (three quarters round from the top, clockwise)
	// is drawn at full but not at level 1.
	rx, ry := sx-half*1.3, sy
	assert.Greater(t, bright(full, rx, ry), bright(faint, rx, ry)+60, "the ring closes as the cloak fades in")
	assert.Greater(t, bright(full, rx, ry), bright(plain, rx, ry)+60, "no ring without a cloak")
}

// A tractor beam is drawn between its holder and the unit it holds.
func TestDrawTractorBeam(t *testing.T) {
	st := defaultState(t)
	v := st.View("")
	a := v.Units[0]
	b := a
	b.ID, b.Hex = "held", a.Hex.Add(rules.Hex{Q: 4})
	raster, err := render.NewRaster()
	require.NoError(t, err)
	cam := render.NewCamera(a.Hex.Add(rules.Hex{Q: 2}), 400, 300, 10)
	draw := func(beam bool) *image.RGBA {
		w := *v
		h := a
		if beam {
			h.Tractor = b.ID
		}
		w.Units = []rules.UnitView{h, b}
		img := image.NewRGBA(image.Rect(0, 0, 400, 300))
		raster.DrawMap(img, render.NewMapRenderer(nil), &render.Frame{View: &w, Map: a.Map, Camera: cam})
		return img
	}
	with, without := draw(true), draw(false)
	// Midway between the two, where no counter is drawn.
	x0, y0 := cam.HexToScreen(a.Hex)
	x1, y1 := cam.HexToScreen(b.Hex)
	mx, my := int((x0+x1)/2), int((y0+y1)/2)
	bright := func(img *image.RGBA) int {
		c := img.RGBAAt(mx, my)
		return int(c.R) + int(c.G) + int(c.B)
	}
	assert.Greater(t, bright(with), bright(without)+150, "the beam shows between the units")
}
