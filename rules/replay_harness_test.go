package rules

import "fmt"

// The golden-game harness: Play and Verify replay a game in the rules
// alone and pin its state hash at every step boundary. They are test
// code (the golden games in testdata/games and the replay tests use
// them); the one replay API of the program is game/match.Replay, which
// rebuilds a whole session (seats, history, autosaves) and checks the
// hash a save recorded after each command.

// Checkpoint is the state hash at a step boundary of a game: the state
// as the step begins, before its automatic work.
type Checkpoint struct {
	Clock Clock  `json:"clock"`
	Hash  string `json:"hash"`
}

// Play starts a game from setup and seed, applies cmds in order and
// returns the final state with a checkpoint at every step boundary. It
// stops at the first refused command, naming it.
func Play(setup Setup, seed uint64, cmds []Command, opts ...Option) (*State, []Checkpoint, error) {
	s, err := NewState(setup, seed, opts...)
	if err != nil {
		return nil, nil, err
	}
	var cps []Checkpoint
	mark := func(s *State) {
		if len(cps) == 0 || cps[len(cps)-1].Clock != s.Clock {
			cps = append(cps, Checkpoint{Clock: s.Clock, Hash: s.Hash().String()})
		}
	}
	s.onStep = mark
	defer func() { s.onStep = nil }()
	s.Advance()
	for i, c := range cmds {
		if len(s.Pending()) == 0 {
			s.Advance()
		}
		if _, err := s.Apply(c); err != nil {
			return s, cps, fmt.Errorf("rules: command %d (%s) at %s: %w", i+1, c, s.Clock, err)
		}
	}
	return s, cps, nil
}

// Verify replays a saved game and compares its checkpoints with want. It
// returns nil when every checkpoint matches, or an error naming the first
// step whose hash differs (or, if all before it match, the first command
// the replay refuses).
func Verify(setup Setup, seed uint64, cmds []Command, want []Checkpoint, opts ...Option) error {
	_, got, err := Play(setup, seed, cmds, opts...)
	for i := 0; i < len(got) && i < len(want); i++ {
		if got[i].Clock != want[i].Clock {
			return fmt.Errorf("rules: replay diverges at %s: the save expects %s", got[i].Clock, want[i].Clock)
		}
		if got[i].Hash != want[i].Hash {
			return fmt.Errorf("rules: replay diverges at %s: hash %s, the save has %s", got[i].Clock, got[i].Hash, want[i].Hash)
		}
	}
	if err != nil {
		return err
	}
	if len(got) != len(want) {
		return fmt.Errorf("rules: replay has %d checkpoints, the save %d", len(got), len(want))
	}
	return nil
}
