package cli

import (
	"flag"
	"fmt"

	"github.com/hexrift/hexrift/scenarios"
)

func (inv *invocation) runScenarios(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		return err
	}
	for _, info := range scenarios.Bundled() {
		fmt.Fprintf(inv.out, "%s\t%s\n", info.ID, info.Name)
	}
	return nil
}
