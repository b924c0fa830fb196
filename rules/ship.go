package rules

import (
	"fmt"
	"slices"
)

// MountState is the state of one weapon mount during a turn.
type MountState struct {
	Destroyed bool `json:"destroyed,omitempty"`
	// Armed is set by energy allocation; Fired once the mount has shot
	// this turn. Each armed mount fires at most once per turn.
	Armed bool `json:"armed,omitempty"`
	Fired bool `json:"fired,omitempty"`
	// Ammo is the drones left in a drone rack (house: rackDrones).
	Ammo int `json:"ammo,omitempty"`
	// Charge is how many turns in a row a launcher that arms over turns
	// (a plasma launcher) has been paid its arming; it is fully armed at
	// its weapon's ArmTurns (seeking.go).
	Charge int `json:"charge,omitempty"`
}

// MoveState tracks a unit's movement within the current turn.
type MoveState struct {
	// Moved is the hexes moved this turn; Lost the movements given up to
	// deceleration and HETs (X4.MV.6, X4.MV.7); Bonus the movements added
	// by terrain hooks (a gravity rift's +1).
	Moved int `json:"moved"`
	Lost  int `json:"lost"`
	Bonus int `json:"bonus"`
	// Straight is the hexes moved since the last turn, carried across
	// impulses and turns for the turn mode (X4.MV.3).
	Straight int `json:"straight"`
	// HETImpulse is the impulse of the last HET this turn, 0 for none.
	HETImpulse int `json:"het_impulse"`
	// DecelImpulse is the impulse of the last deceleration this turn, in
	// which batteries may be spent in response (X4.MV.7).
	DecelImpulse int `json:"decel_impulse,omitempty"`
	// Stopped is set when a deceleration left the unit no movement this
	// turn: it comes to a full stop, and its next acceleration starts
	// from 0 (X4.EA.5, X4.MV.7).
	Stopped bool `json:"stopped,omitempty"`
	// Rifts lists the gravity rifts ("map/system") that gave the unit
	// their +1 this turn, under the thunders-edge ruling (GRTE.1).
	Rifts []string `json:"rifts,omitempty"`
}

// ShipState is the changing state of a unit's systems: its damage track,
// shields, power and what it bought and did this turn. Units that never
// take part in combat (none yet) may leave it nil.
type ShipState struct {
	Boxes   Boxes  `json:"boxes"`
	Shields [6]int `json:"shields"`
	// Reinforce holds this turn's shield reinforcement points (X4.EA.2).
	Reinforce      [6]int `json:"reinforce"`
	Armor          int    `json:"armor"`
	ArmorReinforce int    `json:"armor_reinforce"`
	Battery        int    `json:"battery"`
	Excess         int    `json:"excess"`
	// Hits is the damage taken by a small craft.
	Hits   int          `json:"hits"`
	Crew   [4]int       `json:"crew"`
	Mounts []MountState `json:"mounts"`
	// Allocated is the speed bought at the last energy allocation, the
	// base of the acceleration limit (X4.EA.5); 0 from the turn after a
	// deceleration to a full stop.
	Allocated int `json:"allocated"`
	// PrevSpeed is the unit's speed last turn, the "old speed" a warp
	// entry adds to (X4.WARP).
	PrevSpeed int       `json:"prev_speed"`
	Move      MoveState `json:"move"`
	// ErraticPaid is how many impulses of erratic maneuvering remain
	// paid this turn; Erratic is set while the unit maneuvers erratically
	// (from its movement in an impulse to its next) (X4.EM).
	ErraticPaid int  `json:"erratic_paid"`
	Erratic     bool `json:"erratic,omitempty"`
	// Evasions counts evasive maneuvers this turn; EvadedImpulse is the
	// impulse of the last one (X4.EV).
	Evasions      int `json:"evasions"`
	EvadedImpulse int `json:"evaded_impulse"`
	// Warp is set while the unit is going into warp (X4.WARP).
	Warp bool `json:"warp,omitempty"`
	// Docked names the unit this one is docked to (X4.DOCK); BoardingOnly
	// marks a dock forced by a ram, through which only crew pass.
	Docked       UnitID `json:"docked,omitempty"`
	BoardingOnly bool   `json:"boarding_only,omitempty"`
	// TractorReady is set when this turn's allocation readied the
	// tractor beam (house rule).
	TractorReady bool `json:"tractor_ready,omitempty"`
	// Stasis is set while a stasis field holds the unit, to the end of
	// the turn; DeviceTurn is the turn it last used a device (devices.go).
	Stasis     bool `json:"stasis,omitempty"`
	DeviceTurn int  `json:"device_turn,omitempty"`
	// Elevated is set while the unit's temporal elevator has lifted it
	// out of time, to the end of the turn (devices.go).
	Elevated bool `json:"elevated,omitempty"`
	// Flywheel is the energy held in the unit's positron flywheel
	// (energy.go).
	Flywheel int `json:"flywheel,omitempty"`
	// Boarders are boarding parties of BoarderSide fighting aboard
	// (boarding.go).
	Boarders    int    `json:"boarders,omitempty"`
	BoarderSide SideID `json:"boarder_side,omitempty"`
	// CapturedFrom is the side the unit first belonged to, once captured.
	CapturedFrom SideID `json:"captured_from,omitempty"`
	// Launched is when a seeking weapon was launched, for its endurance;
	// Flown the hexes it has flown since, which a plasma torpedo's
	// warhead decays with (seeking.go).
	Launched Clock `json:"launched,omitzero"`
	Flown    int   `json:"flown,omitempty"`
	// Radiation is this turn's cosmic rift radiation effect (cosmic.go).
	Radiation Radiation `json:"radiation,omitzero"`
}

// newShipState returns the state of a fresh unit of class c at speed.
func newShipState(c *Class, speed int) *ShipState {
	ss := &ShipState{
		Boxes:     c.Boxes(),
		Shields:   c.Shields,
		Armor:     c.Armor,
		Crew:      c.Crew,
		Mounts:    make([]MountState, len(c.Mounts)),
		Allocated: speed,
	}
	for i, m := range c.Mounts {
		if w, _ := LookupWeapon(m.Weapon); w.Seeking() && !w.Charged() {
			ss.Mounts[i].Ammo = rackDrones
		}
	}
	return ss
}

func (ss *ShipState) clone() *ShipState {
	if ss == nil {
		return nil
	}
	c := *ss
	c.Mounts = slices.Clone(ss.Mounts)
	return &c
}

// Power returns the energy the intact warp, impulse and APR boxes give
// each turn.
func (ss *ShipState) Power() int {
	b := &ss.Boxes
	return max(b[SysLeftWarp]+b[SysRightWarp]+b[SysCenterWarp]-ss.Radiation.WarpLoss, 0) + b[SysImpulse] + b[SysAPR]
}

// WarpFactor returns floor(cube root of speed), the warp factor of a unit
// going into warp at that combined speed (X4.WARP).
func WarpFactor(speed int) int {
	f := 0
	for (f+1)*(f+1)*(f+1) <= speed {
		f++
	}
	return f
}

// syncMounts marks weapon mounts destroyed or repaired so that each
// weapon box kind has as many intact mounts as boxes: the chart destroys
// the first intact mount of the kind, repairs restore the first lost one.
func (ss *ShipState) syncMounts(c *Class) {
	for _, kind := range []ShipSystem{SysPhaser, SysTorpedo, SysDrone} {
		intact := 0
		for i, m := range c.Mounts {
			if w, _ := LookupWeapon(m.Weapon); w.Box == kind && !ss.Mounts[i].Destroyed {
				intact++
			}
		}
		for i, m := range c.Mounts {
			w, _ := LookupWeapon(m.Weapon)
			if w.Box != kind {
				continue
			}
			switch {
			case intact > ss.Boxes[kind] && !ss.Mounts[i].Destroyed:
				ss.Mounts[i] = MountState{Destroyed: true, Ammo: ss.Mounts[i].Ammo}
				intact--
			case intact < ss.Boxes[kind] && ss.Mounts[i].Destroyed:
				ss.Mounts[i].Destroyed = false
				intact++
			}
		}
	}
}

// shieldFacing returns the shield (0-5, shield 1 ahead, clockwise) of a
// unit at h facing f that faces a source at src. A source in the same
// hex hits shield 1.
func shieldFacing(h Hex, f Direction, src Hex) int { return relativeDirection(h, f, src) }

// rollFor returns a die function that rolls through the state and
// appends each roll's event to evs.
func (s *State) rollFor(evs *[]Event, side SideID, unit UnitID) dieFunc {
	return func(d Dice, clause, what string) int {
		r, ev := s.Roll(d, RollReason{Clause: clause, Side: side, Unit: unit, What: what})
		*evs = append(*evs, ev)
		return r.Total
	}
}

// damage applies points of damage to u on shield (0-5): shield
// reinforcement, the shield boxes (a docked partner's shield of the same
// number too, X4.DOCK), armor reinforcement, armor boxes and then the
// damage chart (X4.DAC). It returns the events and destroys the unit when
// its excess damage or hits run out.
func (s *State) damage(u *Unit, shield, points int, clause, cause string) []Event {
	var evs []Event
	if points <= 0 || !u.OnMap() || u.Ship == nil || InStasis(u) {
		return nil // nothing harms a unit in stasis (devices.go)
	}
	c := lookupClass(u.Class)
	ss := u.Ship
	left := points
	absorb := func(n *int) {
		k := min(*n, left)
		*n -= k
		left -= k
	}
	absorb(&ss.Reinforce[shield])
	absorb(&ss.Shields[shield])
	if p := s.Unit(ss.Docked); p != nil && p.Ship != nil { // a forced dock too (X4.RAM, X4.DOCK)
		absorb(&p.Ship.Reinforce[shield])
		absorb(&p.Ship.Shields[shield])
	}
	absorb(&ss.ArmorReinforce)
	absorb(&ss.Armor)
	text := fmt.Sprintf("%s takes %d on shield %d from %s, %d internal", unitName(u), points, shield+1, cause, left)
	evs = append(evs, s.newEvent(EventDamage, clause, Public, text))
	evs[len(evs)-1].Unit, evs[len(evs)-1].Amount = u.ID, points
	if left == 0 {
		return evs
	}
	if c.smallCraft() {
		ss.Hits += left
		if u.Kind == KindPlasma {
			// Damage weakens a plasma torpedo's warhead (seeking.go).
			return append(evs, s.weakenPlasma(u)...)
		}
		if ss.Hits >= c.Hits {
			evs = append(evs, s.destroy(u, "damage")...)
		}
		return evs
	}
	hits := allocateDAC(damageTrack{Boxes: &ss.Boxes, Crew: &ss.Crew, Excess: &ss.Excess}, left, s.rollFor(&evs, u.Side, u.ID))
	for _, h := range hits {
		ev := s.newEvent(EventDamage, "X4.DAC", Public, fmt.Sprintf("%s internal hit: %s", unitName(u), h))
		ev.Unit = u.ID
		evs = append(evs, ev)
	}
	ss.syncMounts(c)
	ss.Battery = min(ss.Battery, ss.Boxes[SysBattery]) // a lost battery box loses its charge
	if ss.Excess >= max(c.Excess, 1) {
		evs = append(evs, s.destroy(u, "excess damage")...)
	}
	return evs
}

// destroy removes u from play and explodes it: every other unit in its
// hex takes its explosion strength on shield 1.
func (s *State) destroy(u *Unit, why string) []Event {
	if u.Status == StatusDestroyed {
		return nil
	}
	u.Status = StatusDestroyed
	evs := []Event{s.unitEvent(EventDestroyed, "", u, fmt.Sprintf("%s is destroyed (%s)", unitName(u), why))}
	if u.Ship != nil {
		if p := s.Unit(u.Ship.Docked); p != nil && p.Ship != nil {
			p.Ship.Docked, p.Ship.BoardingOnly = "", false
		}
		u.Ship.Docked = ""
	}
	for i := range s.Units {
		if s.Units[i].Status == StatusCarried && s.Units[i].CarriedBy == u.ID {
			s.Units[i].Status = StatusDestroyed
			evs = append(evs, s.unitEvent(EventDestroyed, "", &s.Units[i], fmt.Sprintf("%s is lost with its carrier", unitName(&s.Units[i]))))
		}
	}
	c := lookupClass(u.Class)
	if c.Explosion > 0 {
		for _, o := range s.unitsAt(u.Map, u.Hex) {
			if o.ID != u.ID && o.OnMap() && o.PhasedOut == u.PhasedOut { // not across phase (IP8.12)
				evs = append(evs, s.damage(o, 0, c.Explosion, "", "the explosion of "+unitName(u))...)
			}
		}
	}
	return evs
}

// unitEvent returns a public event about a unit.
func (s *State) unitEvent(kind EventKind, clause string, u *Unit, text string) Event {
	ev := s.newEvent(kind, clause, Public, text)
	ev.Unit, ev.Side = u.ID, u.Side
	return ev
}
