package game

import (
	"fmt"

	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// SimResult summarises a headless game for the sim command.
type SimResult struct {
	Scenario  string                   `json:"scenario"`
	Seed      uint64                   `json:"seed"`
	Turns     int                      `json:"turns"`
	Clock     string                   `json:"clock"`
	Over      bool                     `json:"over"`
	Commands  int                      `json:"commands"`
	Events    int                      `json:"events"`
	Units     map[rules.UnitStatus]int `json:"units"`
	StateHash string                   `json:"state_hash"`
}

// Simulate plays turns turns of the scenario in src with a computer
// player at every seat, with no window, and returns the session.
func Simulate(src scenarios.Source, seed uint64, turns int) (*Session, error) {
	sc, err := src.Load()
	if err != nil {
		return nil, err
	}
	seats := DefaultSeats(sc)
	ctrl := map[rules.SideID]Controller{}
	for i := range seats {
		seats[i].Kind = SeatComputer
		seats[i].Level = "legal"
		ctrl[seats[i].Side] = NewLegalPlayer(seed, seats[i].Side)
	}
	s, err := NewSession(src, seed, seats)
	if err != nil {
		return nil, err
	}
	if err := s.PlayUntil(ctrl, func(st *rules.State) bool { return st.Clock.Turn > turns }); err != nil {
		return s, err
	}
	return s, nil
}

// PlayUntil lets the controllers play the pending sides until stop says
// so or the game ends. Sides without a controller end the loop (their
// humans must act).
func (s *Session) PlayUntil(ctrl map[rules.SideID]Controller, stop func(*rules.State) bool) error {
	for !s.Over() && !stop(s.State) {
		pending := s.State.Pending()
		if len(pending) == 0 {
			return fmt.Errorf("game: no side can act at %s", s.State.Clock)
		}
		side := pending[0]
		c, ok := ctrl[side]
		if !ok {
			return nil
		}
		legal := s.State.Legal(side)
		if len(legal) == 0 {
			return fmt.Errorf("game: side %s must act at %s but has no legal command", side, s.State.Clock)
		}
		if _, err := s.Submit(c.Decide(s.State.View(side), legal)); err != nil {
			return fmt.Errorf("game: %s's command at %s: %w", side, s.State.Clock, err)
		}
	}
	return nil
}

// Result summarises the session.
func (s *Session) Result() SimResult {
	units := map[rules.UnitStatus]int{}
	for _, u := range s.State.Units {
		units[u.Status]++
	}
	return SimResult{
		Scenario: s.State.Scenario.ID, Seed: s.Seed, Turns: s.State.Clock.Turn,
		Clock: s.State.Clock.String(), Over: s.Over(),
		Commands: len(s.Commands), Events: len(s.Events), Units: units,
		StateHash: s.State.Hash().String(),
	}
}
