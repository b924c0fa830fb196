package render

import (
	"math"

	"github.com/hexrift/hexrift/rules"
)

// Zoom limits, in hexes across the screen width.
const (
	MinHexesAcross = 4
	MaxHexesAcross = 1500
)

// Camera is the view onto the floating map: a world point at the centre
// of the screen and a scale in pixels per world unit (hex radius). It has
// no bounds: the map has no edge.
type Camera struct {
	X, Y   float64 // world point at the screen centre
	Scale  float64 // pixels per hex radius
	Width  int     // screen size in pixels
	Height int
}

// NewCamera returns a camera over center for a screen of w x h pixels
// showing about hexesAcross hexes from side to side.
func NewCamera(center rules.Hex, w, h int, hexesAcross float64) Camera {
	c := Camera{Width: w, Height: h}
	c.X, c.Y = Layout{}.HexToWorld(center)
	c.Scale = c.scaleFor(hexesAcross)
	c.clampScale()
	return c
}

// scaleFor returns the scale at which n hexes fit across the screen.
// Flat-topped hexes advance 1.5 radii per column.
func (c *Camera) scaleFor(n float64) float64 { return float64(c.Width) / (1.5 * n) }

// HexesAcross returns how many hex columns fit across the screen.
func (c *Camera) HexesAcross() float64 { return float64(c.Width) / (1.5 * c.Scale) }

// HexPixels returns the radius of a hex on screen, in pixels.
func (c *Camera) HexPixels() float64 { return c.Scale }

// Resize keeps the centre and scale and changes the screen size.
func (c *Camera) Resize(w, h int) {
	c.Width, c.Height = max(w, 1), max(h, 1)
	c.clampScale()
}

// WorldToScreen converts a world point to screen pixels.
func (c *Camera) WorldToScreen(x, y float64) (sx, sy float64) {
	return (x-c.X)*c.Scale + float64(c.Width)/2, (y-c.Y)*c.Scale + float64(c.Height)/2
}

// ScreenToWorld converts screen pixels to a world point.
func (c *Camera) ScreenToWorld(sx, sy float64) (x, y float64) {
	return (sx-float64(c.Width)/2)/c.Scale + c.X, (sy-float64(c.Height)/2)/c.Scale + c.Y
}

// HexToScreen returns the screen position of a hex centre.
func (c *Camera) HexToScreen(h rules.Hex) (sx, sy float64) {
	return c.WorldToScreen(Layout{}.HexToWorld(h))
}

// ScreenToHex returns the hex under a screen point.
func (c *Camera) ScreenToHex(sx, sy float64) rules.Hex {
	return Layout{}.WorldToHex(c.ScreenToWorld(sx, sy))
}

// Pan moves the view by a screen-space drag of (dx, dy) pixels: the map
// follows the pointer.
func (c *Camera) Pan(dx, dy float64) {
	c.X -= dx / c.Scale
	c.Y -= dy / c.Scale
}

// ZoomAt multiplies the scale by factor, keeping the world point under
// screen point (sx, sy) fixed, within the zoom limits.
func (c *Camera) ZoomAt(factor, sx, sy float64) {
	wx, wy := c.ScreenToWorld(sx, sy)
	c.Scale *= factor
	c.clampScale()
	nx, ny := c.ScreenToWorld(sx, sy)
	c.X += wx - nx
	c.Y += wy - ny
}

// CenterOn moves the view so that h is at the screen centre.
func (c *Camera) CenterOn(h rules.Hex) { c.X, c.Y = Layout{}.HexToWorld(h) }

// ZoomToFit sets the scale to show n hexes across.
func (c *Camera) ZoomToFit(n float64) {
	c.Scale = c.scaleFor(n)
	c.clampScale()
}

func (c *Camera) clampScale() {
	lo, hi := c.scaleFor(MaxHexesAcross), c.scaleFor(MinHexesAcross)
	if math.IsNaN(c.Scale) || c.Scale < lo {
		c.Scale = lo
	}
	if c.Scale > hi {
		c.Scale = hi
	}
}

// WorldBounds returns the world rectangle visible on screen, grown by
// margin pixels on every side.
func (c *Camera) WorldBounds(margin float64) (x0, y0, x1, y1 float64) {
	x0, y0 = c.ScreenToWorld(-margin, -margin)
	x1, y1 = c.ScreenToWorld(float64(c.Width)+margin, float64(c.Height)+margin)
	return
}

// VisibleCircle reports whether a world circle may show on screen.
func (c *Camera) VisibleCircle(x, y, radius float64) bool {
	x0, y0, x1, y1 := c.WorldBounds(0)
	return x+radius >= x0 && x-radius <= x1 && y+radius >= y0 && y-radius <= y1
}
