package ai_test

import (
	"testing"

	"github.com/hexrift/hexrift/game/ai"
	"github.com/hexrift/hexrift/rules"
)

// A shot held for better odds never comes at a target whose cloak fades
// in (rules.CloakFireModifier grows, rules.CloakLockRange shrinks to
// five hexes): hard takes the long shot at it that it holds at the same
// range against an uncloaked target, or one whose cloak fades out (it
// gets easier to hit, and cannot fire meanwhile). Normal weighs cloaks
// alike, but by its handicap it takes that long shot at any target
// (TestHardHoldsFairShots), so only hard shows the difference.
func TestAIFiresBeforeACloakFadesIn(t *testing.T) {
	outside := rules.Hex{Q: -24, R: 16}
	for _, tc := range []struct {
		name  string
		cloak rules.CloakState
		fire  bool
	}{
		{"uncloaked", rules.CloakState{}, false},
		{"fading in", rules.CloakState{On: true, Fade: 3}, true},
		{"fading out", rules.CloakState{Fade: 3}, false},
	} {
		for _, level := range []ai.Level{ai.Hard} {
			st := copyState(t, driftFire(t, outside, 5), func(s *rules.State) { s.Unit("scorch").Gear.Cloak = tc.cloak })
			if got := shots(t, level, st) > 0; got != tc.fire {
				t.Errorf("%s, %s: fired %v, want %v", tc.name, level, got, tc.fire)
			}
		}
	}
}
