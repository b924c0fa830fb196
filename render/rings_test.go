package render_test

import (
	"image"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// ringFrame draws an empty map with one green ring of radius around c,
// headless, and returns the picture and the frame.
func ringFrame(t *testing.T, c rules.Hex, radius int, hexesAcross float64) (*image.RGBA, *render.Frame) {
	t.Helper()
	view := &rules.View{Maps: []rules.Map{{ID: "m", Center: c, Terrain: &rules.Terrain{}}}}
	f := &render.Frame{View: view, Map: "m", Camera: render.NewCamera(c, 640, 640, hexesAcross),
		Rings: []render.RingOverlay{{Center: c, Radius: radius, Colour: render.RGBA{G: 1, A: 1}}}}
	raster, err := render.NewRaster()
	require.NoError(t, err)
	img := image.NewRGBA(image.Rect(0, 0, 640, 640))
	raster.DrawMap(img, render.NewMapRenderer(nil), f)
	return img, f
}

func green(img *image.RGBA, x, y float64) bool {
	r, g, b := rgb(img.At(int(math.Round(x)), int(math.Round(y))))
	return g > 200 && r < 120 && b < 120
}

// greenNear reports whether any pixel within 2 of (x, y) is ring green.
func greenNear(img *image.RGBA, x, y float64) bool { return greenWithin(img, x, y, 2) }

// greenAt reports whether (x, y) or a pixel next to it is ring green: a
// thin line may fall between pixel centres.
func greenAt(img *image.RGBA, x, y float64) bool { return greenWithin(img, x, y, 1) }

func greenWithin(img *image.RGBA, x, y, d float64) bool {
	for dy := -d; dy <= d; dy++ {
		for dx := -d; dx <= d; dx++ {
			if green(img, x+dx, y+dy) {
				return true
			}
		}
	}
	return false
}

// edgeMid returns the screen midpoint of the edge between h and its
// neighbour in direction d.
func edgeMid(f *render.Frame, h rules.Hex, d rules.Direction) (float64, float64) {
	x0, y0 := f.Camera.HexToScreen(h)
	x1, y1 := f.Camera.HexToScreen(h.Neighbor(d))
	return (x0 + x1) / 2, (y0 + y1) / 2
}

// Zoomed in, a ring outlines exactly the hexes within its radius: the
// outer edges of the hexes at that distance, not those one hex in or out.
func TestRingOutlinesHexDisc(t *testing.T) {
	c := rules.Hex{Q: 3, R: -2}
	const radius = 5
	img, f := ringFrame(t, c, radius, 30)
	require.GreaterOrEqual(t, f.Camera.HexPixels(), 7.0, "zoomed in enough to draw hex edges")
	for _, d := range rules.Directions {
		corner := c.Add(d.Vector().Scale(radius))
		x, y := edgeMid(f, corner, d)
		assert.True(t, greenAt(img, x, y), "outer edge of the corner hex in direction %v is drawn", d)
		x, y = edgeMid(f, c.Add(d.Vector().Scale(radius-1)), d)
		assert.False(t, greenNear(img, x, y), "the edge one hex inside in direction %v is not", d)
		x, y = edgeMid(f, c.Add(d.Vector().Scale(radius+1)), d)
		assert.False(t, greenNear(img, x, y), "the edge one hex outside in direction %v is not", d)
	}
	// Along a side the outline zigzags hex by hex: every ring hex has an
	// outer edge drawn.
	for _, h := range rules.Ring(c, radius) {
		drawn := false
		for _, d := range rules.Directions {
			if h.Neighbor(d).Distance(c) > radius {
				x, y := edgeMid(f, h, d)
				drawn = drawn || greenAt(img, x, y)
			}
		}
		assert.True(t, drawn, "ring hex %v has an outer edge drawn", h)
	}
	cx, cy := f.Camera.HexToScreen(c)
	assert.False(t, greenNear(img, cx, cy), "the centre is left alone")
}

// Zoomed far out, the ring is the hexagon its edges zigzag along, with a
// vertex straight above the centre at radius+1/2 hex steps.
func TestRingFarZoomIsHexagon(t *testing.T) {
	c := rules.Hex{}
	const radius = 150
	img, f := ringFrame(t, c, radius, 600)
	require.Less(t, f.Camera.HexPixels(), 7.0)
	cx, cy := f.Camera.HexToScreen(c)
	step := math.Sqrt(3) * f.Camera.Scale // pixels between neighbouring hex centres
	top := (radius + 0.5) * step
	assert.True(t, greenNear(img, cx, cy-top), "vertex above the centre")
	assert.True(t, greenNear(img, cx, cy+top), "vertex below the centre")
	assert.False(t, greenNear(img, cx, cy-top*0.9), "nothing inside")
	assert.False(t, greenNear(img, cx, cy-top*1.1), "nothing outside")
	// Half way between the top vertex and the upper right one.
	a := -math.Pi / 2
	b := a + math.Pi/3
	mx, my := cx+top*(math.Cos(a)+math.Cos(b))/2, cy+top*(math.Sin(a)+math.Sin(b))/2
	assert.True(t, greenNear(img, mx, my), "side between two vertices")
}
