package rules

import (
	"fmt"
	"slices"
	"strings"
)

// Sealed is one side's committed choice in a simultaneous step. It stays
// secret (events for its own side only) until every side has committed.
type Sealed struct {
	Side    SideID  `json:"side"`
	Command Command `json:"command"`
}

// revealed gathers one kind of order from the revealed commands of every
// side and sorts them by the unit each names, the order the rules carry
// them out in (sorted by one algorithm, so a replay repeats it exactly).
func revealed[T any](sealed []Sealed, orders func(*Command) []T, unit func(T) UnitID) []T {
	var out []T
	for i := range sealed {
		out = append(out, orders(&sealed[i].Command)...)
	}
	slices.SortFunc(out, func(a, b T) int { return compareString(string(unit(a)), string(unit(b))) })
	return out
}

// Initiative is one unit's place in the movement order of an impulse:
// its 1d12 + tech level total and any tie-break roll-offs (X4.IMP.A).
type Initiative struct {
	Unit     UnitID `json:"unit"`
	Total    int    `json:"total"`
	Rolloffs []int  `json:"rolloffs,omitempty"`
}

// RamOrder is a ram declared during movement, resolved after direct
// fire (X4.RAM). Entry is the direction the rammer entered the hex by.
type RamOrder struct {
	Rammer    UnitID    `json:"rammer"`
	Target    UnitID    `json:"target"`
	Entry     Direction `json:"entry"`
	ForceDock bool      `json:"force_dock,omitempty"`
}

// TurnState is the turn machine's progress within the current step.
type TurnState struct {
	// Entered is set once the current step's automatic work has run.
	Entered bool `json:"entered"`
	// Stage is the sub-stage of direct fire: "" for the declaration,
	// "evade" for evasive maneuvers against the revealed fire.
	Stage string `json:"stage,omitempty"`
	// Waiting lists the sides that must commit in a simultaneous step.
	Waiting []SideID `json:"waiting,omitempty"`
	Sealed  []Sealed `json:"sealed,omitempty"`
	// Order is the impulse's movement order, lowest initiative first;
	// Next indexes the unit to move now.
	Order []Initiative `json:"order,omitempty"`
	Next  int          `json:"next"`
	// Shots is the revealed fire of the impulse, Evaded the strikes an
	// evasive maneuver made miss, Rams the rams to resolve.
	Shots  []Shot     `json:"shots,omitempty"`
	Evaded []Evasion  `json:"evaded,omitempty"`
	Rams   []RamOrder `json:"rams,omitempty"`
	// Held are the moves of this impulse's movement waiting at the edge
	// of a gravity rift, in the order they were made: they go on, each
	// rolling as it leaves the rift, once every plan is in (GRN.3).
	Held []heldMove `json:"held,omitempty"`
}

func (t TurnState) clone() TurnState {
	c := t
	c.Waiting = slices.Clone(t.Waiting)
	c.Sealed = slices.Clone(t.Sealed)
	c.Order = slices.Clone(t.Order)
	c.Shots = slices.Clone(t.Shots)
	c.Evaded = slices.Clone(t.Evaded)
	c.Rams = slices.Clone(t.Rams)
	c.Held = slices.Clone(t.Held)
	return c
}

// Expecting returns the kind of command the current step takes, or ""
// when no side has to act.
func (s *State) Expecting() CommandKind {
	if !s.Turn.Entered {
		return ""
	}
	if k := s.stepKind(); k != nil {
		return k.kind
	}
	return ""
}

// Pending returns the sides that must act now, in side order. When it is
// empty the game is over or waits for Advance.
func (s *State) Pending() []SideID {
	if !s.Turn.Entered || s.Expecting() == "" {
		return nil
	}
	if s.Clock.Step == StepMovement {
		if s.Turn.Next < len(s.Turn.Order) {
			return []SideID{s.Unit(s.Turn.Order[s.Turn.Next].Unit).Side}
		}
		return nil
	}
	var out []SideID
	for _, sd := range s.Turn.Waiting {
		if !s.committed(sd) {
			out = append(out, sd)
		}
	}
	return out
}

// Mover returns the unit that must move now, if it is a movement step.
func (s *State) Mover() (UnitID, bool) {
	if s.Turn.Entered && s.Clock.Step == StepMovement && s.Turn.Next < len(s.Turn.Order) {
		return s.Turn.Order[s.Turn.Next].Unit, true
	}
	return "", false
}

func (s *State) committed(side SideID) bool {
	for _, c := range s.Turn.Sealed {
		if c.Side == side {
			return true
		}
	}
	return false
}

// Legal returns commands side may give now: for simultaneous steps a
// ready default (and the empty choice where there is one), for movement a
// set of sample plans. Every command it returns is accepted by Apply.
// It does not list every possible command: a front end builds others
// from the same pieces and Apply checks them.
func (s *State) Legal(side SideID) []Command {
	if !slices.Contains(s.Pending(), side) {
		return nil
	}
	k := s.stepKind()
	cands := k.samples(s, side)
	if k.trusted {
		return cands
	}
	out := cands[:0]
	for _, c := range cands {
		if s.validate(c) == nil {
			out = append(out, c)
		}
	}
	return out
}

// Apply checks cmd and, if it is legal now, carries it out and runs the
// turn on until some side must act again. It returns every event caused,
// to be filtered per side with Events. On error the state is untouched:
// commands are fully checked before anything changes.
func (s *State) Apply(cmd Command) ([]Event, error) {
	if err := s.validate(cmd); err != nil {
		return nil, err
	}
	var evs []Event
	if k := kindOf(cmd.Kind); k.apply != nil {
		evs = k.apply(s, &cmd)
	} else {
		evs = s.commit(cmd)
	}
	return s.advance(s.settlePhase(s.hideDestinations(s.hidePhased(evs)))), nil
}

// Advance runs the automatic parts of the turn until some side must act,
// the game is over, or a whole turn passed with nobody to act (call it
// again to play on). A new game calls it once before the first command.
func (s *State) Advance() []Event { return s.advance(nil) }

func (s *State) validate(cmd Command) error {
	want := s.Expecting()
	if want == "" {
		return refuse("", "no command is expected at %s; call Advance", s.Clock)
	}
	if cmd.Kind != want {
		return refuse("", "%s expects a %q command, not %q", s.Clock, want, cmd.Kind)
	}
	if !slices.Contains(s.Pending(), cmd.Side) {
		return refuse("", "side %q does not have to act at %s", cmd.Side, s.Clock)
	}
	if err := cmd.onlyPayload(); err != nil {
		return err
	}
	return kindOf(cmd.Kind).check(s, &cmd)
}

// commit records a side's sealed choice: everyone learns that the side
// has committed, only the side sees what.
func (s *State) commit(cmd Command) []Event {
	s.Turn.Sealed = append(s.Turn.Sealed, Sealed{Side: cmd.Side, Command: cmd.clone()})
	slices.SortFunc(s.Turn.Sealed, func(a, b Sealed) int { return compareString(string(a.Side), string(b.Side)) })
	pub := s.newEvent(EventCommit, "", Public, fmt.Sprintf("%s has committed its %s", s.sideName(cmd.Side), cmd.Kind.Words()))
	pub.Side = cmd.Side
	own := s.newEvent(EventCommit, "", Only(cmd.Side), "you sealed your "+cmd.Kind.Words()+": "+s.namedText(cmd.payloadText()))
	own.Side = cmd.Side
	return []Event{pub, own}
}

// reveal makes every sealed choice public, in side order, and clears them.
func (s *State) reveal() ([]Sealed, []Event) {
	var evs []Event
	sealed := s.Turn.Sealed
	for _, c := range sealed {
		evs = append(evs, s.revealSealed(c)...) // phased-out units' part to their side only (IP8.32)
	}
	s.Turn.Sealed, s.Turn.Waiting = nil, nil
	return sealed, evs
}

// advance runs automatic steps while nobody has to act, and returns evs
// with their events after. The steps write into evs directly: at 1,000
// units a step's events (initiative and its roll-offs, the fire) are
// thousands, and copying them again from step to step cost more than
// making them.
func (s *State) advance(evs []Event) []Event {
	turns := 0
	for s.Clock.Step != StepGameOver {
		if !s.Turn.Entered {
			s.Turn.Entered = true
			n := len(evs)
			evs = s.enterStep(evs)
			s.hideDestinations(s.hidePhased(evs[n:]))
			evs = s.settlePhase(evs)
			continue
		}
		if len(s.Pending()) > 0 {
			return evs
		}
		more, done := s.finishStep()
		evs = append(evs, s.hideDestinations(s.hidePhased(more))...)
		evs = s.settlePhase(evs)
		if !done {
			continue
		}
		s.nextStep()
		if s.Clock.Step == StepStartOfTurn {
			if turns++; turns > 1 {
				return evs
			}
		}
	}
	return evs
}

// nextStep moves the clock to the step after the current one.
func (s *State) nextStep() {
	c := s.Clock
	switch {
	case c.Step == StepDamageControl:
		c = Clock{Turn: c.Turn + 1, Step: StepStartOfTurn}
	case c.Step == StepDeclareMovement:
		c = Clock{Turn: c.Turn, Impulse: 1, Step: StepInvoluntary}
	case c.Step == StepSeekingResolution && c.Impulse < s.Ruleset.ImpulsesPerTurn:
		c = Clock{Turn: c.Turn, Impulse: c.Impulse + 1, Step: StepInvoluntary}
	case c.Step == StepSeekingResolution:
		c = Clock{Turn: c.Turn, Step: StepDamageControl}
	default:
		c.Step++
	}
	if s.gameOver(c) {
		c = Clock{Turn: s.Clock.Turn, Impulse: s.Clock.Impulse, Step: StepGameOver}
	}
	s.Clock = c
	s.Turn = TurnState{Rams: s.Turn.Rams} // rams wait for direct fire (X4.RAM)
}

// enterStep does the automatic work at the start of the current step and
// says who must act in it.
func (s *State) enterStep(evs []Event) []Event {
	if s.onStep != nil {
		s.onStep(s)
	}
	evs = append(evs, s.newEvent(EventStep, stepClause(s.Clock.Step), Public, s.Clock.String()))
	h := s.activeHooks()
	switch s.Clock.Step {
	case StepStartOfTurn:
		evs = append(evs, s.layMines()...) // turn 1, between machines (peermine.go)
		s.startTurn()
		evs = append(evs, s.expireSeekers()...)
		evs = append(evs, s.runStepHooks(h.StartOfTurn)...)
	case StepInvoluntary:
		evs = append(evs, s.fadeCloaks()...) // cloak.go
		evs = append(evs, s.runStepHooks(h.Involuntary)...)
	case StepMovement:
		evs = s.rollInitiative(evs)
		evs = append(evs, s.skipIdleMovers()...)
	case StepActivity:
		evs = append(evs, s.breakTractors()...)
	case StepSeekingLaunch:
		evs = append(evs, s.runStepHooks(h.SeekingLaunch)...)
	case StepSeekingResolution:
		evs = append(evs, s.runStepHooks(h.SeekingResolution)...)
		evs = append(evs, s.resolveSeekers()...)
	case StepDamageControl:
		evs = append(evs, s.boardingCombat()...)
	}
	if k := s.stepKind(); k != nil && k.waiting != nil {
		s.Turn.Waiting = k.waiting(s)
	}
	return evs
}

// finishStep resolves the current step once nobody has to act. It
// returns done == false when it opened a new stage of the same step.
func (s *State) finishStep() ([]Event, bool) {
	k := s.stepKind()
	switch {
	case k == nil:
		return nil, true
	case k.apply != nil:
		return k.resolve(s, nil)
	}
	sealed, evs := s.reveal()
	more, done := k.resolve(s, sealed)
	return append(evs, more...), done
}

// sidesWith returns, in side order, the sides owning a unit on a map for
// which pred holds.
func (s *State) sidesWith(pred func(u *Unit) bool) []SideID {
	var out []SideID
	for _, sd := range s.Sides {
		for i := range s.Units {
			u := &s.Units[i]
			if u.Side == sd.ID && u.OnMap() && u.Ship != nil && pred(u) {
				out = append(out, sd.ID)
				break
			}
		}
	}
	return out
}

// startTurn clears what each unit bought and did last turn.
func (s *State) startTurn() {
	for i := range s.Units {
		ss := s.Units[i].Ship
		if ss == nil {
			continue
		}
		ss.Reinforce, ss.ArmorReinforce = [6]int{}, 0
		ss.ErraticPaid, ss.Erratic, ss.TractorReady, ss.Stasis, ss.Elevated = 0, false, false, false, false
		ss.Evasions, ss.EvadedImpulse = 0, 0
		if ss.Move.Stopped {
			// Decelerated to a full stop: it starts from 0 (X4.EA.5).
			ss.Allocated, s.Units[i].Speed = 0, 0
		}
		ss.Move = MoveState{Straight: ss.Move.Straight}
		for j := range ss.Mounts {
			ss.Mounts[j].Armed, ss.Mounts[j].Fired = false, false
		}
	}
}

// stepClause names the seed clause that defines a step.
func stepClause(st Step) string {
	switch st {
	case StepEnergyAllocation, StepDamageControl, StepStartOfTurn:
		return "X4.SEQ"
	case StepDeclareMovement:
		return "X4.DM.1"
	case StepMovement:
		return "X4.IMP.A"
	case StepDirectFire:
		return "X4.IMP.D"
	}
	return "X4.IMP"
}

// ownedUnit returns the unit id if it exists, is on a map and belongs to
// side, or an error naming what is wrong.
func (s *State) ownedUnit(side SideID, id UnitID) (*Unit, error) {
	u := s.Unit(id)
	switch {
	case u == nil:
		return nil, refuse("", "no unit %q", id)
	case u.Side != side:
		return nil, refuse("", "unit %s belongs to %s, not %s", id, u.Side, side)
	case !u.OnMap():
		return nil, refuse("", "unit %s is not on the map", id)
	case u.Ship == nil:
		return nil, refuse("", "unit %s has no systems", id)
	}
	return u, nil
}

// joinIDs writes unit ids for messages.
func joinIDs(ids []UnitID) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = string(id)
	}
	return strings.Join(s, ", ")
}
