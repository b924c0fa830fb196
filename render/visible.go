package render

import (
	"math"

	"github.com/hexrift/hexrift/rules"
)

// VisibleHexes calls fn for every hex that overlaps the screen, column by
// column. The work is proportional to the hexes on screen, never to the
// size of the map.
func (c *Camera) VisibleHexes(fn func(h rules.Hex)) {
	x0, y0, x1, y1 := c.WorldBounds(0)
	// A hex reaches 1 world unit left/right and sqrt(3)/2 up/down.
	qmin := int(math.Floor((x0 - 1) / 1.5))
	qmax := int(math.Ceil((x1 + 1) / 1.5))
	for q := qmin; q <= qmax; q++ {
		fq := float64(q)
		// y = sqrt3*(r + q/2) must be within [y0-h, y1+h].
		rmin := int(math.Floor((y0-sqrt3/2)/sqrt3 - fq/2))
		rmax := int(math.Ceil((y1+sqrt3/2)/sqrt3 - fq/2))
		for r := rmin; r <= rmax; r++ {
			fn(rules.Hex{Q: q, R: r})
		}
	}
}

// CountVisibleHexes returns how many hexes VisibleHexes would visit.
func (c *Camera) CountVisibleHexes() int {
	n := 0
	c.VisibleHexes(func(rules.Hex) { n++ })
	return n
}
