package rules

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"strconv"
)

// RNG is the seeded generator behind every die in the game. It is
// xoshiro256** seeded through splitmix64, written out here so that its
// sequence never changes with the Go release. Its whole state is four
// words, saved with the game state, so a restored game rolls exactly the
// dice the original would have.
type RNG struct {
	s [4]uint64
}

// NewRNG returns a generator seeded from seed.
func NewRNG(seed uint64) RNG {
	var g RNG
	x := seed
	for i := range g.s {
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		g.s[i] = z ^ (z >> 31)
	}
	if g.s == [4]uint64{} { // xoshiro must not be all zero; splitmix64 never gives that, but be safe
		g.s[0] = 1
	}
	return g
}

// Uint64 returns the next 64 random bits.
func (g *RNG) Uint64() uint64 {
	s := &g.s
	result := bits.RotateLeft64(s[1]*5, 7) * 9
	t := s[1] << 17
	s[2] ^= s[0]
	s[3] ^= s[1]
	s[1] ^= s[2]
	s[0] ^= s[3]
	s[2] ^= t
	s[3] = bits.RotateLeft64(s[3], 45)
	return result
}

// IntN returns a uniform integer in [0, n). It panics if n <= 0, which
// only a programming error can cause.
func (g *RNG) IntN(n int) int { return intN(g, n) }

// intN returns a uniform integer in [0, n) from g: the same draws for the
// public generator and for the private streams (privatedice.go).
func intN[G source](g G, n int) int {
	if n <= 0 {
		panic("rules: RNG.IntN with n <= 0")
	}
	// Lemire's multiply-shift with rejection: unbiased and stable.
	bound := uint64(n)
	hi, lo := bits.Mul64(g.Uint64(), bound)
	if lo < bound {
		threshold := -bound % bound
		for lo < threshold {
			hi, lo = bits.Mul64(g.Uint64(), bound)
		}
	}
	return int(hi)
}

// MarshalJSON writes the generator state as four hexadecimal words.
func (g RNG) MarshalJSON() ([]byte, error) {
	var words [4]string
	for i, w := range g.s {
		words[i] = strconv.FormatUint(w, 16)
	}
	return json.Marshal(words)
}

// UnmarshalJSON restores a generator written by MarshalJSON.
func (g *RNG) UnmarshalJSON(b []byte) error {
	var words [4]string
	if err := json.Unmarshal(b, &words); err != nil {
		return fmt.Errorf("rules: generator state: %w", err)
	}
	var s [4]uint64
	for i, w := range words {
		v, err := strconv.ParseUint(w, 16, 64)
		if err != nil {
			return fmt.Errorf("rules: generator state word %d: %w", i, err)
		}
		s[i] = v
	}
	if s == [4]uint64{} {
		return fmt.Errorf("rules: generator state is all zero")
	}
	g.s = s
	return nil
}
