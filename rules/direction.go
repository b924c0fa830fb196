package rules

import "fmt"

// Direction is a hex facing. DirA points to the top of the screen and the
// others follow clockwise, so a die roll of 1-6 maps to A-F (IP4.232).
type Direction uint8

// The six facings, clockwise from the top of the screen.
const (
	DirA Direction = iota
	DirB
	DirC
	DirD
	DirE
	DirF
)

// Directions lists the six facings in clockwise order from A.
var Directions = [6]Direction{DirA, DirB, DirC, DirD, DirE, DirF}

// axial step for each direction on the flat-topped grid.
var dirVectors = [6]Hex{
	{0, -1}, // A: up
	{1, -1}, // B: upper right
	{1, 0},  // C: lower right
	{0, 1},  // D: down
	{-1, 1}, // E: lower left
	{-1, 0}, // F: upper left
}

// Vector returns the axial offset of one step in direction d.
func (d Direction) Vector() Hex { return dirVectors[d%6] }

// Turn returns the direction n 60-degree steps clockwise from d; a negative
// n turns counter-clockwise.
func (d Direction) Turn(n int) Direction {
	return Direction(((int(d)+n)%6 + 6) % 6)
}

// opposite returns the direction 180 degrees from d.
func (d Direction) opposite() Direction { return d.Turn(3) }

// Degrees returns the clockwise angle of d from straight up.
func (d Direction) Degrees() int { return int(d%6) * 60 }

// valid reports whether d is one of the six facings.
func (d Direction) valid() bool { return d < 6 }

// String returns the facing letter, "A" to "F".
func (d Direction) String() string {
	if !d.valid() {
		return fmt.Sprintf("Direction(%d)", uint8(d))
	}
	return string(rune('A' + d))
}

// ParseDirection reads a facing letter A-F (either case).
func ParseDirection(s string) (Direction, error) {
	if len(s) == 1 {
		c := s[0] | 0x20 // lower-case
		if c >= 'a' && c <= 'f' {
			return Direction(c - 'a'), nil
		}
	}
	return 0, fmt.Errorf("rules: facing %q is not one of A, B, C, D, E, F", s)
}

// directionFromDie maps a d6 result 1-6 to facings A-F (IP4.232).
func directionFromDie(face int) Direction { return Direction((face - 1) % 6) }

// MarshalText writes the facing letter.
func (d Direction) MarshalText() ([]byte, error) {
	if !d.valid() {
		return nil, fmt.Errorf("rules: invalid direction %d", uint8(d))
	}
	return []byte(d.String()), nil
}

// UnmarshalText reads a facing letter.
func (d *Direction) UnmarshalText(b []byte) error {
	v, err := ParseDirection(string(b))
	if err != nil {
		return err
	}
	*d = v
	return nil
}
