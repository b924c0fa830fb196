package rules

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHexDistance(t *testing.T) {
	tests := []struct {
		a, b Hex
		want int
	}{
		{Hex{0, 0}, Hex{0, 0}, 0},
		{Hex{0, 0}, Hex{1, 0}, 1},
		{Hex{0, 0}, Hex{0, -1}, 1},
		{Hex{0, 0}, Hex{1, -1}, 1},
		{Hex{0, 0}, Hex{2, -1}, 2},
		{Hex{0, 0}, Hex{3, 3}, 6},
		{Hex{-2, 5}, Hex{4, -1}, 6},
		{Hex{10, -20}, Hex{-10, 20}, 40},
		{Hex{0, 0}, Hex{4500, -2250}, 4500},
		{Hex{-7, 3}, Hex{-7, 3}, 0},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.a.Distance(tt.b), "%v to %v", tt.a, tt.b)
		assert.Equal(t, tt.want, tt.b.Distance(tt.a), "%v to %v", tt.b, tt.a)
	}
}

func TestHexS(t *testing.T) {
	for _, h := range []Hex{{0, 0}, {3, -1}, {-4, 9}} {
		assert.Zero(t, h.Q+h.R+h.S(), "%v", h)
	}
}

func TestNeighbors(t *testing.T) {
	// Direction A is up the screen and the rest follow clockwise; on the
	// flat-topped axial grid that gives these steps.
	want := map[Direction]Hex{
		DirA: {0, -1}, DirB: {1, -1}, DirC: {1, 0},
		DirD: {0, 1}, DirE: {-1, 1}, DirF: {-1, 0},
	}
	origin := Hex{5, -3}
	for _, d := range Directions {
		n := origin.Neighbor(d)
		assert.Equal(t, origin.Add(want[d]), n, "direction %v", d)
		assert.Equal(t, 1, origin.Distance(n))
		assert.Equal(t, origin, n.Neighbor(d.opposite()), "back from %v", d)
		got, ok := origin.DirectionTo(n)
		require.True(t, ok)
		assert.Equal(t, d, got)
	}
}

func TestDirectionTurnAndParse(t *testing.T) {
	tests := []struct {
		d    Direction
		n    int
		want Direction
	}{
		{DirA, 1, DirB}, {DirA, -1, DirF}, {DirF, 1, DirA}, {DirC, 3, DirF},
		{DirB, -7, DirA}, {DirD, 12, DirD}, {DirE, 2, DirA},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.d.Turn(tt.n), "%v turn %d", tt.d, tt.n)
	}
	for i, d := range Directions {
		assert.Equal(t, string(rune('A'+i)), d.String())
		p, err := ParseDirection(string(rune('a' + i)))
		require.NoError(t, err)
		assert.Equal(t, d, p)
		assert.Equal(t, d, directionFromDie(i+1), "die face %d", i+1)
		assert.Equal(t, 60*i, d.Degrees())
	}
	_, err := ParseDirection("G")
	assert.ErrorContains(t, err, "rules:")
}

func TestRingAndDiscSizes(t *testing.T) {
	c := Hex{3, -2}
	for r := 0; r <= 12; r++ {
		ring := Ring(c, r)
		want := 6 * r
		if r == 0 {
			want = 1
		}
		require.Len(t, ring, want, "ring %d", r)
		seen := map[Hex]bool{}
		for i, h := range ring {
			assert.Equal(t, r, h.Distance(c), "ring %d member %v", r, h)
			assert.False(t, seen[h], "ring %d repeats %v", r, h)
			seen[h] = true
			if r > 0 { // consecutive members are neighbours, all the way round
				assert.Equal(t, 1, h.Distance(ring[(i+1)%len(ring)]))
			}
		}
		disc := disc(c, r)
		assert.Len(t, disc, discSize(r))
		assert.Equal(t, 1+3*r*(r+1), discSize(r))
	}
	assert.Equal(t, Hex{3, -2 - 4}, Ring(c, 4)[0], "rings start in direction A")
}

func TestLine(t *testing.T) {
	tests := []struct {
		a, b Hex
	}{
		{Hex{0, 0}, Hex{0, 0}}, {Hex{0, 0}, Hex{5, 0}}, {Hex{0, 0}, Hex{3, -7}},
		{Hex{-4, 2}, Hex{6, -1}}, {Hex{2, 2}, Hex{-3, -3}},
	}
	for _, tt := range tests {
		line := Line(tt.a, tt.b)
		require.Len(t, line, tt.a.Distance(tt.b)+1)
		assert.Equal(t, tt.a, line[0])
		assert.Equal(t, tt.b, line[len(line)-1])
		for i := 1; i < len(line); i++ {
			assert.Equal(t, 1, line[i-1].Distance(line[i]), "line %v-%v step %d", tt.a, tt.b, i)
		}
	}
}

func TestRoundHex(t *testing.T) {
	tests := []struct {
		q, r float64
		want Hex
	}{
		{0, 0, Hex{0, 0}}, {0.4, 0.1, Hex{0, 0}}, {0.6, 0.1, Hex{1, 0}},
		{-0.7, 0.2, Hex{-1, 0}}, {2.1, -0.9, Hex{2, -1}}, {0.3, 0.4, Hex{0, 1}},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, RoundHex(tt.q, tt.r), "(%v, %v)", tt.q, tt.r)
	}
}

func TestParseHex(t *testing.T) {
	h, err := ParseHex(" -3, 12")
	require.NoError(t, err)
	assert.Equal(t, Hex{-3, 12}, h)
	assert.Equal(t, "-3,12", h.String())
	for _, bad := range []string{"", "3", "a,b", "1,2,3"} {
		_, err := ParseHex(bad)
		assert.Error(t, err, "%q", bad)
	}
}

// TestDirectionToIsFirstStepOfLine checks that DirectionTo, which computes
// the first step alone, agrees with the first step of Line for every hex
// within 12 of two origins (ties on hex corners included).
func TestDirectionToIsFirstStepOfLine(t *testing.T) {
	for _, a := range []Hex{{0, 0}, {5, -3}} {
		for _, b := range disc(a, 12) {
			got, ok := a.DirectionTo(b)
			if b == a {
				if ok {
					t.Fatalf("%v.DirectionTo(itself) = %v, true", a, got)
				}
				continue
			}
			if want := Line(a, b)[1]; !ok || a.Neighbor(got) != want {
				t.Fatalf("%v.DirectionTo(%v) = %v (%v), first step of Line is %v", a, b, got, a.Neighbor(got), want)
			}
		}
	}
}
