package rules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Phase space (IP8): units in a phase space region or a phase storm phase
// out of and back into normal space at random. This file holds the phase
// rolls of the involuntary-movement step, the random course of phased-out
// units, what phasing out and in does to them, and the secrecy of
// phased-out units. The storm is in storm.go, the equipment the rules act
// on (webs, cloaks, tractors, seekers, devices) in phasegear.go.
// docs/RULES.md, "Phase space", records the decisions.

// The phase rules' events (EventPhase, EventStorm, and their rolls) set
// their audience deliberately (clause IP8.*), so the secrecy filter
// leaves those alone.

// PhaseState is the changing state of the phase space rules: the phase
// storm, the webs and the courses shown on phase-in this turn.
type PhaseState struct {
	// Storm is the phase storm raging now, nil when there is none
	// (IP8.511-515). It is dynamic state, not terrain.
	Storm *PhaseStorm `json:"storm,omitempty"`
	// Webs are the webs on the maps (IP8.41); see phasegear.go.
	Webs []Web `json:"webs,omitempty"`
	// Revealed holds the courses of the units that phased in this turn,
	// shown to every side so the positions can be verified (IP8.337).
	Revealed []PhaseTrack `json:"revealed,omitempty"`
}

func (p PhaseState) clone() PhaseState {
	c := p
	if p.Storm != nil {
		st := *p.Storm
		c.Storm = &st
	}
	if p.Webs != nil {
		c.Webs = make([]Web, len(p.Webs))
		for i, w := range p.Webs {
			c.Webs[i] = w.clone()
		}
	}
	if p.Revealed != nil {
		c.Revealed = make([]PhaseTrack, len(p.Revealed))
		for i, t := range p.Revealed {
			c.Revealed[i] = *t.clone()
		}
	}
	return c
}

// PhaseTrack is the record of one unit's time out of normal space: where
// it phased out, and every course roll and hex it moved since (IP8.337).
// Its owner sees it as it grows; every side sees it on phase-in.
type PhaseTrack struct {
	Unit UnitID `json:"unit"`
	Side SideID `json:"side"`
	Map  MapID  `json:"map"`
	// Out is when the unit phased out, From and FromFacing where.
	Out        Clock       `json:"out"`
	From       Hex         `json:"from"`
	FromFacing Direction   `json:"from_facing"`
	Moves      []PhaseMove `json:"moves,omitempty"`
	// In is when the unit phased in (zero while it is out), At and
	// Facing where; InClause is IP8.21 for a roll, IP8.124 for leaving
	// phase space.
	In       Clock     `json:"in,omitzero"`
	At       Hex       `json:"at,omitzero"`
	Facing   Direction `json:"facing,omitzero"`
	InClause string    `json:"in_clause,omitempty"`
}

// PhaseMove is one impulse's random course of a phased-out unit: the 2d6
// course roll, the turn it gave in sixths of a circle (positive to the
// right), the facing after it and the hexes entered (IP8.33-336).
type PhaseMove struct {
	Clock  Clock     `json:"clock"`
	Roll   int       `json:"roll"`
	Turn   int       `json:"turn"`
	Facing Direction `json:"facing"`
	Path   []Hex     `json:"path"`
}

func (t *PhaseTrack) clone() *PhaseTrack {
	if t == nil {
		return nil
	}
	c := *t
	c.Moves = make([]PhaseMove, len(t.Moves))
	for i, m := range t.Moves {
		m.Path = append([]Hex(nil), m.Path...)
		c.Moves[i] = m
	}
	return &c
}

// String describes the recorded course for the log.
func (t *PhaseTrack) String() string {
	return string(t.appendTo(make([]byte, 0, 64+24*len(t.Moves))))
}

// appendTo appends t.String() to b.
func (t *PhaseTrack) appendTo(b []byte) []byte {
	b = append(b, "out since "...)
	b = t.Out.appendTo(b)
	b = append(b, " at "...)
	b = t.From.appendTo(b)
	b = append(b, " facing "...)
	b = append(b, t.FromFacing.String()...)
	if len(t.Moves) == 0 {
		b = append(b, ", did not move"...)
	}
	for _, m := range t.Moves {
		b = append(b, "; T"...)
		b = strconv.AppendInt(b, int64(m.Clock.Turn), 10)
		b = append(b, " I"...)
		b = strconv.AppendInt(b, int64(m.Clock.Impulse), 10)
		b = append(b, " roll "...)
		b = strconv.AppendInt(b, int64(m.Roll), 10)
		b = append(b, ' ')
		b = append(b, courseName(m.Turn)...)
		b = append(b, " to "...)
		b = append(b, m.Facing.String()...)
		b = append(b, ':')
		for _, h := range m.Path {
			b = append(b, ' ')
			b = h.appendTo(b)
		}
	}
	return b
}

// courseTurn returns the turn a phased-out unit makes on a 2d6 course
// roll, in 60-degree steps clockwise (IP8.331-336): 2 or 12 turn 180
// degrees, 3 turns 120 right, 4-5 60 right, 6-8 straight on, 9-10 60
// left, 11 120 left.
func courseTurn(total int) int {
	switch total {
	case 2, 12:
		return 3
	case 3:
		return 2
	case 4, 5:
		return 1
	case 9, 10:
		return -1
	case 11:
		return -2
	}
	return 0
}

// courseName names a course turn for the log, e.g. "60 right".
func courseName(turn int) string {
	switch turn {
	case 1:
		return "60 right"
	case 2:
		return "120 right"
	case -1:
		return "60 left"
	case -2:
		return "120 left"
	}
	switch {
	case turn == 0:
		return "straight"
	case turn == 3 || turn == -3:
		return "180"
	case turn > 0:
		return strconv.Itoa(turn*60) + " right"
	}
	return strconv.Itoa(-turn*60) + " left"
}

// PhaseToggles reports whether a 2d6 phase roll changes a unit's phase:
// 2 or 12 (IP8.21).
func PhaseToggles(total int) bool { return total == 2 || total == 12 }

// phaseChance is the chance of a phase roll to toggle: 2 and 12 are 2 of
// the 36 throws of 2d6.
func phaseChance(came bool) Chance { return Chance{In: 2, Of: 36, Came: came} }

// InPhaseSpace reports whether hex h of map m is phase space: in a phase
// space region of the map's terrain (IP8.13-14) or in the phase storm's
// disc around the map's centre (IP8.515). The test is a distance per
// region, never a walk over hexes.
func (s *State) InPhaseSpace(m MapID, h Hex) bool {
	mp := s.mapByID(m)
	if mp == nil {
		return false
	}
	if mp.Terrain != nil && mp.Terrain.InRegion(h, RegionPhaseSpace) {
		return true
	}
	return s.Phase.Storm.covers(mp, h)
}

// phases reports whether u is the kind of unit phase space affects
// (IP8.11, IP8.31, IP8.451, IP8.46-47, IP8.421): a unit on a map that can
// move under its own power (ships, monsters, shuttles, fighters, seeking
// weapons), and mines, which the rules name. Bases that cannot move and
// all terrain are not affected; carried units share their carrier's
// place. Web hexes phase too, each on its own (phasegear.go).
func phases(u *Unit) bool {
	var m classMemo
	return m.phases(u)
}

// phases is the function phases with the class lookups remembered.
func (m *classMemo) phases(u *Unit) bool {
	if !u.OnMap() {
		return false
	}
	switch u.Kind {
	case KindMine, KindMonster, KindDrone, KindPlasma, KindShuttle, KindFighter:
		return true
	}
	c := m.class(u.Class)
	return c != nil && c.Mobile()
}

// classMemo remembers the last class looked up: a loop over the units
// meets the same few classes again and again.
type classMemo struct {
	id    ClassID
	c     *Class
	known bool
}

// class returns lookupClass(id).
func (m *classMemo) class(id ClassID) *Class {
	if !m.known || id != m.id {
		m.id, m.c, m.known = id, lookupClass(id), true
	}
	return m.c
}

// phaseStep is the phase space work of the involuntary-movement step
// (6A1): the phase rolls, then the random course of every phased-out unit.
// Its cost grows with the units in phase space, never with the area
// (BenchmarkPhaseStep): membership is a distance test, and the rolls,
// their events and their log lines are made in a few blocks, not one
// allocation each.
func (s *State) phaseStep() []Event {
	s.phasePoint()
	var tx stepArena
	evs := s.phaseRollsInto(nil, &tx, true)
	s.outPoint()
	evs = s.phaseDriftInto(evs, &tx)
	s.toLimbo()
	return evs
}

// phaseRolls is the phase-roll half of phaseStep.
func (s *State) phaseRolls() []Event {
	var tx stepArena
	return s.phaseRollsInto(nil, &tx, false)
}

// phaseDrift is the random-course half of phaseStep.
func (s *State) phaseDrift() []Event {
	var tx stepArena
	return s.phaseDriftInto(nil, &tx)
}

// stepArena holds the blocks the events of a phase step share: their
// log lines, built in one buffer, and their 2d6 rolls. A line is a
// substring of the buffer's contents: a strings.Builder never changes the
// bytes it has written, so the lines stay valid as it grows.
type stepArena struct {
	b       strings.Builder
	scratch [128]byte
	dice    *twoD6Table
}

// twoD6Table holds the 36 outcomes of 2d6, made as they come up. The
// rolls of a step point into it: a Roll in an event is never changed in
// place, so 1,000 phase rolls cost at most 36 Rolls, not 1,000.
type twoD6Table struct {
	rolls [36]Roll
	faces [36][2]int
}

// throw2d6 rolls 2d6 with g, the same dice in the same order as
// g.throw(TwoD6), and returns the step's Roll of that outcome.
func (a *stepArena) throw2d6(g source) *Roll { return a.roll2d6(outcome2d6(g)) }

// outcome2d6 rolls 2d6 with g, the same dice in the same order as
// g.throw(TwoD6), and returns the outcome as 6*(first-1) + second-1.
func outcome2d6[G source](g G) uint8 {
	x, y := intN(g, 6), intN(g, 6)
	return uint8(6*x + y)
}

// roll2d6 returns the step's Roll of outcome k of outcome2d6.
func (a *stepArena) roll2d6(k uint8) *Roll {
	if a.dice == nil {
		a.dice = new(twoD6Table)
	}
	r := &a.dice.rolls[k]
	if r.Total == 0 {
		x, y := 1+int(k)/6, 1+int(k)%6
		a.dice.faces[k] = [2]int{x, y}
		*r = Roll{Dice: TwoD6, Faces: a.dice.faces[k][:], Total: x + y}
	}
	return r
}

// grow makes room for about n more bytes.
func (a *stepArena) grow(n int) { a.b.Grow(n) }

// pos is where the next text starts.
func (a *stepArena) pos() int { return a.b.Len() }

// since returns the text written since from.
func (a *stepArena) since(from int) string { return a.b.String()[from:] }

func (a *stepArena) str(s string) { a.b.WriteString(s) }

func (a *stepArena) int(n int) { a.b.Write(strconv.AppendInt(a.scratch[:0], int64(n), 10)) }

// rollText writes "<what><name>: 2d6 = t (a+b)" for two dice of 1-6,
// composed on the stack and written at once.
func (a *stepArena) rollText(what, name string, x, y int) {
	line := append(a.scratch[:0], what...)
	line = append(line, name...)
	line = append(line, ": 2d6 = "...)
	if t := x + y; t >= 10 {
		line = append(line, '1', byte('0'+t-10))
	} else {
		line = append(line, byte('0'+t))
	}
	line = append(line, ' ', '(', byte('0'+x), '+', byte('0'+y), ')')
	a.b.Write(line)
}

// phaseRollsInto rolls 2d6 for every unit and web hex in phase space; 2 or
// 12 toggles its phase (IP8.21-22). A phased-out unit's roll is seen by
// its owner only (IP8.337). Every roll is made before any unit changes
// phase: all phasing happens together in 6A1 (IP8.22).
// With drift set it makes room for the courses that follow (phaseStep).
//
// It runs for every unit in phase space, so it allocates in blocks, not
// per unit: the candidates, their outcomes, the events and the log lines
// take one allocation each, and the rolls point into the step's table of
// the 36 outcomes of 2d6.
func (s *State) phaseRollsInto(evs []Event, tx *stepArena, drift bool) []Event {
	var cands []int32
	var classes classMemo
	out, text := 0, 0
	for i := range s.Units {
		u := &s.Units[i]
		if classes.phases(u) && s.InPhaseSpace(u.Map, u.Hex) {
			if cands == nil {
				cands = make([]int32, 0, len(s.Units)-i)
			}
			cands = append(cands, int32(i))
			text += len(phaseRollWhat) + len(unitName(u)) + maxRollText
			if u.PhasedOut && drift {
				out++
			}
		}
	}
	if len(cands) == 0 {
		return append(evs, s.webPhaseRolls()...)
	}
	// Roll for every unit first (in unit order, as the events are
	// written), so that one block fits the events of the step: the rolls,
	// two for each change of phase and the courses that follow.
	rolls := make([]uint8, len(cands))
	toggles := 0
	for k, i := range cands {
		// A phased-out unit's roll is its owner's secret (IP8.337): it
		// comes from the owner's private stream.
		if u := &s.Units[i]; u.PhasedOut {
			rolls[k] = outcome2d6(s.privateGen(Audience{Sides: []SideID{u.Side}}, phaseSubject(u)))
		} else {
			rolls[k] = outcome2d6(&s.RNG)
		}
		if PhaseToggles(tx.roll2d6(rolls[k]).Total) {
			toggles++
		}
	}
	evs = slices.Grow(evs, len(cands)+2*toggles+out+8)
	tx.grow(text + out*courseTextGuess)
	var owner audienceCache
	for k, i := range cands {
		u := &s.Units[i]
		r := tx.roll2d6(rolls[k])
		aud := Public
		if u.PhasedOut {
			aud = owner.only(u.Side)
		}
		from := tx.pos()
		tx.rollText(phaseRollWhat, unitName(u), r.Faces[0], r.Faces[1])
		// The event is written in place: this loop runs for every unit.
		s.EventSeq++
		evs = append(evs, Event{Seq: s.EventSeq, Clock: s.Clock, Kind: EventRoll, Clause: "IP8.21",
			Audience: aud, Side: u.Side, Unit: u.ID, Roll: r, Chance: phaseChance(PhaseToggles(r.Total)), Text: tx.since(from)})
	}
	if toggles > 0 {
		// The changes of phase in unit order.
		var at []int32
		for k, i := range cands {
			if PhaseToggles(tx.roll2d6(rolls[k]).Total) {
				at = append(at, i)
			}
		}
		ids := make([]UnitID, len(at))
		for k, i := range at {
			ids[k] = s.Units[i].ID
		}
		// By id: a unit phasing in may bring units into play, which
		// moves the units in memory (units are never taken out).
		linked, n := s.gearLinked(), len(s.Units)
		for _, id := range ids {
			u := s.Unit(id)
			if u.PhasedOut {
				evs = s.arrive(evs, u, "IP8.21")
				continue
			}
			if len(s.Units) != n {
				linked, n = s.gearLinked(), len(s.Units)
			}
			evs = s.phaseOutInto(evs, u, linked)
		}
	}
	return append(evs, s.webPhaseRolls()...)
}

// phaseRollWhat starts the log line of a phase roll.
const phaseRollWhat = "phase roll "

// maxRollText is the longest ": 2d6 = t (a+b)" of rollText, and
// courseTextGuess the usual length of a course roll's line.
const (
	maxRollText     = len(": 2d6 = 12 (6+6)")
	courseTextGuess = 64
)

// audienceCache shares one Only(side) audience per side within a step.
// The sides are few: a list is quicker than a map.
type audienceCache []Audience

func (c *audienceCache) only(side SideID) Audience {
	for _, a := range *c {
		if a.Sides[0] == side {
			return a
		}
	}
	a := Only(side)
	*c = append(*c, a)
	return a
}

// phaseOut takes u out of normal space (IP8.21) and applies what that
// does at once: its tractor beams and dock break (IP8.431), its cloak is
// voided (IP8.441), seekers it controls are lost (IP8.423), seekers
// tracking it or tracked by it lose track (IP8.122, IP8.424), webs it
// anchors lose the anchor (IP8.412), it stops maneuvering erratically
// (IP8.34). The phase-out itself is public: the unit was in sight until
// now; from here on nothing about it reaches the other sides (IP8.32).
// linked lists the units whose gear points at another unit (gearLinked).
func (s *State) phaseOut(u *Unit, linked []*Unit) []Event { return s.phaseOutInto(nil, u, linked) }

// phaseOutInto is phaseOut appending its events to evs.
func (s *State) phaseOutInto(evs []Event, u *Unit, linked []*Unit) []Event {
	s.setPhased(u, true)
	u.Phase = &PhaseTrack{Unit: u.ID, Side: u.Side, Map: u.Map, Out: s.Clock, From: u.Hex, FromFacing: u.Facing}
	evs = append(evs, s.phaseEvent(u, "IP8.21", Public, unitName(u)+" phases out at "+u.Hex.String()))
	if ss := u.Ship; ss != nil {
		ss.Erratic = false // IP8.34
		if p := s.Unit(ss.Docked); p != nil && p.Ship != nil {
			// Docked ships are mutually tractored (X4.DOCK): IP8.431.
			p.Ship.Docked, p.Ship.BoardingOnly = "", false
			ss.Docked, ss.BoardingOnly = "", false
			evs = append(evs, s.phaseEvent(u, "IP8.431", Public, fmt.Sprintf("the dock of %s and %s breaks", unitName(u), unitName(p))))
		}
	}
	evs = append(evs, s.gearPhaseOut(u, linked)...)
	return evs
}

// phaseIn returns u to normal space at its hex (IP8.21, IP8.124). The
// recorded course goes to every side (IP8.337); a cloak that is on counts
// as just voided (IP8.442); everything in normal space applies to it at
// once (IP8.121): it can be fired at, rammed and docked with from this
// step on, and the enter-hex checks of the hex it appears in run now.
func (s *State) phaseIn(u *Unit, clause string) []Event { return s.phaseInInto(nil, u, clause) }

// phaseInInto is phaseIn appending its events to evs. An enter-hex check
// may bring units into play, which moves every unit in memory: callers
// holding units by pointer or position must find them again by id.
func (s *State) phaseInInto(evs []Event, u *Unit, clause string) []Event {
	tr := u.Phase
	if tr == nil {
		tr = &PhaseTrack{Unit: u.ID, Side: u.Side, Map: u.Map, Out: s.Clock, From: u.Hex, FromFacing: u.Facing}
	}
	tr.In, tr.At, tr.Facing, tr.InClause = s.Clock, u.Hex, u.Facing, clause
	s.setPhased(u, false)
	u.Phase = nil
	s.Phase.Revealed = append(s.Phase.Revealed, *tr)
	// "<name> phases in at <hex> facing <F> (<course>)", in one piece.
	var buf [256]byte
	line := append(buf[:0], unitName(u)...)
	line = append(line, " phases in at "...)
	line = u.Hex.appendTo(line)
	line = append(line, " facing "...)
	line = append(line, u.Facing.String()...)
	line = append(line, " ("...)
	line = append(tr.appendTo(line), ')')
	evs = append(evs, s.phaseEvent(u, clause, Public, string(line)))
	evs = append(evs, s.gearPhaseIn(u)...)
	id := u.ID
	for _, mh := range s.activeHooks().EnterHex {
		if u == nil || !u.OnMap() || u.PhasedOut {
			break
		}
		o := mh.Check(s, u, u.Hex, u.Hex)
		// A hook may add units (a cosmic rift's destination): find u again.
		u = s.Unit(id)
		evs = append(evs, o.Events...)
		if u != nil && u.Ship != nil {
			u.Ship.Move.Bonus += o.Extra
		}
	}
	return evs
}

// phaseEvent returns an event of the phase rules about u.
func (s *State) phaseEvent(u *Unit, clause string, aud Audience, text string) Event {
	ev := s.newEvent(EventPhase, clause, aud, text)
	ev.Unit, ev.Side = u.ID, u.Side
	return ev
}

// phaseDriftInto moves every phased-out unit that is to move this impulse
// on its random course: it cannot turn, sideslip, HET or maneuver (IP8.33,
// IP8.34); before it moves it rolls 2d6 on the course table (IP8.331-336)
// and then moves straight ahead the hexes the impulse chart gives it. The
// roll and the path go to its owner only and into its record (IP8.337).
// Leaving phase space phases it in at once (IP8.124); it then makes the
// rest of its impulse's movement in the movement step like any unit.
// Phased-out units take no part in the movement step and nothing in
// normal space (terrain checks included) acts on their movement (IP8.12).
func (s *State) phaseDriftInto(evs []Event, tx *stepArena) []Event {
	type drifter struct {
		i, n int
		id   UnitID
	}
	var ds []drifter
	var classes classMemo
	hexes := 0
	for i := range s.Units {
		u := &s.Units[i]
		// A unit out of phase whose side's machine alone computes it
		// (peer.go) does not drift here.
		if !u.PhasedOut || !u.OnMap() || u.Ship == nil || !s.knows(u) {
			continue
		}
		if c := classes.class(u.Class); c == nil || !c.Mobile() {
			continue
		}
		if n := s.allotment(u, &u.Ship.Move); n > 0 {
			ds = append(ds, drifter{i: i, n: n, id: u.ID})
			hexes += n
		}
	}
	if len(ds) == 0 {
		return evs
	}
	paths := make([]Hex, 0, hexes)
	evs = slices.Grow(evs, len(ds)+4)
	tx.grow(len(ds) * courseTextGuess)
	var owner audienceCache
	for _, d := range ds {
		u := &s.Units[d.i]
		if u.ID != d.id {
			u = s.Unit(d.id) // units came into play on a phase-in
		}
		aud := owner.only(u.Side)
		r := tx.throw2d6(s.privateGen(aud, phaseSubject(u)))
		turn := courseTurn(r.Total)
		if turn != 0 {
			u.Facing = u.Facing.Turn(turn)
			u.Ship.Move.Straight = 0
		}
		start := len(paths)
		left := false
		for range d.n {
			s.setHex(u, u.Hex.Neighbor(u.Facing))
			u.Ship.Move.Moved++
			u.Ship.Move.Straight++
			paths = append(paths, u.Hex)
			if !s.InPhaseSpace(u.Map, u.Hex) {
				left = true
				break
			}
		}
		mv := PhaseMove{Clock: s.Clock, Roll: r.Total, Turn: turn, Facing: u.Facing, Path: paths[start:len(paths):len(paths)]}
		if u.Phase == nil {
			u.Phase = &PhaseTrack{Unit: u.ID, Side: u.Side, Map: u.Map, Out: s.Clock, From: u.Hex, FromFacing: u.Facing}
		}
		u.Phase.Moves = append(u.Phase.Moves, mv)

		// One event: the course roll (IP8.33), with the turn the table
		// gives (IP8.331-336) and the hexes moved.
		from := tx.pos()
		tx.rollText("course roll ", unitName(u), r.Faces[0], r.Faces[1])
		tx.str(": ")
		tx.str(courseName(turn))
		tx.str(" to ")
		tx.str(u.Facing.String())
		tx.str(", moves")
		for _, h := range mv.Path {
			tx.str(" ")
			tx.int(h.Q)
			tx.str(",")
			tx.int(h.R)
		}
		ev := s.newEvent(EventRoll, clauseForCourse(r.Total), aud, tx.since(from))
		ev.Side, ev.Unit, ev.Roll = u.Side, u.ID, r
		evs = append(evs, ev)
		if left {
			evs = s.arrive(evs, u, "IP8.124")
		}
	}
	return evs
}

// clauseForCourse names the course table clause of a roll.
func clauseForCourse(total int) string {
	switch total {
	case 2, 12:
		return "IP8.331"
	case 3:
		return "IP8.332"
	case 4, 5:
		return "IP8.333"
	case 9, 10:
		return "IP8.335"
	case 11:
		return "IP8.336"
	}
	return "IP8.334"
}

// phaseInOutside phases in every phased-out unit no longer in phase space
// (IP8.124): after a storm ends, the units it held come back at once.
// In a game played between machines only the units in limbo this machine
// knows phase in (peer.go); the others wait for their side's word.
func (s *State) phaseInOutside() []Event {
	if s.Peer == nil {
		var evs []Event
		for i := range s.Units {
			u := &s.Units[i]
			if u.PhasedOut && u.OnMap() && !s.InPhaseSpace(u.Map, u.Hex) {
				evs = s.phaseInInto(evs, u, "IP8.124")
			}
		}
		return append(evs, s.webPhaseInOutside()...)
	}
	s.phasePoint()
	var ids []UnitID
	for i := range s.Units {
		u := &s.Units[i]
		if u.PhasedOut && u.OnMap() && !s.InPhaseSpace(u.Map, u.Hex) {
			ids = append(ids, u.ID)
		}
	}
	var evs []Event
	// By id: a phase-in may bring units into play.
	for _, id := range ids {
		if u := s.Unit(id); u != nil && u.PhasedOut && u.OnMap() {
			evs = s.arrive(evs, u, "IP8.124")
		}
	}
	s.toLimbo()
	return append(evs, s.webPhaseInOutside()...)
}

// settlePhase phases in every phased-out unit that stands outside phase
// space (IP8.124, IP8.12): no unit outside phase space is ever phased out,
// however it got there (a drift out of it phases in on its own; a cosmic
// storm's sweep, or any other placement, is caught here). It runs after
// every command and every automatic step, and looks only at the units out
// of phase (the spatial index keeps them).
func (s *State) settlePhase(evs []Event) []Event {
	out := s.phasedUnits()
	if len(out) == 0 {
		return evs
	}
	var stray []UnitID
	for _, u := range out {
		if u.OnMap() && !s.InPhaseSpace(u.Map, u.Hex) {
			stray = append(stray, u.ID)
		}
	}
	// A phase-in may bring units into play: find each one by id.
	for _, id := range stray {
		if u := s.Unit(id); u != nil && u.PhasedOut && u.OnMap() {
			evs = s.arrive(evs, u, "IP8.124")
		}
	}
	return evs
}

// hidePhased is the secrecy net under every step (IP8.32, IP8.122-123): a
// public event of the other rules about a phased-out unit, or naming one
// (by its id or by the name the log prints), goes to that unit's owner
// only. The phase rules' own events (clause
// IP8.*) are left as they were made. Commands are split before they are revealed
// (splitSecret), so most events never need it.
func (s *State) hidePhased(evs []Event) []Event {
	out := s.phasedUnits()
	if len(out) == 0 {
		return evs
	}
	for k := range evs {
		ev := &evs[k]
		if !ev.Audience.IsPublic() || strings.HasPrefix(ev.Clause, "IP8.") {
			continue
		}
		var owners []SideID
		for _, u := range out {
			if ev.Unit == u.ID || mentions(ev.Text, string(u.ID)) || mentions(ev.Text, unitName(u)) {
				owners = appendUnique(owners, u.Side)
			}
		}
		switch {
		case len(owners) == 1:
			ev.Audience = Only(owners[0])
		case len(owners) > 1:
			// Phased-out units of two sides in one line: nobody's to see.
			ev.Audience = Only(noSide)
		}
	}
	return evs
}

// noSide is an audience no seat has.
const noSide SideID = "\x00nobody"

func appendUnique(ids []SideID, id SideID) []SideID {
	for _, x := range ids {
		if x == id {
			return ids
		}
	}
	return append(ids, id)
}

// mentions reports whether text holds id as a whole word: not inside a
// longer id of letters, digits, '-' or '_'.
func mentions(text, id string) bool {
	if id == "" {
		return false
	}
	for from := 0; ; {
		i := strings.Index(text[from:], id)
		if i < 0 {
			return false
		}
		i += from
		j := i + len(id)
		if (i == 0 || !idByte(text[i-1])) && (j == len(text) || !idByte(text[j])) {
			return true
		}
		from = i + 1
	}
}

func idByte(b byte) bool {
	return b == '-' || b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= 0x80
}

// splitSecret divides a sealed command before its reveal: the part about
// phased-out units goes to the committing side only (IP8.32), the rest to
// everyone. secret is false when nothing had to be held back.
func (s *State) splitSecret(c Command) (pub, priv Command, secret bool) {
	pub, priv = c, Command{Kind: c.Kind, Side: c.Side}
	out := func(ids ...UnitID) bool {
		for _, id := range ids {
			if u := s.Unit(id); u != nil && u.PhasedOut {
				return true
			}
		}
		return false
	}
	pub.Allocations, priv.Allocations = splitBy(c.Allocations, func(a Allocation) bool { return out(a.Unit) })
	pub.Declarations, priv.Declarations = splitBy(c.Declarations, func(d Declaration) bool { return out(d.Unit) })
	pub.Docks, priv.Docks = splitBy(c.Docks, func(d DockOrder) bool { return out(d.Unit, d.With) })
	pub.Transfers, priv.Transfers = splitBy(c.Transfers, func(t Transfer) bool { return out(t.From, t.To) })
	pub.Shots, priv.Shots = splitBy(c.Shots, func(x Shot) bool { return out(x.Attacker, x.Target) })
	pub.Evasions, priv.Evasions = splitBy(c.Evasions, func(e Evasion) bool { return out(e.Unit, e.Attacker) })
	pub.Repairs, priv.Repairs = splitBy(c.Repairs, func(r Repair) bool { return out(r.Unit) })
	if c.Move != nil && out(c.Move.Unit) {
		pub.Move, priv.Move = nil, c.Move
	}
	secret = len(priv.Allocations)+len(priv.Declarations)+len(priv.Docks)+len(priv.Transfers)+
		len(priv.Shots)+len(priv.Evasions)+len(priv.Repairs) > 0 || priv.Move != nil
	return pub, priv, secret
}

// splitBy returns the items for which secret is false, then those for
// which it is true; nil for an empty part.
func splitBy[T any](items []T, secret func(T) bool) (keep, held []T) {
	for _, it := range items {
		if secret(it) {
			held = append(held, it)
		} else {
			keep = append(keep, it)
		}
	}
	return keep, held
}

// revealSealed returns the reveal events of one sealed choice: the public
// part to everyone, the part about phased-out units to the side alone.
func (s *State) revealSealed(c Sealed) []Event {
	pub, priv, secret := s.splitSecret(c.Command)
	for i, a := range pub.Allocations { // what the table sees of an allocation (docs/RULES.md)
		pub.Allocations[i] = a.tableView()
	}
	ev := s.newEvent(EventReveal, "", Public, "revealed: "+s.commandText(pub))
	ev.Side = c.Side
	if !secret {
		return []Event{ev}
	}
	own := s.newEvent(EventReveal, "IP8.32", Only(c.Side), "revealed to you only (phased out): "+s.commandText(priv))
	own.Side = c.Side
	return []Event{ev, own}
}
