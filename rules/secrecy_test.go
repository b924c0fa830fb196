package rules_test

import (
	"testing"

	"github.com/hexrift/hexrift/rules"
)

// IP8.337: a side's secret rolls cannot be worked out from what the other
// sides know. The attack: a side knows the seed (as if it were shown),
// every command of the game and every public roll, and replays the game
// with the key that follows from the seed, reading off the private rolls
// of the others. Against a game whose private dice have a key of their
// own it must predict no better than chance; against a game keyed from
// its seed (how every game rolled before private streams) it predicts
// them all, which shows the attack itself works.
func TestSeedDoesNotPredictPrivateRolls(t *testing.T) {
	for _, id := range []string{"drill-phase", "phase-drift", "storm-front", "rift-gate"} {
		t.Run(id, func(t *testing.T) {
			setup, _ := bundledSetup(t, id)
			const seed = 7
			key := rules.PrivateKey{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}
			cmds := playGolden(t, setup, seed, rules.WithPrivateKey(key))
			g := goldenGame{Seed: seed, Commands: cmds}
			truth := replayedPrivateRolls(t, setup, g, rules.WithPrivateKey(key))
			if len(truth) < 20 {
				t.Fatalf("only %d private rolls in the game: pick a scenario with more", len(truth))
			}
			guess := replayedPrivateRolls(t, setup, g)
			hits := 0
			for i := 0; i < len(truth) && i < len(guess); i++ {
				if truth[i] == guess[i] {
					hits++
				}
			}
			// A 2d6 roll is guessed by chance about 1 time in 8 at best
			// (a 7 is 6 of 36); allow a generous margin.
			if hits*3 > len(truth) {
				t.Errorf("the seed predicted %d of %d private rolls", hits, len(truth))
			}
			t.Logf("%s: %d private rolls, %d guessed from the seed", id, len(truth), hits)

			// The control: keyed from its seed, the same attack sees all.
			cmds = playGolden(t, setup, seed)
			g = goldenGame{Seed: seed, Commands: cmds}
			truth = replayedPrivateRolls(t, setup, g)
			guess = replayedPrivateRolls(t, setup, g, rules.WithPrivateKey(rules.SeedPrivateKey(seed)))
			if len(truth) == 0 || len(truth) != len(guess) {
				t.Fatalf("control: %d rolls against %d", len(truth), len(guess))
			}
			for i := range truth {
				if truth[i] != guess[i] {
					t.Fatalf("control: roll %d differs: %s against %s", i, truth[i], guess[i])
				}
			}
		})
	}
}

// privateRolls lists the texts of the rolls not every side may see.
func privateRolls(evs []rules.Event) []string {
	var out []string
	for _, e := range evs {
		if e.Kind == rules.EventRoll && !e.Audience.IsPublic() {
			out = append(out, e.Text)
		}
	}
	return out
}

// replayEventsUntilRefused replays g's commands and returns the events up
// to the first command the replay refuses (an attacker's replay with the
// wrong dice soon diverges from the game), and how many were accepted.
func replayEventsUntilRefused(t *testing.T, setup rules.Setup, g goldenGame, opts ...rules.Option) ([]rules.Event, int) {
	t.Helper()
	s, err := rules.NewState(setup, g.Seed, opts...)
	if err != nil {
		t.Fatal(err)
	}
	evs := s.Advance()
	for i, c := range g.Commands {
		if len(s.Pending()) == 0 {
			evs = append(evs, s.Advance()...)
		}
		e, err := s.Apply(c)
		if err != nil {
			return evs, i
		}
		evs = append(evs, e...)
	}
	return evs, len(g.Commands)
}

// replayedPrivateRolls is privateRolls of replayEventsUntilRefused.
func replayedPrivateRolls(t *testing.T, setup rules.Setup, g goldenGame, opts ...rules.Option) []string {
	t.Helper()
	evs, _ := replayEventsUntilRefused(t, setup, g, opts...)
	return privateRolls(evs)
}
