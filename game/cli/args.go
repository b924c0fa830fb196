package cli

import (
	"errors"
	"flag"
	"fmt"

	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// errExit1 ends the program with status 1 after its message was printed.
var errExit1 = errors.New("exit 1")

// openState loads a scenario (bundled id or path) and starts a game.
func (inv *invocation) openState(arg string, seed uint64) (*rules.State, error) {
	if arg == "" {
		arg = scenarios.DefaultID
	}
	sc, err := scenarios.Open(arg)
	if err != nil {
		return nil, inv.printProblems(err)
	}
	st, err := rules.NewState(sc.Setup(), seed)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", sc.File, err)
	}
	return st, nil
}

// parseArgs parses flags that may come before, between or after the
// positional arguments, and returns the positional ones.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

func oneOptionalArg(fs *flag.FlagSet, args []string) (string, error) {
	pos, err := parseArgs(fs, args)
	if err != nil {
		return "", err
	}
	switch len(pos) {
	case 0:
		return "", nil
	case 1:
		return pos[0], nil
	}
	fs.Usage()
	return "", fmt.Errorf("expected at most one SCENARIO, got %d arguments", len(pos))
}

// flagSet reports whether the flag name was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// isBundled reports whether id names a bundled scenario.
func isBundled(id string) bool {
	for _, info := range scenarios.Bundled() {
		if info.ID == id {
			return true
		}
	}
	return false
}

// printProblems prints scenario problems one per line and ends with
// status 1; other errors pass through.
func (inv *invocation) printProblems(err error) error {
	var ps scenarios.Problems
	if errors.As(err, &ps) {
		for _, p := range ps {
			fmt.Fprintln(inv.errOut, p.String())
		}
		return errExit1
	}
	return err
}
