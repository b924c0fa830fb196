package game

import (
	"os"
	"path/filepath"

	"github.com/hexrift/hexrift/game/internal/fileio"
	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/game/pbem"
)

// SweepTemporaries removes the stale temporary files that writes a crash
// or a kill interrupted left in the game's folders: those older than
// this process that nobody is writing (fileio.Sweep). The folders are
// every one the game writes atomically: the settings file's, the saves
// folder, and the play-by-file home with its outbox and each game's
// folder. Call it at start; it returns the paths removed.
func SweepTemporaries(paths match.Paths) []string {
	type folder struct {
		dir      string
		suffixes []string
	}
	var folders []folder
	if paths.Settings != "" {
		folders = append(folders, folder{filepath.Dir(paths.Settings), []string{filepath.Base(paths.Settings)}})
	}
	if paths.Saves != "" {
		folders = append(folders, folder{paths.Saves, []string{".hexrift"}})
		home := pbem.HomeFor(paths)
		folders = append(folders, folder{pbemOutbox(home), []string{".pbem"}})
		entries, _ := os.ReadDir(home.Dir)
		for _, e := range entries {
			if e.IsDir() {
				folders = append(folders, folder{filepath.Join(home.Dir, e.Name()), []string{".json", ".pbem"}})
			}
		}
	}
	var out []string
	for _, f := range folders {
		for _, name := range fileio.Sweep(f.dir, f.suffixes...) {
			out = append(out, filepath.Join(f.dir, name))
		}
	}
	return out
}
