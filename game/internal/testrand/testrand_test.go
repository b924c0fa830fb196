package testrand

import (
	"crypto/sha256"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A seed's bytes are the SHA-256 sums of "seed/0", "seed/1", ... however
// they are read: the same for the same seed, other for another.
func TestNewIsTheSeedsCounterStream(t *testing.T) {
	want := func(seed string, blocks ...string) []byte {
		var out []byte
		for _, b := range blocks {
			h := sha256.Sum256([]byte(seed + "/" + b))
			out = append(out, h[:]...)
		}
		return out
	}
	tests := []struct {
		name   string
		seed   string
		chunks []int
	}{
		{"one read of two blocks", "fed-1", []int{64}},
		{"reads across a block's end", "fed-1", []int{5, 30, 29}},
		{"byte by byte, another seed", "kor-1", []int{1, 1, 1, 61}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := New(tt.seed)
			var got []byte
			for _, n := range tt.chunks {
				p := make([]byte, n)
				_, err := io.ReadFull(r, p)
				require.NoError(t, err)
				got = append(got, p...)
			}
			assert.Equal(t, want(tt.seed, "0", "1"), got)
		})
	}
	a, b := make([]byte, 32), make([]byte, 32)
	_, _ = New("fed-1").Read(a)
	_, _ = New("kor-1").Read(b)
	assert.NotEqual(t, a, b, "another seed, other bytes")
}
