package cli

import (
	"flag"

	"github.com/hexrift/hexrift/game/pbem/pbemcli"
)

// runPbem runs a play-by-file command (game/pbem/pbemcli), which parses
// its own subcommand and flags.
func (inv *invocation) runPbem(fs *flag.FlagSet, args []string) error {
	return pbemcli.Run(args, inv.out, fs.Output(), parseArgs)
}
