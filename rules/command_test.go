package rules

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// Every command kind round-trips through JSON unchanged.
func TestCommandJSONRoundTrip(t *testing.T) {
	cmds := []Command{
		{Kind: CmdAllocate, Side: "blue", Allocations: []Allocation{{Unit: "e", Movement: 30, Impulse: true,
			Shields: [6]int{1, 0, 0, 0, 0, 2}, Armor: 1, Arm: []int{0, 3}, Erratic: 2, Battery: 1, FromBattery: 2}}},
		{Kind: CmdAllocate, Side: "red", Allocations: []Allocation{{Unit: "car", Shields: [6]int{2}, Flywheel: 3, FromFlywheel: 4}}},
		{Kind: CmdActivity, Side: "red", Devices: []DeviceUse{{Unit: "car", Device: DeviceTemporal}}},
		{Kind: CmdDeclare, Side: "red", Declarations: []Declaration{{Unit: "k", Warp: true}, {Unit: "v", SelfDestruct: true}}},
		{Kind: CmdMove, Side: "blue", Move: &MovePlan{Unit: "e", Steps: []MoveStep{{Op: OpForward}, {Op: OpHET, Facing: DirA},
			{Op: OpHET, Facing: DirE}, {Op: OpDecelerate, N: 2}, {Op: OpSlipLeft}}, Erratic: true, Ram: "k", ForceDock: true}},
		{Kind: CmdActivity, Side: "blue", Docks: []DockOrder{{Unit: "e", With: "h"}, {Unit: "h", Undock: true}},
			Transfers: []Transfer{{From: "e", To: "h", Energy: 2, Crew: [4]int{1, 2, 3, 4}}}},
		{Kind: CmdFire, Side: "red", Shots: []Shot{{Attacker: "k", Mount: 3, Target: "e"}}},
		{Kind: CmdEvade, Side: "blue", Evasions: []Evasion{{Unit: "e", Attacker: "k"}}},
		{Kind: CmdRepair, Side: "red", Repairs: []Repair{{Unit: "k", Target: "shield2"}, {Unit: "k", Target: "lwarp"}}},
	}
	b, err := MarshalCommands(cmds)
	if err != nil {
		t.Fatal(err)
	}
	back, err := UnmarshalCommands(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(cmds, back) {
		t.Fatalf("round trip changed the commands:\n%s", b)
	}
	for _, c := range cmds {
		if c.String() == "" {
			t.Errorf("%s has no summary", c.Kind)
		}
		one, _ := json.Marshal(c)
		var d Command
		if err := json.Unmarshal(one, &d); err != nil || !reflect.DeepEqual(c, d) {
			t.Errorf("%s: %v", one, err)
		}
	}
}

// Weapons are numbered from 1 everywhere a player reads them: the log's
// shots and launches, the allocation's arming and holding, and (through
// the same MountLabel) the orders panels and the systems card.
func TestWeaponNumbering(t *testing.T) {
	if got := MountLabel(0); got != "#1" {
		t.Fatalf("mount 0 reads %q, want #1", got)
	}
	if got := (Shot{Attacker: "ironclaw", Mount: 8, Target: "swift"}).String(); got != "ironclaw#9 at swift" {
		t.Fatalf("a shot of mount 8 reads %q", got)
	}
	a := Allocation{Unit: "kestrel", Arm: []int{2, 3}, Hold: []int{5}}
	if got := a.String(); !strings.Contains(got, "arms #3 #4") || !strings.Contains(got, "holds #6") {
		t.Fatalf("an allocation arming mounts 2 and 3 and holding 5 reads %q", got)
	}
}
