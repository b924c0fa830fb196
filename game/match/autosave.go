package match

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/hexrift/hexrift/game/internal/fileio"
)

// AutosaveSlots is how many autosaves the rolling set of one game keeps.
const AutosaveSlots = 5

// autosavePath returns the slot the n-th autosave of a game goes to:
// autosave.GAME.K.hexrift, one rolling set per game. A named save's file
// name never holds a dot before .hexrift (SaveFileName), so the two can
// never meet.
func autosavePath(dir, game string, n int) string {
	return filepath.Join(dir, fmt.Sprintf("autosave.%s.%d.hexrift", game, n%AutosaveSlots+1))
}

// oldAutosave matches the autosaves of versions that kept one rolling set
// for every game.
var oldAutosave = regexp.MustCompile(`^autosave-[0-9]+\.hexrift$`)

// isAutosaveName reports whether a file name in the saves folder is an
// autosave's.
func isAutosaveName(name string) bool {
	return strings.HasPrefix(name, "autosave.") || oldAutosave.MatchString(name)
}

// Autosave writes s into the next slot of its game's rolling set. Its
// name says what it holds; the clock is public, so the name leaks
// nothing. Before the first write it claims the game for this process
// (claimGame): when another instance is playing the same game on the
// same saves folder, this one goes on as a game of its own, branched
// from it, so two instances never write the same files.
func Autosave(dir string, s *Session, now time.Time) error {
	if s.Game == "" {
		s.Game = NewGameID()
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("match: autosave in %s: %w", dir, err)
	}
	for {
		ok, err := claimGame(dir, s.Game)
		if err != nil {
			return err
		}
		if ok {
			break
		}
		s.Parent, s.Game = s.Game, NewGameID()
	}
	name := fmt.Sprintf("Autosave: %s, %s", s.State.Scenario.Name, s.State.Clock)
	return WriteSave(autosavePath(dir, s.Game, len(s.commands)), s, name, now)
}

// gameLocks are the games whose autosaves this process writes, by lock
// file: an open lock file holds the lock until this process claims
// another game or ends (the system drops it then, killed or not). The
// files themselves stay: removing one could let two processes lock two
// files of the same name.
var gameLocks = struct {
	sync.Mutex
	files map[string]*os.File
}{files: map[string]*os.File{}}

// claimGame takes the lock of game's autosaves in dir for this process,
// or reports that another process holds it. Claiming a game lets go of
// the others this process held: an instance plays one game at a time,
// and a game it has left may be continued by another instance as the
// same game.
func claimGame(dir, game string) (bool, error) {
	if !fileio.IsGameID(game) {
		return false, fmt.Errorf("match: autosave: %q is not a game identity", clipText(game))
	}
	path := filepath.Join(dir, ".autosave."+game+".lock")
	gameLocks.Lock()
	defer gameLocks.Unlock()
	if gameLocks.files[path] != nil {
		return true, nil
	}
	if st, err := os.Lstat(path); err == nil && !st.Mode().IsRegular() {
		return false, fmt.Errorf("match: %s: is not a regular file; remove it", path)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return false, fmt.Errorf("match: autosave lock: %w", err)
	}
	ok, err := fileio.TryLock(f)
	if err != nil || !ok {
		f.Close()
		if err != nil {
			return false, fmt.Errorf("match: autosave lock %s: %w", path, err)
		}
		return false, nil
	}
	for other, held := range gameLocks.files {
		held.Close()
		delete(gameLocks.files, other)
	}
	gameLocks.files[path] = f
	return true, nil
}

// continueCandidates returns the autosaves Continue may go on with, by
// game: the game saved last first, and within a game its newest save
// first. Saves that do not even read are left out.
func continueCandidates(dir string) []SaveInfo {
	saves, err := ListSaves(dir)
	if err != nil {
		return nil
	}
	var autos []SaveInfo
	newest := map[string]time.Time{} // by game
	for _, s := range saves {
		if s.Err != nil || !s.Auto {
			continue
		}
		autos = append(autos, s)
		if t, ok := newest[s.Game]; !ok || s.Saved.After(t) {
			newest[s.Game] = s.Saved
		}
	}
	slices.SortStableFunc(autos, func(a, b SaveInfo) int {
		if a.Game != b.Game {
			if c := newest[b.Game].Compare(newest[a.Game]); c != 0 {
				return c
			}
			return strings.Compare(a.Game, b.Game)
		}
		return b.Saved.Compare(a.Saved)
	})
	return autos
}

// LatestAutosave returns the autosave Continue tries first, or "".
func LatestAutosave(dir string) string {
	if c := continueCandidates(dir); len(c) > 0 {
		return c[0].Path
	}
	return ""
}

// ContinueGame replays the game Continue goes on with: the newest
// autosave of the game saved last; when that does not replay, the newest
// one that does, of that game first and then of the others. It returns
// the session, the save it came from and why the newer saves passed over
// did not load.
func ContinueGame(dir string) (*Session, string, []error, error) {
	var skipped []error
	for _, c := range continueCandidates(dir) {
		s, _, err := LoadSave(c.Path)
		if err == nil {
			return s, c.Path, skipped, nil
		}
		skipped = append(skipped, err)
	}
	if len(skipped) > 0 {
		return nil, "", skipped, fmt.Errorf("match: no autosave in %s replays: %w", dir, errors.Join(skipped...))
	}
	return nil, "", nil, fmt.Errorf("match: no autosave in %s to continue", dir)
}
