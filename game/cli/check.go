package cli

import (
	"errors"
	"flag"
	"fmt"

	"github.com/hexrift/hexrift/scenarios"
)

func (inv *invocation) runCheck(fs *flag.FlagSet, args []string) error {
	files, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		fs.Usage()
		return errors.New("check needs at least one FILE")
	}
	ps := scenarios.Check(files...)
	for _, p := range ps {
		fmt.Fprintln(inv.out, p.String())
	}
	if ps.HasErrors() {
		return errExit1
	}
	if len(ps) == 0 {
		fmt.Fprintf(inv.out, "%d file(s) valid\n", len(files))
	}
	return nil
}
