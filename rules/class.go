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
	// MoveCost is the energy to buy one movement point; six movement
	// points make one hex (X4.EA.4).
	MoveCost float64 `json:"move_cost"`
	// TurnMode is the turn mode letter of X4.MV.3; empty for units that
	// never move.
	TurnMode string `json:"turn_mode"`
	// TechLevel is added to the initiative roll (X4.IMP.A).
	TechLevel int `json:"tech_level"`

	// Warp, Impulse and APR are the power boxes, one energy each per
	// turn; warp boxes split between left and right engines, with
	// CenterWarp of them in a centre engine. Battery is the battery
	// capacity.
	Warp       int `json:"warp,omitempty"`
	CenterWarp int `json:"center_warp,omitempty"`
	Impulse    int `json:"impulse,omitempty"`
	APR        int `json:"apr,omitempty"`
	Battery    int `json:"battery,omitempty"`
	// Shields are the shield boxes of shields 1-6 (1 ahead, clockwise).
	Shields [6]int `json:"shields"`
	// Armor is the number of armor boxes.
	Armor int `json:"armor,omitempty"`
	// Excess is how many excess damage points destroy the ship.
	Excess int `json:"excess,omitempty"`
	// Explosion is the explosion strength, used for rams (X4.RAM) and
	// when the unit is destroyed.
	Explosion int `json:"explosion,omitempty"`
	// Crew holds crew units, boarding parties, deck crews, passengers.
	Crew [4]int `json:"crew"`
	// Mounts are the weapons, in the order commands refer to them.
	Mounts []Mount `json:"mounts,omitempty"`
	// Systems holds the boxes of every chart system other than power
	// and weapons, which come from Warp, Impulse, APR, Battery and Mounts.
	Systems Boxes `json:"systems"`
	// UWarp marks units with UWARP/VWARP, free to move any number of
	// their remaining hexes in each impulse (X4.MV.2).
	UWarp bool `json:"uwarp,omitempty"`
	// Hits is the damage a small craft (no damage chart) can take.
	Hits int `json:"hits,omitempty"`
	// MaxSpeed is the fixed speed of small craft, which do not allocate
	// energy.
	MaxSpeed int `json:"max_speed,omitempty"`
	// Warhead is the damage a seeking weapon does when it strikes.
	Warhead int `json:"warhead,omitempty"`
	// CloakCost is the energy per turn of the class's cloaking device,
	// 0 for none (house rule).
	CloakCost int `json:"cloak_cost,omitempty"`
	// Devices lists the devices fitted to the class (devices.go).
	Devices []DeviceKind `json:"devices,omitempty"`
	// Flywheel is the capacity of the class's positron flywheel, 0 for
	// none (house rule, energy.go).
	Flywheel int `json:"flywheel,omitempty"`
}

// smallCraft reports whether the class has a simple hit track instead of
// the damage chart and allocates no energy: shuttles, fighters, drones,
// mines and monsters.
func (c *Class) smallCraft() bool { return c.Hits > 0 }

// Mobile reports whether units of the class ever move.
func (c *Class) Mobile() bool { return c.TurnMode != "" }

// Boxes returns the full damage track of a new unit of the class.
func (c *Class) Boxes() Boxes {
	b := c.Systems
	b[SysCenterWarp] = c.CenterWarp
	side := c.Warp - c.CenterWarp
	b[SysLeftWarp] = side - side/2
	b[SysRightWarp] = side / 2
	b[SysImpulse] = c.Impulse
	b[SysAPR] = c.APR
	b[SysBattery] = c.Battery
	for _, m := range c.Mounts {
		if w, ok := LookupWeapon(m.Weapon); ok {
			b[w.Box]++
		}
	}
	return b
}

// moveCostFraction returns MoveCost as num/den with a small denominator,
// so that movement arithmetic stays in integers (0.33 is one third).
func (c *Class) moveCostFraction() (num, den int) {
	if c.MoveCost <= 0 {
		return 0, 1
	}
	for den := 1; den <= 12; den++ {
		x := c.MoveCost * float64(den)
		n := int(x + 0.5)
		if n > 0 && absf(x-float64(n)) < 0.02 {
			return n, den
		}
	}
	return int(c.MoveCost*100 + 0.5), 100
}

const (
	fa   = ArcFA
	fh   = ArcFH
	ls   = ArcLS
	rs   = ArcRS
	ra   = ArcRA
	a360 = Arc360
)

func mounts(ms ...any) []Mount {
	var out []Mount
	for i := 0; i < len(ms); i += 3 {
		for range ms[i+2].(int) {
			out = append(out, Mount{Weapon: WeaponID(ms[i].(string)), Arc: ms[i+1].(Arc)})
		}
	}
	return out
}

// classes is the catalogue of unit classes, sorted by id. It is house
// data; docs/RULES.md explains how it was set.
var classes = []Class{
	{ID: "drone", Name: "Drone", Race: "any", Kind: KindDrone, SizeClass: 7, BPV: 2, MoveCost: 0, TurnMode: "SF", TechLevel: 0,
		Hits: 4, MaxSpeed: 12, Warhead: 12, UWarp: true},
	{ID: "fed-cruiser", Name: "Heavy Cruiser", Race: "Federation", Kind: KindShip, SizeClass: 3, BPV: 125, MoveCost: 1, TurnMode: "D", TechLevel: 3,
		Warp: 30, Impulse: 4, APR: 2, Battery: 4, Shields: [6]int{16, 12, 10, 8, 10, 12}, Excess: 6, Explosion: 15,
		Crew:   [4]int{40, 10, 4, 0},
		Mounts: mounts("phaser-1", fa, 2, "phaser-1", ls, 1, "phaser-1", rs, 1, "photon", fa, 2, "drone-rack", a360, 1),
		Systems: Boxes{SysBridge: 2, SysFlag: 1, SysEmergency: 1, SysAuxiliary: 1, SysDamageControl: 3, SysForwardHull: 6, SysAftHull: 6,
			SysLab: 4, SysShuttle: 2, SysSensor: 4, SysScanner: 4, SysTransporter: 3, SysTractor: 2}},
	{ID: "fed-destroyer", Name: "Destroyer", Race: "Federation", Kind: KindShip, SizeClass: 4, BPV: 70, MoveCost: 0.5, TurnMode: "B", TechLevel: 3,
		Warp: 16, Impulse: 2, APR: 2, Battery: 2, Shields: [6]int{10, 8, 6, 5, 6, 8}, Excess: 4, Explosion: 8,
		Crew:   [4]int{20, 4, 2, 0},
		Mounts: mounts("phaser-1", fa, 1, "phaser-2", ls, 1, "phaser-2", rs, 1, "photon", fa, 1),
		Systems: Boxes{SysBridge: 1, SysEmergency: 1, SysAuxiliary: 1, SysDamageControl: 2, SysForwardHull: 3, SysAftHull: 3,
			SysLab: 1, SysShuttle: 1, SysSensor: 2, SysScanner: 2, SysTransporter: 1, SysTractor: 1}},
	{ID: "fed-frigate", Name: "Frigate", Race: "Federation", Kind: KindShip, SizeClass: 4, BPV: 55, MoveCost: 0.33, TurnMode: "A", TechLevel: 3,
		Warp: 10, Impulse: 2, APR: 1, Battery: 2, Shields: [6]int{8, 6, 5, 4, 5, 6}, Excess: 3, Explosion: 6,
		Crew:   [4]int{14, 2, 1, 0},
		Mounts: mounts("phaser-2", fa, 1, "phaser-3", a360, 1, "photon", fa, 1),
		Systems: Boxes{SysBridge: 1, SysEmergency: 1, SysDamageControl: 1, SysForwardHull: 2, SysAftHull: 2,
			SysShuttle: 1, SysSensor: 1, SysScanner: 1, SysTransporter: 1, SysTractor: 1}},
	{ID: "fighter", Name: "Fighter", Race: "any", Kind: KindFighter, SizeClass: 6, BPV: 6, MoveCost: 0, TurnMode: "SW", TechLevel: 2,
		Hits: 8, MaxSpeed: 12, Explosion: 2, UWarp: true, Mounts: mounts("phaser-3", fa, 1)},
	{ID: "kor-battlecruiser", Name: "Battlecruiser", Race: "Korath", Kind: KindShip, SizeClass: 3, BPV: 135, MoveCost: 1, TurnMode: "D", TechLevel: 2,
		Warp: 30, Impulse: 4, APR: 4, Battery: 5, Shields: [6]int{18, 12, 10, 10, 10, 12}, Armor: 4, Excess: 6, Explosion: 16,
		Crew:   [4]int{44, 12, 4, 0},
		Mounts: mounts("phaser-2", fh, 2, "phaser-2", ls, 1, "phaser-2", rs, 1, "disruptor", fa, 4, "drone-rack", a360, 2),
		Systems: Boxes{SysBridge: 2, SysFlag: 1, SysEmergency: 1, SysAuxiliary: 1, SysDamageControl: 3, SysForwardHull: 5, SysAftHull: 7,
			SysShuttle: 2, SysSensor: 4, SysScanner: 4, SysTransporter: 4, SysTractor: 2, SysCargo: 2}},
	{ID: "kor-raider", Name: "Raider", Race: "Korath", Kind: KindShip, SizeClass: 4, BPV: 60, MoveCost: 0.5, TurnMode: "B", TechLevel: 2,
		Warp: 16, Impulse: 2, APR: 2, Battery: 2, Shields: [6]int{12, 8, 6, 6, 6, 8}, Armor: 2, Excess: 4, Explosion: 8,
		Crew:   [4]int{18, 6, 2, 0},
		Mounts: mounts("phaser-2", fh, 1, "phaser-3", a360, 1, "disruptor", fa, 2),
		Systems: Boxes{SysBridge: 1, SysEmergency: 1, SysAuxiliary: 1, SysDamageControl: 2, SysForwardHull: 2, SysAftHull: 4,
			SysShuttle: 1, SysSensor: 2, SysScanner: 2, SysTransporter: 2, SysTractor: 1, SysCargo: 1}},
	{ID: "kor-sunhawk", Name: "Sunhawk", Race: "Korath", Kind: KindShip, SizeClass: 3, BPV: 125, MoveCost: 1, TurnMode: "C", TechLevel: 2,
		Warp: 24, CenterWarp: 4, Impulse: 4, APR: 2, Battery: 3, Shields: [6]int{16, 12, 12, 10, 12, 12}, Armor: 4, Excess: 6, Explosion: 14,
		Crew:   [4]int{36, 10, 4, 0},
		Mounts: mounts("phaser-1", fa, 2, "phaser-2", ls, 1, "phaser-2", rs, 1, "phaser-3", ra, 2, "plasma", fa, 2),
		Systems: Boxes{SysBridge: 2, SysEmergency: 1, SysAuxiliary: 1, SysDamageControl: 2, SysForwardHull: 4, SysAftHull: 4, SysCenterHull: 2,
			SysShuttle: 2, SysSensor: 3, SysScanner: 3, SysTransporter: 2, SysTractor: 2}},
	{ID: "kor-warbird", Name: "Warbird", Race: "Korath", Kind: KindShip, SizeClass: 3, BPV: 115, MoveCost: 1, TurnMode: "C", TechLevel: 2,
		Warp: 24, CenterWarp: 4, Impulse: 4, APR: 2, Battery: 3, Shields: [6]int{15, 12, 12, 10, 12, 12}, Armor: 6, Excess: 6, Explosion: 14,
		CloakCost: 6,
		Crew:      [4]int{36, 10, 4, 0},
		Mounts:    mounts("phaser-1", fa, 2, "phaser-3", ra, 2, "disruptor", fa, 2),
		Systems: Boxes{SysBridge: 2, SysEmergency: 1, SysAuxiliary: 1, SysDamageControl: 2, SysForwardHull: 4, SysAftHull: 4, SysCenterHull: 2,
			SysShuttle: 2, SysSensor: 3, SysScanner: 3, SysTransporter: 2, SysTractor: 2}},
	{ID: "mine", Name: "Mine", Race: "any", Kind: KindMine, SizeClass: 7, BPV: 1, TurnMode: "", TechLevel: 0,
		Hits: 1, Explosion: 10},
	{ID: "monster-leviathan", Name: "Leviathan", Race: "monster", Kind: KindMonster, SizeClass: 2, BPV: 150, TurnMode: "C", TechLevel: 0,
		Hits: 80, MaxSpeed: 6, Explosion: 20, Mounts: mounts("maw", a360, 2)},
	{ID: "plasma", Name: "Plasma torpedo", Race: "any", Kind: KindPlasma, SizeClass: 7, BPV: 2, MoveCost: 0, TurnMode: "SF", TechLevel: 0,
		Hits: plasmaWarheadMax, MaxSpeed: plasmaSpeed, Warhead: plasmaWarheadMax, UWarp: true},
	{ID: "shuttle", Name: "Shuttle", Race: "any", Kind: KindShuttle, SizeClass: 6, BPV: 3, MoveCost: 0, TurnMode: "SF", TechLevel: 1,
		Hits: 6, MaxSpeed: 6, Explosion: 2, Mounts: mounts("phaser-3", a360, 1)},
	{ID: "vel-carrier", Name: "Carrier", Race: "Velari", Kind: KindShip, SizeClass: 3, BPV: 140, MoveCost: 1, TurnMode: "E", TechLevel: 4,
		Warp: 28, Impulse: 4, APR: 3, Battery: 6, Shields: [6]int{14, 12, 12, 12, 12, 12}, Excess: 7, Explosion: 16,
		Devices: []DeviceKind{DeviceDisplacement, DeviceWeb}, Flywheel: 6,
		Crew:   [4]int{50, 6, 16, 0},
		Mounts: mounts("phaser-1", a360, 2, "phaser-3", a360, 2, "drone-rack", a360, 2),
		Systems: Boxes{SysBridge: 2, SysFlag: 1, SysEmergency: 1, SysAuxiliary: 1, SysDamageControl: 3, SysForwardHull: 4, SysAftHull: 6,
			SysLab: 2, SysShuttle: 8, SysSensor: 4, SysScanner: 4, SysTransporter: 2, SysTractor: 3, SysCargo: 2}},
	{ID: "vel-corvette", Name: "Corvette", Race: "Velari", Kind: KindShip, SizeClass: 5, BPV: 40, MoveCost: 0.25, TurnMode: "AA", TechLevel: 4,
		Warp: 6, Impulse: 1, APR: 1, Battery: 1, Shields: [6]int{6, 5, 4, 4, 4, 5}, Excess: 2, Explosion: 3, UWarp: true,
		Crew:    [4]int{8, 2, 0, 0},
		Mounts:  mounts("phaser-2", fa, 1, "phaser-3", a360, 1),
		Systems: Boxes{SysBridge: 1, SysDamageControl: 1, SysForwardHull: 1, SysAftHull: 2, SysSensor: 1, SysScanner: 1, SysTransporter: 1}},
	{ID: "vel-starbase", Name: "Starbase", Race: "Velari", Kind: KindBase, SizeClass: 1, BPV: 400, MoveCost: 0, TurnMode: "", TechLevel: 4,
		APR: 40, Battery: 10, Shields: [6]int{30, 30, 30, 30, 30, 30}, Armor: 10, Excess: 12, Explosion: 40,
		Crew:    [4]int{80, 20, 10, 20},
		Devices: []DeviceKind{DeviceESG, DeviceSFG, DeviceWeb},
		Mounts:  mounts("phaser-1", a360, 6, "photon", a360, 4, "drone-rack", a360, 2),
		Systems: Boxes{SysBridge: 2, SysFlag: 1, SysEmergency: 2, SysAuxiliary: 2, SysDamageControl: 6, SysForwardHull: 8, SysAftHull: 8, SysCenterHull: 12,
			SysLab: 6, SysShuttle: 6, SysSensor: 6, SysScanner: 6, SysTransporter: 6, SysTractor: 4, SysCargo: 10}},
}

// LookupClass returns the class with the given id.
func LookupClass(id ClassID) (Class, bool) {
	c := lookupClass(id)
	if c == nil {
		return Class{}, false
	}
	return *c, true
}

// classIndex finds a class's place in the catalogue; it is only read.
var classIndex = func() map[ClassID]int {
	m := make(map[ClassID]int, len(classes))
	for i, c := range classes {
		m[c.ID] = i
	}
	return m
}()

// lookupClass returns a pointer into the catalogue, or nil.
func lookupClass(id ClassID) *Class {
	if i, ok := classIndex[id]; ok {
		return &classes[i]
	}
	return nil
}

// Classes returns every class, sorted by id.
func Classes() []Class { return slices.Clone(classes) }
