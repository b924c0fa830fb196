package game

import (
	"fmt"
	"slices"

	"github.com/hexrift/hexrift/game/ai"
	"github.com/hexrift/hexrift/rules"
)

// BranchSession starts a new game from step n of a save or replay ("take
// over from here"): it replays the save's first n commands, checking their
// checkpoints, then seats the people at the machine at human's side and
// the computer, at level, at every other seat (rift defenders included).
// The branch is a session of its own: its commands are the first n of
// the save, and what is played from there on is new. An empty human
// keeps the seat of the save's first human (or its first seat).
func BranchSession(sf *SaveFile, n int, human rules.SideID, level string) (*Session, error) {
	if sf == nil {
		return nil, fmt.Errorf("game: branch: no save")
	}
	if n < 0 || n > len(sf.Commands) {
		return nil, fmt.Errorf("game: branch at step %d: the save has steps 0 to %d", n, len(sf.Commands))
	}
	if level == "" {
		level = string(ai.Normal)
	}
	if !KnownLevel(level) {
		return nil, fmt.Errorf("game: branch: unknown computer level %q (want easy, normal, hard or legal)", level)
	}
	if human == "" {
		for _, seat := range sf.Seats {
			if seat.Kind == SeatHuman && !seat.Defender {
				human = seat.Side
				break
			}
		}
		if human == "" && len(sf.Seats) > 0 {
			human = sf.Seats[0].Side
		}
	}
	found := false
	for _, seat := range sf.Seats {
		if seat.Side == human {
			found = true
		}
	}
	if !found {
		return nil, fmt.Errorf("game: branch: the save has no seat for side %q", human)
	}
	var checks []Checkpoint
	for _, c := range sf.Checks {
		if c.Command < n {
			checks = append(checks, c)
		}
	}
	s, err := Replay(sf.Scenario, sf.Seed, sf.Seats, sf.Commands[:n:n], checks)
	if err != nil {
		return nil, fmt.Errorf("game: branch at step %d: %w", n, err)
	}
	s.Defenders = sf.Defenders
	// A take-over is a game of its own (Replay gave it a new identity):
	// its autosaves never replace the save's.
	s.Parent = sf.Game
	s.Seats = slices.Clone(s.Seats)
	for i := range s.Seats {
		seat := &s.Seats[i]
		if seat.Side == human {
			seat.Kind, seat.Level = SeatHuman, ""
			continue
		}
		seat.Kind, seat.Level = SeatComputer, level
	}
	// Defenders a rift brings in from here are the computer's too.
	s.Defenders = DefendersComputer
	return s, nil
}
