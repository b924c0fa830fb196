package plot

import (
	"math"

	"github.com/hexrift/hexrift/rules"
)

// aim is what a ship's course wants of the end of a move, worked out
// from the side's view once per move: the executor weighs the plans the
// rules offer with it, the preview the hexes it foresees.
type aim struct {
	kind CourseKind
	// hex is the hex to fly toward: the course's, or the point ahead on
	// the orbit of a circle.
	hex    rules.Hex
	target *rules.UnitView
	rng    int
	// wps are the waypoints still to fly through.
	wps []rules.Hex
}

// needsUnit reports whether the course is flown relative to a unit.
func (c Course) needsUnit() bool { return c.Kind == Close || c.Kind == Range || c.Kind == Circle }

// aimOf is the aim of course c for a ship at pose from, with target the
// course's unit as the side sees it (nil when lost from sight: the ship
// keeps course) and reached the waypoints flown through so far.
func aimOf(c Course, from rules.Pose, target *rules.UnitView, reached int) aim {
	a := aim{kind: c.Kind, hex: c.Hex, target: target, rng: c.Range}
	switch {
	case c.Kind == Waypoints:
		if reached < len(c.Hexes) {
			a.wps = c.Hexes[reached:]
		} else {
			a.kind = Keep
		}
	case c.needsUnit() && target == nil:
		a.kind = Keep
	case c.Kind == Circle:
		a.hex = orbitPoint(from, target.Hex, max(c.Range, 1))
	}
	return a
}

// orbitPoint is the hex a ship at pose from aims at to circle centre at
// radius r: the hex of the ring a sixth of the way round from the ring
// hex nearest the ship, on the side the ship is heading (clockwise when
// both are as good).
func orbitPoint(from rules.Pose, centre rules.Hex, r int) rules.Hex {
	ring := rules.Ring(centre, r)
	near := 0
	for i, h := range ring {
		if h.Distance(from.Hex) < ring[near].Distance(from.Hex) {
			near = i
		}
	}
	k := max(r, 2)
	cw, ccw := ring[(near+k)%len(ring)], ring[((near-k)%len(ring)+len(ring))%len(ring)]
	ahead := from.Hex.Neighbor(from.Facing)
	if ahead.Distance(ccw) < ahead.Distance(cw) {
		return ccw
	}
	return cw
}

// cost weighs a move whose hexes (the start first) and final pose are
// path and end: how far it leaves the ship from what the course wants,
// and how many of the waypoints it flies through. Plans are compared on
// it; lower is better.
func (a aim) cost(path []rules.Hex, end rules.Pose) (float64, int) {
	switch a.kind {
	case Toward, Circle:
		return float64(end.Hex.Distance(a.hex)), 0
	case Close:
		return float64(end.Hex.Distance(a.target.Hex)), 0
	case Range:
		return math.Abs(float64(end.Hex.Distance(a.target.Hex) - a.rng)), 0
	case Waypoints:
		n := passed(a.wps, path)
		if n == len(a.wps) {
			return 0, n
		}
		return 100*float64(len(a.wps)-n) + float64(end.Hex.Distance(a.wps[n])), n
	}
	return 0, 0
}

// passed counts the waypoints of wps, in order, that path flies through
// or passes one hex off.
func passed(wps, path []rules.Hex) int {
	n := 0
	for _, h := range path {
		for n < len(wps) && h.Distance(wps[n]) <= 1 {
			n++
		}
	}
	return n
}
