package cli

import (
	"errors"
	"flag"
	"fmt"

	"github.com/hexrift/hexrift/game/match"
)

func (inv *invocation) runReplay(fs *flag.FlagSet, args []string) error {
	verify := fs.Bool("verify", false, "check the state hash after every command and exit 1 at the first difference")
	arg, err := oneOptionalArg(fs, args)
	if err != nil {
		return err
	}
	if arg == "" {
		fs.Usage()
		return errors.New("replay needs a SAVE file")
	}
	sf, err := match.ReadSave(arg)
	if err != nil {
		return err
	}
	checks := sf.Checks
	if !*verify {
		checks = nil
	}
	opts, err := sf.DiceOptions()
	if err != nil {
		return fmt.Errorf("%s: %w", arg, err)
	}
	s, err := match.Replay(sf.Scenario, sf.Seed, sf.Seats, sf.Commands, checks, opts...)
	if err != nil {
		fmt.Fprintf(inv.errOut, "hexrift: %s: %v\n", arg, err)
		return errExit1
	}
	fmt.Fprintf(inv.out, "replayed %d commands of %s to %s\nstate_hash %s\n", len(sf.Commands), s.State.Scenario.ID, s.State.Clock, s.State.Hash())
	if s.Over() {
		// The dice are no secret once the game is over (IP8.337: every
		// private roll can be checked from the save), nor is how the
		// sides stand.
		fmt.Fprintf(inv.out, "seed %d\nprivate_key %s\n", s.Seed, s.State.PrivateKey)
		for _, l := range match.ScoreLines(s.State) {
			fmt.Fprintln(inv.out, l)
		}
	} else {
		// Mid-game the points and objectives come from the whole state,
		// hidden units and all: like the seed, they wait for the end.
		fmt.Fprintln(inv.out, "points and objectives: shown once the game is over (as it stands, they could tell what a side may not see)")
	}
	if *verify {
		fmt.Fprintf(inv.out, "verified %d checkpoints\n", len(sf.Checks))
	}
	return nil
}
