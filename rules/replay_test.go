package rules

import (
	"strings"
	"testing"
)

// Replays reproduce every checkpoint, and a changed command is reported
// at the first step whose hash differs.
func TestReplayVerify(t *testing.T) {
	s := newTestState(t, duelUnits()...)
	cmds := playLegal(t, s, func(cs []Command) Command { return cs[len(cs)-1] }, atTurn(3))
	setup := testSetup(duelUnits()...)
	final, cps, err := Play(setup, 42, cmds)
	if err != nil {
		t.Fatal(err)
	}
	if final.Hash() != s.Hash() || len(cps) < 50 {
		t.Fatalf("play: hash differs or only %d checkpoints", len(cps))
	}
	if err := Verify(setup, 42, cmds, cps); err != nil {
		t.Fatal(err)
	}
	// A different seed diverges at once, at the first step that rolls.
	err = Verify(setup, 43, cmds, cps)
	if err == nil || !strings.Contains(err.Error(), "diverges at") {
		t.Fatalf("another seed: %v", err)
	}
	// Tampering with a recorded hash names that step.
	bad := append([]Checkpoint(nil), cps...)
	bad[10].Hash = strings.Repeat("0", 64)
	err = Verify(setup, 42, cmds, bad)
	if err == nil || !strings.Contains(err.Error(), bad[10].Clock.String()) {
		t.Fatalf("tampered hash: %v", err)
	}
}
