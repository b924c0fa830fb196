package rules

import (
	"fmt"
	"strconv"
	"strings"
)

// Hex is one cell of the floating map in axial coordinates. The grid is
// flat-topped: direction A points up the screen. Hex is a value type and
// is usable as a map key.
type Hex struct {
	Q int `json:"q"`
	R int `json:"r"`
}

// S returns the derived third cube coordinate, so that Q + R + S == 0.
func (h Hex) S() int { return -h.Q - h.R }

// Add returns the component-wise sum of h and o.
func (h Hex) Add(o Hex) Hex { return Hex{h.Q + o.Q, h.R + o.R} }

// sub returns the component-wise difference h - o.
func (h Hex) sub(o Hex) Hex { return Hex{h.Q - o.Q, h.R - o.R} }

// Scale returns h with both coordinates multiplied by k.
func (h Hex) Scale(k int) Hex { return Hex{h.Q * k, h.R * k} }

// Neighbor returns the adjacent hex in direction d.
func (h Hex) Neighbor(d Direction) Hex { return h.Add(d.Vector()) }

// length returns the distance from the origin to h in hexes.
func (h Hex) length() int { return (abs(h.Q) + abs(h.R) + abs(h.S())) / 2 }

// Distance returns the number of hex steps between h and o.
func (h Hex) Distance(o Hex) int { return h.sub(o).length() }

// String returns the hex as "Q,R", the form scenario files use.
func (h Hex) String() string { return strconv.Itoa(h.Q) + "," + strconv.Itoa(h.R) }

// appendTo appends h.String() to b.
func (h Hex) appendTo(b []byte) []byte {
	b = strconv.AppendInt(b, int64(h.Q), 10)
	b = append(b, ',')
	return strconv.AppendInt(b, int64(h.R), 10)
}

// ParseHex reads a hex written as "Q,R" (spaces allowed).
func ParseHex(s string) (Hex, error) {
	a, b, ok := strings.Cut(s, ",")
	if !ok {
		return Hex{}, fmt.Errorf("rules: hex %q is not of the form Q,R", s)
	}
	q, err1 := strconv.Atoi(strings.TrimSpace(a))
	r, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil {
		return Hex{}, fmt.Errorf("rules: hex %q is not of the form Q,R with integer Q and R", s)
	}
	return Hex{q, r}, nil
}

// DirectionTo returns the direction of the first step from h toward o
// along the straight hex line, and false when o == h.
func (h Hex) DirectionTo(o Hex) (Direction, bool) {
	if h == o {
		return 0, false
	}
	// The first step of Line(h, o), computed alone with the same
	// arithmetic (DirectionTo is called in inner loops).
	n := h.Distance(o)
	const eps = 1e-6
	aq, ar := float64(h.Q)+eps, float64(h.R)+eps
	bq, br := float64(o.Q)+eps, float64(o.R)+eps
	t := float64(1) / float64(n)
	step := RoundHex(aq+(bq-aq)*t, ar+(br-ar)*t).sub(h)
	for d := DirA; d <= DirF; d++ {
		if d.Vector() == step {
			return d, true
		}
	}
	return 0, false // unreachable: consecutive line hexes are neighbours
}

// Ring returns the hexes at exactly radius steps from center, starting in
// direction A and walking clockwise. Radius 0 gives the centre alone.
func Ring(center Hex, radius int) []Hex {
	if radius < 0 {
		return nil
	}
	if radius == 0 {
		return []Hex{center}
	}
	out := make([]Hex, 0, 6*radius)
	h := center.Add(DirA.Vector().Scale(radius))
	// Starting at the A corner, walking clockwise means heading C first.
	for side := 0; side < 6; side++ {
		d := DirC.Turn(side)
		for i := 0; i < radius; i++ {
			out = append(out, h)
			h = h.Neighbor(d)
		}
	}
	return out
}

// disc returns every hex within radius steps of center, ring by ring from
// the centre outward.
func disc(center Hex, radius int) []Hex {
	if radius < 0 {
		return nil
	}
	out := make([]Hex, 0, 1+3*radius*(radius+1))
	for r := 0; r <= radius; r++ {
		out = append(out, Ring(center, r)...)
	}
	return out
}

// discSize returns how many hexes disc(center, radius) holds.
func discSize(radius int) int {
	if radius < 0 {
		return 0
	}
	return 1 + 3*radius*(radius+1)
}

// Line returns the hexes on the straight line from a to b, both included.
// Ties on hex edges are broken consistently by nudging toward +Q/+R.
func Line(a, b Hex) []Hex {
	n := a.Distance(b)
	out := make([]Hex, 0, n+1)
	if n == 0 {
		return append(out, a)
	}
	const eps = 1e-6
	aq, ar := float64(a.Q)+eps, float64(a.R)+eps
	bq, br := float64(b.Q)+eps, float64(b.R)+eps
	for i := 0; i <= n; i++ {
		t := float64(i) / float64(n)
		out = append(out, RoundHex(aq+(bq-aq)*t, ar+(br-ar)*t))
	}
	return out
}

// RoundHex returns the hex containing the fractional axial point (q, r).
func RoundHex(q, r float64) Hex {
	s := -q - r
	rq, rr, rs := roundHalfAway(q), roundHalfAway(r), roundHalfAway(s)
	dq, dr, ds := absf(rq-q), absf(rr-r), absf(rs-s)
	switch {
	case dq > dr && dq > ds:
		rq = -rr - rs
	case dr > ds:
		rr = -rq - rs
	}
	return Hex{int(rq), int(rr)}
}

func roundHalfAway(x float64) float64 {
	if x < 0 {
		return -float64(int64(-x + 0.5))
	}
	return float64(int64(x + 0.5))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func absf(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
