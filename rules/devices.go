package rules

import (
	"fmt"
	"slices"
)

// House rules of the devices the phenomena rules name (docs/RULES.md,
// "Devices"): the expanding sphere generator, the stasis field generator,
// the displacement device and the temporal elevator (the positron
// flywheel is an energy store, energy.go). A unit has a device when its class lists
// it or its scenario put it in Gear.Devices; a device works only in
// normal space (IP8.48, deviceWorks). Devices run on battery energy and
// are used in impulse activity, each unit using at most one device a turn.

// DeviceUse uses Unit's device on Target (the stasis field and the
// displacement device) or around the unit (the sphere). Facing is the
// direction a displaced target is thrown.
type DeviceUse struct {
	Unit   UnitID     `json:"unit"`
	Device DeviceKind `json:"device"`
	Target UnitID     `json:"target,omitempty"`
	Facing Direction  `json:"facing,omitempty"`
}

// String summarises the use.
func (d DeviceUse) String() string {
	switch d.Device {
	case DeviceDisplacement:
		return fmt.Sprintf("%s displaces %s toward %s", d.Unit, d.Target, d.Facing)
	case DeviceSFG:
		return fmt.Sprintf("%s holds %s in stasis", d.Unit, d.Target)
	case DeviceTemporal:
		return fmt.Sprintf("%s rides its temporal elevator to the end of the turn", d.Unit)
	}
	return fmt.Sprintf("%s fires its %s", d.Unit, d.Device)
}

// Device house numbers.
const (
	// deviceRange is the reach of the stasis field and the displacement
	// device; ESGRange the radius of the sphere.
	deviceRange = 3
	ESGRange    = 1
	// esgDamage is what the sphere does to each unit it reaches.
	esgDamage = 6
	// DisplaceHexes is how far the displacement device throws its target.
	DisplaceHexes = 3
)

// deviceCost is the battery energy each device takes.
var deviceCost = map[DeviceKind]int{DeviceESG: 4, DeviceSFG: 4, DeviceDisplacement: 6, DeviceTemporal: 3}

// hasDevice reports whether u is fitted with d.
func hasDevice(u *Unit, d DeviceKind) bool {
	if c := lookupClass(u.Class); c != nil && slices.Contains(c.Devices, d) {
		return true
	}
	return slices.Contains(u.Gear.Devices, d)
}

// InStasis reports whether u is held in a stasis field this turn, or has
// lifted itself out of time with its temporal elevator: it neither moves
// nor acts, and nothing can harm it.
func InStasis(u *Unit) bool { return u.Ship != nil && (u.Ship.Stasis || u.Ship.Elevated) }

// checkDevice reports why a device use is not allowed now, or nil.
func (s *State) checkDevice(u *Unit, d DeviceUse) error {
	cost, known := deviceCost[d.Device]
	switch {
	case !known:
		return refuse("", "%s is not a device that can be used in impulse activity", d.Device)
	case !hasDevice(u, d.Device):
		return refuse("", "%s has no %s", u.ID, d.Device)
	case u.PhasedOut:
		return refuse("IP8.48", "%s's %s does not work out of phase", u.ID, d.Device)
	case InStasis(u) || cloaked(u):
		return refuse("", "%s cannot use devices now", u.ID)
	case u.Ship.DeviceTurn == s.Clock.Turn:
		return refuse("", "%s has used a device this turn", u.ID)
	case u.Ship.Battery < cost:
		return refuse("", "%s's %s needs %d battery energy, %d held", u.ID, d.Device, cost, u.Ship.Battery)
	}
	if d.Device == DeviceESG || d.Device == DeviceTemporal {
		return nil // no target
	}
	t := s.Unit(d.Target)
	switch {
	case t == nil || t.ID == u.ID || !t.OnMap() || t.PhasedOut || t.Map != u.Map || hiddenFrom(t, u.Side):
		return refuse("", "%s cannot aim its %s at %q", u.ID, d.Device, d.Target)
	case u.Hex.Distance(t.Hex) > deviceRange:
		return refuse("", "%s is beyond the %s's range %d", t.ID, d.Device, deviceRange)
	case !lookupClass(t.Class).Mobile():
		return refuse("", "the %s cannot act on the %s %s", d.Device, lookupClass(t.Class).Name, t.ID)
	case d.Device == DeviceDisplacement && !d.Facing.valid():
		return refuse("", "invalid displacement direction")
	}
	return cloakBlocksFire(u, t)
}

// checkDevices validates a side's device uses.
func (s *State) checkDevices(side SideID, uses []DeviceUse) error {
	seen := map[UnitID]bool{}
	for _, d := range uses {
		u, err := s.ownedUnit(side, d.Unit)
		if err != nil {
			return err
		}
		if seen[d.Unit] {
			return refuse("", "%s uses two devices", d.Unit)
		}
		seen[d.Unit] = true
		if err := s.checkDevice(u, d); err != nil {
			return err
		}
	}
	return nil
}

// possibleDevices returns one use of each device of u that could work now
// against the nearest other-side unit.
func (s *State) possibleDevices(u *Unit) []DeviceUse {
	if u.Ship == nil || !u.OnMap() {
		return nil
	}
	var out []DeviceUse
	for _, d := range []DeviceKind{DeviceESG, DeviceSFG, DeviceDisplacement, DeviceTemporal} {
		if !hasDevice(u, d) {
			continue
		}
		if d == DeviceESG || d == DeviceTemporal {
			if use := (DeviceUse{Unit: u.ID, Device: d}); s.checkDevice(u, use) == nil {
				out = append(out, use)
			}
			continue
		}
		for _, t := range s.unitsWithin(u.Map, u.Hex, deviceRange) {
			use := DeviceUse{Unit: u.ID, Device: d, Target: t.ID, Facing: u.Facing}
			if t.Side != u.Side && s.checkDevice(u, use) == nil {
				out = append(out, use)
				break
			}
		}
	}
	return out
}

// sampleDevices offers, for each unit of the side, one usable device,
// taking them in turn from impulse to impulse.
func (s *State) sampleDevices(side SideID) []DeviceUse {
	var out []DeviceUse
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side {
			if ds := s.possibleDevices(u); len(ds) > 0 {
				out = append(out, ds[(s.Clock.Turn+s.Clock.Impulse)%len(ds)])
			}
		}
	}
	return out
}

// execDevices applies the revealed device uses in unit order.
func (s *State) execDevices(sealed []Sealed) []Event {
	uses := revealed(sealed, func(c *Command) []DeviceUse { return c.Devices }, func(o DeviceUse) UnitID { return o.Unit })
	var evs []Event
	for _, d := range uses {
		u := s.Unit(d.Unit)
		if !u.OnMap() || s.checkDevice(u, d) != nil {
			continue // undone by an earlier use in this activity
		}
		u.Ship.Battery -= deviceCost[d.Device]
		u.Ship.DeviceTurn = s.Clock.Turn
		evs = append(evs, s.unitEvent(EventNote, "", u, s.namedText(d.String())))
		switch d.Device {
		case DeviceESG:
			for _, t := range s.unitsWithin(u.Map, u.Hex, ESGRange) {
				if t.ID != u.ID && t.Side != u.Side && t.OnMap() && !t.PhasedOut {
					evs = append(evs, s.damage(t, shieldFacing(t.Hex, t.Facing, u.Hex), esgDamage, "", unitName(u)+"'s sphere")...)
				}
			}
		case DeviceSFG:
			t := s.Unit(d.Target)
			t.Ship.Stasis = true
			t.Gear.Tractor = ""
		case DeviceTemporal:
			// The unit steps forward in time to the end of the turn: as
			// in stasis, it neither moves nor acts and cannot be harmed;
			// a beam it held is released.
			u.Ship.Elevated = true
			u.Gear.Tractor = ""
		case DeviceDisplacement:
			t := s.Unit(d.Target)
			if p := s.Unit(t.Ship.Docked); p != nil {
				p.Ship.Docked, p.Ship.BoardingOnly = "", false
				t.Ship.Docked, t.Ship.BoardingOnly = "", false
			}
			to := t.Hex.Add(d.Facing.Vector().Scale(DisplaceHexes))
			s.setHex(t, to)
			evs = append(evs, s.unitEvent(EventMove, "", t, fmt.Sprintf("%s is displaced to %v", unitName(t), to)))
			evs = append(evs, s.cosmicEnterHex(t)...) // displaced into a cosmic rift (IP4.14)
		}
	}
	return evs
}

// DeviceCloak names a cloaking device where devices are listed: in a
// scenario's devices (it sets Gear.Cloak.Fitted) and in UnitView.Devices.
const DeviceCloak DeviceKind = "cloak"

// FittableDevices lists the devices a scenario may fit to a unit, in the
// order the format reference gives them.
var FittableDevices = []DeviceKind{DeviceCloak, DeviceDisplacement, DeviceESG, DeviceSFG, DeviceTemporal, DeviceWeb}

// deviceCostOf returns the battery energy one use of device d takes (per
// hex for a web), or the energy per turn of a fitted cloak, and false for
// a device it does not know.
func deviceCostOf(d DeviceKind) (int, bool) {
	switch d {
	case DeviceCloak:
		return FittedCloakCost, true
	case DeviceWeb:
		return webCostPerHex, true
	}
	c, ok := deviceCost[d]
	return c, ok
}

// CanFit reports why a unit of class c cannot carry device d, or nil.
// Devices run on energy: only units that allocate it (ships and bases)
// carry them, a device needing more battery energy than the class's
// batteries hold could never be used, and a cloak must cost no more than
// the class's power.
func CanFit(c ClassID, d DeviceKind) error {
	cl := lookupClass(c)
	cost, known := deviceCostOf(d)
	switch {
	case !known:
		return fmt.Errorf("rules: unknown device %q", d)
	case cl == nil:
		return fmt.Errorf("rules: unknown class %q", c)
	case cl.smallCraft():
		return fmt.Errorf("rules: a %s cannot carry a device: devices run on energy and it has no power of its own", cl.ID)
	case d == DeviceCloak:
		if p := cl.Warp + cl.Impulse + cl.APR; cost > p {
			return fmt.Errorf("rules: a %s's power of %d cannot keep a %d-energy cloak on", cl.ID, p, cost)
		}
	case cost > cl.Battery:
		return fmt.Errorf("rules: the %s needs %d battery energy; a %s's batteries hold %d", d, cost, cl.ID, cl.Battery)
	}
	return nil
}

// ClassHasDevice reports whether every unit of class c carries device d.
func ClassHasDevice(c ClassID, d DeviceKind) bool {
	cl := lookupClass(c)
	if cl == nil {
		return false
	}
	if d == DeviceCloak {
		return cl.CloakCost > 0
	}
	return slices.Contains(cl.Devices, d)
}

// Fit fits device d to u: a cloak sets Gear.Cloak.Fitted, any other
// device joins Gear.Devices. It does not check CanFit.
func (u *Unit) Fit(d DeviceKind) {
	if d == DeviceCloak {
		u.Gear.Cloak.Fitted = true
		return
	}
	if !slices.Contains(u.Gear.Devices, d) {
		u.Gear.Devices = append(u.Gear.Devices, d)
	}
}

// unitDevices lists the devices u carries, its class's and those fitted
// to it, in FittableDevices order.
func unitDevices(u *Unit) []DeviceKind {
	var out []DeviceKind
	for _, d := range FittableDevices {
		if d == DeviceCloak {
			if _, ok := CloakCost(u); ok {
				out = append(out, d)
			}
			continue
		}
		if hasDevice(u, d) {
			out = append(out, d)
		}
	}
	return out
}

// DeviceChoice is one device a unit of a side could use in the impulse
// activity now, for the orders panel: Targets are the units the stasis
// field or the displacement device could act on, nearest first (none for
// the sphere and the temporal elevator).
type DeviceChoice struct {
	Unit    UnitID     `json:"unit"`
	Device  DeviceKind `json:"device"`
	Targets []UnitID   `json:"targets,omitempty"`
	Cost    int        `json:"cost"`
}

// DeviceChoices lists, in unit order, every device the side's units could
// use now. It is empty outside the impulse activity step.
func (s *State) DeviceChoices(side SideID) []DeviceChoice {
	if s.Clock.Step != StepActivity {
		return nil
	}
	var out []DeviceChoice
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side || !u.OnMap() || u.Ship == nil {
			continue
		}
		for _, d := range []DeviceKind{DeviceESG, DeviceSFG, DeviceDisplacement, DeviceTemporal} {
			if !hasDevice(u, d) {
				continue
			}
			c := DeviceChoice{Unit: u.ID, Device: d, Cost: deviceCost[d]}
			if d == DeviceESG || d == DeviceTemporal {
				if s.checkDevice(u, DeviceUse{Unit: u.ID, Device: d}) == nil {
					out = append(out, c)
				}
				continue
			}
			for _, t := range s.unitsWithin(u.Map, u.Hex, deviceRange) {
				if s.checkDevice(u, DeviceUse{Unit: u.ID, Device: d, Target: t.ID, Facing: u.Facing}) == nil {
					c.Targets = append(c.Targets, t.ID)
				}
			}
			if len(c.Targets) > 0 {
				out = append(out, c)
			}
		}
	}
	return out
}
