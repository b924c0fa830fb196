package cli

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hexrift/hexrift/game"
	"github.com/hexrift/hexrift/scenarios"
)

func (inv *invocation) runPreview(fs *flag.FlagSet, args []string) error {
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
			return inv.printProblems(err)
		}
		if err := os.WriteFile(arg, src.Data, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(inv.out, "wrote %s, a copy of the bundled scenario %s\n", arg, *from)
	case statErr == nil:
		// A file an author edits: preview it, broken or not.
	case !scenarios.IsPath(arg) && isBundled(arg):
		bundled = arg
		fmt.Fprintf(inv.out, "%s is a bundled scenario: showing it read-only. To edit a copy: hexrift preview -from %s %s.yaml\n", arg, arg, arg)
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
