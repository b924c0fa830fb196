// Command hexrift is a hex-map tactical space game for hot-seat play,
// solo practice and scenario authoring. See README.md for the commands;
// they are package game/cli's.
package main

import (
	"os"

	"github.com/hexrift/hexrift/game/cli"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "0.1.0-dev"

func main() {
	os.Exit(cli.Run(version, os.Args[1:], os.Stdout, os.Stderr))
}
