// Command hexrift is a hex-map tactical space game for hot-seat play,
// solo practice and scenario authoring. See README.md for the commands.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hexrift/hexrift/game"
	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/game/pbem/pbemcli"
	"github.com/hexrift/hexrift/game/tourney"
	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "0.1.0-dev"

type command struct {
	name, args, summary string
	run                 func(fs *flag.FlagSet, args []string) error
}

func commands() []command {
	return []command{
		{"menu", "", "open the game window at the main menu (the default command)", runMenu},
		{"play", "[SCENARIO]", "open the game window straight into a hot-seat game of a scenario (a bundled id or a file; default " + scenarios.DefaultID + "; a drill such as drill-rift seats you at its practice side and the computer at the others); -from SAVE -at N: take over from step N of a save, the computer playing the other seats", runPlay},
		{"scenarios", "", "list the bundled scenarios, one per line, id first", runScenarios},
		{"check", "FILE...", "check scenario files; print every problem as FILE:LINE:COL: message", runCheck},
		{"preview", "FILE", "open a scenario file's map and reload it on every save, with its problems pinned to the map (-from ID copies a bundled scenario to FILE first)", runPreview},
		{"render", "SCENARIO -o FILE.png", "draw a scenario's map to a PNG, with no display needed", runRender},
		{"bench", "[SCENARIO...]", "measure frame rates: an empty screen, then each scenario (a bundled id or a file; -all: every bundled one) swept from the closest zoom to the widest; print each zoom's ratio to the empty frame, the worst, and the peak RSS", runBench},
		{"sim", "SCENARIO", "play a game with computer players and no window; print a JSON summary with the state hash (-match A:B -seeds N [-all]: head-to-head matches of computer levels; -table FILE: the win-rate table)", runSim},
		{"replay", "SAVE", "replay a saved game from its scenario, seed and commands (-verify checks every hash)", runReplay},
		{"pbem", "COMMAND ...", "play by file with secrets kept and no trusted third party: new SCENARIO -as SIDE, open FILE, send, verify FILE (docs/PBEM.md; 'hexrift pbem -h' lists them)", runPbem},
		{"version", "", "print the version", runVersion},
	}
}

// errExit1 ends the program with status 1 after its message was printed.
var errExit1 = errors.New("exit 1")

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	out, errOut = stdout, stderr
	name := "menu"
	if len(args) > 0 && !isFlag(args[0]) {
		name, args = args[0], args[1:]
	}
	if name == "help" || name == "-h" || name == "--help" {
		usage(stdout)
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
			fmt.Fprintf(fs.Output(), "usage: hexrift %s %s\n\n%s\n", name, argText, summary)
			fs.PrintDefaults()
		}
		err := c.run(fs, args)
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
	usage(stderr)
	return 2
}

var out, errOut io.Writer = os.Stdout, os.Stderr

func isFlag(s string) bool { return len(s) > 1 && s[0] == '-' }

func usage(w io.Writer) {
	fmt.Fprintln(w, "hexrift: a hex-map tactical space game\n\nusage: hexrift [COMMAND] [ARGS]   (no command: the main menu)\n\ncommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-10s %-12s %s\n", c.name, c.args, c.summary)
	}
	fmt.Fprintln(w, "\nRun 'hexrift COMMAND -h' for a command's options.")
}

// openState loads a scenario (bundled id or path) and starts a game.
func openState(arg string, seed uint64) (*rules.State, error) {
	if arg == "" {
		arg = scenarios.DefaultID
	}
	sc, err := scenarios.Open(arg)
	if err != nil {
		return nil, printProblems(err)
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

// windowFlags adds the window size flags every windowed command takes.
func windowFlags(fs *flag.FlagSet) (w, h *int) {
	return fs.Int("width", 0, "window width in pixels, at least 960 (default: the saved setting, 1280)"),
		fs.Int("height", 0, "window height in pixels, at least 600 (default: the saved setting, 800)")
}

// newEnv loads the settings and fonts the windowed commands share.
func newEnv(width, height int) (*game.Env, error) {
	paths, err := match.DefaultPaths()
	if err != nil {
		return nil, err
	}
	game.SweepTemporaries(paths) // of writes a crash or kill interrupted
	settings, serr := game.LoadSettings(paths.Settings)
	if width > 0 {
		settings.WindowWidth = max(width, game.MinWindowWidth)
	}
	if height > 0 {
		settings.WindowHeight = max(height, game.MinWindowHeight)
	}
	fonts, err := render.NewFonts()
	if err != nil {
		return nil, err
	}
	env := game.NewEnv(fonts, paths, settings)
	if serr != nil {
		env.Notice = serr.Error()
	}
	return env, nil
}

// runWindow opens the resizable game window and runs first in it.
func runWindow(env *game.Env, first func() game.Scene) error {
	ebiten.SetWindowSize(env.Settings.WindowWidth, env.Settings.WindowHeight)
	ebiten.SetWindowSizeLimits(game.MinWindowWidth, game.MinWindowHeight, -1, -1)
	ebiten.SetWindowTitle("hexrift")
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	err := ebiten.RunGame(game.NewApp(env, game.NewBootScene(env, first)))
	env.SaveSettings() // the window size, among others
	return err
}

func runMenu(fs *flag.FlagSet, args []string) error {
	w, h := windowFlags(fs)
	if _, err := parseArgs(fs, args); err != nil {
		return err
	}
	env, err := newEnv(*w, *h)
	if err != nil {
		return err
	}
	return runWindow(env, func() game.Scene { return game.NewMenuScene(env) })
}

func runPlay(fs *flag.FlagSet, args []string) error {
	seed := fs.Uint64("seed", 0, "a fixed seed for the game's dice (for tests and tournaments: whoever knows it can foresee the public dice); default: from the operating system's random source")
	from := fs.String("from", "", "take over from here: branch a new game from this save or replay (with -at)")
	at := fs.Int("at", -1, "with -from: the step (commands replayed) to branch at; default the save's last")
	side := fs.String("side", "", "with -from: the side you play (default the save's first human seat); the computer plays the others")
	level := fs.String("level", "normal", "with -from: the computer level of the other seats (easy, normal, hard or legal)")
	w, h := windowFlags(fs)
	arg, err := oneOptionalArg(fs, args)
	if err != nil {
		return err
	}
	if *from != "" {
		if arg != "" {
			return fmt.Errorf("play -from %s takes no scenario (the save names it)", *from)
		}
		sf, err := match.ReadSave(*from)
		if err != nil {
			return err
		}
		n := *at
		if n < 0 {
			n = len(sf.Commands)
		}
		sess, err := match.BranchSession(sf, n, rules.SideID(*side), *level)
		if err != nil {
			return fmt.Errorf("%s: %w", *from, err)
		}
		env, err := newEnv(*w, *h)
		if err != nil {
			return err
		}
		return runWindow(env, func() game.Scene { return game.NewTakeOverScene(env, sess, sf) })
	}
	if arg == "" {
		arg = scenarios.DefaultID
	}
	src, err := scenarios.ReadSource(arg)
	if err != nil {
		return printProblems(err)
	}
	sc, err := src.Load()
	if err != nil {
		return printProblems(err)
	}
	if *seed == 0 {
		*seed = match.RandomSeed()
	}
	// The private dice get a key of their own even with a fixed seed.
	sess, err := match.NewSession(src, *seed, match.DefaultSeats(sc), rules.WithPrivateKey(match.RandomKey()))
	if err != nil {
		return fmt.Errorf("%s: %w", src.Name, err)
	}
	env, err := newEnv(*w, *h)
	if err != nil {
		return err
	}
	return runWindow(env, func() game.Scene { return game.NewPlayScene(env, sess) })
}

func runPreview(fs *flag.FlagSet, args []string) error {
	from := fs.String("from", "", "copy this bundled scenario to FILE first (FILE must not exist), then preview the copy")
	w, h := windowFlags(fs)
	arg, err := oneOptionalArg(fs, args)
	if err != nil {
		return err
	}
	if arg == "" {
		fs.Usage()
		return errors.New("preview needs a scenario FILE")
	}
	bundled := ""
	switch _, statErr := os.Stat(arg); {
	case *from != "":
		if statErr == nil {
			return fmt.Errorf("%s already exists; -from %s only writes a new file", arg, *from)
		}
		if !isBundled(*from) {
			hint := ""
			var ids []string
			for _, info := range scenarios.Bundled() {
				ids = append(ids, info.ID)
			}
			if c := scenarios.Closest(*from, ids); c != "" {
				hint = fmt.Sprintf(" (did you mean %q?)", c)
			}
			return fmt.Errorf("-from %q: no bundled scenario of that id%s; 'hexrift scenarios' lists them", *from, hint)
		}
		src, err := scenarios.ReadSource(*from)
		if err != nil {
			return printProblems(err)
		}
		if err := os.WriteFile(arg, src.Data, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(out, "wrote %s, a copy of the bundled scenario %s\n", arg, *from)
	case statErr == nil:
		// A file an author edits: preview it, broken or not.
	case !scenarios.IsPath(arg) && isBundled(arg):
		bundled = arg
		fmt.Fprintf(out, "%s is a bundled scenario: showing it read-only. To edit a copy: hexrift preview -from %s %s.yaml\n", arg, arg, arg)
	default:
		return fmt.Errorf("%s: no such file. preview shows a scenario file as you edit it; to start from a bundled scenario: hexrift preview -from %s %s", arg, scenarios.DefaultID, arg)
	}
	env, err := newEnv(*w, *h)
	if err != nil {
		return err
	}
	var scene *game.PreviewScene
	err = runWindow(env, func() game.Scene {
		width, height := env.Size()
		ebiten.SetWindowTitle("hexrift preview: " + filepath.Base(arg))
		if bundled != "" {
			scene = game.NewBundledPreviewScene(env.Fonts, bundled, width, height)
		} else {
			scene = game.NewPreviewScene(env.Fonts, arg, width, height)
			scene.Watch() // on failure the scene says so and still shows the file
		}
		return scene
	})
	if scene != nil {
		scene.Close()
	}
	return err
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

func runScenarios(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		return err
	}
	for _, info := range scenarios.Bundled() {
		fmt.Fprintf(out, "%s\t%s\n", info.ID, info.Name)
	}
	return nil
}

func runCheck(fs *flag.FlagSet, args []string) error {
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
		fmt.Fprintln(out, p.String())
	}
	if ps.HasErrors() {
		return errExit1
	}
	if len(ps) == 0 {
		fmt.Fprintf(out, "%d file(s) valid\n", len(files))
	}
	return nil
}

func runRender(fs *flag.FlagSet, args []string) error {
	output := fs.String("o", "", "the PNG file to write (required)")
	size := fs.String("size", "1280x800", "image size, WxH pixels")
	center := fs.String("center", "", "hex at the centre of the image, Q,R (default: the scenario's map centre)")
	zoom := fs.Float64("zoom", 0, "hexes across the image (default: fit the scenario)")
	viewer := fs.String("side", "", "draw the map as this side sees it (default: the public table view)")
	legend := fs.Bool("legend", true, "draw the map key at the bottom left: the sides, objective areas and targets, a destination's PORT and DEFEND")
	dest := fs.String("destination", "", "draw a rift chart row's destination as it comes into play, with PORT and DEFEND marked: CHART.ROW (1.2) or a destination id (its first row)")
	arg, err := oneOptionalArg(fs, args)
	if err != nil {
		return err
	}
	if arg == "" || *output == "" {
		fs.Usage()
		return errors.New("render needs a SCENARIO and -o FILE.png")
	}
	var w, h int
	if n, err := fmt.Sscanf(*size, "%dx%d", &w, &h); err != nil || n != 2 || w < 16 || h < 16 || w > 8192 || h > 8192 {
		return fmt.Errorf("-size %q: want WxH between 16x16 and 8192x8192", *size)
	}
	sc, err := scenarios.Open(arg)
	if err != nil {
		return printProblems(err)
	}
	opts := game.PictureOptions{Width: w, Height: h, HexesAcross: *zoom, Viewer: rules.SideID(*viewer), Legend: *legend, Destination: *dest}
	if *center != "" {
		c, err := rules.ParseHex(*center)
		if err != nil {
			return fmt.Errorf("-center %q: want Q,R with integers", *center)
		}
		opts.Center, opts.HasCenter = c, true
	}
	img, err := game.ScenarioPicture(sc, opts)
	if err != nil {
		return err
	}
	if err := game.WritePNG(*output, img); err != nil {
		return err
	}
	fmt.Fprintf(out, "wrote %s (%dx%d)\n", *output, w, h)
	return nil
}

func runBench(fs *flag.FlagSet, args []string) error {
	frames := fs.Int("frames", 30, "frames to time at each zoom and of the empty screen before it")
	rounds := fs.Int("rounds", 3, "sweeps of every scenario; the medians are printed")
	width := fs.Int("width", 1280, "window width in pixels")
	height := fs.Int("height", 800, "window height in pixels")
	zooms := fs.Int("zooms", 12, "zooms in the sweep, from the closest to the widest")
	at := fs.String("at", "", "measure only these zooms, hexes across, comma-separated (e.g. 7,35), in place of the sweep")
	all := fs.Bool("all", false, "every bundled scenario, one after another in one window")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if *all {
		var ids []string
		for _, info := range scenarios.Bundled() {
			ids = append(ids, info.ID)
		}
		pos = append(ids, pos...)
	}
	if len(pos) == 0 {
		pos = []string{scenarios.DefaultID}
	}
	if *frames < 1 || *zooms < 1 || *rounds < 1 {
		return fmt.Errorf("-frames %d -zooms %d -rounds %d: want at least 1 of each", *frames, *zooms, *rounds)
	}
	var states []*rules.State
	for _, arg := range pos {
		state, err := openState(arg, 1)
		if err != nil {
			return err
		}
		states = append(states, state)
	}
	fonts, err := render.NewFonts()
	if err != nil {
		return err
	}
	sweep := game.BenchZooms(*zooms)
	if *at != "" {
		sweep = nil
		for _, f := range strings.Split(*at, ",") {
			z, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
			if err != nil || z < render.MinHexesAcross || z > render.MaxHexesAcross {
				return fmt.Errorf("-at %q: want hexes across between %v and %v, comma-separated", *at, render.MinHexesAcross, render.MaxHexesAcross)
			}
			sweep = append(sweep, z)
		}
	}
	res, err := game.Bench(states, fonts, *frames, *rounds, *width, *height, sweep)
	if err != nil {
		return err
	}
	fmt.Fprintln(out, res)
	return nil
}

func runSim(fs *flag.FlagSet, args []string) error {
	seed := fs.Uint64("seed", 1, "seed of the game's dice")
	turns := fs.Int("turns", 3, "turns to play")
	level := fs.String("level", "legal", "the computer level at every seat: easy, normal, hard or legal (random legal commands)")
	save := fs.String("save", "", "also write the game to this save file")
	pair := fs.String("match", "", "play a head-to-head match A:B of computer levels (easy, normal, hard, legal) instead; print win/draw/loss of A")
	seeds := fs.Int("seeds", 200, "with -match or -table: seeds 1..N, each played with the sides swapped")
	all := fs.Bool("all", false, "with -match or -table: every bundled scenario")
	workers := fs.Int("workers", 2, "with -match or -table: games played at once")
	table := fs.String("table", "", "write the win-rate table of every level pair (docs/AI.md) to this file; with -hotseat, the hot-seat table (docs/HOTSEAT.md)")
	orders := fs.Bool("orders", false, "with -match: both levels play through plotted orders (LEVEL+orders); with -table: the table of hard against normal, per decision and through orders")
	resume := fs.String("resume", "", "with -table: take the cells an earlier table run over the same seeds already played from its progress lines (its standard error, saved to this file), and play the rest")
	pairs := fs.String("pairs", "", "with -table: play only these level pairs (A:B,C:D); the table is written once every cell is played, here or in the -resume log")
	hotseat := fs.Bool("hotseat", false, "count the handoffs and decisions of a hot-seat turn, per ship and with plotted orders (-seeds N, default 20; -all: every bundled battle scenario); print one JSON object per scenario")
	arg, err := oneOptionalArg(fs, args)
	if err != nil {
		return err
	}
	if *hotseat {
		n := *seeds
		if !flagSet(fs, "seeds") {
			n = 20
		}
		return runHotseat(arg, n, *turns, *all, *table)
	}
	if *pair != "" || *table != "" {
		return runMatches(arg, *pair, *table, *seeds, *all, *workers, *orders, *resume, *pairs)
	}
	if arg == "" {
		arg = scenarios.DefaultID
	}
	if *turns < 1 || *turns > 10000 {
		return fmt.Errorf("-turns %d: want 1 to 10000", *turns)
	}
	src, err := scenarios.ReadSource(arg)
	if err != nil {
		return printProblems(err)
	}
	s, err := match.SimulateAt(src, *seed, *turns, *level)
	if err != nil {
		var ps scenarios.Problems
		if errors.As(err, &ps) {
			return printProblems(err)
		}
		return fmt.Errorf("%s: %w", src.Name, err)
	}
	if *save != "" {
		if err := match.WriteSave(*save, s, "sim "+arg, time.Now()); err != nil {
			return err
		}
	}
	enc := json.NewEncoder(out)
	return enc.Encode(s.Result())
}

// runHotseat measures the flow of hot-seat turns (tourney.SimulateHotseat)
// on one scenario or every bundled battle scenario, printing JSON lines
// and, with table, writing docs/HOTSEAT.md.
func runHotseat(arg string, seeds, turns int, all bool, table string) error {
	if seeds < 1 {
		return fmt.Errorf("-seeds %d: want at least 1", seeds)
	}
	var ids []string
	switch {
	case all:
		for _, in := range scenarios.Bundled() {
			if in.Drill == nil {
				ids = append(ids, in.ID)
			}
		}
	case arg != "":
		ids = []string{arg}
	default:
		ids = []string{scenarios.DefaultID}
	}
	var results []tourney.HotseatResult
	enc := json.NewEncoder(out)
	for _, id := range ids {
		src, err := scenarios.ReadSource(id)
		if err != nil {
			return printProblems(err)
		}
		res, err := tourney.SimulateHotseat(src, seeds, turns)
		if err != nil {
			return fmt.Errorf("%s: %w", id, err)
		}
		res.Scenario = id
		results = append(results, res)
		if err := enc.Encode(res); err != nil {
			return err
		}
	}
	if table != "" {
		cmd := fmt.Sprintf("hexrift sim -hotseat -seeds %d -turns %d", seeds, turns)
		if all {
			cmd += " -all"
		} else {
			cmd += " " + strings.Join(ids, " ")
		}
		return os.WriteFile(table, []byte(tourney.HotseatMarkdown(results, cmd+" -table "+table)), 0o644)
	}
	return nil
}

// flagSet reports whether the flag name was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// runMatches plays head-to-head matches: one pair (-match A:B) printed
// per scenario, or every pair of tourney.TablePairs written as a table.
func runMatches(arg, pair, table string, seeds int, all bool, workers int, orders bool, resume, pairs string) error {
	if seeds < 1 {
		return fmt.Errorf("-seeds %d: want at least 1", seeds)
	}
	var ids []string
	switch {
	case all:
		for _, in := range scenarios.Bundled() {
			ids = append(ids, in.ID)
		}
	case arg != "":
		ids = strings.Split(arg, ",") // several scenarios: a,b,c
	default:
		ids = []string{scenarios.DefaultID}
	}
	var srcs []scenarios.Source
	for _, id := range ids {
		src, err := scenarios.ReadSource(id)
		if err != nil {
			return printProblems(err)
		}
		srcs = append(srcs, src)
	}
	if table != "" && orders {
		cmd := fmt.Sprintf("hexrift sim -orders -table %s -seeds %d %s", table, seeds, strings.Join(ids, ","))
		if all {
			cmd = fmt.Sprintf("hexrift sim -orders -table %s -seeds %d -all", table, seeds)
		}
		md, err := tourney.OrdersTable(srcs, seeds, workers, cmd, func(line string) { fmt.Fprintln(errOut, line) })
		if err != nil {
			return err
		}
		return os.WriteFile(table, []byte(md), 0o644)
	}
	if table != "" {
		plan := tourney.TablePlan{Seeds: seeds, Workers: workers}
		if resume != "" {
			f, err := os.Open(resume)
			if err != nil {
				return fmt.Errorf("-resume: %w", err)
			}
			plan.Done, err = tourney.ReadTableLog(f, resume, seeds)
			f.Close()
			if err != nil {
				return err
			}
		}
		if pairs != "" {
			for _, p := range strings.Split(pairs, ",") {
				a, b, ok := strings.Cut(p, ":")
				if !ok || !slices.Contains(tourney.TablePairs, [2]string{a, b}) {
					return fmt.Errorf("-pairs %q: %q is not a pair of the table (%s)", pairs, p, tablePairNames())
				}
				plan.Pairs = append(plan.Pairs, [2]string{a, b})
			}
		}
		md, complete, err := tourney.PlayTable(srcs, plan, func(line string) { fmt.Fprintln(errOut, line) })
		if err != nil {
			return err
		}
		if !complete {
			fmt.Fprintf(errOut, "%s not written: some cells are still to play (give this run's standard error to -resume)\n", table)
			return nil
		}
		return os.WriteFile(table, []byte(md), 0o644)
	}
	a, b, ok := strings.Cut(pair, ":")
	if orders {
		a, b = a+match.OrdersSuffix, b+match.OrdersSuffix
	}
	if !ok || !match.KnownLevel(a) || !match.KnownLevel(b) {
		return fmt.Errorf("-match %q: want A:B with levels easy, normal, hard or legal", pair)
	}
	var total tourney.MatchTally
	for i, src := range srcs {
		start := time.Now()
		t, score, err := tourney.PlayMatchScored(src, seeds, a, b, workers)
		if err != nil {
			return fmt.Errorf("%s: %w", src.Name, err)
		}
		total.Add(t)
		fmt.Fprintf(out, "%s vs %s on %s: win %d draw %d loss %d (%.1f%% of decided games won; %d games, %s)\n",
			a, b, ids[i], t.Win, t.Draw, t.Loss, 100*t.WinRate(), t.Games(), time.Since(start).Round(time.Second))
		if sc, err := src.Load(); err == nil {
			for _, l := range score.Lines(sc) {
				fmt.Fprintln(out, l)
			}
		}
	}
	if len(srcs) > 1 {
		fmt.Fprintf(out, "%s vs %s overall: win %d draw %d loss %d (%.1f%% of decided games won)\n",
			a, b, total.Win, total.Draw, total.Loss, 100*total.WinRate())
	}
	return nil
}

func runReplay(fs *flag.FlagSet, args []string) error {
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
		fmt.Fprintf(errOut, "hexrift: %s: %v\n", arg, err)
		return errExit1
	}
	fmt.Fprintf(out, "replayed %d commands of %s to %s\nstate_hash %s\n", len(sf.Commands), s.State.Scenario.ID, s.State.Clock, s.State.Hash())
	if s.Over() {
		// The dice are no secret once the game is over (IP8.337: every
		// private roll can be checked from the save), nor is how the
		// sides stand.
		fmt.Fprintf(out, "seed %d\nprivate_key %s\n", s.Seed, s.State.PrivateKey)
		for _, l := range match.ScoreLines(s.State) {
			fmt.Fprintln(out, l)
		}
	} else {
		// Mid-game the points and objectives come from the whole state,
		// hidden units and all: like the seed, they wait for the end.
		fmt.Fprintln(out, "points and objectives: shown once the game is over (as it stands, they could tell what a side may not see)")
	}
	if *verify {
		fmt.Fprintf(out, "verified %d checkpoints\n", len(sf.Checks))
	}
	return nil
}

// printProblems prints scenario problems one per line and ends with
// status 1; other errors pass through.
func printProblems(err error) error {
	var ps scenarios.Problems
	if errors.As(err, &ps) {
		for _, p := range ps {
			fmt.Fprintln(errOut, p.String())
		}
		return errExit1
	}
	return err
}

// runPbem runs a play-by-file command (game/pbem).
func runPbem(fs *flag.FlagSet, args []string) error {
	return pbemcli.Run(args, out, fs.Output(), parseArgs)
}

func runVersion(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		return err
	}
	fmt.Fprintln(out, "hexrift", version)
	return nil
}

// tablePairNames lists the win-rate table's level pairs, A:B,C:D.
func tablePairNames() string {
	var out []string
	for _, pr := range tourney.TablePairs {
		out = append(out, pr[0]+":"+pr[1])
	}
	return strings.Join(out, ",")
}
