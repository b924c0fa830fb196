package rules

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// ShipSystem is one kind of internal box on a ship's damage track: the
// entries of the 3X/4X damage allocation chart (X4.DAC.T). Every class
// holds a count of boxes for each system it carries.
type ShipSystem uint8

// The systems named by the damage allocation chart. SysCHull is the centre
// hull, reached only through the chart's "*hull" (any hull) entries.
const (
	SysBridge ShipSystem = iota
	SysFlag
	SysEmergency
	SysAuxiliary
	SysDamageControl
	SysForwardHull
	SysAftHull
	SysCenterHull
	SysCenterWarp
	SysLeftWarp
	SysRightWarp
	SysLab
	SysPhaser
	SysImpulse
	SysAPR
	SysDrone
	SysBattery
	SysShuttle
	SysSensor
	SysScanner
	SysTransporter
	SysTractor
	SysTorpedo
	SysCargo
	NumSystems
)

var systemNames = [NumSystems]string{
	"brdg", "flag", "emer", "aux", "damc", "fhull", "ahull", "chull", "cwarp", "lwarp", "rwarp",
	"lab", "phas", "imp", "apr", "drn", "btty", "shtl", "sen", "scan", "tran", "trac", "torp", "cargo",
}

// String returns the system's chart name in lower case, e.g. "lwarp".
func (s ShipSystem) String() string {
	if s < NumSystems {
		return systemNames[s]
	}
	return fmt.Sprintf("ShipSystem(%d)", uint8(s))
}

// systemWords are the systems' names for people, in system order.
var systemWords = [NumSystems]string{
	"bridge", "flag bridge", "emergency bridge", "auxiliary control", "damage control",
	"forward hull", "aft hull", "centre hull", "centre warp engine", "left warp engine", "right warp engine",
	"lab", "phaser", "impulse engine", "auxiliary power reactor", "drone rack", "battery", "shuttle bay",
	"sensor", "scanner", "transporter", "tractor beam", "heavy weapon", "cargo hold",
}

// Words returns the system's name for people, e.g. "left warp engine".
func (s ShipSystem) Words() string {
	if s < NumSystems {
		return systemWords[s]
	}
	return s.String()
}

// RepairWords names a damage-control target (a system's chart name or
// "shieldN") for people: "left warp engine", "shield 6"; a target the
// rules do not know is itself.
func RepairWords(target string) string {
	sys, shield, err := repairTarget(target)
	switch {
	case err != nil:
		return target
	case shield >= 0:
		return fmt.Sprintf("shield %d", shield+1)
	}
	return sys.Words()
}

// parseSystem reads a system's chart name (either case).
func parseSystem(name string) (ShipSystem, error) {
	for i, n := range systemNames {
		if equalFoldASCII(n, name) {
			return ShipSystem(i), nil
		}
	}
	return 0, fmt.Errorf("rules: unknown ship system %q", name)
}

// MarshalText writes the system's chart name.
func (s ShipSystem) MarshalText() ([]byte, error) {
	if s >= NumSystems {
		return nil, fmt.Errorf("rules: invalid system %d", uint8(s))
	}
	return []byte(s.String()), nil
}

// UnmarshalText reads a system's chart name.
func (s *ShipSystem) UnmarshalText(b []byte) error {
	v, err := parseSystem(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// Boxes counts the intact boxes of every system. It is an array, so
// copying a ship copies its damage track.
type Boxes [NumSystems]int

// MarshalJSON writes only the systems that have boxes, as an object in
// system order, which keeps saves short and stable.
func (b Boxes) MarshalJSON() ([]byte, error) {
	out := []byte{'{'}
	first := true
	for i, n := range b {
		if n == 0 {
			continue
		}
		if !first {
			out = append(out, ',')
		}
		first = false
		out = append(out, '"')
		out = append(out, systemNames[i]...)
		out = append(out, '"', ':')
		out = strconv.AppendInt(out, int64(n), 10)
	}
	return append(out, '}'), nil
}

// UnmarshalJSON reads boxes written by MarshalJSON.
func (b *Boxes) UnmarshalJSON(data []byte) error {
	var m map[string]int
	if err := json.Unmarshal(data, &m); err != nil {
		return fmt.Errorf("rules: system boxes: %w", err)
	}
	*b = Boxes{}
	for name, n := range m {
		s, err := parseSystem(name)
		if err != nil {
			return err
		}
		if n < 0 {
			return fmt.Errorf("rules: system %s has %d boxes", name, n)
		}
		b[s] = n
	}
	return nil
}

// Total returns the number of intact boxes over all systems.
func (b *Boxes) Total() int {
	t := 0
	for _, n := range b {
		t += n
	}
	return t
}

// CrewKind is one of the four kinds of people aboard a ship, as the
// chart's "crew" sub-roll names them (X4.DAC.3).
type CrewKind uint8

// Crew kinds in the order of the sub-roll.
const (
	crewUnits CrewKind = iota
	BoardingParties
	deckCrews
	passengers
)

var crewNames = [4]string{"crew", "boarding-party", "deck-crew", "passenger"}

// crewWords are the crew kinds' names for people, in kind order.
var crewWords = [4]string{"crew unit", "boarding party", "deck crew", "passenger"}

// words returns the crew kind's name for people, e.g. "boarding party".
func (c CrewKind) words() string {
	if int(c) < len(crewWords) {
		return crewWords[c]
	}
	return c.String()
}

// String returns the crew kind's name.
func (c CrewKind) String() string {
	if int(c) < len(crewNames) {
		return crewNames[c]
	}
	return fmt.Sprintf("CrewKind(%d)", uint8(c))
}

// crewFromDie maps the crew sub-roll to a crew kind: 1-2 crew, 3-4
// boarding party, 5 deck crew, 6 passengers (X4.DAC.3).
func crewFromDie(face int) CrewKind {
	switch {
	case face <= 2:
		return crewUnits
	case face <= 4:
		return BoardingParties
	case face == 5:
		return deckCrews
	}
	return passengers
}

func equalFoldASCII(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}
