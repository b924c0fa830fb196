package rules

import (
	"reflect"
	"slices"
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
	if !s.deviceWorks("base", DeviceESG) || s.deviceWorks("k", DeviceESG) {
		t.Fatal("IP8.48: class devices do not work")
	}
	atActivity(s)
	// The sphere: k (1 hex away, facing D toward the base) takes 6 on shield 1.
	mustApply(t, s, activityCmd("red", DeviceUse{Unit: "base", Device: DeviceESG}))
	finishActivity(t, s)
	if k.Ship.Shields[0] != 12-esgDamage || base.Ship.Battery != 6 {
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

// Fitting devices (house rules): ships and bases only, no device that
// needs more battery energy than the class's batteries hold, no cloak
// that costs more than the class's power.
func TestCanFit(t *testing.T) {
	tests := []struct {
		class  ClassID
		device DeviceKind
		want   string // "" when it fits
	}{
		{"fed-cruiser", DeviceTemporal, ""},
		{"fed-cruiser", DeviceESG, ""},
		{"fed-cruiser", DeviceCloak, ""},
		{"fed-cruiser", DeviceWeb, ""},
		{"fed-cruiser", DeviceDisplacement, "the displacement needs 6 battery energy; a fed-cruiser's batteries hold 4"},
		{"kor-warbird", DeviceTemporal, ""},
		{"kor-raider", DeviceTemporal, "the temporal-elevator needs 3 battery energy; a kor-raider's batteries hold 2"},
		{"vel-starbase", DeviceDisplacement, ""},
		{"vel-corvette", DeviceCloak, ""},
		{"fighter", DeviceESG, "a fighter cannot carry a device"},
		{"drone", DeviceCloak, "a drone cannot carry a device"},
		{"fed-cruiser", "sphere", `unknown device "sphere"`},
		{"no-class", DeviceESG, `unknown class "no-class"`},
	}
	for _, tt := range tests {
		t.Run(string(tt.class)+"/"+string(tt.device), func(t *testing.T) {
			err := CanFit(tt.class, tt.device)
			if tt.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.HasPrefix(err.Error(), "rules: ") || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want %q", err, tt.want)
			}
		})
	}
}

// Fitted devices join the class's: unitDevices lists both, a cloak
// included, and DeviceChoices offers each one usable now, a targeted one
// at each unit in reach.
func TestFittedDevicesOffered(t *testing.T) {
	s := newTestState(t,
		ship("b", "blue", "vel-starbase", Hex{0, 0}, DirA, 0),
		ship("k", "red", "kor-raider", Hex{0, -2}, DirD, 0),
		ship("f", "red", "fed-frigate", Hex{0, -6}, DirD, 0))
	b := s.Unit("b")
	b.Fit(DeviceTemporal)
	b.Fit(DeviceCloak)
	b.Fit(DeviceTemporal)
	if !slices.Equal(b.Gear.Devices, []DeviceKind{DeviceTemporal}) || !b.Gear.Cloak.Fitted {
		t.Fatalf("gear %+v", b.Gear)
	}
	if got := unitDevices(b); !slices.Equal(got, []DeviceKind{DeviceCloak, DeviceESG, DeviceSFG, DeviceTemporal, DeviceWeb}) {
		t.Fatalf("devices %v", got)
	}
	b.Ship.Battery = 10
	if got := s.DeviceChoices("blue"); got != nil {
		t.Fatalf("choices outside activity %v", got)
	}
	atActivity(s)
	want := []DeviceChoice{
		{Unit: "b", Device: DeviceESG, Cost: 4},
		{Unit: "b", Device: DeviceSFG, Targets: []UnitID{"k"}, Cost: 4},
		{Unit: "b", Device: DeviceTemporal, Cost: 3},
	}
	if got := s.DeviceChoices("blue"); !reflect.DeepEqual(got, want) {
		t.Fatalf("choices %+v, want %+v", got, want)
	}
	mustApply(t, s, Command{Kind: CmdActivity, Side: "blue", Devices: []DeviceUse{{Unit: "b", Device: DeviceTemporal}}})
	if !b.Ship.Elevated || b.Ship.Battery != 7 {
		t.Fatalf("elevated %v, battery %d", b.Ship.Elevated, b.Ship.Battery)
	}
}
