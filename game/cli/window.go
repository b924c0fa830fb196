package cli

import (
	"flag"
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hexrift/hexrift/game"
	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

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

// menuFlagSet adds the main menu's flags, which usage prints as those of
// hexrift with no command: the window size alone.
func menuFlagSet(fs *flag.FlagSet) (w, h *int) { return windowFlags(fs) }

func (inv *invocation) runMenu(fs *flag.FlagSet, args []string) error {
	w, h := menuFlagSet(fs)
	if _, err := parseArgs(fs, args); err != nil {
		return err
	}
	env, err := newEnv(*w, *h)
	if err != nil {
		return err
	}
	return runWindow(env, func() game.Scene { return game.NewMenuScene(env) })
}

func (inv *invocation) runPlay(fs *flag.FlagSet, args []string) error {
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
		return inv.printProblems(err)
	}
	sc, err := src.Load()
	if err != nil {
		return inv.printProblems(err)
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
