package rules

import (
	"fmt"
	"strconv"
	"strings"
)

// Dice is a roll of N dice with Sides faces each, written "NdS".
type Dice struct {
	N     int `json:"n"`
	Sides int `json:"sides"`
}

// Common dice of the rules: d6 in general, 2d6 for phase space, 3d6 for
// storms and rift delays, d10 for gravity rifts, d12 for initiative.
var (
	D6      = Dice{1, 6}
	D10     = Dice{1, 10}
	D12     = Dice{1, 12}
	TwoD6   = Dice{2, 6}
	ThreeD6 = Dice{3, 6}
)

// String returns the dice in "NdS" form, with "d6" for a single die.
func (d Dice) String() string {
	if d.N == 1 {
		return "d" + strconv.Itoa(d.Sides)
	}
	return strconv.Itoa(d.N) + "d" + strconv.Itoa(d.Sides)
}

// min returns the lowest total the dice can show.
func (d Dice) min() int { return d.N }

// max returns the highest total the dice can show.
func (d Dice) max() int { return d.N * d.Sides }

// valid reports whether d has at least one die of at least two sides, and
// no more dice than a table could hold.
func (d Dice) valid() bool { return d.N >= 1 && d.N <= 100 && d.Sides >= 2 && d.Sides <= 1000 }

// parseDice reads "NdS" or "dS" (for one die).
func parseDice(s string) (Dice, error) {
	n, sides, ok := strings.Cut(strings.ToLower(strings.TrimSpace(s)), "d")
	if !ok {
		return Dice{}, fmt.Errorf("rules: dice %q are not of the form NdS", s)
	}
	d := Dice{N: 1}
	var err error
	if n != "" {
		if d.N, err = strconv.Atoi(n); err != nil {
			return Dice{}, fmt.Errorf("rules: dice %q: count is not a number", s)
		}
	}
	if d.Sides, err = strconv.Atoi(sides); err != nil {
		return Dice{}, fmt.Errorf("rules: dice %q: sides are not a number", s)
	}
	if !d.valid() {
		return Dice{}, fmt.Errorf("rules: dice %q: need 1-100 dice of 2-1000 sides", s)
	}
	return d, nil
}

// MarshalText writes the dice as "NdS".
func (d Dice) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText reads dice written as "NdS".
func (d *Dice) UnmarshalText(b []byte) error {
	v, err := parseDice(string(b))
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// Roll is the outcome of one roll: the dice, each face and the total.
type Roll struct {
	Dice  Dice  `json:"dice"`
	Faces []int `json:"faces"`
	Total int   `json:"total"`
}

// String returns the roll as, for example, "2d6 = 7 (3+4)".
func (r Roll) String() string {
	if len(r.Faces) <= 1 {
		return fmt.Sprintf("%s = %d", r.Dice, r.Total)
	}
	parts := make([]string, len(r.Faces))
	for i, f := range r.Faces {
		parts[i] = strconv.Itoa(f)
	}
	return fmt.Sprintf("%s = %d (%s)", r.Dice, r.Total, strings.Join(parts, "+"))
}

// throw rolls d on g without recording it. Game code rolls through
// State.Roll, which records every roll as an event; throw is the bare
// mechanism beneath it.
func (g *RNG) throw(d Dice) Roll { return throw(g, d) }

// throw rolls d on g.
func throw[G source](g G, d Dice) Roll {
	r := Roll{Dice: d, Faces: make([]int, d.N)}
	for i := range r.Faces {
		f := 1 + intN(g, d.Sides)
		r.Faces[i] = f
		r.Total += f
	}
	return r
}
