package render_test

import (
	"image"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// A phase disc that covers most of the screen but not all of it (its
// tint goes into the background, the hexes outside it are laid in
// space's colour) still tints the map inside the disc and leaves the
// space outside it as it is, at zooms on either side of the far grid's
// tile.
func TestDiscCoveringMostOfTheScreenTintsOnlyItself(t *testing.T) {
	sc, err := scenarios.Open("drill-phase")
	require.NoError(t, err)
	st, err := rules.NewState(sc.Setup(), 1)
	require.NoError(t, err)
	v := st.View("")
	m := v.Maps[0]
	require.NotEmpty(t, m.Terrain.Regions)
	disc := m.Terrain.Regions[0].Shape
	require.True(t, disc.IsDisc())
	bare := *v
	bare.Maps = append([]rules.Map(nil), v.Maps...)
	terrain := *m.Terrain
	terrain.Regions = nil
	bare.Maps[0].Terrain = &terrain

	raster, err := render.NewRaster()
	require.NoError(t, err)
	for _, tc := range []struct {
		name   string
		w, h   int
		across float64 // 53 and 21 pixels a hex
	}{
		{"edge by edge grid", 1920, 800, 24},
		{"tiled grid", 640, 400, 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, h := tc.w, tc.h
			cam := render.NewCamera(disc.Center, w, h, tc.across)
			img, plain := image.NewRGBA(image.Rect(0, 0, w, h)), image.NewRGBA(image.Rect(0, 0, w, h))
			raster.DrawMap(img, render.NewMapRenderer(nil), &render.Frame{View: v, Map: m.ID, Camera: cam})
			raster.DrawMap(plain, render.NewMapRenderer(nil), &render.Frame{View: &bare, Map: m.ID, Camera: cam})
			var in, tinted, out, same int
			for y := 0; y < h; y++ {
				for x := 0; x < w; x++ {
					hex := cam.ScreenToHex(float64(x), float64(y))
					a, b := img.RGBAAt(x, y), plain.RGBAAt(x, y)
					switch d := hex.Distance(disc.Center); {
					case d <= disc.Radius-1:
						in++
						if int(a.B)-int(b.B) >= 3 {
							tinted++
						}
					case d > disc.Radius+1:
						out++
						if a == b {
							same++
						}
					}
				}
			}
			require.Positive(t, out, "part of the screen lies outside the disc")
			assert.Greater(t, in, 2*out, "the disc covers most of the screen")
			assert.Greater(t, tinted, in*9/10, "inside the disc the map is tinted")
			assert.Greater(t, same, out*98/100, "outside the disc the map is as without it, grid lines and stars")
		})
	}
}
