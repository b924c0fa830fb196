package rules

import "slices"

// ClassID names a unit class, e.g. "fed-cruiser".
type ClassID string

// Class is the fixed data of a unit type: the house data of the game,
// documented in docs/RULES.md and never presented as another game's.
type Class struct {
	ID   ClassID  `json:"id"`
	Name string   `json:"name"`
	Race string   `json:"race"`
	Kind UnitKind `json:"kind"`
	// SizeClass runs from 1 (largest, a starbase) to 7 (a drone).
	SizeClass int `json:"size_class"`
	// BPV is the basic point value used for victory.
	BPV int `json:"bpv"`
	// MoveCost is the energy to move one hex.
	MoveCost float64 `json:"move_cost"`
	// TurnMode is the turn mode letter of X4.MV.3.
	TurnMode string `json:"turn_mode"`
	// TechLevel is added to the initiative roll (X4.IMP.A).
	TechLevel int `json:"tech_level"`
}

// classes is the catalogue of unit classes, sorted by id.
var classes = []Class{
	{ID: "drone", Name: "Drone", Race: "any", Kind: KindDrone, SizeClass: 7, BPV: 2, MoveCost: 0, TurnMode: "SF", TechLevel: 0},
	{ID: "fed-cruiser", Name: "Heavy Cruiser", Race: "Federation", Kind: KindShip, SizeClass: 3, BPV: 125, MoveCost: 1, TurnMode: "D", TechLevel: 3},
	{ID: "fed-destroyer", Name: "Destroyer", Race: "Federation", Kind: KindShip, SizeClass: 4, BPV: 70, MoveCost: 0.5, TurnMode: "B", TechLevel: 3},
	{ID: "fed-frigate", Name: "Frigate", Race: "Federation", Kind: KindShip, SizeClass: 4, BPV: 55, MoveCost: 0.33, TurnMode: "A", TechLevel: 3},
	{ID: "fighter", Name: "Fighter", Race: "any", Kind: KindFighter, SizeClass: 6, BPV: 6, MoveCost: 0, TurnMode: "SW", TechLevel: 2},
	{ID: "kor-battlecruiser", Name: "Battlecruiser", Race: "Korath", Kind: KindShip, SizeClass: 3, BPV: 135, MoveCost: 1, TurnMode: "D", TechLevel: 2},
	{ID: "kor-raider", Name: "Raider", Race: "Korath", Kind: KindShip, SizeClass: 4, BPV: 60, MoveCost: 0.5, TurnMode: "B", TechLevel: 2},
	{ID: "kor-warbird", Name: "Warbird", Race: "Korath", Kind: KindShip, SizeClass: 3, BPV: 115, MoveCost: 1, TurnMode: "C", TechLevel: 2},
	{ID: "shuttle", Name: "Shuttle", Race: "any", Kind: KindShuttle, SizeClass: 6, BPV: 3, MoveCost: 0, TurnMode: "SF", TechLevel: 1},
	{ID: "vel-carrier", Name: "Carrier", Race: "Velari", Kind: KindShip, SizeClass: 3, BPV: 140, MoveCost: 1, TurnMode: "E", TechLevel: 4},
	{ID: "vel-corvette", Name: "Corvette", Race: "Velari", Kind: KindShip, SizeClass: 5, BPV: 40, MoveCost: 0.25, TurnMode: "AA", TechLevel: 4},
	{ID: "vel-starbase", Name: "Starbase", Race: "Velari", Kind: KindBase, SizeClass: 1, BPV: 400, MoveCost: 0, TurnMode: "", TechLevel: 4},
}

// LookupClass returns the class with the given id.
func LookupClass(id ClassID) (Class, bool) {
	i, ok := slices.BinarySearchFunc(classes, id, func(c Class, id ClassID) int {
		switch {
		case c.ID < id:
			return -1
		case c.ID > id:
			return 1
		}
		return 0
	})
	if !ok {
		return Class{}, false
	}
	return classes[i], true
}

// Classes returns every class, sorted by id.
func Classes() []Class { return slices.Clone(classes) }
