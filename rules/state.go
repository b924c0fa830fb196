package rules

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// ScenarioInfo identifies the scenario a game was started from.
type ScenarioInfo struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
}

// Map is one floating map in play. It has no edges (IP4.422); Center is
// the scenario's "middle hex", where phase storms centre (IP8.515) and
// where the camera starts.
type Map struct {
	ID      MapID    `json:"id"`
	Name    string   `json:"name"`
	Center  Hex      `json:"center"`
	Terrain *Terrain `json:"terrain"`
}

// Setup is everything needed to start a game: what a scenario file
// describes, already parsed. The scenarios package builds it; rules never
// reads files.
type Setup struct {
	Info    ScenarioInfo
	Ruleset Ruleset
	Sides   []Side
	Maps    []Map
	Units   []Unit
	// RiftCharts are the scenario's cosmic rift destination charts
	// (IP4.411, IP4.61) and Destinations the scenarios they name, ready
	// to come into play, in id order (cosmic.go).
	RiftCharts   []RiftChart
	Destinations []Destination
	// Objectives are the scenario's objectives (objective.go).
	Objectives []Objective
	// OpenRifts are cosmic rifts already open when the game starts
	// (cosmic.go, OpenRift).
	OpenRifts []OpenRift
}

// State is the whole state of a game. It changes only through the rules
// package; everything else reads it through View.
type State struct {
	Scenario ScenarioInfo `json:"scenario"`
	Ruleset  Ruleset      `json:"ruleset"`
	Seed     uint64       `json:"seed"`
	Clock    Clock        `json:"clock"`
	Sides    []Side       `json:"sides"`
	Maps     []Map        `json:"maps"`
	// Units is sorted by ID, so that iteration order never depends on
	// anything but the ids.
	Units []Unit `json:"units"`
	RNG   RNG    `json:"rng"`
	// PrivateKey keys the private dice streams and Private holds them,
	// one per audience, sorted (privatedice.go).
	PrivateKey PrivateKey      `json:"private_key"`
	Private    []privateStream `json:"private,omitempty"`
	// DiceEpoch is the epoch of the sides' dice in a game played between
	// machines (sidedice.go), public; sideDice gives them. It is no part
	// of the state's encoding.
	DiceEpoch string `json:"dice_epoch,omitempty"`
	sideDice  SideDice
	// Peer is what this machine knows of the units out of phase in a game
	// played between machines (peer.go); nil in any other game. It is no
	// part of the state's encoding.
	Peer *PeerState `json:"-"`
	// EventSeq numbers the events of the game; the next one gets
	// EventSeq+1.
	EventSeq int `json:"event_seq"`
	// Turn is the turn machine's progress within the current step: who
	// has committed, the initiative order, declared fire and rams.
	Turn TurnState `json:"turn"`
	// Phase is the phase storm, the webs and this turn's revealed phase
	// courses (phasespace.go, IP8).
	Phase PhaseState `json:"phase,omitzero"`
	// Cosmic holds the cosmic rifts and what they may lead to (cosmic.go).
	Cosmic CosmicState `json:"cosmic,omitzero"`
	// Objectives are the scenario's objectives, scored by Outcome.
	Objectives []Objective `json:"objectives,omitempty"`

	hooks   *hookSet
	spatial spatialIndex
	// attackers caches who fires at whom in the current impulse.
	attackers *attackersCache
	// quiet is set on an imagined state (imagine.go), whose log nobody
	// reads: its events leave the commands' words out.
	quiet bool
	// onStep, when set, is called as each step begins (the golden-game
	// harness, Play in replay_harness_test.go, records checkpoints with it).
	onStep func(*State)

	unitIndex map[UnitID]int
	// mines counts the units of kind mine, destroyed or not (reindex),
	// so that the enter-hex check of mines costs nothing in a game
	// without any.
	mines int
}

// NewState starts a game from setup with the given seed. It checks the
// setup's internal consistency and reports every problem it finds.
// Without WithPrivateKey the private dice follow from the seed.
func NewState(setup Setup, seed uint64, opts ...Option) (*State, error) {
	s := &State{
		Scenario:   setup.Info,
		Ruleset:    setup.Ruleset,
		Seed:       seed,
		Clock:      Clock{Turn: 1, Step: StepStartOfTurn},
		Sides:      slices.Clone(setup.Sides),
		Maps:       make([]Map, len(setup.Maps)),
		Units:      slices.Clone(setup.Units),
		RNG:        NewRNG(seed),
		PrivateKey: SeedPrivateKey(seed),
		Cosmic:     CosmicState{Charts: slices.Clone(setup.RiftCharts), Destinations: slices.Clone(setup.Destinations)},
		Objectives: cloneObjectives(setup.Objectives),
	}
	for i, m := range setup.Maps {
		t := &Terrain{}
		if m.Terrain != nil {
			t = cloneTerrain(m.Terrain)
		}
		m.Terrain = t
		s.Maps[i] = m
	}
	for i := range s.Units {
		s.Units[i].clonePhaseData()
		if s.Units[i].Status == "" {
			s.Units[i].Status = StatusOnMap
		}
		if s.Units[i].Map == "" && len(s.Maps) > 0 {
			s.Units[i].Map = s.Maps[0].ID
		}
		if c := lookupClass(s.Units[i].Class); c != nil {
			if s.Units[i].Kind == "" {
				s.Units[i].Kind = c.Kind
			}
			if s.Units[i].Ship == nil {
				s.Units[i].Ship = newShipState(c, s.Units[i].Speed)
			} else {
				s.Units[i].Ship = s.Units[i].Ship.clone()
			}
		}
	}
	for _, o := range opts {
		o(s)
	}
	slices.SortFunc(s.Units, func(a, b Unit) int { return strings.Compare(string(a.ID), string(b.ID)) })
	s.openRifts(setup.OpenRifts)
	if err := s.check(); err != nil {
		return nil, err
	}
	s.hideMines()
	s.reindex()
	return s, nil
}

// check reports every inconsistency of a state as one joined error.
func (s *State) check() error {
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf("rules: "+format, a...)) }
	if err := s.Ruleset.Validate(); err != nil {
		errs = append(errs, err)
	}
	if len(s.Maps) == 0 {
		bad("a game needs at least one map")
	}
	sides := map[SideID]bool{}
	for _, sd := range s.Sides {
		if sd.ID == "" {
			bad("a side has no id")
		}
		if sides[sd.ID] {
			bad("side %q is defined twice", sd.ID)
		}
		sides[sd.ID] = true
	}
	maps := map[MapID]bool{}
	for _, m := range s.Maps {
		if maps[m.ID] {
			bad("map %q is defined twice", m.ID)
		}
		maps[m.ID] = true
	}
	units := map[UnitID]bool{}
	for _, u := range s.Units {
		switch {
		case u.ID == "":
			bad("a unit has no id")
		case units[u.ID]:
			bad("unit %q is defined twice", u.ID)
		}
		units[u.ID] = true
		if !sides[u.Side] {
			bad("unit %q belongs to unknown side %q", u.ID, u.Side)
		}
		if !maps[u.Map] {
			bad("unit %q is on unknown map %q", u.ID, u.Map)
		}
		if c, ok := LookupClass(u.Class); !ok {
			bad("unit %q has unknown class %q", u.ID, u.Class)
		} else if u.Ship != nil && len(u.Ship.Mounts) != len(c.Mounts) {
			bad("unit %q has %d mount states for %d mounts", u.ID, len(u.Ship.Mounts), len(c.Mounts))
		}
		if !u.Facing.valid() {
			bad("unit %q has invalid facing %d", u.ID, u.Facing)
		}
		if u.Speed < 0 {
			bad("unit %q has negative speed %d", u.ID, u.Speed)
		}
	}
	for _, u := range s.Units {
		if u.Status == StatusCarried && !units[u.CarriedBy] {
			bad("unit %q is carried by unknown unit %q", u.ID, u.CarriedBy)
		}
	}
	errs = append(errs, s.checkObjectives()...)
	errs = append(errs, s.checkOpenRifts()...)
	return errors.Join(errs...)
}

func (s *State) reindex() {
	s.unitIndex = make(map[UnitID]int, len(s.Units))
	s.mines = 0
	for i, u := range s.Units {
		s.unitIndex[u.ID] = i
		if isMine(&u) {
			s.mines++
		}
	}
	for _, m := range s.Maps {
		m.Terrain.index()
	}
	s.buildSpatial()
}

// Unit returns the unit with the given id, or nil. The pointer is valid
// until the next change to the set of units.
func (s *State) Unit(id UnitID) *Unit {
	if i, ok := s.unitIndex[id]; ok {
		return &s.Units[i]
	}
	return nil
}

// mapByID returns the map with the given id, or nil.
func (s *State) mapByID(id MapID) *Map {
	for i := range s.Maps {
		if s.Maps[i].ID == id {
			return &s.Maps[i]
		}
	}
	return nil
}

// Side returns the side with the given id, or false.
func (s *State) Side(id SideID) (Side, bool) {
	for _, sd := range s.Sides {
		if sd.ID == id {
			return sd, true
		}
	}
	return Side{}, false
}

// sideName returns the name players read for side id, or the id when
// the side has none.
func (s *State) sideName(id SideID) string {
	if sd, ok := s.Side(id); ok && sd.Name != "" {
		return sd.Name
	}
	return string(id)
}

// RollReason says why a roll is made and who may see it.
type RollReason struct {
	Clause   string
	Side     SideID
	Unit     UnitID
	Audience Audience
	// What names the roll in the log, e.g. "initiative".
	What string
	// Subject is the secret a roll for one side alone is about, in a game
	// played between machines (sidedice.go): PhaseSubject, MineSubject,
	// RiftSubject. Empty: its clause and unit.
	Subject string
}

// Roll rolls d with the game's generator and returns the result with the
// event that records it. Every die in the game goes through Roll.
func (s *State) Roll(d Dice, why RollReason) (Roll, Event) {
	r := throw(s.genFor(why), d)
	text := r.String()
	if why.What != "" {
		text = why.What + ": " + text
	}
	ev := s.newEvent(EventRoll, why.Clause, why.Audience, text)
	ev.Side, ev.Unit, ev.Roll = why.Side, why.Unit, &r
	return r, ev
}

// newEvent numbers and stamps a new event.
func (s *State) newEvent(kind EventKind, clause string, aud Audience, text string) Event {
	s.EventSeq++
	return Event{Seq: s.EventSeq, Clock: s.Clock, Kind: kind, Clause: clause, Audience: aud, Text: text}
}

// Hash is the SHA-256 of a state's canonical encoding.
type Hash [sha256.Size]byte

// String returns the hash in hexadecimal.
func (h Hash) String() string { return hex.EncodeToString(h[:]) }

// Hash returns the SHA-256 of the state's canonical JSON encoding: struct
// fields in declaration order, units sorted by id, no maps. Two states
// with equal hashes play on identically.
func (s *State) Hash() Hash {
	b, err := json.Marshal(s)
	if err != nil {
		// Every field is a plain value with a total encoding; failing
		// here is a programming error.
		panic("rules: state encoding failed: " + err.Error())
	}
	return sha256.Sum256(b)
}

// Clone returns a deep copy of the state.
func (s *State) Clone() *State {
	c := *s
	c.Sides = slices.Clone(s.Sides)
	c.Private = slices.Clone(s.Private)
	c.Units = slices.Clone(s.Units)
	for i := range c.Units {
		c.Units[i].Ship = c.Units[i].Ship.clone()
		c.Units[i].clonePhaseData()
	}
	c.Phase = s.Phase.clone()
	c.Peer = s.Peer.clone()
	c.Cosmic = s.Cosmic.clone()
	c.Objectives = cloneObjectives(s.Objectives)
	c.Turn = s.Turn.clone()
	c.attackers = nil
	c.Maps = slices.Clone(s.Maps) // terrain is immutable once the game starts and is shared
	c.reindex()
	return &c
}

// UnmarshalJSON decodes a state written by json.Marshal and rebuilds its
// indexes, so that a saved game restores to an identical state.
func (s *State) UnmarshalJSON(b []byte) error {
	type plain State
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	*s = State(p)
	for i := range s.Maps {
		if s.Maps[i].Terrain == nil {
			s.Maps[i].Terrain = &Terrain{}
		}
	}
	if !slices.IsSortedFunc(s.Units, func(a, b Unit) int { return strings.Compare(string(a.ID), string(b.ID)) }) {
		return errors.New("rules: saved units are not sorted by id")
	}
	if err := s.check(); err != nil {
		return err
	}
	s.reindex()
	return nil
}

func cloneTerrain(t *Terrain) *Terrain {
	c := &Terrain{
		Features: slices.Clone(t.Features),
		Regions:  slices.Clone(t.Regions),
		Systems:  slices.Clone(t.Systems),
	}
	for i := range c.Regions {
		c.Regions[i].Shape.Hexes = slices.Clone(c.Regions[i].Shape.Hexes)
	}
	for i := range c.Systems {
		c.Systems[i].Shape.Hexes = slices.Clone(c.Systems[i].Shape.Hexes)
	}
	return c
}
