package ai_test

import (
	"testing"

	"github.com/hexrift/hexrift/game/ai"
	"github.com/hexrift/hexrift/rules"
)

// A mount fires once a turn: outside phase space, on impulse 1, hard
// holds a shot under 70% of its weapon's best expected damage for a
// better one, while normal, by its handicap (handicap.go), takes any shot
// of 30% and easy any shot at all; at close range all fire every mount.
func TestHardHoldsFairShots(t *testing.T) {
	outside := rules.Hex{Q: -24, R: 16}
	for _, tc := range []struct {
		dist               int
		easy, normal, hard int // shots fired
	}{
		{2, 6, 6, 6},
		{3, 6, 6, 0},
		{4, 6, 6, 0},
		{5, 6, 2, 0},
		{8, 6, 2, 0},
	} {
		if got := shots(t, ai.Easy, driftFire(t, outside, tc.dist)); got != tc.easy {
			t.Errorf("easy at %d: %d shots, want %d", tc.dist, got, tc.easy)
		}
		if got := shots(t, ai.Normal, driftFire(t, outside, tc.dist)); got != tc.normal {
			t.Errorf("normal at %d: %d shots, want %d", tc.dist, got, tc.normal)
		}
		if got := shots(t, ai.Hard, driftFire(t, outside, tc.dist)); got != tc.hard {
			t.Errorf("hard at %d: %d shots, want %d", tc.dist, got, tc.hard)
		}
	}
}
