package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/hexrift/hexrift/scenarios"
)

// invocation is one run of the hexrift command: where it writes and the
// version it reports. Every command is a method of it.
type invocation struct {
	out, errOut io.Writer
	version     string
}

type command struct {
	name, args, summary string
	run                 func(inv *invocation, fs *flag.FlagSet, args []string) error
}

func commands() []command {
	return []command{
		{"menu", "", "open the game window at the main menu (the default command)", (*invocation).runMenu},
		{"play", "[SCENARIO]", "open the game window straight into a hot-seat game of a scenario (a bundled id or a file; default " + scenarios.DefaultID + "; a drill such as drill-rift seats you at its practice side and the computer at the others); -from SAVE -at N: take over from step N of a save, the computer playing the other seats", (*invocation).runPlay},
		{"scenarios", "", "list the bundled scenarios, one per line, id first", (*invocation).runScenarios},
		{"check", "FILE...", "check scenario files; print every problem as FILE:LINE:COL: message", (*invocation).runCheck},
		{"preview", "FILE", "open a scenario file's map and reload it on every save, with its problems pinned to the map (-from ID copies a bundled scenario to FILE first)", (*invocation).runPreview},
		{"render", "SCENARIO -o FILE.png", "draw a scenario's map to a PNG, with no display needed", (*invocation).runRender},
		{"bench", "[SCENARIO...]", "measure frame rates: an empty screen, then each scenario (a bundled id or a file; -all: every bundled one) swept from the closest zoom to the widest; print each zoom's ratio to the empty frame, the worst, and the peak RSS", (*invocation).runBench},
		{"sim", "SCENARIO", "play a game with computer players and no window; print a JSON summary with the state hash (-match A:B -seeds N [-all]: head-to-head matches of computer levels; -table FILE: the win-rate table)", (*invocation).runSim},
		{"replay", "SAVE", "replay a saved game from its scenario, seed and commands (-verify checks every hash)", (*invocation).runReplay},
		{"pbem", "COMMAND ...", "play by file with secrets kept and no trusted third party: new SCENARIO -as SIDE, open FILE, send, verify FILE (docs/PBEM.md; 'hexrift pbem -h' lists them)", (*invocation).runPbem},
		{"version", "", "print the version", (*invocation).runVersion},
	}
}

// Run runs the hexrift command: args are the program's arguments (no
// program name), a subcommand first or none for the main menu. It writes
// to stdout and stderr, reports version as the program's, and returns
// the exit status: 0, 1 when the command failed, 2 for an unknown
// command.
//
// "hexrift help", "hexrift -h" and "hexrift --help" print the list of
// commands and the main menu's own flags to stdout; "hexrift COMMAND -h"
// prints that command's usage and flags to stderr, as a flag error does.
func Run(version string, args []string, stdout, stderr io.Writer) int {
	inv := &invocation{out: stdout, errOut: stderr, version: version}
	name, implicit := "menu", true // no command: the main menu
	if len(args) > 0 && !isFlag(args[0]) {
		name, args, implicit = args[0], args[1:], false
	}
	if name == "help" || implicit && len(args) > 0 && isHelpFlag(args[0]) {
		usage(stdout, true)
		return 0
	}
	for _, c := range commands() {
		if c.name != name {
			continue
		}
		fs := flag.NewFlagSet("hexrift "+c.name, flag.ContinueOnError)
		fs.SetOutput(stderr)
		summary, argText := c.summary, c.args
		fs.Usage = func() {
			if implicit { // hexrift -width 1400 -h: the program's usage
				usage(fs.Output(), true)
				return
			}
			fmt.Fprintf(fs.Output(), "usage: %s\n\n%s\n", strings.TrimSpace("hexrift "+name+" "+argText), summary)
			fs.PrintDefaults()
		}
		err := c.run(inv, fs, args)
		switch {
		case err == nil:
			return 0
		case errors.Is(err, flag.ErrHelp):
			return 0
		case errors.Is(err, errExit1):
			return 1
		default:
			fmt.Fprintln(stderr, "hexrift:", err)
			return 1
		}
	}
	fmt.Fprintf(stderr, "hexrift: unknown command %q\n\n", name)
	usage(stderr, false)
	return 2
}

func isFlag(s string) bool { return len(s) > 1 && s[0] == '-' }

// isHelpFlag reports whether s asks for help as package flag reads it.
func isHelpFlag(s string) bool {
	switch s {
	case "-h", "--h", "-help", "--help":
		return true
	}
	return false
}

// usage prints the commands, one line each, and with menuFlags the main
// menu's own flags, those of hexrift with no command.
func usage(w io.Writer, menuFlags bool) {
	fmt.Fprintln(w, "hexrift: a hex-map tactical space game\n\nusage: hexrift [COMMAND] [ARGS]   (no command: the main menu)\n\ncommands:")
	cs := commands()
	nameWidth, argsWidth := 0, 0
	for _, c := range cs {
		nameWidth, argsWidth = max(nameWidth, len(c.name)), max(argsWidth, len(c.args))
	}
	for _, c := range cs {
		fmt.Fprintf(w, "  %-*s %-*s %s\n", nameWidth, c.name, argsWidth, c.args, c.summary)
	}
	if menuFlags {
		fmt.Fprintln(w, "\nthe main menu's options (hexrift [OPTIONS], or hexrift menu [OPTIONS]):")
		fs := flag.NewFlagSet("hexrift", flag.ContinueOnError)
		fs.SetOutput(w)
		menuFlagSet(fs)
		fs.PrintDefaults()
	}
	fmt.Fprintln(w, "\nRun 'hexrift COMMAND -h' for a command's options.")
}
