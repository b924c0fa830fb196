package rules

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// CommandKind names what a Command does; it is the tag of the command
// envelope and says which payload field is used.
type CommandKind string

// The command kinds, one per step that needs a choice.
const (
	// CmdAllocate commits a side's sealed energy allocation (X4.EA).
	CmdAllocate CommandKind = "allocate"
	// CmdDeclare commits a side's sealed movement declarations:
	// self-destruct (X4.DM.1) and going into warp (X4.WARP).
	CmdDeclare CommandKind = "declare"
	// CmdMove moves the unit whose initiative turn it is (X4.IMP.A).
	CmdMove CommandKind = "move"
	// CmdActivity commits a side's impulse activity: docking and
	// transfers (X4.DOCK), battery energy spent after a deceleration
	// (X4.MV.7).
	CmdActivity CommandKind = "activity"
	// CmdFire commits a side's sealed direct-fire declaration (X4.IMP.D).
	CmdFire CommandKind = "fire"
	// CmdEvade commits a side's evasive maneuvers against revealed fire
	// (X4.EV).
	CmdEvade CommandKind = "evade"
	// CmdRepair commits a side's damage control (X4.DC).
	CmdRepair CommandKind = "repair"
	// CmdLaunch commits a side's sealed launches of seeking weapons in
	// the seeking-weapons launch step: its Shots are drone-rack mounts of
	// the attacker launching at the target (seeking.go).
	CmdLaunch CommandKind = "launch"
)

// kindWords names each command kind for players: what its step does.
var kindWords = map[CommandKind]string{
	CmdAllocate: "energy allocation",
	CmdDeclare:  "movement declarations",
	CmdMove:     "move",
	CmdActivity: "impulse activity",
	CmdFire:     "fire declaration",
	CmdEvade:    "evasive maneuvers",
	CmdRepair:   "damage control",
	CmdLaunch:   "seeking weapon launches",
}

// Words names the kind as players read it, "energy allocation" for
// allocate; a kind the rules do not know is its tag.
func (k CommandKind) Words() string {
	if w, ok := kindWords[k]; ok {
		return w
	}
	return string(k)
}

// Command is one choice of one side: a plain value that round-trips
// through JSON, so that a game is its setup, its seed and its commands.
// Kind selects the payload; the other payload fields stay empty.
type Command struct {
	Kind         CommandKind    `json:"kind"`
	Side         SideID         `json:"side"`
	Allocations  []Allocation   `json:"allocations,omitempty"`
	Declarations []Declaration  `json:"declarations,omitempty"`
	Move         *MovePlan      `json:"move,omitempty"`
	Docks        []DockOrder    `json:"docks,omitempty"`
	Transfers    []Transfer     `json:"transfers,omitempty"`
	Batteries    []BatteryUse   `json:"batteries,omitempty"`
	Tractors     []TractorOrder `json:"tractors,omitempty"`
	Devices      []DeviceUse    `json:"devices,omitempty"`
	// Craft lists carried shuttles and fighters to launch (craft.go).
	Craft []UnitID `json:"craft,omitempty"`
	// Webs lays or casts webs (web.go).
	Webs     []WebOrder `json:"webs,omitempty"`
	Shots    []Shot     `json:"shots,omitempty"`
	Evasions []Evasion  `json:"evasions,omitempty"`
	Repairs  []Repair   `json:"repairs,omitempty"`
	// Handoffs pass the guidance of seeking weapons in impulse activity
	// (seeking.go).
	Handoffs []Handoff `json:"handoffs,omitempty"`
}

// String returns a one-line summary of the command for logs.
func (c Command) String() string {
	return fmt.Sprintf("%s %s: %s", c.Side, c.Kind, c.payloadText())
}

// payloadText returns the orders the command gives, "; " between them,
// or "nothing".
func (c Command) payloadText() string {
	return c.payloadWith(func(f payloadField, c *Command) []string { return f.parts(c) })
}

// payloadWith is payloadText with each used field's parts written by
// parts.
func (c Command) payloadWith(parts func(f payloadField, c *Command) []string) string {
	var out []string
	if k := kindOf(c.Kind); k != nil {
		for _, f := range k.fields {
			if f.used(&c) {
				out = append(out, parts(f, &c)...)
			}
		}
	}
	if len(out) == 0 {
		out = []string{"nothing"}
	}
	return strings.Join(out, "; ")
}

// Orders splits the command into commands of the same kind and side
// giving one order each, field by field in the order String writes them,
// so that a front end can offer each on its own and Merge them again.
func (c Command) Orders() []Command {
	var out []Command
	if k := kindOf(c.Kind); k != nil {
		for _, f := range k.fields {
			if f.used(&c) {
				out = append(out, f.split(&c)...)
			}
		}
	}
	return out
}

// Merge adds the orders of o, a command of the same kind, to c's.
func (c *Command) Merge(o Command) {
	if k := kindOf(o.Kind); k != nil {
		for _, f := range k.fields {
			if f.used(&o) {
				f.merge(c, &o)
			}
		}
	}
}

// clone returns a deep copy of c, so that a committed command never
// shares memory with the caller's.
func (c Command) clone() Command {
	for _, k := range kindTable {
		for _, f := range k.fields {
			if f.used(&c) {
				f.clone(&c)
			}
		}
	}
	return c
}

// onlyPayload rejects payload fields that do not belong to the kind.
func (c *Command) onlyPayload() error {
	own := kindOf(c.Kind)
	for _, k := range kindTable {
		for _, f := range k.fields {
			if f.used(c) && (own == nil || !own.carries(f)) {
				return refuse("", "a %q command carries %s", c.Kind, f.name)
			}
		}
	}
	return nil
}

// MarshalCommands encodes commands as a JSON array, the form saves use.
func MarshalCommands(cmds []Command) ([]byte, error) { return json.Marshal(cmds) }

// UnmarshalCommands decodes commands written by MarshalCommands.
func UnmarshalCommands(b []byte) ([]Command, error) {
	var cmds []Command
	if err := json.Unmarshal(b, &cmds); err != nil {
		return nil, fmt.Errorf("rules: commands: %w", err)
	}
	return cmds, nil
}

// Allocation is one unit's energy for the turn (X4.EA). Life support and
// fire control cost nothing and have no line (X4.EA.1).
type Allocation struct {
	Unit UnitID `json:"unit"`
	// Movement is the energy spent on movement points; six points make
	// one hex of speed (X4.EA.4).
	Movement int `json:"movement,omitempty"`
	// Impulse spends one energy for one hex of speed, once per turn
	// (X4.MV.1).
	Impulse bool `json:"impulse,omitempty"`
	// Shields are reinforcement points per shield, 2 energy each (X4.EA.2).
	Shields [6]int `json:"shields"`
	// Armor is armor reinforcement, 1 energy each, at most one per intact
	// armor box (X4.EA.3).
	Armor int `json:"armor,omitempty"`
	// Arm lists the mounts (indexes into the class's mounts) to arm; for a
	// launcher that arms over turns, one more turn of its arming. Hold
	// lists fully armed launchers kept armed at their hold cost; one
	// neither armed nor held loses its charge (seeking.go).
	Arm  []int `json:"arm,omitempty"`
	Hold []int `json:"hold,omitempty"`
	// Erratic is the impulses of erratic maneuvering paid for, 10 - size
	// class energy each (X4.EM).
	Erratic int `json:"erratic,omitempty"`
	// Tractor readies the unit's tractor beam for the turn, TractorCost
	// energy (house rule).
	Tractor bool `json:"tractor,omitempty"`
	// Cloak keeps or switches the unit's cloaking device on for the
	// turn, at its cloak cost; leaving it unset switches a cloak off.
	Cloak bool `json:"cloak,omitempty"`
	// Battery is energy put into the batteries; FromBattery is battery
	// energy drawn to pay for this allocation.
	Battery     int `json:"battery,omitempty"`
	FromBattery int `json:"from_battery,omitempty"`
	// Flywheel is energy put into the positron flywheel; FromFlywheel is
	// flywheel energy drawn, which may pay only for shield and armor
	// reinforcement (house rule).
	Flywheel     int `json:"flywheel,omitempty"`
	FromFlywheel int `json:"from_flywheel,omitempty"`
}

func (a Allocation) clone() Allocation {
	a.Arm, a.Hold = slices.Clone(a.Arm), slices.Clone(a.Hold)
	return a
}

// String summarises the allocation for the log, naming only what it
// buys, e.g. "kestrel: movement 18, impulse hex, shields 1:+2, arms #1 #4".
func (a Allocation) String() string {
	parts := []string{fmt.Sprintf("movement %d", a.Movement)}
	if a.Impulse {
		parts = append(parts, "impulse hex")
	}
	var sh []string
	for i, p := range a.Shields {
		if p > 0 {
			sh = append(sh, fmt.Sprintf("%d:+%d", i+1, p))
		}
	}
	if len(sh) > 0 {
		parts = append(parts, "shields "+strings.Join(sh, " "))
	}
	if a.Armor > 0 {
		parts = append(parts, fmt.Sprintf("armor +%d", a.Armor))
	}
	if len(a.Arm) > 0 {
		arms := make([]string, len(a.Arm))
		for i, m := range a.Arm {
			arms[i] = MountLabel(m)
		}
		parts = append(parts, "arms "+strings.Join(arms, " "))
	}
	if len(a.Hold) > 0 {
		holds := make([]string, len(a.Hold))
		for i, m := range a.Hold {
			holds[i] = MountLabel(m)
		}
		parts = append(parts, "holds "+strings.Join(holds, " "))
	}
	if a.Erratic > 0 {
		parts = append(parts, fmt.Sprintf("erratic %d", a.Erratic))
	}
	if a.Battery > 0 {
		parts = append(parts, fmt.Sprintf("battery +%d", a.Battery))
	}
	if a.FromBattery > 0 {
		parts = append(parts, fmt.Sprintf("from battery %d", a.FromBattery))
	}
	if a.Tractor {
		parts = append(parts, "tractor")
	}
	if a.Cloak {
		parts = append(parts, "cloak")
	}
	if a.Flywheel > 0 || a.FromFlywheel > 0 {
		parts = append(parts, fmt.Sprintf("flywheel +%d -%d", a.Flywheel, a.FromFlywheel))
	}
	return string(a.Unit) + ": " + strings.Join(parts, ", ")
}

// Declaration is one unit's declaration of movement.
type Declaration struct {
	Unit UnitID `json:"unit"`
	// SelfDestruct destroys the unit now (X4.DM.1).
	SelfDestruct bool `json:"self_destruct,omitempty"`
	// Warp declares going into warp this turn (X4.WARP).
	Warp bool `json:"warp,omitempty"`
	// Withdraw takes a unit in a gravity rift system out of the battle
	// through the rift, with the shuttles and fighters of its hex listed
	// in Carry aboard (GRN.5-8).
	Withdraw bool     `json:"withdraw,omitempty"`
	Carry    []UnitID `json:"carry,omitempty"`
	// Enter brings a unit in reserve back on the board at this hex,
	// facing Facing (GR41.2.3; see docs/RULES.md).
	Enter  *Hex      `json:"enter,omitempty"`
	Facing Direction `json:"facing,omitempty"`
}

func (d Declaration) clone() Declaration {
	d.Carry = slices.Clone(d.Carry)
	if d.Enter != nil {
		h := *d.Enter
		d.Enter = &h
	}
	return d
}

// String summarises the declaration.
func (d Declaration) String() string {
	switch {
	case d.SelfDestruct:
		return string(d.Unit) + " self-destructs"
	case d.Warp:
		return string(d.Unit) + " goes into warp"
	case d.Withdraw && len(d.Carry) > 0:
		return string(d.Unit) + " withdraws carrying " + joinIDs(d.Carry)
	case d.Withdraw:
		return string(d.Unit) + " withdraws"
	case d.Enter != nil:
		return fmt.Sprintf("%s re-enters at %v facing %s", d.Unit, *d.Enter, d.Facing)
	}
	return string(d.Unit) + " declares nothing"
}

// MoveOp is one operation of a movement plan.
type MoveOp string

// Movement operations. Forward and the slips each use one hex of the
// impulse's movement; turns are free but need the turn mode (X4.MV.3);
// a HET faces any direction for 2 movements (X4.MV.6); decelerate gives
// up N movements into the batteries (X4.MV.7).
const (
	OpForward    MoveOp = "forward"
	OpTurnLeft   MoveOp = "turn-left"
	OpTurnRight  MoveOp = "turn-right"
	OpSlipLeft   MoveOp = "slip-left"
	OpSlipRight  MoveOp = "slip-right"
	OpHET        MoveOp = "het"
	OpDecelerate MoveOp = "decelerate"
)

// MoveStep is one operation with its argument: the new facing of a HET,
// the movements given up by a deceleration.
type MoveStep struct {
	Op     MoveOp    `json:"op"`
	Facing Direction `json:"facing,omitempty"`
	N      int       `json:"n,omitempty"`
}

// String writes the step, e.g. "forward", "het C", "decelerate 2".
func (m MoveStep) String() string {
	switch m.Op {
	case OpHET:
		return "het " + m.Facing.String()
	case OpDecelerate:
		return fmt.Sprintf("decelerate %d", m.N)
	}
	return string(m.Op)
}

// MovePlan is the whole movement of one unit in one impulse, committed
// before any of it happens (GRN.3).
type MovePlan struct {
	Unit  UnitID     `json:"unit"`
	Steps []MoveStep `json:"steps,omitempty"`
	// Erratic maneuvers this impulse, using one paid impulse (X4.EM).
	Erratic bool `json:"erratic,omitempty"`
	// Ram declares a ram on a unit in the hex the plan ends in (X4.RAM);
	// ForceDock asks for the boarding dock if both survive.
	Ram       UnitID `json:"ram,omitempty"`
	ForceDock bool   `json:"force_dock,omitempty"`
	// PickUp lists shuttles and fighters of the unit's side in the hex
	// where the plan ends, taken aboard if the unit gets there (GRN.10).
	PickUp []UnitID `json:"pick_up,omitempty"`
}

// clone returns a deep copy of the plan, nil for nil.
func (p *MovePlan) clone() *MovePlan {
	if p == nil {
		return nil
	}
	c := *p
	c.Steps, c.PickUp = slices.Clone(p.Steps), slices.Clone(p.PickUp)
	return &c
}

// String writes the plan, e.g. "kestrel: forward, turn-right, forward".
func (p MovePlan) String() string {
	steps := make([]string, len(p.Steps))
	for i, s := range p.Steps {
		steps[i] = s.String()
	}
	out := string(p.Unit) + ": " + strings.Join(steps, ", ")
	if len(p.Steps) == 0 {
		out = string(p.Unit) + ": stays"
	}
	if p.Erratic {
		out += " (erratic)"
	}
	if p.Ram != "" {
		out += " ram " + string(p.Ram)
	}
	if len(p.PickUp) > 0 {
		out += " pick up " + joinIDs(p.PickUp)
	}
	return out
}

// DockOrder asks to dock Unit with With (both ships must be willing), or
// to undock Unit when Undock is set (X4.DOCK).
type DockOrder struct {
	Unit   UnitID `json:"unit"`
	With   UnitID `json:"with,omitempty"`
	Undock bool   `json:"undock,omitempty"`
}

// String summarises the order.
func (d DockOrder) String() string {
	if d.Undock {
		return string(d.Unit) + " undocks"
	}
	return string(d.Unit) + " docks with " + string(d.With)
}

// Transfer moves battery energy and crew between docked units (X4.DOCK).
type Transfer struct {
	From   UnitID `json:"from"`
	To     UnitID `json:"to"`
	Energy int    `json:"energy,omitempty"`
	Crew   [4]int `json:"crew"`
}

// String summarises the transfer.
func (t Transfer) String() string {
	return fmt.Sprintf("%s to %s: energy %d crew %v", t.From, t.To, t.Energy, t.Crew)
}

// Shot is one mount firing at one target (X4.IMP.D).
type Shot struct {
	Attacker UnitID `json:"attacker"`
	Mount    int    `json:"mount"`
	Target   UnitID `json:"target"`
}

// String summarises the shot.
func (s Shot) String() string {
	return fmt.Sprintf("%s%s at %s", s.Attacker, MountLabel(s.Mount), s.Target)
}

// MountLabel is how players read weapon mount m of a ship, counting from
// 1: "#1" for mount 0. The orders panels, the systems card and the log
// all number weapons with it.
func MountLabel(m int) string { return "#" + strconv.Itoa(m+1) }

// Evasion is an evasive maneuver of Unit against every shot of Attacker
// at it this impulse (X4.EV).
type Evasion struct {
	Unit     UnitID `json:"unit"`
	Attacker UnitID `json:"attacker"`
}

// String summarises the evasion.
func (e Evasion) String() string { return string(e.Unit) + " evades " + string(e.Attacker) }

// Repair restores one box of Target on Unit: a system name such as
// "lwarp", or "shield1" to "shield6". Armor is never repaired here (X4.DC).
type Repair struct {
	Unit   UnitID `json:"unit"`
	Target string `json:"target"`
}

// String summarises the repair.
func (r Repair) String() string { return string(r.Unit) + " repairs " + r.Target }
