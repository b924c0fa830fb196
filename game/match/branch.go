package match

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
		return nil, fmt.Errorf("match: branch: no save")
	}
	if n < 0 || n > len(sf.Commands) {
		return nil, fmt.Errorf("match: branch at step %d: the save has steps 0 to %d", n, len(sf.Commands))
	}
	if level == "" {
		level = string(ai.Normal)
	}
	if !KnownLevel(level) {
		return nil, fmt.Errorf("match: branch: unknown computer level %q (want easy, normal, hard or legal)", level)
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
		return nil, fmt.Errorf("match: branch: the save has no seat for side %q", human)
	}
	people := PeopleAt(sf.Seats)
	if !slices.Contains(TakeOverSides(sf.Seats), human) {
		return nil, fmt.Errorf("match: branch: side %q is played by a person in this game of %d people: only a side the computer plays can be taken over", human, people)
	}
	var checks []Checkpoint
	for _, c := range sf.Checks {
		if c.Command < n {
			checks = append(checks, c)
		}
	}
	opts, err := sf.DiceOptions()
	if err != nil {
		return nil, err
	}
	s, err := Replay(sf.Scenario, sf.Seed, sf.Seats, sf.Commands[:n:n], checks, opts...)
	if err != nil {
		return nil, fmt.Errorf("match: branch at step %d: %w", n, err)
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

// PeopleAt counts the seats people play, rift defenders aside: in a
// save's seats, the people of its game, any of whom may be at the table
// when it is taken over (BranchSession).
func PeopleAt(seats []Seat) int {
	n := 0
	for _, seat := range seats {
		if seat.Kind == SeatHuman && !seat.Defender {
			n++
		}
	}
	return n
}

// TakeOverSides lists the sides a save may be taken over as: any side of
// a game one person plays (or none: a computer match), and in a game of
// two or more people only the sides the computer plays, since a person's
// side holds secrets the others at the table must not see.
func TakeOverSides(seats []Seat) []rules.SideID {
	people := PeopleAt(seats)
	var out []rules.SideID
	for _, seat := range seats {
		if seat.Defender || people >= 2 && seat.Kind == SeatHuman {
			continue
		}
		out = append(out, seat.Side)
	}
	return out
}
