package ai_test

import (
	"testing"

	"github.com/hexrift/hexrift/game/ai"
	"github.com/hexrift/hexrift/rules"
)

// A mount fires once a turn: outside phase space, on impulse 1, normal
// takes a shot of half its weapon's best expected damage while hard
// holds it for a better one (70%); at close range both fire every mount
// and at long range neither fires.
func TestHardHoldsFairShots(t *testing.T) {
	outside := rules.Hex{Q: -24, R: 16}
	for _, tc := range []struct {
		dist         int
		normal, hard int // shots fired
	}{
		{2, 6, 6},
		{3, 2, 0},
		{4, 2, 0},
		{5, 0, 0},
	} {
		if got := shots(t, ai.Normal, driftFire(t, outside, tc.dist)); got != tc.normal {
			t.Errorf("normal at %d: %d shots, want %d", tc.dist, got, tc.normal)
		}
		if got := shots(t, ai.Hard, driftFire(t, outside, tc.dist)); got != tc.hard {
			t.Errorf("hard at %d: %d shots, want %d", tc.dist, got, tc.hard)
		}
	}
}
