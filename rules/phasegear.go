package rules

import (
	"fmt"
	"slices"
	"strconv"
)

// The equipment the phase space rules act on (IP8.41-48). This file keeps
// the state of the equipment and implements what phase space does to it;
// the rules of the equipment itself (webs, cloaks, tractor beams, seeking
// weapons, the devices of devices.go) build on these fields
// (docs/RULES.md, "Phase space" and "Devices").

// DeviceKind names a device that stops working while its unit is
// phased out (IP8.48).
type DeviceKind string

// The devices of IP8.48.
const (
	DeviceESG          DeviceKind = "esg"
	DeviceSFG          DeviceKind = "sfg"
	DeviceDisplacement DeviceKind = "displacement"
	DeviceTemporal     DeviceKind = "temporal-elevator"
)

// CloakState is a unit's cloaking device (IP8.44).
type CloakState struct {
	// Fitted says the unit has a cloaking device; On that it is on.
	Fitted bool `json:"fitted,omitempty"`
	On     bool `json:"on,omitempty"`
	// VoidedAt is when the cloak was last voided (zero if never): the
	// cloaking rules count their delays from it (IP8.441-442).
	VoidedAt Clock `json:"voided_at,omitzero"`
	// Fade is the impulses of fading left: fading in while On, fading
	// out while not (cloak.go). A cloak voided drops at once.
	Fade int `json:"fade,omitempty"`
}

// Gear is the state of a unit's equipment that phase space touches.
type Gear struct {
	Cloak CloakState `json:"cloak,omitzero"`
	// Tractor names the unit this one holds in a tractor beam (IP8.431).
	Tractor UnitID `json:"tractor,omitempty"`
	// For a seeking weapon: Target is what it seeks (empty once it lost
	// track), Guide the unit controlling it, SelfGuided set when it
	// guides itself (IP8.421-424).
	Target     UnitID `json:"target,omitempty"`
	Guide      UnitID `json:"guide,omitempty"`
	SelfGuided bool   `json:"self_guided,omitempty"`
	// TypeIII marks a Type-III drone, which needs no lock-on and passes
	// through a cosmic rift unaffected (IP4.15).
	TypeIII bool `json:"type_iii,omitempty"`
	// Devices lists the fitted devices of IP8.48 that are switched on.
	Devices []DeviceKind `json:"devices,omitempty"`
}

func (g Gear) clone() Gear {
	g.Devices = slices.Clone(g.Devices)
	return g
}

// clonePhaseData deep-copies the unit's phase record and gear, so that a
// cloned state shares nothing that changes.
func (u *Unit) clonePhaseData() {
	u.Phase = u.Phase.clone()
	u.Gear = u.Gear.clone()
}

// gearLinked returns the units whose gear names another unit: a tractor
// beam, a seeker's target or guide. One pass per phase step, so that each
// phase-out looks only at these.
func (s *State) gearLinked() []*Unit {
	var out []*Unit
	for i := range s.Units {
		g := &s.Units[i].Gear
		if g.Tractor != "" || g.Target != "" || g.Guide != "" {
			out = append(out, &s.Units[i])
		}
	}
	return out
}

// canLockOn reports whether from can hold a lock-on to to: never when
// either is phased out (IP8.122, IP8.123).
func (s *State) canLockOn(from, to UnitID) bool {
	a, b := s.Unit(from), s.Unit(to)
	return a != nil && b != nil && a.OnMap() && b.OnMap() && !a.PhasedOut && !b.PhasedOut && a.Map == b.Map
}

// deviceWorks reports whether u's device of kind d works now: fitted and
// on, and u in normal space (IP8.48).
func (s *State) deviceWorks(id UnitID, d DeviceKind) bool {
	u := s.Unit(id)
	return u != nil && u.OnMap() && !u.PhasedOut && hasDevice(u, d)
}

// gearPhaseOut applies phase-out to u's equipment and to what others hold
// on it: tractor beams at either end break (IP8.431), its cloak is voided
// (IP8.441), seekers it guides are lost (IP8.423), seekers on it and, if
// it is a seeker, its own track are lost (IP8.122, IP8.424), webs it
// anchors lose the anchor (IP8.412).
func (s *State) gearPhaseOut(u *Unit, linked []*Unit) []Event {
	var evs []Event
	if s.voidCloak(u) {
		// What happens aboard a unit once it is out of phase is its
		// owner's secret (IP8.32), though the phase-out itself was seen.
		evs = append(evs, s.phaseEvent(u, "IP8.441", Only(u.Side), fmt.Sprintf("%s's cloak is voided", unitName(u))))
	}
	if u.Ship != nil && u.Ship.Elevated {
		// The temporal elevator stops working out of phase (IP8.48): the
		// unit drops back into time.
		u.Ship.Elevated = false
		evs = append(evs, s.phaseEvent(u, "IP8.48", Only(u.Side), fmt.Sprintf("%s's temporal elevator stops: it drops back into time", unitName(u))))
	}
	if u.Gear.Tractor != "" {
		evs = append(evs, s.phaseEvent(u, "IP8.431", Public, fmt.Sprintf("%s's tractor beam on %s breaks", unitName(u), s.nameOf(u.Gear.Tractor))))
		u.Gear.Tractor = ""
	}
	if u.Gear.Target != "" {
		evs = append(evs, s.phaseEvent(u, "IP8.424", Only(u.Side), fmt.Sprintf("%s loses track of %s", unitName(u), s.nameOf(u.Gear.Target))))
		u.Gear.Target = ""
	}
	for _, o := range linked {
		if o.ID == u.ID || o.Status == StatusDestroyed {
			continue
		}
		if o.Gear.Tractor == u.ID {
			o.Gear.Tractor = ""
			evs = append(evs, s.phaseEvent(o, "IP8.431", Public, fmt.Sprintf("%s's tractor beam on %s breaks", unitName(o), unitName(u))))
		}
		// A seeker out of phase in limbo (peer.go) is lost too: every
		// machine of a game played between machines knows its controller,
		// though not where it is.
		if isSeeker(o) && (o.OnMap() || o.Status == StatusLimbo) && o.Gear.Guide == u.ID && !o.Gear.SelfGuided {
			// IP8.423: the weapon is lost with its controller's lock-on.
			// It is removed without exploding.
			o.Gear.Target, o.Gear.Guide = "", ""
			o.Status = StatusDestroyed
			aud := Public
			if o.PhasedOut {
				aud = Only(o.Side) // nobody else knows it is there (IP8.32)
			}
			ev := s.phaseEvent(o, "IP8.423", aud, fmt.Sprintf("%s is lost: its controller phased out", unitName(o)))
			ev.Kind = EventDestroyed
			evs = append(evs, ev)
			continue
		}
		if o.Gear.Target == u.ID {
			o.Gear.Target = ""
			aud := Public
			if o.PhasedOut {
				aud = Only(o.Side) // a seeker out of phase is its owner's secret (IP8.32)
			}
			// The line names the seeker only: the unit that went out of
			// phase is nobody else's to see (IP8.32).
			evs = append(evs, s.phaseEvent(o, "IP8.424", aud, fmt.Sprintf("%s loses track of its target", unitName(o))))
		}
	}
	evs = append(evs, s.dropUnanchoredWebs()...)
	return evs
}

// gearPhaseIn applies phase-in to u's equipment: a cloak that is on is
// treated as just voided (IP8.442).
func (s *State) gearPhaseIn(u *Unit) []Event {
	if !u.Gear.Cloak.On {
		return nil
	}
	s.voidCloak(u)
	return []Event{s.phaseEvent(u, "IP8.442", Public, fmt.Sprintf("%s phases in cloaked: its cloak counts as just voided", unitName(u)))}
}

// setCloak switches u's cloak on or off. A phased-out unit may do so
// (IP8.443). The cloaking rules, still to come, will make this a command;
// until then only tests call it.
func (s *State) setCloak(id UnitID, on bool) error {
	u := s.Unit(id)
	if u == nil || !u.Gear.Cloak.Fitted {
		return fmt.Errorf("rules: %s has no cloaking device", id)
	}
	u.Gear.Cloak.On = on
	return nil
}

// transferGuidance hands control of seeking weapon seeker to unit to,
// as a handoff of its side checks it (seeking.go): guidance cannot be
// transferred by or to a phased-out unit (IP8.422).
func (s *State) transferGuidance(seeker, to UnitID) error {
	w := s.Unit(seeker)
	if w == nil {
		return fmt.Errorf("rules: %s is not a seeking weapon in play", seeker)
	}
	if err := s.checkHandoff(w.Side, Handoff{Seeker: seeker, To: to}); err != nil {
		return err
	}
	w.Gear.Guide = to
	return nil
}

// Web is a line of web hexes (IP8.41). A laid web hangs between two
// anchors, a unit or a point feature at each end; a cast web has no
// anchors. Each hex phases in and out on its own (IP8.411-413).
type Web struct {
	ID   string `json:"id"`
	Side SideID `json:"side"`
	Map  MapID  `json:"map"`
	Cast bool   `json:"cast,omitempty"`
	// Anchors are the unit ids or feature ids at the ends, Anchors[0]
	// next to Hexes[0]; empty for a cast web.
	Anchors [2]string `json:"anchors"`
	Hexes   []WebHex  `json:"hexes"`
}

// WebHex is one hex of a web and its phase.
type WebHex struct {
	Hex       Hex  `json:"hex"`
	PhasedOut bool `json:"phased_out,omitempty"`
}

func (w Web) clone() Web {
	w.Hexes = slices.Clone(w.Hexes)
	return w
}

// layWeb adds a web. Webs may be laid and cast inside phase space like
// anywhere else (IP8.413); a laid web needs an anchor at each end. The
// web-laying rules, still to come, will call it from a command; until
// then only tests do.
func (s *State) layWeb(w Web) error {
	if s.mapByID(w.Map) == nil || len(w.Hexes) == 0 {
		return fmt.Errorf("rules: web %q needs a map and hexes", w.ID)
	}
	for i := 1; i < len(w.Hexes); i++ {
		if w.Hexes[i].Hex.Distance(w.Hexes[i-1].Hex) != 1 {
			return fmt.Errorf("rules: web %q is not a line of adjacent hexes", w.ID)
		}
	}
	if !w.Cast && (w.Anchors[0] == "" || w.Anchors[1] == "") {
		return fmt.Errorf("rules: laid web %q needs an anchor at each end", w.ID)
	}
	for _, o := range s.Phase.Webs {
		if o.ID == w.ID {
			return fmt.Errorf("rules: web %q exists", w.ID)
		}
	}
	s.Phase.Webs = append(s.Phase.Webs, w.clone())
	return nil
}

// webAt reports whether a web hex in normal space lies in hex h of map m.
// Phased-out web hexes affect nothing (IP8.12).
func (s *State) webAt(m MapID, h Hex) bool {
	for _, w := range s.Phase.Webs {
		if w.Map != m {
			continue
		}
		for _, wh := range w.Hexes {
			if wh.Hex == h && !wh.PhasedOut {
				return true
			}
		}
	}
	return false
}

// anchorHolds reports whether a web anchor is in normal space: a unit on
// the map and not phased out, or a point feature (terrain never phases,
// IP8.451).
func (s *State) anchorHolds(m *Map, id string) bool {
	if u := s.Unit(UnitID(id)); u != nil {
		return u.OnMap() && !u.PhasedOut && u.Map == m.ID
	}
	for _, f := range m.Terrain.Features {
		if f.ID == id {
			return true
		}
	}
	return false
}

// webPhaseRolls rolls 2d6 for every web hex in phase space, each on its
// own (IP8.411-413); 2 or 12 toggles it. The roll of a phased-out hex is
// its layer's secret. A laid web whose end hex or anchor is out of normal
// space has lost an anchor and is dropped (IP8.412).
func (s *State) webPhaseRolls() []Event {
	if len(s.Phase.Webs) == 0 {
		return nil
	}
	var evs []Event
	for wi := range s.Phase.Webs {
		w := &s.Phase.Webs[wi]
		for hi := range w.Hexes {
			wh := &w.Hexes[hi]
			if !s.InPhaseSpace(w.Map, wh.Hex) {
				continue
			}
			aud := Public
			if wh.PhasedOut {
				aud = Only(w.Side)
			}
			r, ev := s.Roll(TwoD6, RollReason{Clause: "IP8.412", Side: w.Side, Audience: aud,
				What: "phase roll web " + w.ID + " hex " + strconv.Itoa(hi+1)})
			evs = append(evs, ev)
			if !PhaseToggles(r.Total) {
				continue
			}
			wh.PhasedOut = !wh.PhasedOut
			verb := "phases in"
			if wh.PhasedOut {
				verb = "phases out"
			}
			e := s.newEvent(EventPhase, "IP8.412", Public, fmt.Sprintf("web %s hex %v %s", w.ID, wh.Hex, verb))
			e.Side = w.Side
			evs = append(evs, e)
		}
	}
	return append(evs, s.dropUnanchoredWebs()...)
}

// webPhaseInOutside phases in every web hex no longer in phase space
// (IP8.124), after a storm ends.
func (s *State) webPhaseInOutside() []Event {
	var evs []Event
	for wi := range s.Phase.Webs {
		w := &s.Phase.Webs[wi]
		for hi := range w.Hexes {
			wh := &w.Hexes[hi]
			if wh.PhasedOut && !s.InPhaseSpace(w.Map, wh.Hex) {
				wh.PhasedOut = false
				e := s.newEvent(EventPhase, "IP8.124", Public, fmt.Sprintf("web %s hex %v phases in", w.ID, wh.Hex))
				e.Side = w.Side
				evs = append(evs, e)
			}
		}
	}
	return evs
}

// dropUnanchoredWebs removes every laid web that lost an anchor: the
// anchor itself is out of normal space, or the web hex next to it is
// (IP8.412). Cast webs have no anchors and stay.
func (s *State) dropUnanchoredWebs() []Event {
	var evs []Event
	keep := s.Phase.Webs[:0]
	for _, w := range s.Phase.Webs {
		m := s.mapByID(w.Map)
		lost := ""
		if !w.Cast && m != nil {
			ends := [2]WebHex{w.Hexes[0], w.Hexes[len(w.Hexes)-1]}
			for k, a := range w.Anchors {
				if ends[k].PhasedOut || !s.anchorHolds(m, a) {
					lost = a
					break
				}
			}
		}
		if lost == "" {
			keep = append(keep, w)
			continue
		}
		e := s.newEvent(EventPhase, "IP8.412", Public, fmt.Sprintf("web %s loses its anchor %s and is dropped", w.ID, lost))
		e.Side = w.Side
		evs = append(evs, e)
	}
	clear(s.Phase.Webs[len(keep):])
	s.Phase.Webs = keep
	if len(keep) == 0 {
		s.Phase.Webs = nil
	}
	return evs
}
