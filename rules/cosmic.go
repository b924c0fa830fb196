package rules

import (
	"fmt"
	"math/big"
	"slices"
)

// Cosmic rifts (IP4, RULES-SYNTHESIS sections 3 and 6; docs/RULES.md
// "Cosmic rifts"). Every side rolls the formation dice at the start of
// each turn (IP4.21-22); a rift forms after a delay (IP4.231), placed from
// the generator's largest unit (IP4.232-233, IP4.29), for a public
// lifetime (IP4.25). A unit entering its hex is displaced to the
// destination scenario rolled by the first unit in (IP4.412), which comes
// into play as another map sharing the clock; its units are the
// defenders, on sides of their own (Side.Destination). The rift's
// radiation acts on units within riftRadiationRange in both maps
// (IP4.31x). A rift formed inside an ion storm is a cosmic storm (IP4.51).

// Cosmic rift constants of the seed rules.
const (
	// riftTerrainClearance: no rift within this many hexes of point
	// terrain (IP4.233); no web within it of a rift (IP4.12).
	riftTerrainClearance = 50
	riftWebClearance     = 50
	// riftSpacing and riftSpacingTurns: no rift within riftSpacing hexes
	// of one that formed in the last riftSpacingTurns turns (IP4.29).
	riftSpacing      = 300
	riftSpacingTurns = 300
	// riftLifetimeImpulses multiplies the lifetime roll (IP4.25).
	riftLifetimeImpulses = 32
	// riftRadiationRange is the reach of the radiation (IP4.31).
	riftRadiationRange = 150
	// riftUnawareTurns is how long units a cosmic storm moved do not
	// know it (IP4.53).
	riftUnawareTurns = 16
	// defaultRiftDetectRange is the house range of tactical intelligence
	// level E (IP4.28).
	defaultRiftDetectRange = 10
)

// RiftDice are the dice counts of the cosmic rift rolls, all d6 (IP4.62).
// A zero count means the seed's number, given by the With method.
type RiftDice struct {
	// Formation: a total equal to its minimum or maximum (4 or 24 with
	// 4 dice) forms a rift (IP4.21-22).
	Formation int `json:"formation,omitempty"`
	// Delay, Range and Lifetime: 3, 3 and 6 (IP4.231, IP4.232, IP4.25).
	Delay    int `json:"delay,omitempty"`
	Range    int `json:"range,omitempty"`
	Lifetime int `json:"lifetime,omitempty"`
	// Radiation: 2, for each of the warp and sensor rolls (IP4.312-313).
	Radiation int `json:"radiation,omitempty"`
}

// defaultRiftDice are the seed's dice counts.
var defaultRiftDice = RiftDice{Formation: 4, Delay: 3, Range: 3, Lifetime: 6, Radiation: 2}

// With returns d with every zero count replaced by the seed's.
func (d RiftDice) With() RiftDice {
	pick := func(v, def int) int {
		if v == 0 {
			return def
		}
		return v
	}
	return RiftDice{
		Formation: pick(d.Formation, defaultRiftDice.Formation),
		Delay:     pick(d.Delay, defaultRiftDice.Delay),
		Range:     pick(d.Range, defaultRiftDice.Range),
		Lifetime:  pick(d.Lifetime, defaultRiftDice.Lifetime),
		Radiation: pick(d.Radiation, defaultRiftDice.Radiation),
	}
}

// MaxRiftDice is the most dice any cosmic rift roll may use.
const MaxRiftDice = 12

func (d RiftDice) validate() error {
	for _, v := range []int{d.Formation, d.Delay, d.Range, d.Lifetime, d.Radiation} {
		if v < 0 || v > MaxRiftDice {
			return fmt.Errorf("rules: cosmic rift dice counts must be 0 (the seed's) to %d, not %d", MaxRiftDice, v)
		}
	}
	return nil
}

// DetectRange returns the tactical intelligence E range (IP4.28): how
// near one of its units must come to a cosmic rift's end for a side to
// know the rift.
func (r Ruleset) DetectRange() int { return r.detectRange() }

// detectRange returns the tactical intelligence E range (IP4.28).
func (r Ruleset) detectRange() int {
	if r.RiftDetectRange > 0 {
		return r.RiftDetectRange
	}
	return defaultRiftDetectRange
}

// riftForms reports whether a formation total of n d6 forms a rift: its
// least or greatest value, 4 or 24 with four dice (IP4.22).
func riftForms(total, n int) bool { return total == n || total == 6*n }

// RiftChartRow is one row of a destination chart (IP4.413-417): rolled
// by a 2d6 total from Lo to Hi.
type RiftChartRow struct {
	Lo int `json:"lo"`
	Hi int `json:"hi"`
	// Scenario is the id of the destination (a key of Setup.Destinations).
	Scenario string `json:"scenario"`
	// Port is where the rift lies in the destination (IP4.415, IP4.421),
	// Defend where the defender's main unit starts (IP4.416, IP4.442).
	Port   Hex    `json:"port"`
	Defend Hex    `json:"defend"`
	Notes  string `json:"notes,omitempty"`
}

// RiftChart is one destination chart, picked by a 2d6 total from Lo to
// Hi (IP4.412).
type RiftChart struct {
	Lo   int            `json:"lo"`
	Hi   int            `json:"hi"`
	Name string         `json:"name,omitempty"`
	Rows []RiftChartRow `json:"rows"`
}

// Destination is a destination scenario ready to come into play: its id
// (what chart rows name) and its setup. Its own charts are not followed.
type Destination struct {
	ID    string `json:"id"`
	Setup Setup  `json:"setup"`
}

// CosmicRift is one cosmic rift: its hex in the origin map and, once the
// first unit has entered (IP4.412), its PORT in the destination map.
type CosmicRift struct {
	ID   string `json:"id"`
	Side SideID `json:"side"`
	Map  MapID  `json:"map"`
	Hex  Hex    `json:"hex"`
	// Formed is the clock of its formation; FormedAt the absolute impulse.
	Formed   Clock `json:"formed"`
	FormedAt int   `json:"formed_at"`
	// Lifetime is the rolled lifetime in impulses (IP4.25); Cut what
	// displacements took off it (IP4.26).
	Lifetime int `json:"lifetime"`
	Cut      int `json:"cut"`
	// Dest, DestScenario, Port and Notes are set once the destination is
	// rolled (IP4.412): when the rift forms, so that the destination
	// scenario begins then (IP4.34, IP4.442). Entered is set when the
	// first unit goes through: until then no origin side learns where it
	// leads.
	Entered      bool   `json:"entered,omitempty"`
	Dest         MapID  `json:"dest,omitempty"`
	DestScenario string `json:"dest_scenario,omitempty"`
	Port         Hex    `json:"port"`
	Notes        string `json:"notes,omitempty"`
	// Closed is set once its lifetime has run out; Storm when it formed
	// in an ion storm (IP4.51).
	Closed bool `json:"closed,omitempty"`
	Storm  bool `json:"storm,omitempty"`
	// Detected lists, in side order, the sides that know where it is
	// (IP4.28).
	Detected []SideID `json:"detected,omitempty"`
	// Limbo is set on a machine that does not know where it formed, in
	// play between machines: it holds the public facts only, closed, and
	// acts nowhere (peerrift.go).
	Limbo bool `json:"limbo,omitempty"`
}

// closesAt returns the absolute impulse at which the rift closes.
func (r *CosmicRift) closesAt() int { return r.FormedAt + r.Lifetime - r.Cut }

// OpenRift is a cosmic rift a scenario places open at the start of the
// game (a house addition for drills and set pieces): in the first map, at
// Hex, for Lifetime impulses from the start. It is charted: every side of
// the scenario knows where it is (IP4.28 need not detect it). It leads
// where the scenario's charts say, rolled by the first unit in (IP4.412),
// is cut by displacements (IP4.26), radiates (IP4.31) and closes (IP4.25)
// as any other rift. It may not lie in an ion storm: a rift formed there
// is a cosmic storm at once (IP4.51).
type OpenRift struct {
	Hex      Hex `json:"hex"`
	Lifetime int `json:"lifetime"`
}

// MaxOpenRiftLifetime is the longest lifetime a scenario may give an open
// rift, in impulses: the most a lifetime roll of 12 dice gives.
const MaxOpenRiftLifetime = 6 * MaxRiftDice * riftLifetimeImpulses

// openRifts opens the scenario's rifts at the start of the game, known
// to every side.
func (s *State) openRifts(rs []OpenRift) {
	if len(rs) == 0 || len(s.Maps) == 0 {
		return
	}
	var all []SideID
	for _, sd := range s.Sides {
		all = append(all, sd.ID)
	}
	// It exists from the game's first impulse, which counts as the
	// impulse it was created (IP4.25): open in impulses 1 to Lifetime.
	first := Clock{Turn: s.Clock.Turn, Impulse: 1, Step: StepInvoluntary}
	for _, o := range rs {
		s.Cosmic.Rifts = append(s.Cosmic.Rifts, CosmicRift{
			ID: fmt.Sprintf("rift-%d", len(s.Cosmic.Rifts)+1), Map: s.Maps[0].ID, Hex: o.Hex,
			Formed: first, FormedAt: first.absoluteImpulse(s.Ruleset.ImpulsesPerTurn),
			Lifetime: o.Lifetime, Detected: slices.Clone(all),
		})
	}
}

// checkOpenRifts reports open rifts with no lifetime, or in an ion storm.
func (s *State) checkOpenRifts() []error {
	var errs []error
	for _, r := range s.Cosmic.Rifts {
		if r.Lifetime < 1 || r.Lifetime > MaxOpenRiftLifetime {
			errs = append(errs, fmt.Errorf("rules: %s: a lifetime of %d impulses (want 1 to %d)", r.ID, r.Lifetime, MaxOpenRiftLifetime))
		}
		if m := s.mapByID(r.Map); m != nil && m.Terrain != nil && m.Terrain.InRegion(r.Hex, RegionIonStorm) {
			errs = append(errs, fmt.Errorf("rules: %s at %v lies in an ion storm: it would be a cosmic storm (IP4.51)", r.ID, r.Hex))
		}
	}
	return errs
}

// PendingRift is a rift whose formation was rolled and that forms at the
// absolute impulse At (IP4.231).
type PendingRift struct {
	Side SideID `json:"side"`
	At   int    `json:"at"`
	// Raised is the absolute impulse its formation roll raised it, and
	// Limbo is set where its delay is unknown: on the machines of other
	// sides in play between machines (peerrift.go).
	Raised int  `json:"raised,omitempty"`
	Limbo  bool `json:"limbo,omitempty"`
}

// CosmicState is the cosmic rift part of the state.
type CosmicState struct {
	Charts       []RiftChart   `json:"charts,omitempty"`
	Destinations []Destination `json:"destinations,omitempty"`
	Pending      []PendingRift `json:"pending,omitempty"`
	Rifts        []CosmicRift  `json:"rifts,omitempty"`
}

func (c CosmicState) clone() CosmicState {
	c.Charts = slices.Clone(c.Charts)
	c.Destinations = slices.Clone(c.Destinations) // setups are never changed once in the state
	c.Pending = slices.Clone(c.Pending)
	c.Rifts = slices.Clone(c.Rifts)
	for i := range c.Rifts {
		c.Rifts[i].Detected = slices.Clone(c.Rifts[i].Detected)
	}
	return c
}

// RiftCrossing is what a unit carries from going through a cosmic rift.
type RiftCrossing struct {
	// Rift is the rift it last went through; Home the map it came from
	// first, empty once it is back (IP4.451).
	Rift string `json:"rift,omitempty"`
	Home MapID  `json:"home,omitempty"`
	// Trapped is set when the rift closed with the unit away from home:
	// it counts as destroyed (IP4.27, IP4.452).
	Trapped bool `json:"trapped,omitempty"`
	// Believes and Until: a unit a cosmic storm moved believes it is
	// still on map Believes until the start of turn Until (IP4.53).
	Believes MapID `json:"believes,omitempty"`
	Until    int   `json:"until,omitempty"`
}

// Away reports whether u is out of its home map through a rift.
func (u *Unit) Away() bool { return u.Cross.Home != "" && u.Cross.Home != u.Map }

// Radiation is a unit's cosmic rift radiation effect for the current
// turn (IP4.31x): the chart rows rolled and what they do.
type Radiation struct {
	Turn      int `json:"turn,omitempty"`
	WarpRow   int `json:"warp_row,omitempty"`
	SensorRow int `json:"sensor_row,omitempty"`
	// WarpLoss is the warp energy lost this turn; FireShift is added to
	// the unit's fire rolls; Blind means it has lost lock-on (IP4.314).
	WarpLoss  int  `json:"warp_loss,omitempty"`
	FireShift int  `json:"fire_shift,omitempty"`
	Blind     bool `json:"blind,omitempty"`
}

// radiationWarpChart is the house stand-in for P7.1: by row (index 0 for
// row 1), the fraction of warp power lost as [num, den]. Worst at row 1,
// nothing from row 5 on.
var radiationWarpChart = [][2]int{{1, 2}, {1, 3}, {1, 4}, {1, 6}, {0, 1}, {0, 1}}

// radiationSensorChart is the house stand-in for P7.2: by row (index 0
// for row 1), the shift added to the unit's fire rolls, and whether it
// loses lock-on (IP4.314). Worst at row 1, nothing from row 5 on.
var radiationSensorChart = []struct {
	Shift int
	Blind bool
}{{2, true}, {2, false}, {1, false}, {1, false}, {0, false}, {0, false}}

// radiationRow returns the chart row for a rift formed turns turns ago
// (its formation turn counting as 1) and a 2d6 total: turns minus the
// roll, results below 1 counting as 1 (IP4.311-313), rows past the chart
// as its last.
func radiationRow(turns, roll int) int {
	return min(max(turns-roll, 1), len(radiationWarpChart))
}

// cosmicDice returns the ruleset's rift dice.
func (s *State) cosmicDice() RiftDice { return s.Ruleset.RiftDice.With() }

func d6s(n int) Dice { return Dice{N: n, Sides: 6} }

// cosmicStartOfTurn is the cosmic rift work at the start of a turn:
// units moved by a cosmic storm that have gone long enough learn it
// (IP4.53), radiation is rolled afresh for every unit in range
// (IP4.311-315), and every side rolls for a new rift (IP4.21-22).
func (s *State) cosmicStartOfTurn() []Event {
	var evs []Event
	for i := range s.Units {
		u := &s.Units[i]
		if u.Cross.Believes != "" && s.Clock.Turn >= u.Cross.Until {
			evs = append(evs, s.cosmicEvent(u, "IP4.53", Only(u.Side),
				fmt.Sprintf("%s's crew realise they are no longer in %s", u.ID, u.Cross.Believes)))
			u.Cross.Believes, u.Cross.Until = "", 0
		}
		if u.Ship != nil {
			u.Ship.Radiation = Radiation{}
		}
	}
	evs = append(evs, s.cosmicRadiation()...)
	if s.Ruleset.NoCosmicRifts {
		return evs
	}
	dice := s.cosmicDice()
	var raisers []SideID
	for _, sd := range s.Sides {
		if sd.Destination != "" {
			continue // the destination's defenders roll no rifts of their own
		}
		r, ev := s.Roll(d6s(dice.Formation), RollReason{Clause: "IP4.21", Side: sd.ID, What: "cosmic rift roll " + s.sideName(sd.ID)})
		evs = append(evs, ev)
		if riftForms(r.Total, dice.Formation) {
			raisers = append(raisers, sd.ID)
		}
	}
	switch {
	case len(raisers) > 1:
		evs = append(evs, s.newEvent(EventCosmic, "IP4.22", Public,
			fmt.Sprintf("%d sides rolled %d or %d: no cosmic rift forms", len(raisers), dice.Formation, 6*dice.Formation)))
	case len(raisers) == 1:
		sd := raisers[0]
		evs = append(evs, s.raisePending(sd)...)
		evs = append(evs, s.newEvent(EventCosmic, "IP4.22", Public,
			fmt.Sprintf("%s rolled %d or %d: a cosmic rift will form", s.sideName(sd), dice.Formation, 6*dice.Formation)))
	}
	return evs
}

// cosmicInvoluntary is the cosmic rift work of the involuntary step of
// every impulse: rifts whose time is up close (IP4.25-27), pending rifts
// form (IP4.231-233), units newly in range of the radiation roll for it
// (IP4.31), and sides detect rifts (IP4.28).
func (s *State) cosmicInvoluntary() []Event {
	var evs []Event
	now := s.Clock.absoluteImpulse(s.Ruleset.ImpulsesPerTurn)
	for i := range s.Cosmic.Rifts {
		if r := &s.Cosmic.Rifts[i]; !r.Closed && now >= r.closesAt() {
			evs = append(evs, s.closeRift(r)...)
		}
	}
	evs = append(evs, s.pendingRifts()...)
	for i := range s.Cosmic.Rifts {
		// A scenario's open rifts were created with the game: their
		// destinations begin in its first impulse.
		if r := &s.Cosmic.Rifts[i]; r.Dest == "" && !r.Closed && now >= r.FormedAt {
			evs = append(evs, s.beginDestination(r)...)
		}
	}
	evs = append(evs, s.cosmicRadiation()...)
	return append(evs, s.detectRifts()...)
}

// largerUnit compares two units for "largest unit" (IP4.232): the
// smaller size class number first, then the higher BPV, the higher
// movement cost, the clumsier turn mode (the larger divisor), the more
// intact warp boxes; last, the lower id. It returns a negative number
// when a is the larger.
func largerUnit(a, b *Unit) int {
	ca, cb := lookupClass(a.Class), lookupClass(b.Class)
	if ca.SizeClass != cb.SizeClass {
		return ca.SizeClass - cb.SizeClass
	}
	if ca.BPV != cb.BPV {
		return cb.BPV - ca.BPV
	}
	if ca.MoveCost != cb.MoveCost {
		if ca.MoveCost > cb.MoveCost {
			return -1
		}
		return 1
	}
	if ta, tb := turnModes[ca.TurnMode], turnModes[cb.TurnMode]; ta != tb {
		return tb - ta
	}
	if wa, wb := warpBoxes(a), warpBoxes(b); wa != wb {
		return wb - wa
	}
	return compareString(string(a.ID), string(b.ID))
}

func warpBoxes(u *Unit) int {
	if u.Ship == nil {
		return 0
	}
	b := &u.Ship.Boxes
	return b[SysLeftWarp] + b[SysRightWarp] + b[SysCenterWarp]
}

// fleetUnit reports whether u is part of a fleet for the rift rules: not
// ordnance.
func fleetUnit(u *Unit) bool { return !isSeeker(u) && !isMine(u) && lookupClass(u.Class) != nil }

// largestUnit returns side's largest unit on a map, or nil (IP4.232).
func (s *State) largestUnit(side SideID) *Unit {
	var best *Unit
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side || !u.OnMap() || u.PhasedOut || !fleetUnit(u) {
			continue
		}
		if best == nil || largerUnit(u, best) < 0 {
			best = u
		}
	}
	return best
}

// formRift forms side's pending rift: direction and range from its
// largest unit (IP4.232), refused near point terrain (IP4.233) or near a
// recent rift (IP4.29), lifetime rolled in public (IP4.25). In an ion
// storm it becomes a cosmic storm (IP4.51). subject is the rift's, for
// the sides' dice (RiftSubject).
func (s *State) formRift(side SideID, subject string) []Event {
	var evs []Event
	dice := s.cosmicDice()
	only := Only(side)
	lead := s.largestUnit(side)
	if lead == nil {
		return append(evs, s.newEvent(EventCosmic, "IP4.232", Public, fmt.Sprintf("%s has no unit to place a cosmic rift from: none forms", s.sideName(side))))
	}
	dr, ev := s.Roll(D6, RollReason{Clause: "IP4.232", Side: side, Audience: only, What: "cosmic rift direction", Subject: subject})
	evs = append(evs, ev)
	rr, ev := s.Roll(d6s(dice.Range), RollReason{Clause: "IP4.232", Side: side, Audience: only, What: "cosmic rift range", Subject: subject})
	evs = append(evs, ev)
	dir := directionFromDie(dr.Total)
	h := lead.Hex.Add(dir.Vector().Scale(rr.Total))
	m := s.mapByID(lead.Map)
	where := fmt.Sprintf("%v (%s of %s, %d hexes)", h, dir, unitName(lead), rr.Total)
	if d, ok := m.Terrain.NearestFeature(h); ok && d <= riftTerrainClearance {
		evs = append(evs, s.newEvent(EventCosmic, "IP4.233", only, fmt.Sprintf("the cosmic rift at %s would be %d hexes from point terrain: none forms", where, d)))
		return append(evs, s.newEvent(EventCosmic, "IP4.233", Public, fmt.Sprintf("%s's cosmic rift does not form", s.sideName(side))))
	}
	for _, o := range s.Cosmic.Rifts {
		for _, end := range o.ends() {
			if end.m == lead.Map && end.h.Distance(h) <= riftSpacing && s.Clock.Turn-o.Formed.Turn < riftSpacingTurns {
				why := fmt.Sprintf("the cosmic rift at %s would be within %d hexes of %s of turn %d: none forms", where, riftSpacing, o.ID, o.Formed.Turn)
				if !s.riftKnown(&o, side) {
					// A rift the side has not detected is not named (IP4.28).
					why = fmt.Sprintf("the cosmic rift at %s would be within %d hexes of a recent cosmic rift: none forms", where, riftSpacing)
				}
				evs = append(evs, s.newEvent(EventCosmic, "IP4.29", only, why))
				return append(evs, s.newEvent(EventCosmic, "IP4.29", Public, fmt.Sprintf("%s's cosmic rift does not form", s.sideName(side))))
			}
		}
	}
	lr, ev := s.Roll(d6s(dice.Lifetime), RollReason{Clause: "IP4.25", Side: side, What: "cosmic rift lifetime"})
	evs = append(evs, ev)
	r := CosmicRift{
		ID: fmt.Sprintf("rift-%d", len(s.Cosmic.Rifts)+1), Side: side, Map: lead.Map, Hex: h,
		Formed: s.Clock, FormedAt: s.Clock.absoluteImpulse(s.Ruleset.ImpulsesPerTurn),
		Lifetime: lr.Total * riftLifetimeImpulses, Detected: []SideID{side},
	}
	s.Cosmic.Rifts = append(s.Cosmic.Rifts, r)
	rp := &s.Cosmic.Rifts[len(s.Cosmic.Rifts)-1]
	evs = append(evs, s.newEvent(EventCosmic, "IP4.25", Public, fmt.Sprintf("%s's cosmic rift %s forms for %d impulses", s.sideName(side), r.ID, r.Lifetime)))
	evs = append(evs, s.newEvent(EventCosmic, "IP4.232", only, fmt.Sprintf("%s lies at %s", r.ID, where)))
	if m.Terrain.InRegion(h, RegionIonStorm) {
		return append(evs, s.cosmicStorm(rp)...)
	}
	return append(evs, s.beginDestination(rp)...)
}

// beginDestination fixes where rift r leads as it forms and brings that
// destination into play at once: the destination scenario begins on the
// turn the rift forms and its defenders may move before anyone arrives
// (IP4.34, IP4.442). The 2d6 chart and row rolls IP4.412 gives the first
// unit to enter are made now, sealed: no side of the origin sees them, or
// where the rift leads, until that first unit goes through
// (docs/RULES.md "Cosmic rifts"). The destination's own sides see their
// map from the start.
func (s *State) beginDestination(r *CosmicRift) []Event {
	if r.Dest != "" || r.Closed {
		return nil
	}
	return s.rollDestination(r, r.Side, "", Only(noSide))
}

type riftEnd struct {
	m MapID
	h Hex
}

// ends returns the rift's hexes: its origin and, once rolled, its port.
func (r *CosmicRift) ends() []riftEnd {
	out := []riftEnd{{r.Map, r.Hex}}
	if r.Dest != "" {
		out = append(out, riftEnd{r.Dest, r.Port})
	}
	return out
}

// openRiftAt returns the open rift with an end at hex h of map m, and
// whether that end is its origin.
func (s *State) openRiftAt(m MapID, h Hex) (*CosmicRift, bool) {
	for i := range s.Cosmic.Rifts {
		r := &s.Cosmic.Rifts[i]
		if r.Closed {
			continue
		}
		if r.Map == m && r.Hex == h {
			return r, true
		}
		if r.Dest == m && r.Port == h {
			return r, false
		}
	}
	return nil, false
}

// riftPassesFreely reports whether u goes through a rift hex unaffected:
// out of phase, or a seeker that needs no lock-on, a Type-III drone or
// one on a ballistic course (IP4.15).
func riftPassesFreely(u *Unit) bool {
	return u.PhasedOut || (isSeeker(u) && (u.Gear.TypeIII || u.Gear.Target == ""))
}

// cosmicEnter is the enter-hex check of cosmic rifts: a unit entering a
// rift hex is displaced through it (IP4.16, IP4.24), and so is a unit its
// tractor beam dragged in (IP4.14).
func cosmicEnter(s *State, u *Unit, from, to Hex) moveOutcome {
	var o moveOutcome
	id := u.ID
	if t := s.Unit(u.Gear.Tractor); t != nil && t.OnMap() && t.Map == u.Map {
		o.Events = append(o.Events, s.cosmicEnterHex(t)...)
	}
	// Displacing a unit may bring a destination's units into play and
	// move every unit in memory: look units up by id afterwards.
	u = s.Unit(id)
	if r, _ := s.openRiftAt(u.Map, to); r != nil && !riftPassesFreely(u) {
		o.Events = append(o.Events, s.cosmicEnterHex(u)...)
		o.Stop = true
	}
	return o
}

// cosmicEnterHex displaces u if it stands in an open rift hex and may be
// displaced: the check for units put there by other means (a tractor, a
// displacement device: IP4.14).
func (s *State) cosmicEnterHex(u *Unit) []Event {
	r, origin := s.openRiftAt(u.Map, u.Hex)
	if r == nil || riftPassesFreely(u) || !u.OnMap() {
		return nil
	}
	return s.riftTransfer(u, r, origin)
}

// riftTransfer displaces u through rift r from the end it is at. The
// first unit in rolls the destination (IP4.412). It appears at the far
// end on this impulse with its speed and facing (IP4.33, IP4.432),
// weapons and loads unchanged (IP4.433-434), its turn mode count reset
// (IP4.36), its cloak exposed (IP4.38); tractor beams and lock-ons on it
// break (IP4.14-15); the rift's lifetime is cut by its one-hex movement
// cost (IP4.26).
func (s *State) riftTransfer(u *Unit, r *CosmicRift, fromOrigin bool) []Event {
	var evs []Event
	if r.Dest == "" {
		// Not begun yet (a rift made in this very step): the first unit
		// rolls now (IP4.412).
		id := u.ID
		evs = append(evs, s.rollDestination(r, u.Side, u.ID, s.riftAudience(r, u.Side))...)
		u = s.Unit(id) // the destination's units moved the others in memory
	} else if !r.Entered {
		text := fmt.Sprintf("%s opens on %s at %v", r.ID, r.Dest, r.Port)
		if r.DestScenario != "" {
			text = fmt.Sprintf("%s opens on %s at %v", r.ID, r.DestScenario, r.Port)
		}
		if r.Notes != "" {
			text += ": " + r.Notes
		}
		evs = append(evs, s.newEvent(EventCosmic, "IP4.412", s.riftAudience(r, u.Side),
			text+" (its destination was rolled when it formed, IP4.34)"))
	}
	r.Entered = true
	to := riftEnd{r.Dest, r.Port}
	if !fromOrigin {
		to = riftEnd{r.Map, r.Hex}
	}
	from := u.Map
	evs = append(evs, s.breakLinks(u, "IP4.14")...)
	s.moveAcross(u, to.m, to.h)
	if u.Cross.Home == "" {
		u.Cross.Home = from
	} else if u.Cross.Home == to.m {
		u.Cross.Home = "" // home again (IP4.451)
	}
	u.Cross.Rift = r.ID
	// What it carries went through with it (IP4.27, IP4.437); together
	// they are "those units" whose total cost, rounded up once, is cut
	// (IP4.26, docs/RULES.md).
	those := []*Unit{u}
	for _, c := range s.cargoOf(u.ID) {
		c.Cross.Rift, c.Cross.Home = u.Cross.Rift, u.Cross.Home
		those = append(those, c)
	}
	cut := riftCost(those)
	r.Cut += cut
	aud := s.riftAudience(r, u.Side)
	evs = append(evs, s.cosmicEvent(u, "IP4.24", aud, fmt.Sprintf("%s enters %s and is displaced to %s %v at speed %d facing %s",
		u.ID, r.ID, to.m, to.h, u.Speed, u.Facing)))
	evs = append(evs, s.cosmicEvent(u, "IP4.26", aud, fmt.Sprintf("%s's lifetime is cut by %d: %d impulses left", r.ID, cut,
		max(r.closesAt()-s.Clock.absoluteImpulse(s.Ruleset.ImpulsesPerTurn), 0))))
	if s.voidCloak(u) {
		evs = append(evs, s.cosmicEvent(u, "IP4.38", Public, fmt.Sprintf("%s comes out of %s with its cloak exposed", unitName(u), r.ID)))
	}
	if u.Ship != nil && u.Ship.Flywheel > 0 {
		// IP4.37: a positron flywheel resets on exiting the rift; what
		// it held is lost. The charge is its owner's to know.
		evs = append(evs, s.cosmicEvent(u, "IP4.37", Only(u.Side), fmt.Sprintf("%s's positron flywheel resets: %d energy lost", unitName(u), u.Ship.Flywheel)))
		u.Ship.Flywheel = 0
	}
	return append(evs, s.detectRifts()...)
}

// moveAcross puts u, and what it carries, at hex h of map m, resetting
// its turn mode count (IP4.36: there is no sideslip mode in the core rules
// to reset; the positron flywheel is reset by the caller, IP4.37).
func (s *State) moveAcross(u *Unit, m MapID, h Hex) {
	s.placeUnit(u, m, h)
	if u.Ship != nil {
		u.Ship.Move.Straight = 0
	}
	for i := range s.Units {
		if c := &s.Units[i]; c.Status == StatusCarried && c.CarriedBy == u.ID {
			s.placeUnit(c, m, h)
		}
	}
}

// breakLinks breaks what ties u to units it leaves behind: tractor beams
// at either end (IP4.14), docking, and lock-ons: seekers on it or guided
// by it lose their target, as does u if it is a seeker (IP4.15).
func (s *State) breakLinks(u *Unit, clause string) []Event {
	var evs []Event
	if u.Gear.Tractor != "" {
		evs = append(evs, s.cosmicEvent(u, clause, Public, fmt.Sprintf("%s's tractor beam on %s breaks", unitName(u), s.nameOf(u.Gear.Tractor))))
		u.Gear.Tractor = ""
	}
	if u.Ship != nil && u.Ship.Docked != "" {
		if p := s.Unit(u.Ship.Docked); p != nil && p.Ship != nil {
			p.Ship.Docked, p.Ship.BoardingOnly = "", false
		}
		u.Ship.Docked, u.Ship.BoardingOnly = "", false
	}
	if isSeeker(u) && u.Gear.Target != "" {
		evs = append(evs, s.cosmicEvent(u, "IP4.15", Only(u.Side), fmt.Sprintf("%s loses track of %s", unitName(u), s.nameOf(u.Gear.Target))))
		u.Gear.Target = ""
	}
	for i := range s.Units {
		o := &s.Units[i]
		if o.ID == u.ID || !o.OnMap() {
			continue
		}
		if o.Gear.Tractor == u.ID {
			o.Gear.Tractor = ""
			evs = append(evs, s.cosmicEvent(o, clause, Public, fmt.Sprintf("%s's tractor beam on %s breaks", unitName(o), unitName(u))))
		}
		if isSeeker(o) && (o.Gear.Target == u.ID || (o.Gear.Guide == u.ID && !o.Gear.SelfGuided)) && o.Gear.Target != "" {
			evs = append(evs, s.cosmicEvent(o, "IP4.15", Public, fmt.Sprintf("%s loses its lock-on and flies on ballistic", unitName(o))))
			o.Gear.Target = ""
		}
	}
	return evs
}

// riftCost returns the displaced units' total one-hex movement cost,
// fractions rounded up (IP4.26): six movement points make a hex.
func riftCost(us []*Unit) int {
	total := new(big.Rat)
	for _, u := range us {
		if c := lookupClass(u.Class); c != nil {
			num, den := c.moveCostFraction()
			total.Add(total, big.NewRat(int64(6*num), int64(den)))
		}
	}
	n := new(big.Int).Set(total.Num())
	d := total.Denom()
	q, m := new(big.Int).QuoRem(n, d, new(big.Int))
	if m.Sign() > 0 {
		q.Add(q, big.NewInt(1))
	}
	return int(q.Int64())
}

// rollDestination rolls the destination of r for the first unit in, of
// side u.Side: 2d6 for the chart, 2d6 for the row (IP4.412), and brings
// the destination into play. Without charts the rift leads to uncharted,
// empty space (a house decision).
func (s *State) rollDestination(r *CosmicRift, side SideID, unit UnitID, aud Audience) []Event {
	var evs []Event
	var row *RiftChartRow
	if len(s.Cosmic.Charts) > 0 {
		cr, ev := s.Roll(TwoD6, RollReason{Clause: "IP4.412", Side: side, Unit: unit, Audience: aud, What: "rift destination chart"})
		evs = append(evs, ev)
		rr, ev := s.Roll(TwoD6, RollReason{Clause: "IP4.412", Side: side, Unit: unit, Audience: aud, What: "rift destination row"})
		evs = append(evs, ev)
		if c := pickChart(s.Cosmic.Charts, cr.Total); c != nil {
			for i := range c.Rows {
				if c.Rows[i].Lo <= rr.Total && rr.Total <= c.Rows[i].Hi {
					row = &c.Rows[i]
					break
				}
			}
		}
	}
	if row == nil || s.destination(row.Scenario) == nil {
		id := MapID("uncharted-" + r.ID)
		r.Dest, r.DestScenario, r.Port = id, "", Hex{}
		s.Maps = append(s.Maps, Map{ID: id, Name: "Uncharted space (" + r.ID + ")", Terrain: &Terrain{}})
		s.reindex()
		return append(evs, s.newEvent(EventCosmic, "IP4.411", aud, fmt.Sprintf("%s opens on uncharted space", r.ID)))
	}
	r.DestScenario, r.Port, r.Notes = row.Scenario, row.Port, row.Notes
	evs = append(evs, s.activateDestination(r, row, aud)...)
	text := fmt.Sprintf("%s opens on %s at %v", r.ID, row.Scenario, row.Port)
	if row.Notes != "" {
		text += ": " + row.Notes
	}
	return append(evs, s.newEvent(EventCosmic, "IP4.417", aud, text))
}

func pickChart(cs []RiftChart, total int) *RiftChart {
	for i := range cs {
		if cs[i].Lo <= total && total <= cs[i].Hi {
			return &cs[i]
		}
	}
	return nil
}

func (s *State) destination(id string) *Destination {
	for i := range s.Cosmic.Destinations {
		if s.Cosmic.Destinations[i].ID == id {
			return &s.Cosmic.Destinations[i]
		}
	}
	return nil
}

// destinationSide returns the id a side of destination map m gets.
func destinationSide(m MapID, side SideID) SideID { return SideID(string(m) + "." + string(side)) }

// destinationUnit returns the id a unit of destination map m gets.
func destinationUnit(m MapID, id UnitID) UnitID { return UnitID(string(m) + "." + string(id)) }

// activateDestination brings a destination scenario into play as a new
// map sharing the clock (IP4.34, RULES-SYNTHESIS section 3): its map,
// its sides as defender sides (IP4.441) and its units, moved so that its
// largest unit starts at DEFEND and the others keep their places
// relative to it (IP4.442-443). A destination already in play through
// another rift is reused.
func (s *State) activateDestination(r *CosmicRift, row *RiftChartRow, aud Audience) []Event {
	d := s.destination(row.Scenario)
	id := MapID(d.ID)
	if s.mapByID(id) != nil && !s.destinationMap(id) {
		id = MapID(d.ID + "-rift") // the origin itself, or another map of that name
	}
	r.Dest = id
	if s.mapByID(id) != nil {
		return nil
	}
	var evs []Event
	ds := d.Setup
	m := Map{ID: id, Name: ds.Info.Name, Terrain: &Terrain{}}
	if len(ds.Maps) > 0 {
		m.Center = ds.Maps[0].Center
		if ds.Maps[0].Terrain != nil {
			m.Terrain = cloneTerrain(ds.Maps[0].Terrain)
		}
	}
	s.Maps = append(s.Maps, m)
	for _, sd := range ds.Sides {
		sd.ID, sd.Destination = destinationSide(id, sd.ID), id
		s.Sides = append(s.Sides, sd)
	}
	units, _ := PlaceDefenders(ds.Units, row.Defend)
	for _, u := range units {
		u.ID, u.Side, u.Map = destinationUnit(id, u.ID), destinationSide(id, u.Side), id
		if u.CarriedBy != "" {
			u.CarriedBy = destinationUnit(id, u.CarriedBy)
		}
		if u.Status == "" {
			u.Status = StatusOnMap
		}
		u.clonePhaseData()
		if c := lookupClass(u.Class); c != nil {
			if u.Kind == "" {
				u.Kind = c.Kind
			}
			if u.Ship == nil {
				u.Ship = newShipState(c, u.Speed)
			} else {
				u.Ship = u.Ship.clone()
			}
		}
		s.Units = append(s.Units, u)
	}
	slices.SortFunc(s.Units, func(a, b Unit) int { return compareString(string(a.ID), string(b.ID)) })
	s.reindex()
	// Its own sides see it come into play, with aud.
	who := slices.DeleteFunc(slices.Clone(aud.Sides), func(id SideID) bool { return id == noSide })
	for _, sd := range s.Sides {
		if sd.Destination == id && !slices.Contains(who, sd.ID) {
			who = append(who, sd.ID)
		}
	}
	evs = append(evs, s.newEvent(EventCosmic, "IP4.442", Only(s.sideOrder(who)...),
		fmt.Sprintf("%s comes into play: %d units defend it, their main unit at %v", ds.Info.Name, len(units), row.Defend)))
	return evs
}

// PlaceDefenders returns a copy of a destination scenario's units as
// they come into play through a chart row whose DEFEND hex is defend
// (IP4.442-443): moved so that the largest fleet unit (largerUnit:
// the smallest size class number first) stands at defend, every other
// unit keeping its place relative to it. The destination's terrain does
// not move. main is the index of that largest unit, -1 when there is no
// fleet unit (nothing moves then).
func PlaceDefenders(units []Unit, defend Hex) (placed []Unit, main int) {
	placed, main = slices.Clone(units), -1
	for i := range placed {
		if u := &placed[i]; fleetUnit(u) && (main < 0 || largerUnit(u, &placed[main]) < 0) {
			main = i
		}
	}
	if main < 0 {
		return placed, -1
	}
	shift := defend.sub(placed[main].Hex)
	for i := range placed {
		placed[i].Hex = placed[i].Hex.Add(shift)
	}
	return placed, main
}

// destinationMap reports whether m is a map a rift brought into play.
func (s *State) destinationMap(m MapID) bool {
	for _, r := range s.Cosmic.Rifts {
		if r.Dest == m {
			return true
		}
	}
	return false
}

// closeRift closes r: its lifetime is over (IP4.25). Units away from
// home through it are trapped and count as destroyed (IP4.27, IP4.452).
func (s *State) closeRift(r *CosmicRift) []Event {
	r.Closed = true
	evs := []Event{s.newEvent(EventCosmic, "IP4.25", s.riftAudience(r, ""), fmt.Sprintf("%s closes", r.ID))}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Cross.Rift == r.ID && u.Away() && !u.Cross.Trapped && u.Status != StatusDestroyed {
			u.Cross.Trapped = true
			evs = append(evs, s.cosmicEvent(u, "IP4.452", Public, fmt.Sprintf("%s is trapped in %s: it counts as destroyed", unitName(u), u.Map)))
		}
	}
	return evs
}

// cosmicStorm transfers everything inside the ion storm r formed in to
// the destination, keeping each unit's and feature's place relative to
// the rift, then removes the storm and closes the rift (IP4.51-54). The
// units' crews do not know for riftUnawareTurns turns (IP4.53).
func (s *State) cosmicStorm(r *CosmicRift) []Event {
	r.Storm = true
	m := s.mapByID(r.Map)
	var storm *Region
	for i := range m.Terrain.Regions {
		if g := &m.Terrain.Regions[i]; g.Kind == RegionIonStorm && g.Shape.Contains(r.Hex) {
			storm = g
			break
		}
	}
	var inside []*Unit
	for i := range s.Units {
		u := &s.Units[i]
		if u.Map == r.Map && (u.OnMap() || u.Status == StatusCarried) && storm.Shape.Contains(u.Hex) {
			inside = append(inside, u)
		}
	}
	var evs []Event
	evs = append(evs, s.newEvent(EventCosmic, "IP4.51", Public, fmt.Sprintf("%s forms inside ion storm %s: a cosmic storm", r.ID, storm.ID)))
	var first *Unit
	for _, u := range inside {
		if fleetUnit(u) && u.OnMap() {
			first = u
			break
		}
	}
	if first == nil && len(inside) > 0 {
		first = inside[0]
	}
	if first == nil {
		first = s.largestUnit(r.Side)
	}
	ids := make([]UnitID, len(inside))
	for i, u := range inside {
		ids[i] = u.ID
	}
	r.Entered = true // everything inside goes through now (IP4.52)
	evs = append(evs, s.rollDestination(r, first.Side, first.ID, s.riftAudience(r, first.Side))...)
	for i, id := range ids {
		inside[i] = s.Unit(id) // the destination's units moved the others in memory
	}
	// Terrain is shared between clones: copy before changing (IP4.52).
	src, dst := cloneTerrain(m.Terrain), cloneTerrain(s.mapByID(r.Dest).Terrain)
	shift := r.Port.sub(r.Hex)
	var keep []Feature
	for _, f := range src.Features {
		if storm.Shape.Contains(f.Hex) {
			f.Hex = f.Hex.Add(shift)
			f.ID = r.ID + "." + f.ID
			dst.Features = append(dst.Features, f)
		} else {
			keep = append(keep, f)
		}
	}
	src.Features = keep
	stormID := storm.ID
	src.Regions = slices.DeleteFunc(src.Regions, func(g Region) bool { return g.ID == stormID })
	for _, u := range inside {
		if u.Status != StatusCarried {
			evs = append(evs, s.breakLinks(u, "IP4.52")...)
		}
		old := u.Map
		s.placeUnit(u, r.Dest, u.Hex.Add(shift))
		if u.Ship != nil {
			u.Ship.Move.Straight = 0
		}
		u.Cross = RiftCrossing{Rift: r.ID, Believes: old, Until: s.Clock.Turn + riftUnawareTurns}
		evs = append(evs, s.cosmicEvent(u, "IP4.53", Only(u.Side), fmt.Sprintf("%s is swept to %s %v; its crew do not know it", unitName(u), r.Dest, u.Hex)))
	}
	s.mapByID(r.Map).Terrain = src
	s.mapByID(r.Dest).Terrain = dst
	r.Closed = true
	s.reindex()
	return append(evs, s.newEvent(EventCosmic, "IP4.54", Public, fmt.Sprintf("ion storm %s and %s vanish", stormID, r.ID)))
}

// cosmicRadiation rolls the radiation of open rifts for every unit
// within riftRadiationRange of either end that has not rolled this turn
// (IP4.31): separate rolls for warp power and sensors (IP4.312-315),
// against the turns since formation, not the lifetime (IP4.316).
func (s *State) cosmicRadiation() []Event {
	var evs []Event
	dice := d6s(s.cosmicDice().Radiation)
	for i := range s.Cosmic.Rifts {
		r := &s.Cosmic.Rifts[i]
		if r.Closed {
			continue
		}
		turns := s.Clock.Turn - r.Formed.Turn + 1
		for _, end := range r.ends() {
			for _, u := range s.unitsWithin(end.m, end.h, riftRadiationRange) {
				if !u.OnMap() || u.Ship == nil || !fleetUnit(u) || u.Ship.Radiation.Turn == s.Clock.Turn {
					continue
				}
				why := RollReason{Clause: "IP4.312", Side: u.Side, Unit: u.ID, Audience: Only(u.Side), What: "rift radiation, warp " + unitName(u)}
				wr, ev := s.Roll(dice, why)
				evs = append(evs, ev)
				why.Clause, why.What = "IP4.313", "rift radiation, sensors "+unitName(u)
				sr, ev := s.Roll(dice, why)
				evs = append(evs, ev)
				evs = append(evs, s.applyRadiation(u, radiationRow(turns, wr.Total), radiationRow(turns, sr.Total))...)
			}
		}
	}
	return evs
}

// applyRadiation sets u's radiation effect for this turn from the rows.
func (s *State) applyRadiation(u *Unit, warpRow, sensorRow int) []Event {
	w, sn := radiationWarpChart[warpRow-1], radiationSensorChart[sensorRow-1]
	loss := (warpBoxes(u)*w[0] + w[1] - 1) / w[1]
	u.Ship.Radiation = Radiation{Turn: s.Clock.Turn, WarpRow: warpRow, SensorRow: sensorRow, WarpLoss: loss, FireShift: sn.Shift, Blind: sn.Blind}
	text := fmt.Sprintf("%s in rift radiation: warp row %d (-%d power), sensor row %d (+%d to fire", unitName(u), warpRow, loss, sensorRow, sn.Shift)
	if sn.Blind {
		text += ", lock-on lost"
	}
	return []Event{s.cosmicEvent(u, "IP4.311", Only(u.Side), text+")")}
}

// detectRifts lets every side with a unit in normal space within the
// tactical intelligence E range of an open rift's end know it (IP4.28).
func (s *State) detectRifts() []Event {
	var evs []Event
	rng := s.Ruleset.detectRange()
	for i := range s.Cosmic.Rifts {
		r := &s.Cosmic.Rifts[i]
		if r.Closed {
			continue
		}
		for _, end := range r.ends() {
			for _, u := range s.unitsWithin(end.m, end.h, rng) {
				if !u.OnMap() || u.PhasedOut || slices.Contains(r.Detected, u.Side) {
					continue
				}
				r.Detected = s.sideOrder(append(r.Detected, u.Side))
				evs = append(evs, s.cosmicEvent(u, "IP4.28", Only(u.Side), fmt.Sprintf("%s detects cosmic rift %s at %v", unitName(u), r.ID, end.h)))
			}
		}
	}
	return evs
}

// sideOrder sorts side ids in the order of s.Sides.
func (s *State) sideOrder(ids []SideID) []SideID {
	idx := map[SideID]int{}
	for i, sd := range s.Sides {
		idx[sd.ID] = i
	}
	slices.SortFunc(ids, func(a, b SideID) int { return idx[a] - idx[b] })
	return ids
}

// RiftKnown reports whether side knows where rift r is; the public view
// (side "") knows it once every side does.
func (s *State) riftKnown(r *CosmicRift, side SideID) bool {
	if side != "" {
		return slices.Contains(r.Detected, side)
	}
	for _, sd := range s.Sides {
		if !slices.Contains(r.Detected, sd.ID) {
			return false
		}
	}
	return true
}

// riftAudience is who sees what happens at rift r: the sides that
// detected it, and extra.
func (s *State) riftAudience(r *CosmicRift, extra SideID) Audience {
	ids := slices.Clone(r.Detected)
	if extra != "" && !slices.Contains(ids, extra) {
		ids = s.sideOrder(append(ids, extra))
	}
	if len(ids) == 0 {
		ids = []SideID{r.Side}
	}
	return Only(ids...)
}

func (s *State) cosmicEvent(u *Unit, clause string, aud Audience, text string) Event {
	ev := s.newEvent(EventCosmic, clause, aud, text)
	ev.Unit, ev.Side = u.ID, u.Side
	return ev
}

// riftBlocksFire reports why u cannot fire or launch at t: the line
// between them passes through a cosmic rift hex (IP4.15).
func (s *State) riftBlocksFire(u, t *Unit) error {
	if len(s.Cosmic.Rifts) == 0 || u.Map != t.Map || u.Hex.Distance(t.Hex) < 2 {
		return nil // nothing lies between them
	}
	line := Line(u.Hex, t.Hex)
	for _, h := range line[1 : len(line)-1] {
		if r, _ := s.openRiftAt(u.Map, h); r != nil {
			return refuse("IP4.15", "no fire through cosmic rift %s at %v", r.ID, h)
		}
	}
	return nil
}

// riftBlocksWeb reports why no web may be laid along hexes of map m: a
// cosmic rift within riftWebClearance hexes (IP4.12).
func (s *State) riftBlocksWeb(m MapID, hexes []Hex) error {
	for i := range s.Cosmic.Rifts {
		r := &s.Cosmic.Rifts[i]
		if r.Closed {
			continue
		}
		for _, end := range r.ends() {
			for _, h := range hexes {
				if end.m == m && end.h.Distance(h) <= riftWebClearance {
					return refuse("IP4.12", "no web within %d hexes of a cosmic rift", riftWebClearance)
				}
			}
		}
	}
	return nil
}

// RiftView is what a side knows of a cosmic rift (IP4.28): drawn at Hex
// of Map and, once the destination is known, at Port of Dest, with the
// radiation ring of RadiationRange around each end.
type RiftView struct {
	ID           string `json:"id"`
	Side         SideID `json:"side"`
	Map          MapID  `json:"map"`
	Hex          Hex    `json:"hex"`
	Dest         MapID  `json:"dest,omitempty"`
	DestScenario string `json:"dest_scenario,omitempty"`
	Port         Hex    `json:"port"`
	Notes        string `json:"notes,omitempty"`
	Formed       Clock  `json:"formed"`
	// Lifetime is the rolled lifetime in impulses (public, IP4.25), Cut
	// what displacements took (IP4.26), Remaining the impulses left.
	Lifetime       int  `json:"lifetime"`
	Cut            int  `json:"cut"`
	Remaining      int  `json:"remaining"`
	RadiationRange int  `json:"radiation_range"`
	Storm          bool `json:"storm,omitempty"`
}

// MapView says what one map in play holds for the viewer: the units of
// each side the viewer sees there, and the rift ends on it.
type MapView struct {
	ID MapID `json:"id"`
	// Destination is set for a map a cosmic rift brought into play.
	Destination bool `json:"destination,omitempty"`
	// Units counts the visible units on the map; Own those of the viewer.
	Units int `json:"units"`
	Own   int `json:"own"`
}

// cosmicView fills the cosmic rift parts of v for side: the rifts it
// knows (open ones), the maps it knows with unit counts, and drops maps
// and units it cannot know of (a destination it has neither detected nor
// units in).
func (s *State) cosmicView(v *View, side SideID) {
	// Remaining counts the impulses still to come in which a rift is
	// open, the current one included; between impulses the next one is
	// the first to come.
	now := s.Clock.absoluteImpulse(s.Ruleset.ImpulsesPerTurn)
	if !s.Clock.Step.InImpulse() {
		now++
	}
	known := map[MapID]bool{}
	for _, m := range s.Maps {
		if !s.destinationMap(m.ID) {
			known[m.ID] = true
		}
	}
	for i := range s.Cosmic.Rifts {
		r := &s.Cosmic.Rifts[i]
		if !s.riftKnown(r, side) {
			continue
		}
		if r.Dest != "" && r.Entered {
			known[r.Dest] = true
		}
		if r.Closed {
			continue
		}
		v.Rifts = append(v.Rifts, RiftView{ID: r.ID, Side: r.Side, Map: r.Map, Hex: r.Hex, Dest: r.Dest, DestScenario: r.DestScenario,
			Port: r.Port, Notes: r.Notes, Formed: r.Formed, Lifetime: r.Lifetime, Cut: r.Cut,
			Remaining: max(r.closesAt()-now, 0), RadiationRange: riftRadiationRange, Storm: r.Storm})
	}
	for i := range s.Units {
		u := &s.Units[i]
		if side != "" && u.Side == side && u.OnMap() {
			known[u.Map] = true
		}
	}
	if sd, ok := s.Side(side); ok && sd.Destination != "" {
		known[sd.Destination] = true
	}
	for i := range v.Rifts {
		if rv := &v.Rifts[i]; rv.Dest != "" && !known[rv.Dest] {
			// Where it leads is not known before the first unit goes
			// through (IP4.412, beginDestination).
			rv.Dest, rv.DestScenario, rv.Port, rv.Notes = "", "", Hex{}, ""
		}
	}
	v.Maps = slices.DeleteFunc(v.Maps, func(m Map) bool { return !known[m.ID] })
	v.Units = slices.DeleteFunc(v.Units, func(u UnitView) bool { return !known[u.Map] })
	// Nothing else of an unknown destination: its storm disc, webs and
	// phase-in records (its defender sides: View, sideKnownTo).
	if v.Storm != nil {
		st := *v.Storm
		st.Discs = slices.DeleteFunc(slices.Clone(st.Discs), func(d StormDisc) bool { return !known[d.Map] })
		v.Storm = &st
	}
	v.Webs = slices.DeleteFunc(v.Webs, func(w WebView) bool { return !known[w.Map] })
	v.PhaseIns = slices.DeleteFunc(v.PhaseIns, func(p PhaseTrack) bool { return !known[p.Map] })
	for _, m := range v.Maps {
		mv := MapView{ID: m.ID, Destination: s.destinationMap(m.ID)}
		for _, u := range v.Units {
			if u.Map == m.ID {
				mv.Units++
				if u.Side == side {
					mv.Own++
				}
			}
		}
		v.MapCounts = append(v.MapCounts, mv)
	}
}

// destinationKnowers returns, for each destination map in play, the
// sides that know it: its own sides, the sides with a unit there, and,
// once a unit has gone through a rift to it, the sides that know that
// rift (the same rule as cosmicView). Nil when no destination is in play.
func (s *State) destinationKnowers() map[MapID][]SideID {
	var out map[MapID][]SideID
	add := func(m MapID, side SideID) {
		if !slices.Contains(out[m], side) {
			out[m] = append(out[m], side)
		}
	}
	for i := range s.Cosmic.Rifts {
		r := &s.Cosmic.Rifts[i]
		if r.Dest == "" {
			continue
		}
		if out == nil {
			out = map[MapID][]SideID{}
		}
		if _, ok := out[r.Dest]; !ok {
			out[r.Dest] = nil
		}
		if r.Entered {
			for _, sd := range s.Sides {
				if s.riftKnown(r, sd.ID) {
					add(r.Dest, sd.ID)
				}
			}
		}
	}
	if out == nil {
		return nil
	}
	for _, sd := range s.Sides {
		if _, ok := out[sd.Destination]; ok && sd.Destination != "" {
			add(sd.Destination, sd.ID)
		}
	}
	for i := range s.Units {
		if u := &s.Units[i]; u.OnMap() {
			if _, ok := out[u.Map]; ok {
				add(u.Map, u.Side)
			}
		}
	}
	for m := range out {
		out[m] = s.sideOrder(out[m])
	}
	return out
}

// hideDestinations is the secrecy net for destination maps: a public
// event about a destination map (made by one of its sides, about a unit
// on it, or naming it) goes only to the sides that know that map, so a
// side never learns where a rift leads, or what goes on there, before it
// finds it (a destination begins when its rift forms, IP4.34).
func (s *State) hideDestinations(evs []Event) []Event {
	knowers := s.destinationKnowers()
	if len(knowers) == 0 {
		return evs
	}
	maps := make([]MapID, 0, len(knowers))
	for m, who := range knowers {
		if len(who) < len(s.Sides) {
			maps = append(maps, m)
		}
	}
	if len(maps) == 0 {
		return evs
	}
	slices.Sort(maps)
	for k := range evs {
		ev := &evs[k]
		if !ev.Audience.IsPublic() {
			continue
		}
		var about MapID
		if sd, ok := s.Side(ev.Side); ok && slices.Contains(maps, sd.Destination) {
			about = sd.Destination
		} else if u := s.Unit(ev.Unit); u != nil && slices.Contains(maps, u.Map) {
			about = u.Map
		} else {
			for _, m := range maps {
				if mentions(ev.Text, string(m)) {
					about = m
					break
				}
			}
		}
		if about == "" {
			continue
		}
		who := knowers[about]
		if len(who) == 0 {
			who = []SideID{noSide}
		}
		ev.Audience = Only(who...)
	}
	return evs
}

// destinationSides returns the defender sides of destination maps in
// play, in side order: the session seats the computer or a player there.
func (s *State) destinationSides() []SideID {
	var out []SideID
	for _, sd := range s.Sides {
		if sd.Destination != "" {
			out = append(out, sd.ID)
		}
	}
	return out
}
