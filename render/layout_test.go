package render

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/rules"
)

func TestHexToWorldDirections(t *testing.T) {
	// Direction A is straight up the screen; the others follow clockwise
	// at 60-degree steps.
	var l Layout
	for _, d := range rules.Directions {
		x, y := l.HexToWorld(rules.Hex{}.Neighbor(d))
		assert.InDelta(t, sqrt3, math.Hypot(x, y), 1e-9, "neighbour %v is one row height away", d)
		wx, wy := DirectionVector(d)
		assert.InDelta(t, wx*sqrt3, x, 1e-9, "direction %v x", d)
		assert.InDelta(t, wy*sqrt3, y, 1e-9, "direction %v y", d)
	}
	_, y := l.HexToWorld(rules.Hex{}.Neighbor(rules.DirA))
	assert.Negative(t, y, "A is up (screen y grows downward)")
}

func TestPixelRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var l Layout
	for i := 0; i < 10000; i++ {
		h := rules.Hex{Q: rng.IntN(20001) - 10000, R: rng.IntN(20001) - 10000}
		x, y := l.HexToWorld(h)
		require.Equal(t, h, l.WorldToHex(x, y), "centre of %v", h)
		// Any point inside the hex's inscribed circle rounds back to it.
		a := rng.Float64() * 2 * math.Pi
		r := rng.Float64() * sqrt3 / 2 * 0.999
		require.Equal(t, h, l.WorldToHex(x+r*math.Cos(a), y+r*math.Sin(a)), "point near %v", h)
	}
}

func TestCameraScreenRoundTripAndZoomAroundPointer(t *testing.T) {
	c := NewCamera(rules.Hex{Q: 3, R: -2}, 1280, 800, 40)
	assert.InDelta(t, 40, c.HexesAcross(), 1e-9)
	sx, sy := c.HexToScreen(rules.Hex{Q: 3, R: -2})
	assert.InDelta(t, 640, sx, 1e-9, "the centre hex is in the middle")
	assert.InDelta(t, 400, sy, 1e-9)

	under := c.ScreenToHex(200, 150)
	wx, wy := c.ScreenToWorld(200, 150)
	c.ZoomAt(1.7, 200, 150)
	nx, ny := c.ScreenToWorld(200, 150)
	assert.InDelta(t, wx, nx, 1e-9, "zoom keeps the point under the pointer")
	assert.InDelta(t, wy, ny, 1e-9)
	assert.Equal(t, under, c.ScreenToHex(200, 150))

	c.Pan(100, -50)
	nx2, ny2 := c.ScreenToWorld(300, 100)
	assert.InDelta(t, nx, nx2, 1e-9, "the map follows a drag")
	assert.InDelta(t, ny, ny2, 1e-9)
}

func TestCameraZoomLimits(t *testing.T) {
	c := NewCamera(rules.Hex{}, 1280, 800, 40)
	for i := 0; i < 100; i++ {
		c.ZoomAt(0.5, 640, 400)
	}
	assert.InDelta(t, MaxHexesAcross, c.HexesAcross(), 1e-6, "zoomed out to 1,000+ hexes across")
	assert.GreaterOrEqual(t, c.HexesAcross(), 1000.0)
	for i := 0; i < 100; i++ {
		c.ZoomAt(2, 640, 400)
	}
	assert.InDelta(t, MinHexesAcross, c.HexesAcross(), 1e-6, "zoomed in to a few hexes across")
}

func TestVisibleHexesCoverTheScreen(t *testing.T) {
	for _, across := range []float64{5, 37, 250} {
		c := NewCamera(rules.Hex{Q: -7, R: 11}, 1280, 800, across)
		c.Pan(13.5, -7.25)
		seen := map[rules.Hex]bool{}
		c.VisibleHexes(func(h rules.Hex) { seen[h] = true })
		// Every screen pixel on a coarse lattice lies in a visited hex.
		for sy := 0.0; sy <= 800; sy += 8 {
			for sx := 0.0; sx <= 1280; sx += 8 {
				require.True(t, seen[c.ScreenToHex(sx, sy)], "pixel %v,%v at %v hexes across", sx, sy, across)
			}
		}
		// And the walk is not much larger than the screen.
		hexArea := 1.5 * sqrt3 * c.Scale * c.Scale
		onScreen := 1280 * 800 / hexArea
		assert.Less(t, float64(len(seen)), onScreen*1.3+200, "at %v hexes across", across)
	}
}

func BenchmarkVisibleHexes(b *testing.B) {
	c := NewCamera(rules.Hex{}, 1280, 800, 1000)
	n := 0
	for b.Loop() {
		n = 0
		c.VisibleHexes(func(rules.Hex) { n++ })
	}
	b.ReportMetric(float64(n), "hexes/op")
}
