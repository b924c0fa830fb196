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

// sampleCommands is one command of every kind with every payload field
// the kind carries filled, nested slices included.
func sampleCommands() []Command {
	h := Hex{Q: 2, R: 3}
	return []Command{
		{Kind: CmdAllocate, Side: "blue", Allocations: []Allocation{{Unit: "e", Movement: 6, Arm: []int{0}, Hold: []int{1}}}},
		{Kind: CmdDeclare, Side: "blue", Declarations: []Declaration{{Unit: "v", Withdraw: true, Carry: []UnitID{"f1"}}, {Unit: "r", Enter: &h}}},
		{Kind: CmdMove, Side: "blue", Move: &MovePlan{Unit: "e", Steps: []MoveStep{{Op: OpForward}}, PickUp: []UnitID{"s1"}}},
		{Kind: CmdActivity, Side: "red", Docks: []DockOrder{{Unit: "k", With: "h"}}, Transfers: []Transfer{{From: "k", To: "h", Energy: 1}},
			Batteries: []BatteryUse{{Unit: "k", Shields: [6]int{1}}}, Tractors: []TractorOrder{{Unit: "k", Target: "e"}},
			Devices: []DeviceUse{{Unit: "k", Device: DeviceTemporal}}, Craft: []UnitID{"s1", "s2"},
			Webs: []WebOrder{{Unit: "k", Hexes: []Hex{h}}}, Handoffs: []Handoff{{Seeker: "d1", To: "k"}}},
		{Kind: CmdLaunch, Side: "red", Shots: []Shot{{Attacker: "k", Mount: 1, Target: "e"}}},
		{Kind: CmdFire, Side: "red", Shots: []Shot{{Attacker: "k", Mount: 0, Target: "e"}, {Attacker: "k", Mount: 2, Target: "e"}}},
		{Kind: CmdEvade, Side: "blue", Evasions: []Evasion{{Unit: "e", Attacker: "k"}}},
		{Kind: CmdRepair, Side: "red", Repairs: []Repair{{Unit: "k", Target: "shield2"}}},
	}
}

// The kind table is the one place a command kind is described: every
// kind has one row with a step, a check and samples; every payload field
// of Command belongs to some row, and a command carrying a field of
// another kind is refused.
func TestKindTable(t *testing.T) {
	fields := map[string]bool{}
	steps := map[[2]string]CommandKind{}
	for _, k := range kindTable {
		if k.check == nil || k.samples == nil || k.resolve == nil {
			t.Errorf("%s: row without check, samples or resolve", k.kind)
		}
		if (k.apply == nil) == (k.waiting == nil) {
			t.Errorf("%s: a kind either seals (waiting sides) or applies at once (one mover)", k.kind)
		}
		at := [2]string{k.step.String(), k.stage}
		if other, dup := steps[at]; dup {
			t.Errorf("%s and %s both at %v", k.kind, other, at)
		}
		steps[at] = k.kind
		for _, f := range k.fields {
			fields[f.name] = true
		}
	}
	ct := reflect.TypeFor[Command]()
	for i := range ct.NumField() {
		name, _, _ := strings.Cut(ct.Field(i).Tag.Get("json"), ",")
		if name == "kind" || name == "side" {
			continue
		}
		if !fields[name] {
			t.Errorf("payload field %s belongs to no kind", name)
		}
	}
	for _, c := range sampleCommands() {
		if err := c.onlyPayload(); err != nil {
			t.Errorf("%s: %v", c.Kind, err)
		}
		for _, o := range sampleCommands() {
			mixed := o
			mixed.Kind = c.Kind
			if o.Kind != c.Kind && !(o.Kind == CmdFire && c.Kind == CmdLaunch || o.Kind == CmdLaunch && c.Kind == CmdFire) {
				if mixed.onlyPayload() == nil {
					t.Errorf("a %s command carrying %s's payload is accepted", c.Kind, o.Kind)
				}
			}
		}
	}
}

// A committed copy of a command shares no memory with the caller's: the
// caller changing its slices afterwards changes nothing sealed.
func TestCommandCloneSharesNothing(t *testing.T) {
	for _, c := range sampleCommands() {
		t.Run(string(c.Kind), func(t *testing.T) {
			orig, _ := json.Marshal(c)
			d := c.clone()
			if !reflect.DeepEqual(c, d) {
				t.Fatalf("clone differs: %v vs %v", c, d)
			}
			scribble(reflect.ValueOf(&c).Elem())
			if got, _ := json.Marshal(d); string(got) != string(orig) {
				t.Errorf("changing the original changed the copy:\n%s\n%s", orig, got)
			}
		})
	}
}

// scribble overwrites every element reachable through slices and
// pointers of v in place (not v's own fields), as a caller reusing its
// buffers would.
func scribble(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			e := v.Elem()
			e.Set(reflect.Zero(e.Type()))
		}
	case reflect.Slice:
		for i := range v.Len() {
			e := v.Index(i)
			scribble(e)
			e.Set(reflect.Zero(e.Type()))
		}
	case reflect.Struct:
		for i := range v.NumField() {
			scribble(v.Field(i))
		}
	}
}

// Orders splits a command into one command per order, in the order
// String writes them, and Merge puts them together again.
func TestCommandOrdersMerge(t *testing.T) {
	tests := []struct {
		cmd  Command
		want int
	}{
		{sampleCommands()[3], 9}, // activity: one of each list, two craft
		{sampleCommands()[5], 2}, // fire: two shots
		{sampleCommands()[2], 1}, // move: the plan
		{Command{Kind: CmdEvade, Side: "blue"}, 0},
	}
	for _, tt := range tests {
		t.Run(string(tt.cmd.Kind), func(t *testing.T) {
			orders := tt.cmd.Orders()
			if len(orders) != tt.want {
				t.Fatalf("%d orders, want %d: %v", len(orders), tt.want, orders)
			}
			back := Command{Kind: tt.cmd.Kind, Side: tt.cmd.Side}
			for _, o := range orders {
				if o.Kind != tt.cmd.Kind || o.Side != tt.cmd.Side || len(o.Orders()) != 1 {
					t.Errorf("order %v is not one order of the command", o)
				}
				back.Merge(o)
			}
			if back.String() != tt.cmd.String() {
				t.Errorf("merged %q, want %q", back.String(), tt.cmd.String())
			}
		})
	}
}
