package match

import (
	crand "crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"

	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// SeatKind says who plays a seat.
type SeatKind string

// Seat kinds: a person at the machine, or the computer.
const (
	SeatHuman    SeatKind = "human"
	SeatComputer SeatKind = "computer"
)

// Seat is one player of a session: a name, the side played and who plays it.
type Seat struct {
	Name string       `json:"name"`
	Side rules.SideID `json:"side"`
	Kind SeatKind     `json:"kind"`
	// Level is the computer player's strength, when Kind is computer.
	Level string `json:"level,omitempty"`
	// Defender marks the seat of a destination scenario's defenders,
	// made when a cosmic rift brings that scenario into play (IP4.441).
	Defender bool `json:"defender,omitempty"`
}

// DefenderMode says who plays the defenders of a destination scenario a
// cosmic rift opens (IP4.44): the computer, or the people at the machine.
type DefenderMode string

// Defender modes.
const (
	DefendersComputer DefenderMode = "computer"
	DefendersPlayers  DefenderMode = "players"
)

// Checkpoint records the state hash after a command, so that a replay can
// name the first step where it diverges. A session records one after
// each command that ends an impulse or a step outside the impulses (and
// after the game's last), not after every command: hashing the whole
// state costs in proportion to the units, and a turn of a big battle has
// thousands of commands.
type Checkpoint struct {
	Command int         `json:"command"`
	Clock   rules.Clock `json:"clock"`
	Hash    string      `json:"hash"`
}

// Session is one game in progress: the scenario it came from, the seed,
// the seats and every command given. The rules state is derived from
// those and can always be rebuilt by replaying them. The history (the
// commands, the events, the checkpoints and the frames of the catch-up
// replay) grows only through Submit; its accessors return copies.
type Session struct {
	// Game is the game's identity (NewGameID), kept by its saves: a new
	// game and a take-over or branch get a new one, a loaded save goes on
	// with its own. Parent is the game a branch came from.
	Game, Parent string
	Source       scenarios.Source
	Scenario     *scenarios.Scenario
	Seed         uint64
	Seats        []Seat
	Defenders    DefenderMode
	State        *rules.State
	// Unrecorded sessions keep no history past the start and no
	// checkpoints: a game of `hexrift sim -match`, which nobody watches,
	// saves or replays, and which would otherwise spend a third of its
	// time hashing and copying states.
	Unrecorded bool

	commands    []rules.Command
	checkpoints []Checkpoint
	// events is every event of the game in order; a seat is shown only
	// rules.Events(events, side) (LogFor).
	events []rules.Event
	// history holds the game at the end of each impulse (and of each
	// step outside the impulses) so far, for the catch-up replay. It is
	// rebuilt when a save is replayed, never saved. Its states are not
	// kept: CatchUp re-derives the ones it returns by replaying the
	// commands from the nearest base (a copy of the state taken at the
	// start and once a turn), so a command costs no copy of the state.
	history []Snapshot
	bases   []Snapshot
}

// Commands returns a copy of the commands given so far, in order.
func (s *Session) Commands() []rules.Command { return slices.Clone(s.commands) }

// NumCommands returns how many commands have been given.
func (s *Session) NumCommands() int { return len(s.commands) }

// Events returns a copy of every event of the game so far, in order,
// every side's; show a seat only rules.Events(events, side) (LogFor).
func (s *Session) Events() []rules.Event { return slices.Clone(s.events) }

// EventsSince returns a copy of the events from the n-th on (n counted
// from 0, as NumEvents counts them): what happened since a look at the
// game that saw n events.
func (s *Session) EventsSince(n int) []rules.Event {
	return slices.Clone(s.events[min(max(n, 0), len(s.events)):])
}

// NumEvents returns how many events the game has had.
func (s *Session) NumEvents() int { return len(s.events) }

// Checkpoints returns a copy of the state hashes recorded so far.
func (s *Session) Checkpoints() []Checkpoint { return slices.Clone(s.checkpoints) }

// History returns a copy of the frames of the catch-up replay so far:
// the game at the end of each impulse and each step outside the
// impulses, without their states (CatchUp derives those).
func (s *Session) History() []Snapshot { return slices.Clone(s.history) }

// Snapshot is a frame of the catch-up replay: the game as it stood at
// the end of one impulse, the state (in History, nil until CatchUp
// re-derives it), and how many events had happened by then.
type Snapshot struct {
	Clock  rules.Clock
	State  *rules.State
	Events int
	// Command is the number of commands given by then.
	Command int
}

// SnapshotKey groups clocks into one snapshot per impulse, and one per
// step outside the impulse sequence: the frames of a replay.
func SnapshotKey(c rules.Clock) rules.Clock {
	if c.Step.InImpulse() {
		return rules.Clock{Turn: c.Turn, Impulse: c.Impulse, Step: rules.StepInvoluntary}
	}
	return c
}

// record notes the current clock as the latest snapshot of its impulse,
// and keeps a copy of the state as a base at the start and when a turn
// begins.
func (s *Session) record() {
	snap := Snapshot{Clock: s.State.Clock, Events: len(s.events), Command: len(s.commands)}
	if nb := len(s.bases); nb == 0 || s.bases[nb-1].Clock.Turn != snap.Clock.Turn {
		base := snap
		base.State = s.State.Clone()
		s.bases = append(s.bases, base)
	}
	if n := len(s.history); n > 0 && SnapshotKey(s.history[n-1].Clock) == SnapshotKey(snap.Clock) {
		s.history[n-1] = snap
		return
	}
	s.history = append(s.history, snap)
}

// CatchUp returns the snapshots since side's last command, oldest first:
// what happened while the machine was with the others. Each is shown to
// side only through its own view. Their states are re-derived here.
func (s *Session) CatchUp(side rules.SideID) []Snapshot {
	last := -1
	for i := len(s.commands) - 1; i >= 0; i-- {
		if s.commands[i].Side == side {
			last = i + 1 // commands given up to and including it
			break
		}
	}
	var out []Snapshot
	for _, h := range s.history {
		if h.Command >= last && last >= 0 {
			out = append(out, h)
		}
	}
	s.derive(out)
	return out
}

// derive fills in the state of each snapshot in snaps (in the order of
// the game) by replaying the commands from the nearest base before it,
// going on from the previous snapshot where no nearer base lies between.
func (s *Session) derive(snaps []Snapshot) {
	var cur *rules.State
	at := 0 // commands applied to cur
	for i := range snaps {
		want := snaps[i].Command
		if want == len(s.commands) {
			snaps[i].State = s.State.Clone()
			continue
		}
		b := s.baseBefore(want)
		if b == nil {
			snaps[i].State = s.State.Clone() // cannot happen: the start is a base
			continue
		}
		if cur == nil || at < b.Command || at > want {
			cur, at = b.State.Clone(), b.Command
		}
		for ; at < want; at++ {
			if _, err := cur.Apply(s.commands[at]); err != nil {
				break // cannot happen: every command applied when given
			}
			runOn(cur)
		}
		snaps[i].State = cur.Clone()
	}
}

// baseBefore returns the last base taken at or before command n.
func (s *Session) baseBefore(n int) *Snapshot {
	var b *Snapshot
	for i := range s.bases {
		if s.bases[i].Command <= n {
			b = &s.bases[i]
		}
	}
	return b
}

// RandomSeed draws a seed from the operating system's random source: the
// seed of a game that people play, which nobody can know in advance.
func RandomSeed() uint64 {
	var b [8]byte
	crand.Read(b[:]) // never fails (it panics if the system cannot give randomness)
	return binary.LittleEndian.Uint64(b[:])
}

// RandomKey draws a private dice key from the operating system's random
// source, so that a side's secret rolls cannot be worked out even by
// someone who knows the seed.
func RandomKey() rules.PrivateKey {
	var k rules.PrivateKey
	crand.Read(k[:])
	return k
}

// NewSession starts a game of the scenario in src with the given seed and
// seats, and runs it on to the first choice. opts reach rules.NewState:
// without rules.WithPrivateKey the private dice follow from the seed, as
// in simulations and tests; a game for people gets its seed and key from
// NewDice.
func NewSession(src scenarios.Source, seed uint64, seats []Seat, opts ...rules.Option) (*Session, error) {
	// The session keeps the text of every destination named by path with
	// the scenario, so that its saves load wherever the files have gone.
	var sc *scenarios.Scenario
	var err error
	if len(src.Destinations) > 0 {
		sc, err = src.LoadCarried()
	} else {
		sc, src, err = src.LoadWithDestinations()
	}
	if err != nil {
		return nil, err
	}
	st, err := rules.NewState(sc.Setup(), seed, opts...)
	if err != nil {
		return nil, err
	}
	if err := checkSeats(st, seats); err != nil {
		return nil, err
	}
	s := &Session{Game: NewGameID(), Source: src, Scenario: sc, Seed: seed, Seats: slices.Clone(seats), State: st}
	s.events = append(s.events, st.Advance()...)
	s.settle()
	s.seatDefenders()
	s.record()
	return s, nil
}

// DefaultSeats returns one seat per side of the scenario, named after
// the sides: all human, or, for a practice drill, a person at its
// practice side and the computer, at the drill's level, at the others.
func DefaultSeats(sc *scenarios.Scenario) []Seat {
	var seats []Seat
	for _, sd := range sc.Sides {
		seat := Seat{Name: sd.Name, Side: sd.ID, Kind: SeatHuman}
		if d := sc.Drill; d != nil && d.Side != sd.ID {
			seat.Kind, seat.Level = SeatComputer, d.Level
		}
		seats = append(seats, seat)
	}
	return seats
}

func checkSeats(st *rules.State, seats []Seat) error {
	var errs []error
	taken := map[rules.SideID]bool{}
	for i, seat := range seats {
		if _, ok := st.Side(seat.Side); !ok && !seat.Defender {
			errs = append(errs, fmt.Errorf("match: seat %d plays unknown side %q", i+1, seat.Side))
		}
		if taken[seat.Side] {
			errs = append(errs, fmt.Errorf("match: side %q has two seats", seat.Side))
		}
		taken[seat.Side] = true
		if seat.Kind != SeatHuman && seat.Kind != SeatComputer {
			errs = append(errs, fmt.Errorf("match: seat %d has unknown kind %q", i+1, seat.Kind))
		}
	}
	for _, sd := range st.Sides {
		if !taken[sd.ID] {
			errs = append(errs, fmt.Errorf("match: side %q has no seat", sd.ID))
		}
	}
	return errors.Join(errs...)
}

// SetDefenders sets who plays the defenders of rift destinations. A
// destination begins when its rift forms (IP4.34), so a scenario's open
// rift brings its defenders in as the game starts: defender seats given
// before any command was played are given anew by mode.
func (s *Session) SetDefenders(mode DefenderMode) {
	s.Defenders = mode
	if len(s.commands) > 0 {
		return
	}
	s.Seats = slices.DeleteFunc(s.Seats, func(seat Seat) bool { return seat.Defender })
	s.seatDefenders()
}

// seatDefenders gives a seat to every defender side a cosmic rift has
// brought into play and none plays yet: the computer, or, when the
// people at the machine play the defenders, the first person not
// playing the attacking side (attackingSide).
func (s *Session) seatDefenders() {
	for _, sd := range s.State.Sides {
		if sd.Destination == "" {
			continue
		}
		if _, ok := s.SeatOf(sd.ID); ok {
			continue
		}
		seat := Seat{Name: sd.Name, Side: sd.ID, Kind: SeatComputer, Level: "normal", Defender: true}
		if s.Defenders == DefendersPlayers {
			attacker := s.attackingSide(sd.Destination)
			for _, h := range s.Seats {
				if h.Kind == SeatHuman && !h.Defender && h.Side != attacker {
					seat.Kind, seat.Level, seat.Name = SeatHuman, "", h.Name+" (defending "+sd.Name+")"
					break
				}
			}
		}
		s.Seats = append(s.Seats, seat)
	}
}

// attackingSide returns the side the defenders of destination map m
// face. The destination begins when its rift forms, before anyone
// arrives (IP4.34, IP4.442), so it is the side whose rift it is: the
// side of an origin unit already there (one that went through as the
// rift formed), else the side that generated the rift leading there
// (IP4.23), else, for a scenario's open rift, which no side generated,
// the first side of the origin scenario (docs/RULES.md "Cosmic rifts").
func (s *Session) attackingSide(m rules.MapID) rules.SideID {
	for _, u := range s.State.Units {
		if u.Map == m && u.OnMap() {
			if sd, ok := s.State.Side(u.Side); ok && sd.Destination == "" {
				return u.Side
			}
		}
	}
	for _, r := range s.State.Cosmic.Rifts {
		if r.Dest == m && r.Side != "" {
			return r.Side
		}
	}
	for _, sd := range s.State.Sides {
		if sd.Destination == "" {
			return sd.ID
		}
	}
	return ""
}

// SeatOf returns the seat playing side.
func (s *Session) SeatOf(side rules.SideID) (Seat, bool) {
	for _, seat := range s.Seats {
		if seat.Side == side {
			return seat, true
		}
	}
	return Seat{}, false
}

// Humans returns how many seats people play.
func (s *Session) Humans() int {
	n := 0
	for _, seat := range s.Seats {
		if seat.Kind == SeatHuman {
			n++
		}
	}
	return n
}

// maxIdleTurns bounds how many turns settle lets pass with nobody to
// act (a scenario whose sides have no powered ships).
const maxIdleTurns = 100

// settle runs the clock on while no side has to act and the game is not
// over. It depends only on the state, so a replay settles exactly where
// the original game did.
func (s *Session) settle() { s.events = append(s.events, runOn(s.State)...) }

// runOn advances st while no side has to act and the game is not over,
// and returns the events; settle and the history's replay share it.
func runOn(st *rules.State) []rules.Event {
	var evs []rules.Event
	for i := 0; i < maxIdleTurns && st.Clock.Step != rules.StepGameOver && len(st.Pending()) == 0; i++ {
		evs = append(evs, st.Advance()...)
	}
	return evs
}

// Submit applies cmd and runs the game on until some side must act. On
// error nothing changes: the rules leave the state untouched and the
// session records nothing.
func (s *Session) Submit(cmd rules.Command) ([]rules.Event, error) {
	before := SnapshotKey(s.State.Clock)
	evs, err := s.State.Apply(cmd)
	if err != nil {
		return nil, err
	}
	s.commands = append(s.commands, cmd)
	s.events = append(s.events, evs...)
	n := len(s.events)
	s.settle()
	evs = append(evs, s.events[n:]...)
	s.seatDefenders()
	if !s.Unrecorded {
		s.record()
		if SnapshotKey(s.State.Clock) != before || s.Over() {
			s.checkpoints = append(s.checkpoints, Checkpoint{Command: len(s.commands) - 1, Clock: s.State.Clock, Hash: s.State.Hash().String()})
		}
	}
	return evs, nil
}

// Over reports whether the game has ended.
func (s *Session) Over() bool { return s.State.Clock.Step == rules.StepGameOver }

// LogFor returns the events side may see, in order.
func (s *Session) LogFor(side rules.SideID) []rules.Event { return rules.Events(s.events, side) }

// Divergence says where a replay left the recorded game.
type Divergence struct {
	Command int
	Clock   rules.Clock
	Want    string
	Got     string
	Err     error
}

// Error describes the divergence, naming the step.
func (d *Divergence) Error() string {
	if d.Err != nil {
		return fmt.Sprintf("match: replay diverges at command %d (%s): %v", d.Command+1, d.Clock, d.Err)
	}
	return fmt.Sprintf("match: replay diverges at command %d (%s): state hash %s, recorded %s", d.Command+1, d.Clock, short(d.Got), short(d.Want))
}

func short(h string) string {
	if len(h) > 12 {
		return h[:12]
	}
	return h
}

// Replay rebuilds a session from its scenario, seed, seats and commands,
// checking every recorded checkpoint. It stops at the first command that
// fails or whose hash differs, and returns a *Divergence naming it. It
// is the program's one replay API; the rules' own golden-game harness
// (rules.Play and rules.Verify) is test code.
func Replay(src scenarios.Source, seed uint64, seats []Seat, cmds []rules.Command, checks []Checkpoint, opts ...rules.Option) (*Session, error) {
	s, err := NewSession(src, seed, seats, opts...)
	if err != nil {
		return nil, err
	}
	byCmd := map[int]Checkpoint{}
	for _, c := range checks {
		byCmd[c.Command] = c
	}
	for i, cmd := range cmds {
		clock := s.State.Clock
		if _, err := s.Submit(cmd); err != nil {
			return s, &Divergence{Command: i, Clock: clock, Err: err}
		}
		if want, ok := byCmd[i]; ok {
			if got := s.State.Hash().String(); got != want.Hash {
				return s, &Divergence{Command: i, Clock: clock, Want: want.Hash, Got: got}
			}
		}
	}
	return s, nil
}
