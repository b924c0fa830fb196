package pbemcli

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hexrift/hexrift/game/internal/fileio"
	"github.com/hexrift/hexrift/game/pbem"
	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// ArgParser parses flags that may come before, between or after the
// positional arguments and returns the positional ones (the program's
// own parser).
type ArgParser func(fs *flag.FlagSet, args []string) ([]string, error)

// Usage is the summary of the pbem commands.
const Usage = `usage: hexrift pbem COMMAND [ARGS]

  new SCENARIO -as SIDE [-sides A,B] [-no-cosmic-rifts] [-out FILE]
                                      start a game played by file; write its first turn file
                                      (-no-cosmic-rifts: play it with cosmic rifts off)
  open FILE [-as SIDE]                accept a turn file (-as: the side you play, the first time);
                                      show the table as your side sees it and what you must decide
  send [-game ID] [-choose N] [-command FILE] [-orders FILE] [-limbo FILE] [-note TEXT|-note-file FILE] [-out FILE]
                                      write your next turn file: your decision (-choose: one of
                                      the commands open lists), your plotted orders (default: the
                                      proposed plot open shows; -orders: a JSON file of your own;
                                      -limbo: your units out of phase's allocations, limbo.json),
                                      a note to the other sides (-note, -note-file: at most 500
                                      characters, which they read as they open the file)
  show [-game ID]                     show the table and what you must decide again, and every
                                      note of the game
  claim [-game ID] [-out FILE]        settle a game the other side stalled: write your signed claim
                                      that it withheld what it owes since the last message, which
                                      ends the game with that side forfeiting it
  verify FILE|GAME                    check a game end to end and name the first cheat
  games                               list the games played by file on this machine

Keys, sealed orders and the accepted log stay in the pbem folder of the
user's data folder (or of HEXRIFT_HOME). docs/PBEM.md explains the scheme.`

// Run runs a pbem command with its arguments, writing to out.
func Run(args []string, out, errOut io.Writer, parse ArgParser) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprintln(errOut, Usage)
		return flag.ErrHelp
	}
	home, err := pbem.DefaultHome()
	if err != nil {
		return err
	}
	return run(home, args, out, errOut, parse)
}

// run runs a pbem command on the games kept in home.
func run(home pbem.Home, args []string, out, errOut io.Writer, parse ArgParser) error {
	fs := flag.NewFlagSet("hexrift pbem "+args[0], flag.ContinueOnError)
	fs.SetOutput(errOut)
	fs.Usage = func() {
		fmt.Fprintln(errOut, Usage)
		fmt.Fprintf(errOut, "\noptions of pbem %s:\n", args[0])
		fs.PrintDefaults()
	}
	switch args[0] {
	case "new":
		return runNew(home, fs, args[1:], out, parse)
	case "open":
		return runOpen(home, fs, args[1:], out, parse)
	case "send":
		return runSend(home, fs, args[1:], out, parse)
	case "verify":
		return runVerify(home, fs, args[1:], out, parse)
	case "games":
		return runGames(home, out)
	case "claim":
		return runClaim(home, fs, args[1:], out, parse)
	case "show":
		game := fs.String("game", "", "the game (default: the only one on this machine)")
		if _, err := parse(fs, args[1:]); err != nil {
			return err
		}
		id, err := pickGame(home, *game)
		if err != nil {
			return err
		}
		seat, err := pbem.LoadSeat(home, id)
		if err != nil {
			return err
		}
		if err := show(home, seat, out); err != nil {
			return err
		}
		fmt.Fprintln(out)
		showNotes(seat, out)
		return nil
	}
	fmt.Fprintln(errOut, Usage)
	return fmt.Errorf("pbem: unknown command %q", args[0])
}

func oneArg(fs *flag.FlagSet, args []string, parse ArgParser, what string) (string, error) {
	pos, err := parse(fs, args)
	if err != nil {
		return "", err
	}
	if len(pos) != 1 {
		return "", fmt.Errorf("pbem %s: give one %s", fs.Name()[len("hexrift pbem "):], what)
	}
	return pos[0], nil
}

func runNew(home pbem.Home, fs *flag.FlagSet, args []string, out io.Writer, parse ArgParser) error {
	as := fs.String("as", "", "the side you play")
	sides := fs.String("sides", "", "the sides that play by file, comma-separated (default: every side of the scenario, which is all it can be)")
	noRifts := fs.Bool("no-cosmic-rifts", false, "play the game with cosmic rifts off (IP4.21): a rift that forms stops a game by file; the genesis carries the choice, so every side sees it and none can change it")
	path := fs.String("out", "", "the turn file to write, or a folder to write it in (default: hexrift-GAME-SEQ-SIDE.pbem here)")
	arg, err := oneArg(fs, args, parse, "scenario (a bundled id or a file)")
	if err != nil {
		return err
	}
	if *as == "" {
		return fmt.Errorf("pbem new: say which side you play (-as SIDE)")
	}
	src, err := scenarios.ReadSource(arg)
	if err != nil {
		return err
	}
	if *sides != "" {
		if err := checkSides(src, strings.Split(*sides, ",")); err != nil {
			return err
		}
	}
	seat, err := pbem.NewGameWith(home, src, rules.SideID(*as), time.Now(), pbem.Variant{NoCosmicRifts: *noRifts})
	if err != nil {
		return err
	}
	name, err := writeTurn(seat, *path)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "game %s of %s: you play %s; your key is in %s\nsend %s to the other sides; each opens it with: hexrift pbem open FILE -as SIDE\n",
		seat.Game.ID, seat.Game.State.Scenario.Name, seat.Side, home.GameDir(seat.Game.ID), name)
	if line := riftsLine(seat.Game, *noRifts); line != "" {
		fmt.Fprintln(out, line)
	}
	return nil
}

// riftsLine is what pbem new says of cosmic rifts in the game it started,
// asked for them off (asked) or not: "" of a game whose scenario has them
// off, when not asked.
func riftsLine(g *pbem.Game, asked bool) string {
	name := g.State.Scenario.Name
	switch {
	case g.Genesis.NoCosmicRifts:
		return g.VariantText() + "; every side sees it when it joins"
	case g.Scenario.Ruleset.NoCosmicRifts && asked:
		return fmt.Sprintf("%s has cosmic rifts off already (its ruleset): -no-cosmic-rifts changes nothing", name)
	case g.Scenario.Ruleset.NoCosmicRifts:
		return ""
	}
	return fmt.Sprintf("%s has cosmic rifts on: a rift that forms stops a game by file; -no-cosmic-rifts plays it without them", name)
}

func runOpen(home pbem.Home, fs *flag.FlagSet, args []string, out io.Writer, parse ArgParser) error {
	as := fs.String("as", "", "the side you play (needed the first time this machine sees the game)")
	path, err := oneArg(fs, args, parse, "turn file")
	if err != nil {
		return err
	}
	data, err := pbem.ReadTurnFile(path)
	if err != nil {
		return err
	}
	seat, err := pbem.Open(home, path, data, rules.SideID(*as))
	if err != nil {
		return err
	}
	return show(home, seat, out)
}

// show shows the seat's table as it will stand once the side has written
// what it writes without a decision, and what it must do.
func show(home pbem.Home, seat *pbem.Seat, out io.Writer) error {
	next, err := seat.Preview()
	if err != nil {
		return err
	}
	showTable(next, out)
	if next.MustCommit() {
		p := filepath.Join(home.GameDir(seat.Game.ID), "orders.json")
		if err := writeOrders(p, next.Propose()); err != nil {
			return err
		}
		fmt.Fprintf(out, "\nthe proposed plot is in %s: edit it and give it with -orders, or send it as it is; then: hexrift pbem send -game %s\n", p, seat.Game.ID)
		if lo := next.ProposeLimbo(); lo != nil {
			lp := filepath.Join(home.GameDir(seat.Game.ID), "limbo.json")
			b, err := jsonIndent(lo)
			if err != nil {
				return err
			}
			if err := writeAtomic(lp, b); err != nil {
				return err
			}
			fmt.Fprintf(out, "the energy allocations of your units out of phase (their speed, and their cloak, IP8.443) are in %s: edit it and give it with -limbo (without -limbo they are sent as they are); only this machine reads them until the game is over\n", lp)
		}
	} else if next.Game.Len() > seat.Game.Len() {
		fmt.Fprintf(out, "nothing to decide: hexrift pbem send -game %s writes the file the others wait for\n", seat.Game.ID)
	}
	return nil
}

func runSend(home pbem.Home, fs *flag.FlagSet, args []string, out io.Writer, parse ArgParser) error {
	game := fs.String("game", "", "the game (default: the only one on this machine)")
	choose := fs.Int("choose", 0, "your decision: the number of one of the commands pbem open lists")
	command := fs.String("command", "", "your decision as a JSON command file")
	ordersPath := fs.String("orders", "", "your plotted orders as a JSON file (default: the proposed plot)")
	limboPath := fs.String("limbo", "", "the energy allocations of your units out of phase as a JSON file (limbo.json as pbem open writes it; default: as pbem open proposes them), sealed until the game is over")
	noteText := fs.String("note", "", fmt.Sprintf("a note to the other sides, which they read as they open the file (at most %d characters)", pbem.MaxNoteLen))
	notePath := fs.String("note-file", "", "a note to the other sides, read from a text file (as -note)")
	path := fs.String("out", "", "the turn file to write, or a folder to write it in (default: hexrift-GAME-SEQ-SIDE.pbem here)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return fmt.Errorf("pbem send: takes no file (give the game with -game)")
	}
	note, err := readNote(*noteText, *notePath)
	if err != nil {
		return err
	}
	id, err := pickGame(home, *game)
	if err != nil {
		return err
	}
	seat, err := pbem.LoadSeat(home, id)
	if err != nil {
		return err
	}
	next, err := seat.Preview()
	if err != nil {
		return err
	}
	var o *pbem.Orders
	if next.MustCommit() {
		o = &pbem.Orders{Plot: next.Propose(), Limbo: next.ProposeLimbo()}
		if *ordersPath != "" {
			p, err := readJSON[plot.Orders](*ordersPath)
			if err != nil {
				return err
			}
			o.Plot = p
		}
		if *limboPath != "" {
			lo, err := readJSON[pbem.LimboOrders](*limboPath)
			if err != nil {
				return err
			}
			o.Limbo = lo
		}
		kind, legal := next.Needs(o.Plot)
		if kind == "" {
			kind, legal = next.Needs(nil) // a command the plot would answer
		}
		switch {
		case *command != "":
			c, err := readJSON[rules.Command](*command)
			if err != nil {
				return err
			}
			o.Command = c
		case *choose > 0 && *choose <= len(legal):
			o.Command = &legal[*choose-1]
		case *choose != 0:
			return fmt.Errorf("pbem send: -choose %d: the %s has %d choices", *choose, kind, len(legal))
		}
	}
	f, err := seat.SendNote(o, note)
	nothing := errors.Is(err, pbem.ErrNothingNew)
	if err != nil && !nothing {
		return err
	}
	name, err := writeTurn(seat, *path)
	if err != nil {
		return err
	}
	if nothing {
		fmt.Fprintf(out, "nothing new: %s holds the game as it stands (%d messages); send it again if it was lost\n", name, len(f.Messages))
		if note != "" {
			fmt.Fprintln(out, "your note is not in it: a note goes with a file that carries your next move (give it to that send)")
		}
		return nil
	}
	fmt.Fprintf(out, "wrote %s (%d messages): send it to the other sides\n", name, len(f.Messages))
	if note != "" {
		fmt.Fprintln(out, "your note is in it, signed: the other sides read it as they open the file")
	}
	switch {
	case seat.Game.Finished():
		fmt.Fprintln(out, "the game is over; hexrift pbem verify", name, "checks it end to end")
	case seat.Game.Over():
		fmt.Fprintln(out, "the game is over; your dice key is in the file: once every side has sent its own, hexrift pbem verify checks the game end to end")
	}
	return nil
}

func runVerify(home pbem.Home, fs *flag.FlagSet, args []string, out io.Writer, parse ArgParser) error {
	arg, err := oneArg(fs, args, parse, "turn file or game")
	if err != nil {
		return err
	}
	path := arg
	if _, statErr := os.Stat(arg); statErr != nil && fileio.IsGameID(arg) {
		path = home.LogPath(arg)
	}
	data, err := pbem.ReadTurnFile(path)
	if err != nil {
		return err
	}
	rep, err := pbem.Verify(path, data)
	if err != nil {
		return err
	}
	fmt.Fprintln(out, rep)
	return nil
}

func runGames(home pbem.Home, out io.Writer) error {
	ids, err := home.Games()
	if err != nil {
		return err
	}
	for _, id := range ids {
		seat, err := pbem.LoadSeat(home, id)
		if err != nil {
			fmt.Fprintf(out, "%s  %v\n", id, err)
			continue
		}
		name := seat.Game.State.Scenario.Name
		if seat.Game.Genesis.NoCosmicRifts {
			name += " (cosmic rifts off)"
		}
		fmt.Fprintf(out, "%s  %s  you play %s  %s  %s\n", id, name, seat.Side, seat.Game.State.Clock, seat.Status())
	}
	return nil
}

// pickGame returns the game named, or the only game in home.
func pickGame(home pbem.Home, id string) (string, error) {
	if id != "" {
		return id, nil
	}
	ids, err := home.Games()
	if err != nil {
		return "", err
	}
	switch len(ids) {
	case 0:
		return "", fmt.Errorf("pbem: no game is played by file on this machine")
	case 1:
		return ids[0], nil
	}
	return "", fmt.Errorf("pbem: say which game (-game ID): %s", strings.Join(ids, ", "))
}

// writeTurn writes the seat's game as a turn file at path, or under a
// name of its own here.
func writeTurn(seat *pbem.Seat, path string) (string, error) {
	if info, err := os.Stat(path); path == "" || err == nil && info.IsDir() {
		// No name, or a folder: the file's own name, there.
		path = filepath.Join(path, seat.TurnFileName())
	}
	return path, seat.WriteTurn(path)
}

func writeOrders(path string, o *plot.Orders) error {
	b, err := jsonIndent(o)
	if err != nil {
		return err
	}
	return writeAtomic(path, b)
}

// readJSON reads a JSON file of the player's (orders, limbo orders, a
// command) into a T, strictly.
func readJSON[T any](path string) (*T, error) {
	data, err := readFile(path)
	if err != nil {
		return nil, fmt.Errorf("pbem: cannot read %s: %w", path, err)
	}
	var v T
	if err := fileio.DecodeStrict(data, &v); err != nil {
		return nil, fmt.Errorf("pbem: %s: %v", path, err)
	}
	return &v, nil
}

// readNote returns the note send gives, from -note or -note-file (a
// file's line ends made newlines, its last ones dropped), checked.
func readNote(text, path string) (string, error) {
	switch {
	case text != "" && path != "":
		return "", fmt.Errorf("pbem send: give -note or -note-file, not both")
	case path != "":
		data, err := readFile(path)
		if err != nil {
			return "", fmt.Errorf("pbem: cannot read %s: %w", path, err)
		}
		text = strings.TrimRight(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
		return text, pbem.CheckNote(path, text)
	case text != "":
		return text, pbem.CheckNote("-note", text)
	}
	return "", nil
}

// checkSides checks that the sides named are every side of the scenario:
// a side no machine plays could not commit, so the game could not go on.
func checkSides(src scenarios.Source, named []string) error {
	sc, err := src.Load()
	if err != nil {
		return err
	}
	var all []string
	for _, sd := range sc.Setup().Sides {
		all = append(all, string(sd.ID))
	}
	got := slices.Clone(named)
	for i := range got {
		got[i] = strings.TrimSpace(got[i])
	}
	slices.Sort(got)
	want := slices.Clone(all)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		return fmt.Errorf("pbem new: -sides %s: every side of %s plays by file, each at its own machine (its sides: %s); the computer plays no side of a game by file", strings.Join(named, ","), src.Name, strings.Join(all, ","))
	}
	return nil
}

func runClaim(home pbem.Home, fs *flag.FlagSet, args []string, out io.Writer, parse ArgParser) error {
	game := fs.String("game", "", "the game (default: the only one on this machine)")
	path := fs.String("out", "", "the turn file to write, or a folder to write it in (default: hexrift-GAME-SEQ-SIDE.pbem here)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return fmt.Errorf("pbem claim: takes no file (give the game with -game)")
	}
	id, err := pickGame(home, *game)
	if err != nil {
		return err
	}
	seat, err := pbem.LoadSeat(home, id)
	if err != nil {
		return err
	}
	if _, err := seat.Claim(time.Now()); err != nil {
		return err
	}
	name, err := writeTurn(seat, *path)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "wrote %s: %s\nsend it to the other sides; the game is over, and your dice key is in the file\n", name, seat.Game.ClaimText())
	return nil
}

// readFile reads a small regular file of the user's (orders, limbo
// orders, a command, a note), bounded as a turn file is.
func readFile(path string) ([]byte, error) { return pbem.ReadTurnFile(path) }

// jsonIndent encodes v as indented JSON with a final newline.
func jsonIndent(v any) ([]byte, error) {
	b, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		return nil, fmt.Errorf("pbem: %v", err)
	}
	return append(b, '\n'), nil
}

// writeAtomic writes a file of the player's (orders.json, limbo.json)
// atomically, readable by the user alone.
func writeAtomic(path string, data []byte) error {
	if err := fileio.WriteAtomic(path, data, 0o600); err != nil {
		return fmt.Errorf("pbem: %w", err)
	}
	return nil
}
