package rules

import (
	"fmt"
	"strings"
	"testing"
)

// passUntil answers every pending side with its empty command (or the
// first legal one) until stop holds.
func passUntil(t *testing.T, s *State, stop func(*State) bool) []Event {
	t.Helper()
	var evs []Event
	for guard := 0; !stop(s) && guard < 1000; guard++ {
		p := s.Pending()
		if len(p) == 0 {
			evs = append(evs, s.Advance()...)
			continue
		}
		c := Command{Kind: s.Expecting(), Side: p[0]}
		if s.validate(c) != nil {
			c = s.Legal(p[0])[0]
		}
		evs = append(evs, mustApply(t, s, c)...)
	}
	return evs
}

// Seeking weapons: a drone rack launches a drone at a target in the
// launch step; the drone flies by itself after the ships, 12 hexes a
// turn, and strikes its target for its warhead in seeking resolution.
func TestDroneLaunchFlightAndStrike(t *testing.T) {
	s := newTestState(t,
		ship("e", "blue", "fed-cruiser", Hex{0, 0}, DirA, 0),
		ship("k", "red", "kor-raider", Hex{0, -6}, DirD, 0))
	s.Advance()
	passUntil(t, s, func(s *State) bool { return s.Clock.Step == StepSeekingLaunch })
	if s.Expecting() != CmdLaunch || len(s.Pending()) == 0 {
		t.Fatalf("launch step: expecting %q from %v", s.Expecting(), s.Pending())
	}
	if _, err := s.Apply(Command{Kind: CmdLaunch, Side: "blue", Shots: []Shot{{Attacker: "e", Mount: 0, Target: "k"}}}); err == nil {
		t.Fatal("a phaser launched")
	}
	for len(s.Pending()) > 0 && s.Clock.Step == StepSeekingLaunch {
		side := s.Pending()[0]
		c := Command{Kind: CmdLaunch, Side: side}
		if side == "blue" {
			c.Shots = []Shot{{Attacker: "e", Mount: 6, Target: "k"}}
		}
		mustApply(t, s, c)
	}
	d := s.Unit("e.d6.1")
	if d == nil || !d.OnMap() || d.Hex != (Hex{0, 0}) || d.Gear.Target != "k" || d.Gear.Guide != "e" {
		t.Fatalf("no drone launched: %+v", d)
	}
	if s.Unit("e").Ship.Mounts[6].Ammo != rackDrones-1 {
		t.Fatal("the rack's ammunition did not drop")
	}
	// Impulse 2: 2 hexes; impulse 3: 2 more, impulse 4: in the hex.
	// The rack has launched this turn: no launch step waits for blue now.
	if got := s.possibleLaunches(s.Unit("e")); len(got) != 0 {
		t.Fatalf("a rack may launch twice in one turn: %v", got)
	}
	passUntil(t, s, func(s *State) bool { return s.Clock.Impulse == 2 && s.Clock.Step == StepDirectFire })
	if d = s.Unit("e.d6.1"); d.Hex != (Hex{0, -2}) {
		t.Fatalf("drone at %v in impulse 2, want 0,-2", d.Hex)
	}
	shields := s.Unit("k").Ship.Shields[0]
	evs := passUntil(t, s, func(s *State) bool {
		return s.Clock.Impulse == 4 && s.Clock.Step == StepDamageControl || s.Clock.Impulse == 5
	})
	struck := false
	for _, e := range evs {
		if strings.Contains(e.Text, "e.d6.1 strikes k for 12") {
			struck = e.Clock.Impulse == 4 && e.Clock.Step == StepSeekingResolution
		}
	}
	if !struck || s.Unit("e.d6.1").Status != StatusDestroyed {
		t.Fatal("the drone did not strike in impulse 4's seeking resolution")
	}
	if got := s.Unit("k").Ship.Shields[0]; got != shields-12 {
		t.Fatalf("raider shield 1 at %d, want %d", got, shields-12)
	}
}

// A drone without a target flies straight on (a ballistic course), and a
// drone is spent after its endurance.
func TestDroneBallisticAndEndurance(t *testing.T) {
	s := newTestState(t,
		ship("e", "blue", "fed-cruiser", Hex{0, 0}, DirA, 0),
		ship("k", "red", "kor-raider", Hex{0, -40}, DirD, 0))
	s.addUnit(Unit{ID: "dr", Side: "blue", Class: "drone", Kind: KindDrone, Status: StatusOnMap, Map: "main",
		Hex: Hex{0, 0}, Facing: DirC, Speed: 12, Ship: newShipState(lookupClass("drone"), 12)})
	s.Unit("dr").Ship.Launched = Clock{Turn: 1, Impulse: 1, Step: StepSeekingLaunch}
	s.Advance()
	passUntil(t, s, func(s *State) bool { return s.Clock.Turn == 2 })
	if d := s.Unit("dr"); d.Hex != (Hex{12, 0}) || !d.OnMap() {
		t.Fatalf("ballistic drone at %v, want 12,0", d.Hex)
	}
	passUntil(t, s, func(s *State) bool { return s.Clock.Turn == 4 })
	if d := s.Unit("dr"); d.Status != StatusDestroyed {
		t.Fatalf("drone still %s after %d turns", d.Status, droneEndurance)
	}
}

// A drone whose guide is destroyed loses its target and flies ballistic.
func TestDroneLosesItsGuide(t *testing.T) {
	s := newTestState(t,
		ship("e", "blue", "fed-cruiser", Hex{0, 0}, DirA, 0),
		ship("k", "red", "kor-raider", Hex{0, -9}, DirD, 0),
		ship("g", "red", "kor-raider", Hex{9, -9}, DirD, 0))
	s.addUnit(Unit{ID: "dr", Side: "red", Class: "drone", Kind: KindDrone, Status: StatusOnMap, Map: "main",
		Hex: Hex{0, -6}, Facing: DirD, Speed: 12, Gear: Gear{Target: "e", Guide: "g"}, Ship: newShipState(lookupClass("drone"), 12)})
	s.Unit("g").Status = StatusDestroyed
	s.Clock, s.Turn = Clock{Turn: 1, Impulse: 1, Step: StepMovement}, TurnState{}
	s.Advance()
	passUntil(t, s, func(s *State) bool { return s.Clock.Impulse >= 2 })
	d := s.Unit("dr")
	if d.Gear.Target != "" || d.Hex != (Hex{0, -4}) {
		t.Fatalf("drone target %q at %v, want none at 0,-4", d.Gear.Target, d.Hex)
	}
}

// The launch log names the true target of every drone launched in a
// step, whatever the order of the unit ids: a drone inserted into the
// sorted unit list before its target must not shift the name read.
func TestLaunchLogNamesTarget(t *testing.T) {
	tests := []struct {
		name     string
		launcher UnitID
		targets  [2]UnitID
	}{
		{"targets sort after the drones", "a", [2]UnitID{"b", "c"}},
		{"targets sort before the drones", "z", [2]UnitID{"b", "c"}},
		{"one target each side", "m", [2]UnitID{"b", "y"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestState(t,
				ship(tt.launcher, "blue", "kor-battlecruiser", Hex{0, 0}, DirA, 0),
				ship(tt.targets[0], "red", "kor-raider", Hex{0, -6}, DirD, 0),
				ship(tt.targets[1], "red", "kor-raider", Hex{3, -7}, DirD, 0))
			s.Advance()
			passUntil(t, s, func(s *State) bool { return s.Clock.Step == StepSeekingLaunch })
			var evs []Event
			for len(s.Pending()) > 0 && s.Clock.Step == StepSeekingLaunch {
				side := s.Pending()[0]
				c := Command{Kind: CmdLaunch, Side: side}
				if side == "blue" {
					c.Shots = []Shot{{Attacker: tt.launcher, Mount: 8, Target: tt.targets[0]}, {Attacker: tt.launcher, Mount: 9, Target: tt.targets[1]}}
				}
				evs = append(evs, mustApply(t, s, c)...)
			}
			for i, mount := range []int{8, 9} {
				id := seekerID(tt.launcher, "d", mount, 1)
				want := fmt.Sprintf("%s launches drone %s at %s", tt.launcher, id, tt.targets[i])
				found := false
				for _, e := range evs {
					found = found || e.Text == want
				}
				if !found {
					t.Errorf("no log line %q in %v", want, launchLines(evs))
				}
				if d := s.Unit(id); d == nil || d.Gear.Target != tt.targets[i] {
					t.Errorf("drone %s: %+v, want target %s", id, d, tt.targets[i])
				}
			}
		})
	}
}

// launchLines returns the texts of the launch events among evs.
func launchLines(evs []Event) []string {
	var out []string
	for _, e := range evs {
		if strings.Contains(e.Text, " launches ") {
			out = append(out, e.Text)
		}
	}
	return out
}
