package rules

import "fmt"

// UnitID names a unit uniquely within a game, e.g. "kestrel".
type UnitID string

// UnitKind is what sort of thing a unit is.
type UnitKind string

// Unit kinds. Ships and bases carry shuttles and fighters; drones and
// plasma torpedoes are seeking weapons; monsters count as ships for phase
// space (IP8.46).
const (
	KindShip    UnitKind = "ship"
	KindBase    UnitKind = "base"
	KindShuttle UnitKind = "shuttle"
	KindFighter UnitKind = "fighter"
	KindDrone   UnitKind = "drone"
	KindPlasma  UnitKind = "plasma"
	KindMonster UnitKind = "monster"
	KindMine    UnitKind = "mine"
)

// UnitStatus says where a unit is. Every unit is always in exactly one of
// these: on a map, carried by another unit, in its owner's reserve,
// destroyed or withdrawn.
type UnitStatus string

// Unit statuses.
const (
	StatusOnMap     UnitStatus = "on-map"
	StatusCarried   UnitStatus = "carried"
	StatusReserve   UnitStatus = "reserve"
	StatusDestroyed UnitStatus = "destroyed"
	StatusWithdrawn UnitStatus = "withdrawn"
	// StatusLimbo is a unit out of phase in a game played between
	// machines (peer.go): in play, but no part of the turn or of any
	// view until it phases in.
	StatusLimbo UnitStatus = "limbo"
)

// MapID names one map in play: the scenario's own, or a destination
// scenario reached through a cosmic rift.
type MapID string

// Unit is one ship, base, small craft, seeking weapon, monster or mine.
type Unit struct {
	ID     UnitID     `json:"id"`
	Name   string     `json:"name"`
	Side   SideID     `json:"side"`
	Class  ClassID    `json:"class"`
	Kind   UnitKind   `json:"kind"`
	Status UnitStatus `json:"status"`
	Map    MapID      `json:"map"`
	Hex    Hex        `json:"hex"`
	Facing Direction  `json:"facing"`
	// Speed is in hexes per turn.
	Speed int `json:"speed"`
	// CarriedBy is the carrier of a unit whose Status is StatusCarried.
	CarriedBy UnitID `json:"carried_by,omitempty"`
	// PhasedOut is set while the unit is out of normal space (IP8.21).
	PhasedOut bool `json:"phased_out,omitempty"`
	// Phase is the record of its course while phased out, its owner's
	// secret until it phases in (IP8.337); Gear the equipment phase space
	// acts on (IP8.41-48). Both live in phasespace.go and phasegear.go.
	Phase *PhaseTrack `json:"phase,omitempty"`
	Gear  Gear        `json:"gear,omitzero"`
	// Ship is the unit's systems, damage and this turn's energy and
	// movement; NewState fills it from the class when a setup leaves it nil.
	Ship *ShipState `json:"ship,omitempty"`
	// Cross is what going through a cosmic rift left on the unit
	// (cosmic.go).
	Cross RiftCrossing `json:"cross,omitzero"`
}

// String returns the unit's name and id.
func (u *Unit) String() string {
	if u.Name == "" || u.Name == string(u.ID) {
		return string(u.ID)
	}
	return fmt.Sprintf("%s (%s)", u.Name, u.ID)
}

// OnMap reports whether the unit is placed on a map.
func (u *Unit) OnMap() bool { return u.Status == StatusOnMap }
