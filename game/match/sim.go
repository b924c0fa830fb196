package match

import (
	"fmt"

	"github.com/hexrift/hexrift/game/ai"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// SimResult summarises a headless game for the sim command.
type SimResult struct {
	Scenario string `json:"scenario"`
	Seed     uint64 `json:"seed"`
	// TurnReached is the turn the game stands in: after -turns 3 it is
	// 4, whose first step it stopped at, or an earlier one if the game
	// was over (Over) before.
	TurnReached int                      `json:"turn_reached"`
	Clock       string                   `json:"clock"`
	Over        bool                     `json:"over"`
	Commands    int                      `json:"commands"`
	Events      int                      `json:"events"`
	Units       map[rules.UnitStatus]int `json:"units"`
	StateHash   string                   `json:"state_hash"`
	// Points is each side's points as the game stands and Objectives
	// every scenario objective, met or missed (Scores).
	Points     map[rules.SideID]int `json:"points"`
	Objectives []ObjectiveResult    `json:"objectives"`
}

// Simulate plays turns turns of the scenario in src with a computer
// player that picks legal commands at random at every seat, with no
// window, and returns the session.
func Simulate(src scenarios.Source, seed uint64, turns int) (*Session, error) {
	return SimulateAt(src, seed, turns, "legal")
}

// SimulateAt is Simulate with the computer players of the given level
// (easy, normal, hard or legal) at every seat.
func SimulateAt(src scenarios.Source, seed uint64, turns int, level string) (*Session, error) {
	if !KnownLevel(level) {
		return nil, fmt.Errorf("match: unknown computer level %q (want easy, normal, hard or legal)", level)
	}
	sc, err := src.Load()
	if err != nil {
		return nil, err
	}
	seats := DefaultSeats(sc)
	ctrl := map[rules.SideID]Controller{}
	for i := range seats {
		seats[i].Kind = SeatComputer
		seats[i].Level = level
	}
	s, err := NewSession(src, seed, seats)
	if err != nil {
		return nil, err
	}
	for _, seat := range seats {
		ctrl[seat.Side] = Bind(NewController(seat, seed), s)
	}
	if err := s.PlayUntil(ctrl, func(st *rules.State) bool { return st.Clock.Turn > turns }); err != nil {
		return s, err
	}
	return s, nil
}

// PlayUntil lets the controllers play the pending sides until stop says
// so or the game ends: the one loop of every game the computer plays
// without a window. A side without a controller ends the loop (its
// people must act), unless the computer plays its seat: a defender side
// a cosmic rift brought into play gets its controller here. Of several
// sides that may act at once, the first the rules list decides first,
// or the one FirstOf picks. A side that must act with no legal command
// ends the loop with an error; no controller is asked to choose from
// nothing.
func (s *Session) PlayUntil(ctrl map[rules.SideID]Controller, stop func(*rules.State) bool, opts ...PlayOption) error {
	var how playing
	for _, o := range opts {
		o(&how)
	}
	for !s.Over() && !stop(s.State) {
		pending := s.State.Pending()
		if len(pending) == 0 {
			return fmt.Errorf("match: no side can act at %s", s.State.Clock)
		}
		side := pending[0]
		if how.first != nil {
			side = how.first(pending)
		}
		c, ok := ctrl[side]
		if !ok {
			// A defender side a cosmic rift brought into play gets its
			// seat when it appears; a computer seat plays here too.
			seat, seated := s.SeatOf(side)
			if !seated || seat.Kind != SeatComputer {
				return nil
			}
			c = Bind(NewController(seat, s.Seed), s)
			ctrl[side] = c
		}
		legal := s.State.Legal(side)
		if len(legal) == 0 {
			return fmt.Errorf("match: side %s must act at %s but has no legal command", side, s.State.Clock)
		}
		var v *rules.View
		if _, ok := c.(blind); !ok {
			v = s.State.View(side)
		}
		if _, err := s.Submit(c.Decide(v, legal)); err != nil {
			return fmt.Errorf("match: %s's command at %s: %w", side, s.State.Clock, err)
		}
	}
	return nil
}

// A PlayOption changes how PlayUntil plays.
type PlayOption func(*playing)

// playing is how PlayUntil plays, as its options set it.
type playing struct {
	first func(pending []rules.SideID) rules.SideID
}

// FirstOf has pick choose which of the sides that may act at once (a
// simultaneous step; the rules list them in pending) decides first, e.g.
// the person who has the machine at a hot-seat table. pick must return
// one of pending.
func FirstOf(pick func(pending []rules.SideID) rules.SideID) PlayOption {
	return func(p *playing) { p.first = pick }
}

// Result summarises the session.
func (s *Session) Result() SimResult {
	units := map[rules.UnitStatus]int{}
	for _, u := range s.State.Units {
		units[u.Status]++
	}
	points, objectives := Scores(s.State)
	return SimResult{
		Scenario: s.State.Scenario.ID, Seed: s.Seed, TurnReached: s.State.Clock.Turn,
		Clock: s.State.Clock.String(), Over: s.Over(),
		Commands: len(s.commands), Events: len(s.events), Units: units,
		StateHash: s.State.Hash().String(),
		Points:    points, Objectives: objectives,
	}
}

// KnownLevel reports whether s names a computer level NewController
// knows, through plotted orders (OrdersSuffix) or not.
func KnownLevel(s string) bool {
	s, _ = ordersLevel(s)
	_, err := ai.ParseLevel(s)
	return err == nil || s == "legal"
}
