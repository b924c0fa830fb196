package render

import (
	"math"

	"github.com/hexrift/hexrift/rules"
)

// Layout converts between hexes and world coordinates for the
// flat-topped grid: direction A points up. World units are hex radii, so
// a hex is 2 units wide and sqrt(3) units tall.
type Layout struct{}

var sqrt3 = math.Sqrt(3)

// HexToWorld returns the centre of h in world units.
func (Layout) HexToWorld(h rules.Hex) (x, y float64) {
	q, r := float64(h.Q), float64(h.R)
	return 1.5 * q, sqrt3 * (r + q/2)
}

// WorldToFractional returns the fractional axial coordinates of a world point.
func (Layout) WorldToFractional(x, y float64) (q, r float64) {
	q = x / 1.5
	r = y/sqrt3 - q/2
	return q, r
}

// WorldToHex returns the hex that contains a world point.
func (l Layout) WorldToHex(x, y float64) rules.Hex {
	return rules.RoundHex(l.WorldToFractional(x, y))
}

// cornerOffsets are the six corners of a flat-topped hex of radius 1,
// clockwise from the right-hand corner.
var cornerOffsets = func() (c [6][2]float64) {
	for i := range c {
		a := math.Pi / 3 * float64(i)
		c[i] = [2]float64{math.Cos(a), math.Sin(a)}
	}
	return c
}()

// DirectionVector returns the unit world vector pointing in direction d.
func DirectionVector(d rules.Direction) (x, y float64) {
	a := float64(d.Degrees()) * math.Pi / 180
	return math.Sin(a), -math.Cos(a)
}
