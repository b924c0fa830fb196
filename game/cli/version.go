package cli

import (
	"flag"
	"fmt"
)

// runVersion prints the version package main gave Run (set at build
// time with -ldflags "-X main.version=...").
func (inv *invocation) runVersion(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		return err
	}
	fmt.Fprintln(inv.out, "hexrift", inv.version)
	return nil
}
