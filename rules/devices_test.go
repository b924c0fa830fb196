package rules

import (
	"strings"
	"testing"
)

func activityCmd(side SideID, ds ...DeviceUse) Command {
	return Command{Kind: CmdActivity, Side: side, Devices: ds}
}

// finishActivity answers the other pending sides of the activity step.
func finishActivity(t *testing.T, s *State) {
	t.Helper()
	for s.Clock.Step == StepActivity && len(s.Pending()) > 0 {
		mustApply(t, s, Command{Kind: CmdActivity, Side: s.Pending()[0]})
	}
}

// Devices (house rules): the sphere strikes other sides' units within 1
// hex; the stasis field freezes a unit for the turn; the displacement
// device throws a unit 3 hexes. Each runs on battery energy, once a turn.
func TestDevices(t *testing.T) {
	s := newTestState(t,
		ship("base", "red", "vel-starbase", Hex{0, 0}, DirA, 0),
		ship("car", "red", "vel-carrier", Hex{9, 0}, DirA, 0),
		ship("k", "blue", "kor-raider", Hex{0, -1}, DirD, 0),
		ship("v", "blue", "kor-raider", Hex{9, -2}, DirD, 0))
	base, car, k, v := s.Unit("base"), s.Unit("car"), s.Unit("k"), s.Unit("v")
	base.Ship.Battery, car.Ship.Battery = 10, 6
	if !s.DeviceWorks("base", DeviceESG) || s.DeviceWorks("k", DeviceESG) {
		t.Fatal("IP8.48: class devices do not work")
	}
	atActivity(s)
	// The sphere: k (1 hex away, facing D toward the base) takes 6 on shield 1.
	mustApply(t, s, activityCmd("red", DeviceUse{Unit: "base", Device: DeviceESG}))
	finishActivity(t, s)
	if k.Ship.Shields[0] != 12-ESGDamage || base.Ship.Battery != 6 {
		t.Fatalf("ESG: raider shield 1 %d, battery %d", k.Ship.Shields[0], base.Ship.Battery)
	}
	atActivity(s)
	if err := s.checkDevice(base, DeviceUse{Unit: "base", Device: DeviceSFG, Target: "k"}); err == nil {
		t.Fatal("a second device in one turn")
	}
	// Next turn: stasis on k, displacement of v.
	s.Clock.Turn = 2
	atActivityTurn(s, 2)
	if err := s.checkDevice(car, DeviceUse{Unit: "car", Device: DeviceDisplacement, Target: "base"}); err == nil {
		t.Fatal("displaced a starbase")
	}
	mustApply(t, s, activityCmd("red",
		DeviceUse{Unit: "base", Device: DeviceSFG, Target: "k"},
		DeviceUse{Unit: "car", Device: DeviceDisplacement, Target: "v", Facing: DirA}))
	finishActivity(t, s)
	if !InStasis(k) {
		t.Fatal("SFG: no stasis")
	}
	if v.Hex != (Hex{9, -5}) {
		t.Fatalf("displacement: v at %v, want 9,-5", v.Hex)
	}
	before := k.Ship.Shields
	s.damage(k, 0, 10, "", "test")
	if k.Ship.Shields != before {
		t.Fatal("SFG: a unit in stasis took damage")
	}
	arm(k)
	if err := s.checkShot(k, 0, base); err == nil || !strings.Contains(err.Error(), "stasis") {
		t.Fatalf("SFG: a unit in stasis fired: %v", err)
	}
	for _, u := range s.movers() {
		if u.ID == "k" {
			t.Fatal("SFG: a unit in stasis moves")
		}
	}
	s.startTurn()
	if InStasis(k) {
		t.Fatal("SFG: stasis outlasted the turn")
	}
}

// atActivityTurn puts s at impulse 1's activity step of turn.
func atActivityTurn(s *State, turn int) {
	s.Clock = Clock{Turn: turn, Impulse: 1, Step: StepActivity}
	s.Turn = TurnState{}
	s.Advance()
}
