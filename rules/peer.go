package rules

import (
	"cmp"
	"slices"
)

// The peer state. A machine of a game played between machines cannot
// compute another side's units out of phase: their phase and course
// rolls come from that side's dice alone (sidedice.go). WithPeer plays a
// state in which every unit out of phase is in limbo (StatusLimbo) on
// every machine: absent from the turn, the views, the legal commands and
// the decisions, so that every machine plays the public game alike. A
// machine that knows the unit's time out of phase (its side's, a
// verifier holding every side's dice, or one that holds the side's proof
// of those rolls, given once the unit phased in) wakes it for the phase
// step, makes its private rolls and its course, gives it the energy
// allocation its side gave for it (peerorders.go), or its default, each
// turn, and records each of its phase-ins (Arrival). Another machine
// that reaches a phase point at which such a unit was out, and that the
// side's announcements do not reach (Announce), does not know what the
// unit did there (Missing): it waits for the side's word. PublicHash is
// the state every machine computes alike, whatever it knows.

// PeerState is what one machine knows and was told of the sides' secrets.
// It is not part of the state's encoding.
type PeerState struct {
	// Side is the machine's side; All is set for a verifier that knows
	// every side's secrets.
	Side SideID
	All  bool
	// riftMade are the news of the pending rifts this machine knows, in
	// order (peerrift.go), and refused why an announcement's reach is
	// false, as the public game shows it.
	riftMade []RiftNews
	refused  []string
	// through is how far each side's announcements reach, by side.
	through []Through
	// made are the phase-ins of the units this machine knows, in order.
	made []Arrival
	// points are the phase points passed, in order.
	points []PhasePoint
	// missing is the first phase point at which a secret was unknown to
	// this machine and its side's announcements did not reach.
	missing *PhasePoint
	// limbo are the allocations each side gives its units out of phase
	// this machine computes (peerorders.go); never changed in place.
	limbo map[SideID][]Allocation
	// The mines' part (peermine.go): mineFrom is the scenario's hex of
	// each mine put in limbo (public; never changed in place), minePts
	// the mine points passed, mineReach how many of each side's points
	// its announcements reach, mineMade the set-offs of the mines this
	// machine knows.
	mineFrom  map[UnitID]Hex
	minePts   []MinePoint
	mineReach map[SideID]int
	mineMade  []MineNews
	// missingPts is how many mine points were passed before the
	// missing point, once there is one.
	missingPts int
	// blind are the rolls of secrets this machine does not know that it
	// was asked to make, and diceErr the first roll of a secret it knows
	// that it could not key (sidedice.go).
	blind   []string
	diceErr error
}

// Through says that a side's announcements cover every phase point up to
// and including Clock.
type Through struct {
	Side  SideID `json:"side"`
	Clock Clock  `json:"clock"`
}

// Arrival is one phase-in of a unit out of phase that this machine
// computed: when, by which clause (IP8.21 on a phase roll, IP8.124 on
// leaving phase space), whose unit, and the subject of its time out of
// phase (PhaseSubject), whose rolls decided it.
type Arrival struct {
	Clock   Clock
	Clause  string
	Side    SideID
	Unit    UnitID
	Subject string
}

// PhasePoint is a point of the game at which units out of phase may
// phase in: the phase step of an impulse (IP8.21, IP8.124) or the end of
// a phase storm (IP8.514). Sides are the sides with units out of phase
// there.
type PhasePoint struct {
	Clock Clock    `json:"clock"`
	Sides []SideID `json:"sides"`
}

// WithPeer plays the state as the machine of side does in a game played
// between machines: every unit out of phase is in limbo, and only the
// secrets it knows are computed (side's own, and those its side dice
// hold). An empty side computes only those.
func WithPeer(side SideID) Option {
	return func(s *State) { s.Peer = &PeerState{Side: side} }
}

// WithPeerVerifier plays the state as a machine that holds every side's
// dice: the units out of phase are in limbo as on every machine, and it
// computes them all.
func WithPeerVerifier() Option {
	return func(s *State) { s.Peer = &PeerState{All: true} }
}

func (p *PeerState) clone() *PeerState {
	if p == nil {
		return nil
	}
	c := *p
	c.through = slices.Clone(p.through)
	c.made = slices.Clone(p.made)
	c.points = slices.Clone(p.points)
	for i := range c.points {
		c.points[i].Sides = slices.Clone(c.points[i].Sides)
	}
	c.riftMade, c.refused, c.blind = slices.Clone(p.riftMade), slices.Clone(p.refused), slices.Clone(p.blind)
	c.cloneMines(p)
	if p.missing != nil {
		m := *p.missing
		m.Sides = slices.Clone(m.Sides)
		c.missing = &m
	}
	return &c
}

// deepCopy returns a copy of u sharing nothing with it.
func (u *Unit) deepCopy() Unit {
	c := *u
	c.Ship = u.Ship.clone()
	c.clonePhaseData()
	return c
}

// knows reports whether this machine computes u while it is out of
// phase: always outside play between machines.
func (s *State) knows(u *Unit) bool {
	p := s.Peer
	if p == nil || p.All || u.Side == p.Side {
		return true
	}
	return s.knowsSecret(u.Side, phaseSubject(u))
}

// Made returns the phase-ins of the units this machine knows, in the
// order they happened.
func (s *State) Made() []Arrival {
	if s.Peer == nil {
		return nil
	}
	return slices.Clone(s.Peer.made)
}

// PhasePoints returns the phase points passed, in order.
func (s *State) PhasePoints() []PhasePoint {
	if s.Peer == nil {
		return nil
	}
	return slices.Clone(s.Peer.points)
}

// Missing returns the first phase point this machine played without
// knowing what a secret did there: the sides named must announce
// through it before the game played from there can be kept.
func (s *State) Missing() (PhasePoint, bool) {
	if s.Peer == nil || s.Peer.missing == nil {
		return PhasePoint{}, false
	}
	return *s.Peer.missing, true
}

// Announce takes side's word that its secrets this machine does not
// know did nothing anyone sees at any phase point up to and including
// through: none of its units out of phase phases in there, and none of
// its pending rifts comes to anything. (What they did is told by the
// side's dice for them, which the side gives once it is public: this
// machine then knows them.) It refuses an announcement that does not
// reach the side's last.
func (s *State) Announce(side SideID, through Clock) error {
	p := s.Peer
	if p == nil {
		return refuse("", "an announcement in a game not played between machines")
	}
	if last, had := p.throughOf(side); had && through.Before(last) {
		// The same reach again is an announcement of more mine points of
		// the same step (peermine.go).
		return refuse("", "%s's announcement through %s does not reach its last, through %s", side, through, last)
	}
	p.setThrough(side, through)
	return nil
}

// Reach returns how far side's announcements reach, and whether it made
// any.
func (s *State) Reach(side SideID) (Clock, bool) {
	if s.Peer == nil {
		return Clock{}, false
	}
	return s.Peer.throughOf(side)
}

func (p *PeerState) throughOf(side SideID) (Clock, bool) {
	for _, t := range p.through {
		if t.Side == side {
			return t.Clock, true
		}
	}
	return Clock{}, false
}

func (p *PeerState) setThrough(side SideID, c Clock) {
	for i := range p.through {
		if p.through[i].Side == side {
			p.through[i].Clock = c
			return
		}
	}
	p.through = append(p.through, Through{Side: side, Clock: c})
	slices.SortFunc(p.through, func(a, b Through) int { return cmp.Compare(a.Side, b.Side) })
}

// Before reports whether c comes before d in the game.
func (c Clock) Before(d Clock) bool {
	return slices.Compare(c.rank(), d.rank()) < 0
}

// rank orders clocks: by turn, then the steps before the impulses, the
// impulses with their steps, damage control, game over.
func (c Clock) rank() []int {
	switch {
	case c.Step.InImpulse():
		return []int{c.Turn, 1, c.Impulse, int(c.Step)}
	case c.Step < StepInvoluntary:
		return []int{c.Turn, 0, 0, int(c.Step)}
	}
	return []int{c.Turn, 2, c.Impulse, int(c.Step)}
}

// phasePoint records a phase point and wakes the units out of phase this
// machine knows, which take part in the phase step as in any game; it
// returns the units woken. A unit in limbo it does not know, whose side's
// announcements do not reach the point, makes it the missing point.
func (s *State) phasePoint() {
	p := s.Peer
	if p == nil {
		return
	}
	var sides []SideID
	for i := range s.Units {
		u := &s.Units[i]
		if u.Status != StatusLimbo || !u.PhasedOut {
			continue // a mine in limbo is no unit out of phase (peermine.go)
		}
		sides = appendUnique(sides, u.Side)
		if s.knows(u) {
			u.Status = StatusOnMap
			continue
		}
		if t, ok := p.throughOf(u.Side); (!ok || t.Before(s.Clock)) && p.missing == nil {
			p.missing, p.missingPts = &PhasePoint{Clock: s.Clock, Sides: []SideID{u.Side}}, len(p.minePts)
		} else if p.missing != nil && p.missing.Clock == s.Clock && (!ok || t.Before(s.Clock)) {
			p.missing.Sides = appendUnique(p.missing.Sides, u.Side)
		}
	}
	if len(sides) > 0 {
		slices.Sort(sides)
		p.points = append(p.points, PhasePoint{Clock: s.Clock, Sides: sides})
	}
}

// outPoint makes the phase step's point one of the sides whose units
// phased out in its rolls (play between machines only): each drifts on
// its own course at once, and may leave phase space in this very step
// (IP8.124), which only a machine that knows it can compute. A unit it
// does not know, of a side whose announcements do not reach the point,
// makes the point missing.
func (s *State) outPoint() {
	p := s.Peer
	if p == nil {
		return
	}
	for _, u := range s.phasedUnits() {
		if !u.OnMap() {
			continue
		}
		n := len(p.points)
		if n == 0 || p.points[n-1].Clock != s.Clock {
			p.points = append(p.points, PhasePoint{Clock: s.Clock})
			n++
		}
		pt := &p.points[n-1]
		pt.Sides = appendUnique(pt.Sides, u.Side)
		slices.Sort(pt.Sides)
		if s.knows(u) {
			continue
		}
		if t, ok := p.throughOf(u.Side); !ok || t.Before(s.Clock) {
			if p.missing == nil {
				p.missing, p.missingPts = &PhasePoint{Clock: s.Clock, Sides: []SideID{u.Side}}, len(p.minePts)
			} else if p.missing.Clock == s.Clock {
				p.missing.Sides = appendUnique(p.missing.Sides, u.Side)
				slices.Sort(p.missing.Sides)
			}
		}
	}
}

// toLimbo puts every unit out of phase on a map into limbo, after the
// phase step (play between machines only).
func (s *State) toLimbo() {
	if s.Peer == nil {
		return
	}
	for _, u := range s.phasedUnits() {
		if u.OnMap() {
			u.Status = StatusLimbo
		}
	}
}

// arrive phases in u, a unit out of phase this machine computed, and
// records the phase-in for its side's announcement.
func (s *State) arrive(evs []Event, u *Unit, clause string) []Event {
	if p := s.Peer; p != nil {
		p.made = append(p.made, Arrival{Clock: s.Clock, Clause: clause, Side: u.Side, Unit: u.ID, Subject: phaseSubject(u)})
	}
	return s.phaseInInto(evs, u, clause)
}

// ghostAllocations are the energy allocations of the units out of phase
// this machine knows, in play between machines: each its side's, given to
// this machine alone (SetLimboAllocations), or its default.
func (s *State) ghostAllocations() []Sealed {
	if s.Peer == nil {
		return nil
	}
	var out []Sealed
	for i := range s.Units {
		u := &s.Units[i]
		if u.Status == StatusLimbo && s.knows(u) && allocates(u) {
			out = append(out, Sealed{Side: u.Side, Command: Command{Kind: CmdAllocate, Side: u.Side, Allocations: []Allocation{s.limboAllocation(u)}}})
		}
	}
	return out
}

// PublicHash is the hash of the state as every machine of a game played
// between machines computes it: every unit out of phase reduced to who it
// is and where it phased out, every mine in limbo to who it is, and without the private streams, the sides'
// keys and the count of events (a side's own rolls are events only its
// machine makes).
func (s *State) PublicHash() Hash {
	c := s.Clone()
	c.Private, c.EventSeq, c.Peer, c.sideDice = nil, 0, nil, nil
	// A pending rift is its side and when it was raised: its delay is
	// its side's secret (IP4.231, peerrift.go).
	for i := range c.Cosmic.Pending {
		c.Cosmic.Pending[i] = PendingRift{Side: c.Cosmic.Pending[i].Side, Raised: c.Cosmic.Pending[i].Raised}
	}
	for i := range c.Units {
		u := &c.Units[i]
		if hiddenMine(u) {
			// A mine in limbo is who it is: where it lies is its side's
			// secret (peermine.go).
			*u = Unit{ID: u.ID, Name: u.Name, Side: u.Side, Class: u.Class, Kind: u.Kind, Status: StatusLimbo, Map: u.Map}
			continue
		}
		if !u.PhasedOut {
			continue
		}
		var out Clock
		var from Hex
		var facing Direction
		if u.Phase != nil {
			out, from, facing = u.Phase.Out, u.Phase.From, u.Phase.FromFacing
		}
		// A unit lost while out of phase (IP8.423) is lost on every
		// machine: its status stays in the hash.
		status := StatusLimbo
		if u.Status != StatusOnMap && u.Status != StatusLimbo {
			status = u.Status
		}
		*u = Unit{ID: u.ID, Name: u.Name, Side: u.Side, Class: u.Class, Kind: u.Kind, Status: status, PhasedOut: true,
			Phase: &PhaseTrack{Unit: u.ID, Side: u.Side, Map: u.Map, Out: out, From: from, FromFacing: facing}}
	}
	return c.Hash()
}
