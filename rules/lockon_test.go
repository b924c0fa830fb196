package rules

import (
	"strings"
	"testing"
)

// Lock-on: without an intact sensor box a ship fires only within 1 hex.
func TestLockOnNeedsSensors(t *testing.T) {
	s := newTestState(t,
		ship("e", "blue", "fed-cruiser", Hex{0, 0}, DirA, 0),
		ship("near", "red", "kor-raider", Hex{0, -1}, DirD, 0),
		ship("far", "red", "kor-raider", Hex{0, -4}, DirD, 0))
	e := s.Unit("e")
	arm(e)
	if err := s.checkShot(e, 0, s.Unit("far")); err != nil {
		t.Fatalf("with sensors: %v", err)
	}
	e.Ship.Boxes[SysSensor] = 0
	if err := s.checkShot(e, 0, s.Unit("far")); err == nil || !strings.Contains(err.Error(), "sensors") {
		t.Fatalf("without sensors at 4: %v", err)
	}
	if err := s.checkShot(e, 0, s.Unit("near")); err != nil {
		t.Fatalf("without sensors at 1: %v", err)
	}
	if err := s.checkLaunch(e, 6, s.Unit("far")); err == nil {
		t.Fatal("launched without a lock-on")
	}
}
