package rules

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseDice(t *testing.T) {
	tests := []struct {
		in   string
		want Dice
		str  string
	}{
		{"d6", D6, "d6"}, {"1d6", D6, "d6"}, {"2d6", TwoD6, "2d6"}, {"3D6", ThreeD6, "3d6"},
		{"d10", D10, "d10"}, {"d12", D12, "d12"}, {" 6d6 ", Dice{6, 6}, "6d6"},
	}
	for _, tt := range tests {
		got, err := parseDice(tt.in)
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.want, got)
		assert.Equal(t, tt.str, got.String())
	}
	for _, bad := range []string{"", "6", "d1", "0d6", "xd6", "2dx", "101d6"} {
		_, err := parseDice(bad)
		assert.Error(t, err, "%q", bad)
	}
}

func TestThrowStaysInRange(t *testing.T) {
	g := NewRNG(5)
	for _, d := range []Dice{D6, D10, D12, TwoD6, ThreeD6, {4, 6}, {6, 6}} {
		seenMin, seenMax := false, false
		for i := 0; i < 20000; i++ {
			r := g.throw(d)
			require.Len(t, r.Faces, d.N)
			sum := 0
			for _, f := range r.Faces {
				require.True(t, f >= 1 && f <= d.Sides, "%v face %d", d, f)
				sum += f
			}
			require.Equal(t, sum, r.Total)
			seenMin = seenMin || r.Total == d.min()
			seenMax = seenMax || r.Total == d.max()
		}
		if d.N <= 3 {
			assert.True(t, seenMin && seenMax, "%v reaches both ends", d)
		}
	}
}

func TestRollString(t *testing.T) {
	assert.Equal(t, "d10 = 2", Roll{Dice: D10, Faces: []int{2}, Total: 2}.String())
	assert.Equal(t, "2d6 = 7 (3+4)", Roll{Dice: TwoD6, Faces: []int{3, 4}, Total: 7}.String())
}
