package rules

import "slices"

// UnitView is what a seat may know of one unit.
type UnitView struct {
	ID     UnitID     `json:"id"`
	Name   string     `json:"name"`
	Side   SideID     `json:"side"`
	Class  ClassID    `json:"class"`
	Kind   UnitKind   `json:"kind"`
	Status UnitStatus `json:"status"`
	Map    MapID      `json:"map"`
	Hex    Hex        `json:"hex"`
	Facing Direction  `json:"facing"`
	Speed  int        `json:"speed"`
	// Ghost is set on the viewer's own phased-out units: shown to their
	// owner only, drawn as ghosts (IP8.32).
	Ghost bool `json:"ghost,omitempty"`
	// Phase is a ghost's recorded course since it phased out: its course
	// rolls and path (IP8.337), for its owner only.
	Phase *PhaseTrack `json:"phase,omitempty"`
	// Shields, Armor and Excess are what every side can see of the
	// unit's condition.
	Shields [6]int `json:"shields"`
	Armor   int    `json:"armor"`
	Excess  int    `json:"excess"`
	// Docked names the unit it is docked with (X4.DOCK); Warp and Erratic
	// say it is going into warp or maneuvering erratically.
	Docked  UnitID `json:"docked,omitempty"`
	Warp    bool   `json:"warp,omitempty"`
	Erratic bool   `json:"erratic,omitempty"`
	// Cloaked says its cloak is working: on, fading in or fading out.
	// CloakLevel is how far it has faded in, 1 to CloakFadeImpulses
	// (full), and CloakFading says "in" or "out" while it fades
	// (cloak.go). All of it is public.
	Cloaked     bool   `json:"cloaked,omitempty"`
	CloakLevel  int    `json:"cloak_level,omitempty"`
	CloakFading string `json:"cloak_fading,omitempty"`
	// Tractor names the unit it holds in a tractor beam, HeldBy the unit
	// whose beam holds it: beams are seen by every side (tractor.go).
	Tractor UnitID `json:"tractor,omitempty"`
	HeldBy  UnitID `json:"held_by,omitempty"`
	// Devices lists the devices it carries, its class's and those its
	// scenario fitted, a cloak included (devices.go): public, as the
	// scenario is.
	Devices []DeviceKind `json:"devices,omitempty"`
	// Boarders are enemy boarding parties of BoarderSide aboard.
	Boarders    int    `json:"boarders,omitempty"`
	BoarderSide SideID `json:"boarder_side,omitempty"`
	// Detail is the unit's full system state, given only to its owner:
	// batteries, reinforcement and armed weapons stay secret from others.
	Detail *ShipState `json:"detail,omitempty"`
	// Away is set on a unit out of its home map through a cosmic rift,
	// Trapped once that rift closed (it counts as destroyed, IP4.452).
	// Believes, for its owner only, is the map a unit moved by a cosmic
	// storm still believes it is on (IP4.53).
	Away     bool  `json:"away,omitempty"`
	Trapped  bool  `json:"trapped,omitempty"`
	Believes MapID `json:"believes,omitempty"`
	// Crossed, for its owner only, says the unit has been through a
	// cosmic rift (what a return objective asks, objective.go).
	Crossed bool `json:"crossed,omitempty"`
	// Warhead is what a seeking weapon would strike for now, seen by all
	// (a plasma torpedo's decays as it flies and weakens under fire).
	// Target and Guide, for its owner only, are what it seeks and the
	// unit guiding it (seeking.go).
	Warhead int    `json:"warhead,omitempty"`
	Target  UnitID `json:"target,omitempty"`
	Guide   UnitID `json:"guide,omitempty"`
	// CarriedBy, for its owner only, is the carrier of a unit aboard
	// one (View.Carried).
	CarriedBy UnitID `json:"carried_by,omitempty"`
}

// View is the state as one side may know it: the only way the front end,
// the log and the computer players read a game. A view never holds a
// unit, roll or choice its viewer must not see.
type View struct {
	// Viewer is the side this view is for; empty for the public table
	// view, which shows only what every side may see.
	Viewer   SideID       `json:"viewer,omitempty"`
	Scenario ScenarioInfo `json:"scenario"`
	Ruleset  Ruleset      `json:"ruleset"`
	Clock    Clock        `json:"clock"`
	Sides    []Side       `json:"sides"`
	Maps     []Map        `json:"maps"`
	// Units holds the units on a map that the viewer may see, sorted by id.
	Units []UnitView `json:"units"`
	// Reserve holds the viewer's own units in reserve (off the board, not
	// destroyed: GR41.2.3), sorted by id; empty in the public view.
	Reserve []UnitView `json:"reserve,omitempty"`
	// Carried holds the viewer's own craft aboard its carriers (craft.go),
	// sorted by id, each with its class and CarriedBy; never another
	// side's: which craft a carrier holds is its owner's secret. Empty in
	// the public view.
	Carried []UnitView `json:"carried,omitempty"`
	// Pending lists the sides that must act now, Expecting the kind of
	// command they must give and Committed the sides that have already
	// committed a sealed choice in this step (never what they chose).
	// Mover is the unit to move in the movement step.
	Pending   []SideID    `json:"pending,omitempty"`
	Expecting CommandKind `json:"expecting,omitempty"`
	Committed []SideID    `json:"committed,omitempty"`
	Mover     UnitID      `json:"mover,omitempty"`
	// Storm is the phase storm raging now, public (IP8.511-515); Webs the
	// webs the viewer may see (IP8.41); PhaseIns the courses of the units
	// that phased in this turn, shown to all so that their positions can
	// be checked (IP8.337). See phaseview.go.
	Storm    *StormView   `json:"storm,omitempty"`
	Webs     []WebView    `json:"webs,omitempty"`
	PhaseIns []PhaseTrack `json:"phase_ins,omitempty"`
	// Outcome is the result, once the game is over (victory.go).
	Outcome *Outcome `json:"outcome,omitempty"`
	// Rifts are the open cosmic rifts the viewer has detected (IP4.28);
	// MapCounts says, for each map the viewer knows (the origin and the
	// destinations it detected or has units in), how many units it sees
	// there. Maps lists only those maps (cosmic.go).
	Rifts     []RiftView `json:"rifts,omitempty"`
	MapCounts []MapView  `json:"map_counts,omitempty"`
	// Objectives are the scenario's objectives, public to every side
	// (objective.go).
	Objectives []Objective `json:"objectives,omitempty"`
}

// visibleTo reports whether side may know that u is where it is: on the
// map, and not another side's mine (mines.go), not another side's unit out
// of phase (IP8.32), not on a destination map side has not found (IP4.28).
// It is the one test behind the units of View and behind what Legal
// offers and Check answers about other units, so that a hidden unit and
// one that does not exist get the same answer. An empty side is the
// public table.
func (s *State) visibleTo(u *Unit, side SideID) bool {
	switch {
	case u == nil || !u.OnMap():
		return false
	case side != "" && u.Side == side:
		return true
	case hiddenFrom(u, side) || u.PhasedOut:
		return false
	}
	return s.mapKnownTo(u.Map, side)
}

// mapKnownTo reports whether side knows map m: every origin map, and a
// destination map it has units on or defends, or that a rift it detected
// leads to once a unit has gone through (a destination is in play from
// the rift's formation, IP4.34, but unknown until then, IP4.412).
func (s *State) mapKnownTo(m MapID, side SideID) bool {
	if !s.destinationMap(m) {
		return true
	}
	if sd, ok := s.Side(side); ok && sd.Destination == m {
		return true
	}
	for i := range s.Cosmic.Rifts {
		if r := &s.Cosmic.Rifts[i]; r.Dest == m && r.Entered && s.riftKnown(r, side) {
			return true
		}
	}
	if side == "" {
		return false
	}
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side && u.OnMap() && u.Map == m {
			return true
		}
	}
	return false
}

// sideKnownTo reports whether viewer knows of side sd: every side but the
// defenders of a destination map viewer has not found.
func (s *State) sideKnownTo(sd Side, viewer SideID) bool {
	return sd.Destination == "" || sd.ID == viewer || s.mapKnownTo(sd.Destination, viewer)
}

// View returns what side may know of the game. An empty side gives the
// public table view.
func (s *State) View(side SideID) *View {
	v := &View{
		Viewer:     side,
		Scenario:   s.Scenario,
		Ruleset:    s.Ruleset,
		Clock:      s.Clock,
		Sides:      append([]Side(nil), s.Sides...),
		Maps:       append([]Map(nil), s.Maps...),
		Units:      make([]UnitView, 0, len(s.Units)),
		Pending:    s.Pending(),
		Expecting:  s.Expecting(),
		Objectives: cloneObjectives(s.Objectives),
	}
	for _, c := range s.Turn.Sealed {
		v.Committed = append(v.Committed, c.Side)
	}
	// The defenders of a destination the viewer has not found are no
	// side of its game: not listed, not seen to act or to commit (IP4.28).
	known := map[SideID]bool{}
	v.Sides = slices.DeleteFunc(v.Sides, func(sd Side) bool {
		known[sd.ID] = s.sideKnownTo(sd, side)
		return !known[sd.ID]
	})
	unknown := func(id SideID) bool { return !known[id] }
	v.Pending = slices.DeleteFunc(v.Pending, unknown)
	v.Committed = slices.DeleteFunc(v.Committed, unknown)
	if id, ok := s.Mover(); ok && s.visibleTo(s.Unit(id), side) {
		v.Mover = id
	}
	if s.Clock.Step == StepGameOver {
		o := s.Outcome()
		v.Outcome = &o
	}
	holders := s.holders()
	for i := range s.Units {
		u := &s.Units[i]
		if side != "" && u.Side == side && u.Status == StatusReserve {
			v.Reserve = append(v.Reserve, UnitView{ID: u.ID, Name: u.Name, Side: u.Side, Class: u.Class,
				Kind: u.Kind, Status: u.Status, Map: u.Map, Detail: u.Ship.clone()})
		}
		if side != "" && u.Side == side && u.Status == StatusCarried {
			v.Carried = append(v.Carried, UnitView{ID: u.ID, Name: u.Name, Side: u.Side, Class: u.Class,
				Kind: u.Kind, Status: u.Status, Map: u.Map, CarriedBy: u.CarriedBy, Detail: u.Ship.clone()})
		}
		if !u.OnMap() {
			continue
		}
		if hiddenFrom(u, side) {
			continue // another side's mine (mines.go)
		}
		ghost := false
		if u.PhasedOut {
			// IP8.32: no marker for anyone but the owner.
			if side == "" || u.Side != side {
				continue
			}
			ghost = true
		}
		uv := UnitView{
			ID: u.ID, Name: u.Name, Side: u.Side, Class: u.Class, Kind: u.Kind,
			Status: u.Status, Map: u.Map, Hex: u.Hex, Facing: u.Facing, Speed: u.Speed,
			Ghost: ghost, Away: u.Away(), Trapped: u.Cross.Trapped,
		}
		if side != "" && side == u.Side {
			uv.Believes, uv.Crossed = u.Cross.Believes, u.Cross.Rift != ""
		}
		if isSeeker(u) {
			uv.Warhead = warheadNow(u)
			if side != "" && side == u.Side {
				uv.Target, uv.Guide = u.Gear.Target, u.Gear.Guide
			}
		}
		if ss := u.Ship; ss != nil {
			uv.Shields, uv.Armor, uv.Excess = ss.Shields, ss.Armor, ss.Excess
			uv.Docked, uv.Warp, uv.Erratic = ss.Docked, ss.Warp, ss.Erratic
			uv.Cloaked, uv.CloakLevel, uv.CloakFading = cloaked(u), cloakLevel(u), cloakFading(u)
			uv.Tractor, uv.Devices = u.Gear.Tractor, unitDevices(u)
			if h := holders[u.ID]; h != nil {
				uv.HeldBy = h.ID
			}
			uv.Boarders, uv.BoarderSide = ss.Boarders, ss.BoarderSide
			if side != "" && side == u.Side {
				uv.Detail = ss.clone()
			}
		}
		v.Units = append(v.Units, uv)
	}
	s.phaseView(v, side)
	s.cosmicView(v, side)
	return v
}

// Side returns the side with the given id, or false.
func (v *View) Side(id SideID) (Side, bool) {
	for _, s := range v.Sides {
		if s.ID == id {
			return s, true
		}
	}
	return Side{}, false
}

// Map returns the map with the given id, or nil.
func (v *View) Map(id MapID) *Map {
	for i := range v.Maps {
		if v.Maps[i].ID == id {
			return &v.Maps[i]
		}
	}
	return nil
}

// UnitsOn returns the visible units on map id, in id order.
func (v *View) UnitsOn(id MapID) []UnitView {
	var out []UnitView
	for _, u := range v.Units {
		if u.Map == id {
			out = append(out, u)
		}
	}
	return out
}

// Events filters events down to those side may see, in order.
func Events(events []Event, side SideID) []Event {
	var out []Event
	for _, e := range events {
		if side == "" && !e.Audience.IsPublic() {
			continue
		}
		if e.VisibleTo(side) {
			out = append(out, e)
		}
	}
	return out
}
