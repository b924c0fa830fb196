package rules

import (
	"fmt"
	"slices"
)

// WeaponID names a weapon type, e.g. "phaser-1".
type WeaponID string

// RangeBand is one column of a house weapon table: up to MaxRange hexes,
// a modified 1d6 roll of Hit or less hits for Damage points. Hit 0 means
// the weapon cannot hit at that range.
type RangeBand struct {
	MaxRange int `json:"max_range"`
	Hit      int `json:"hit"`
	Damage   int `json:"damage"`
}

// Weapon is the house data of one direct-fire or seeking weapon type
// (RULES-SYNTHESIS section 7: house tables, never another game's).
type Weapon struct {
	ID   WeaponID `json:"id"`
	Name string   `json:"name"`
	// Box is the chart system a mount of this weapon counts as.
	Box ShipSystem `json:"box"`
	// Arm is the energy to arm the weapon for one turn's shot, or, for a
	// launcher that arms over turns, the energy of each turn of arming.
	Arm int `json:"arm"`
	// ArmTurns is how many turns in a row a launcher must be paid its Arm
	// before it can launch; 0 for weapons armed within the turn and for
	// drone racks, which are loaded. Hold is the energy per turn that
	// keeps a fully armed launcher armed (house rule, seeking.go).
	ArmTurns int `json:"arm_turns,omitempty"`
	Hold     int `json:"hold,omitempty"`
	// Bands are the range bands in increasing MaxRange; none for seeking
	// weapons, which are launched rather than fired.
	Bands []RangeBand `json:"bands,omitempty"`
}

// Seeking reports whether the weapon is launched rather than fired.
func (w Weapon) Seeking() bool { return len(w.Bands) == 0 }

// Charged reports whether the weapon is a launcher armed by energy over
// turns (a plasma launcher) rather than loaded with seekers (a drone rack).
func (w Weapon) Charged() bool { return w.ArmTurns > 0 }

// MaxRange returns the longest range the weapon can fire at.
func (w Weapon) MaxRange() int {
	if len(w.Bands) == 0 {
		return -1
	}
	return w.Bands[len(w.Bands)-1].MaxRange
}

// Band returns the range band for a range, and false beyond the table.
func (w Weapon) Band(rng int) (RangeBand, bool) {
	for _, b := range w.Bands {
		if rng <= b.MaxRange {
			return b, b.Hit > 0
		}
	}
	return RangeBand{}, false
}

// weapons is the house weapon table, sorted by id. Ranges are in the
// mega-hexes of the 3X/4X rules; docs/RULES.md prints the same table.
var weapons = []Weapon{
	{ID: "disruptor", Name: "Disruptor", Box: SysTorpedo, Arm: 2, Bands: []RangeBand{
		{0, 6, 5}, {2, 5, 4}, {4, 4, 4}, {8, 3, 3}, {15, 2, 2}}},
	{ID: "drone-rack", Name: "Drone rack", Box: SysDrone, Arm: 0},
	{ID: "maw", Name: "Maw", Box: SysTorpedo, Arm: 0, Bands: []RangeBand{
		{0, 6, 10}, {1, 5, 8}}},
	{ID: "phaser-1", Name: "Phaser-1", Box: SysPhaser, Arm: 1, Bands: []RangeBand{
		{0, 6, 6}, {1, 5, 5}, {2, 5, 4}, {4, 4, 3}, {8, 3, 2}, {15, 2, 1}}},
	{ID: "phaser-2", Name: "Phaser-2", Box: SysPhaser, Arm: 1, Bands: []RangeBand{
		{0, 6, 5}, {1, 5, 4}, {2, 4, 3}, {4, 3, 2}, {8, 2, 1}}},
	{ID: "phaser-3", Name: "Phaser-3", Box: SysPhaser, Arm: 1, Bands: []RangeBand{
		{0, 6, 4}, {1, 5, 3}, {2, 4, 2}, {4, 2, 1}}},
	{ID: "photon", Name: "Photon torpedo", Box: SysTorpedo, Arm: 4, Bands: []RangeBand{
		{0, 0, 0}, {1, 5, 8}, {2, 4, 8}, {4, 3, 8}, {8, 2, 8}, {12, 1, 8}}},
	{ID: "plasma", Name: "Plasma launcher", Box: SysTorpedo, Arm: 2, ArmTurns: 2, Hold: 1},
}

// LookupWeapon returns the weapon type with the given id.
func LookupWeapon(id WeaponID) (Weapon, bool) {
	i, ok := slices.BinarySearchFunc(weapons, id, func(w Weapon, id WeaponID) int {
		return compareString(string(w.ID), string(id))
	})
	if !ok {
		return Weapon{}, false
	}
	return weapons[i], true
}

// Arc is a firing arc: a set of directions relative to the firing unit's
// facing, bit 0 straight ahead and the others clockwise.
type Arc uint8

// Common arcs: forward (ahead and both forward quarters), the forward
// half, the left and right sides, the rear, and all round.
const (
	ArcFA  Arc = 1<<0 | 1<<1 | 1<<5
	ArcFH  Arc = 1<<0 | 1<<1 | 1<<5 | 1<<2 | 1<<4
	ArcLS  Arc = 1<<5 | 1<<4 | 1<<0
	ArcRS  Arc = 1<<1 | 1<<2 | 1<<0
	ArcRA  Arc = 1<<3 | 1<<2 | 1<<4
	Arc360 Arc = 1<<6 - 1
)

// Covers reports whether the arc includes relative direction rel (0-5).
func (a Arc) Covers(rel int) bool { return a&(1<<uint(((rel%6)+6)%6)) != 0 }

// String lists the relative directions of the arc, e.g. "FA" or "360".
func (a Arc) String() string {
	switch a {
	case ArcFA:
		return "FA"
	case ArcFH:
		return "FH"
	case ArcLS:
		return "LS"
	case ArcRS:
		return "RS"
	case ArcRA:
		return "RA"
	case Arc360:
		return "360"
	}
	return fmt.Sprintf("Arc(%06b)", uint8(a))
}

// Mount is one weapon on a class, with its arc.
type Mount struct {
	Weapon WeaponID `json:"weapon"`
	Arc    Arc      `json:"arc"`
}

// relativeDirection returns the direction from a unit at from facing f
// toward to, as 0-5 clockwise from f; the same hex counts as ahead.
func relativeDirection(from Hex, f Direction, to Hex) int {
	d, ok := from.DirectionTo(to)
	if !ok {
		return 0
	}
	return ((int(d)-int(f))%6 + 6) % 6
}

func compareString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
