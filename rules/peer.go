package rules

import (
	"cmp"
	"slices"
)

// Per-side private keys. A game played between machines (game/pbem) has
// no one key every side may hold: each side's private rolls must come
// from a key of its own, drawn on its own machine, so that no other
// machine can compute them before the key is revealed. WithSideKeys
// gives the sides' keys; the stream of an audience of one side that has
// a key is keyed by that side's key, every other stream by the game's
// PrivateKey as before. A game with no side keys rolls exactly as it
// always did.

// SideKey is one side's own private dice key.
type SideKey struct {
	Side SideID     `json:"side"`
	Key  PrivateKey `json:"key"`
}

// WithSideKeys keys the private rolls whose audience is one side alone
// with that side's own key. The keys are kept sorted by side; a side
// given twice keeps its last key. They do not change once the game has
// started, so clones share them.
func WithSideKeys(keys ...SideKey) Option {
	return func(s *State) {
		ks := slices.Clone(keys)
		slices.SortStableFunc(ks, func(a, b SideKey) int { return cmp.Compare(a.Side, b.Side) })
		for i := len(ks) - 1; i > 0; i-- {
			if ks[i-1].Side == ks[i].Side {
				ks = slices.Delete(ks, i-1, i)
			}
		}
		s.SideKeys = ks
	}
}

// streamKey returns the key the stream of an audience (named by
// audienceKey) is derived from: the side's own key for an audience of
// one side that has one, else the game's private key.
func (s *State) streamKey(audience string) []byte {
	i, found := slices.BinarySearchFunc(s.SideKeys, SideID(audience), func(k SideKey, sd SideID) int { return cmp.Compare(k.Side, sd) })
	if found {
		return s.SideKeys[i].Key[:]
	}
	return s.PrivateKey[:]
}

// The peer state. A machine of a game played between machines cannot
// compute another side's units out of phase: their phase and course
// rolls come from that side's key alone. WithPeer plays a state in which
// every unit out of phase is in limbo (StatusLimbo) on every machine:
// absent from the turn, the views, the legal commands and the decisions,
// so that every machine plays the public game alike. Only the machine
// of the unit's side (or a verifier holding every key, WithPeerVerifier)
// knows it: it wakes the unit for the phase step, makes its private
// rolls and its course, gives it the energy allocation its side gave this
// machine alone, or its default, each turn (peerorders.go) and records each
// of its phase-ins (Arrival). The other machines place an announced
// phase-in whole, at the exact point of the step where its owner's
// machine made it (Announce), so that their public dice stay in step;
// PublicHash is the state every machine computes alike.

// PeerState is what one machine knows and was told of the units out of
// phase. It is not part of the state's encoding.
type PeerState struct {
	// Side is the machine's side; All is set for a verifier that knows
	// every side's units.
	Side SideID
	All  bool
	// riftNews, riftMade and refused are the cosmic rifts' part
	// (peerrift.go): the announced news not played yet, the news of the
	// pending rifts this machine knows, in order, and why announced news
	// played was false (rift news and mine set-offs alike).
	riftNews []RiftNews
	riftMade []RiftNews
	refused  []string
	// through is how far each side's announcements reach, by side.
	through []Through
	// arrivals are the announced phase-ins not yet placed, in order.
	arrivals []Arrival
	// made are the phase-ins of the units this machine knows, in order.
	made []Arrival
	// points are the phase points passed, in order.
	points []PhasePoint
	// missing is the first phase point at which a unit in limbo was
	// unknown to this machine and its side's announcements did not reach.
	missing *PhasePoint
	// limbo are the allocations each side gives its units out of phase
	// this machine computes (peerorders.go); never changed in place.
	limbo map[SideID][]Allocation
	// The mines' part (peermine.go): mineFrom is the scenario's hex of
	// each mine put in limbo (public; never changed in place), minePts
	// the mine points passed, mineReach how many of each side's points
	// its announcements reach, mineNews the announced set-offs not
	// played yet, mineMade the set-offs of the mines this machine knows.
	mineFrom  map[UnitID]Hex
	minePts   []MinePoint
	mineReach map[SideID]int
	mineNews  []MineNews
	mineMade  []MineNews
	// missingPts is how many mine points were passed before the
	// missing point, once there is one.
	missingPts int
}

// Through says that a side's announcements cover every phase point up to
// and including Clock.
type Through struct {
	Side  SideID `json:"side"`
	Clock Clock  `json:"clock"`
}

// Arrival is one phase-in of a unit out of phase: when, by which clause
// (IP8.21 on a phase roll, IP8.124 on leaving phase space) and the unit as
// it stood just before it phased in, whole: out of phase, at its hex and
// facing, with its energy, damage, speed and course record (IP8.337).
type Arrival struct {
	Clock  Clock  `json:"clock"`
	Clause string `json:"clause"`
	Unit   Unit   `json:"unit"`
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
// between machines: every unit out of phase is in limbo, and only side's
// own are computed. An empty side computes none.
func WithPeer(side SideID) Option {
	return func(s *State) { s.Peer = &PeerState{Side: side} }
}

// WithPeerVerifier plays the state as a machine that holds every side's
// key: the units out of phase are in limbo as on every machine, and it
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
	c.arrivals = slices.Clone(p.arrivals)
	for i := range c.arrivals {
		c.arrivals[i].Unit = c.arrivals[i].Unit.deepCopy()
	}
	c.made = slices.Clone(p.made)
	c.points = slices.Clone(p.points)
	for i := range c.points {
		c.points[i].Sides = slices.Clone(c.points[i].Sides)
	}
	c.riftNews, c.riftMade, c.refused = slices.Clone(p.riftNews), slices.Clone(p.riftMade), slices.Clone(p.refused)
	c.cloneMines(p)
	if p.missing != nil {
		m := *p.missing
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
	return p == nil || p.All || u.Side == p.Side
}

// Made returns the phase-ins of the units this machine knows, in the
// order they happened.
func (s *State) Made() []Arrival {
	if s.Peer == nil {
		return nil
	}
	out := slices.Clone(s.Peer.made)
	for i := range out {
		out[i].Unit = out[i].Unit.deepCopy()
	}
	return out
}

// PhasePoints returns the phase points passed, in order.
func (s *State) PhasePoints() []PhasePoint {
	if s.Peer == nil {
		return nil
	}
	return slices.Clone(s.Peer.points)
}

// Missing returns the first phase point this machine played without
// knowing what a unit in limbo did there: the sides named must announce
// through it before the game played from there can be kept.
func (s *State) Missing() (PhasePoint, bool) {
	if s.Peer == nil || s.Peer.missing == nil {
		return PhasePoint{}, false
	}
	return *s.Peer.missing, true
}

// Unplaced returns the announced phase-ins not placed yet.
func (s *State) Unplaced() []Arrival {
	if s.Peer == nil {
		return nil
	}
	return slices.Clone(s.Peer.arrivals)
}

// Announce takes side's announcement that its units out of phase phase in
// as arrivals say, and at no other phase point up to and including
// through. It checks what this machine can check: each arrival is of a
// unit of side in limbo, of the same identity, at a clock after the
// side's last announcement and not after through. A machine that knows
// side's units keeps only how far the announcement reaches.
func (s *State) Announce(side SideID, through Clock, arrivals []Arrival) error {
	p := s.Peer
	if p == nil {
		return refuse("", "an announcement in a game not played between machines")
	}
	last, had := p.throughOf(side)
	if had && through.Before(last) {
		// The same reach again is an announcement of more mine points of
		// the same step (peermine.go).
		return refuse("", "%s's announcement through %s does not reach its last, through %s", side, through, last)
	}
	for i, a := range arrivals {
		u := s.Unit(a.Unit.ID)
		switch {
		case u == nil:
			return refuse("", "arrival %d: no unit %q", i+1, a.Unit.ID)
		case u.Side != side || a.Unit.Side != side:
			return refuse("", "arrival %d: %s is not %s's", i+1, a.Unit.ID, side)
		case a.Unit.Class != u.Class || a.Unit.Kind != u.Kind || a.Unit.Name != u.Name:
			return refuse("", "arrival %d: %s is not the unit that phased out", i+1, a.Unit.ID)
		case a.Clause != "IP8.21" && a.Clause != "IP8.124":
			return refuse("", "arrival %d: %q is not a phase-in clause", i+1, a.Clause)
		case !a.Unit.PhasedOut || a.Unit.Status != StatusOnMap || a.Unit.Ship == nil:
			return refuse("", "arrival %d: %s is not shown as it stood out of phase, on the map", i+1, a.Unit.ID)
		case s.mapByID(a.Unit.Map) == nil:
			return refuse("", "arrival %d: no map %q", i+1, a.Unit.Map)
		case had && !last.Before(a.Clock) || through.Before(a.Clock) || a.Clock.Before(s.Clock):
			return refuse("", "arrival %d at %s is outside the announcement's stretch", i+1, a.Clock)
		case i > 0 && a.Clock.Before(arrivals[i-1].Clock):
			return refuse("", "arrival %d at %s comes before the one listed before it", i+1, a.Clock)
		}
		if !s.knows(u) && (u.Status != StatusLimbo || !u.PhasedOut) && !s.Clock.Before(a.Clock) {
			return refuse("", "arrival %d: %s is not out of phase", i+1, a.Unit.ID)
		}
	}
	p.setThrough(side, through)
	if p.All || side == p.Side {
		return nil
	}
	for _, a := range arrivals {
		a.Unit = a.Unit.deepCopy()
		p.arrivals = append(p.arrivals, a)
	}
	return nil
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

// arrivalsAt takes the announced phase-ins of this point and clause off
// the list and returns them by unit position.
func (s *State) arrivalsAt(clause string) map[int]Arrival {
	p := s.Peer
	if p == nil || len(p.arrivals) == 0 {
		return nil
	}
	var out map[int]Arrival
	keep := p.arrivals[:0]
	for _, a := range p.arrivals {
		i, ok := s.unitIndex[a.Unit.ID]
		if a.Clock != s.Clock || a.Clause != clause || !ok || s.Units[i].Status != StatusLimbo {
			keep = append(keep, a)
			continue
		}
		if out == nil {
			out = map[int]Arrival{}
		}
		out[i] = a
	}
	p.arrivals = keep
	return out
}

// place puts an announced unit, whole, where its owner's machine had it
// just before it phased in, and returns it.
func (s *State) place(i int, a Arrival) *Unit {
	u := &s.Units[i]
	m, h := a.Unit.Map, a.Unit.Hex
	n := a.Unit.deepCopy()
	n.Map, n.Hex, n.Status, n.PhasedOut = u.Map, u.Hex, StatusOnMap, true
	*u = n
	s.placeUnit(u, m, h)
	return u
}

// arrive phases in u, a unit out of phase this machine computed, and
// records the phase-in for its side's announcement.
func (s *State) arrive(evs []Event, u *Unit, clause string) []Event {
	if p := s.Peer; p != nil {
		p.made = append(p.made, Arrival{Clock: s.Clock, Clause: clause, Unit: u.deepCopy()})
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
	c.Private, c.SideKeys, c.EventSeq, c.Peer = nil, nil, 0, nil
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
