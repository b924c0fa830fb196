package render_test

import (
	"image"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// The window and the PNG export draw one display list: the raster copy
// must match what Ebitengine draws, pixel for pixel but for rounding and
// text hinting.
func TestRasterMatchesWindow(t *testing.T) {
	requireDisplay(t)
	for _, across := range []float64{12, 40, 400} {
		img, f := drawDefault(t, across)
		raster, err := render.NewRaster()
		require.NoError(t, err)
		got := image.NewRGBA(image.Rect(0, 0, 1280, 800))
		raster.DrawMap(got, render.NewMapRenderer(nil), f)

		var diff, n, bad int
		for y := 0; y < 800; y += 3 {
			for x := 0; x < 1280; x += 3 {
				r1, g1, b1 := rgb(img.At(x, y))
				r2, g2, b2 := rgb(got.At(x, y))
				d := abs(r1-r2) + abs(g1-g2) + abs(b1-b2)
				diff += d
				n++
				if d > 60 {
					bad++
				}
			}
		}
		assert.Less(t, float64(diff)/float64(n), 3.0, "mean channel difference at %v hexes across", across)
		assert.Less(t, float64(bad)/float64(n), 0.01, "share of clearly different pixels at %v hexes across", across)
	}
}

func TestRasterNeedsNoDisplay(t *testing.T) {
	st := defaultState(t)
	v := st.View("")
	raster, err := render.NewRaster()
	require.NoError(t, err)
	img := image.NewRGBA(image.Rect(0, 0, 320, 200))
	f := &render.Frame{View: v, Map: v.Maps[0].ID, Camera: render.NewCamera(v.Maps[0].Center, 320, 200, 30)}
	raster.DrawMap(img, render.NewMapRenderer(nil), f)
	space := render.DefaultPalette().Space
	r, g, b := rgb(img.At(0, 0))
	assert.InDelta(t, int(space.R*255), r, 40)
	assert.InDelta(t, int(space.G*255), g, 40)
	assert.InDelta(t, int(space.B*255), b, 40)
	// The star is drawn bright at its hex.
	var star rules.Hex
	found := false
	for _, ft := range v.Maps[0].Terrain.Features {
		if ft.Kind == rules.FeatureStar {
			star, found = ft.Hex, true
		}
	}
	require.True(t, found, "the default scenario has a star")
	sx, sy := f.Camera.HexToScreen(star)
	r, g, b = rgb(img.At(int(sx), int(sy)))
	assert.Greater(t, r+g+b, 600, "star at %v", star)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
