package game

import (
	"cmp"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hexrift/hexrift/game/pbem"
	"github.com/hexrift/hexrift/rules"
)

// This file holds how the window notices turn files as they arrive: the
// play-by-file screen and a table that waits look at the folders where
// turn files land every pbemWatchTicks ticks, comparing only the
// folders' entries, and read a file only when it is new or changed.

// pbemWatchTicks is how many ticks pass between two looks at the folders
// where turn files arrive: a second at the game's rate. The looks count
// ticks, not the clock, so that a test sees the same looks on every run.
const pbemWatchTicks = 60

// maxListedFiles bounds the turn files listed (and read to mark them):
// the newest; an older one can still be opened by its path.
const maxListedFiles = 40

// pbemStat is a turn file as its folder lists it: its path, size and
// when it was last written (in nanoseconds since 1970), all that a look
// at the folders compares.
type pbemStat struct {
	path string
	size int64
	mod  int64
}

// modTime is when the file was last written.
func (f pbemStat) modTime() time.Time { return time.Unix(0, f.mod) }

// pbemFolders are the folders searched for turn files: the window's own
// (in the pbem folder h), then the working folder and the user's
// Downloads, or the folders env names instead (tests give their own).
func pbemFolders(env *Env, h pbem.Home) []string {
	dirs := []string{pbemOutbox(h)}
	if env.pbemSearch != nil {
		return append(dirs, env.pbemSearch...)
	}
	if wd, err := os.Getwd(); err == nil {
		dirs = append(dirs, wd)
	}
	if home, err := os.UserHomeDir(); err == nil {
		dirs = append(dirs, filepath.Join(home, "Downloads"))
	}
	return dirs
}

// scanPbem lists the .pbem files of dirs, newest first, at most
// maxListedFiles of them. It reads the folders' entries only, no file.
func scanPbem(dirs []string) []pbemStat {
	var all []pbemStat
	seen := map[string]bool{}
	for _, dir := range dirs {
		ents, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range ents {
			p := filepath.Join(dir, e.Name())
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".pbem") || seen[p] {
				continue
			}
			info, err := e.Info()
			if err != nil {
				continue
			}
			seen[p] = true
			all = append(all, pbemStat{path: p, size: info.Size(), mod: info.ModTime().UnixNano()})
		}
	}
	slices.SortStableFunc(all, func(a, b pbemStat) int { return cmp.Compare(b.mod, a.mod) })
	return all[:min(len(all), maxListedFiles)]
}

// pbemWatch looks at folders for turn files on the first tick and every
// pbemWatchTicks ticks after, and tells when what they hold changed.
type pbemWatch struct {
	dirs  []string
	ticks int
	// last are the files the last look found.
	last []pbemStat
}

// tick counts one tick. On a look that finds the folders' turn files
// changed (one new, gone, or written again) it returns them, newest
// first, and true.
func (w *pbemWatch) tick() ([]pbemStat, bool) {
	look := w.ticks%pbemWatchTicks == 0
	w.ticks++
	if !look {
		return nil, false
	}
	files := scanPbem(w.dirs)
	if slices.Equal(files, w.last) {
		return nil, false
	}
	w.last = files
	return files, true
}

// pbemStirs counts what looks at the folders changed on a screen. A
// screen that has it is a stirrer: a window at rest (App.settle) still
// runs its Update, at the resting tick rate, so that it goes on looking,
// and draws again when a look changed something.
type pbemStirs struct{ made, seen int }

// stir notes that a look changed the screen.
func (s *pbemStirs) stir() { s.made++ }

// Stirred reports whether a look changed the screen since the last call.
func (s *pbemStirs) Stirred() bool {
	stirred := s.made != s.seen
	s.seen = s.made
	return stirred
}

// pbemHead is what a turn file says of itself, from its messages as they
// read (Open checks them all): its game, how many messages it holds and
// which side wrote the last; or that it cannot be read, or is no turn
// file.
type pbemHead struct {
	game     string
	messages int
	last     rules.SideID
	// unread is set when the file cannot be read; bad when it is no
	// turn file.
	unread, bad bool
}

// pbemHeads keeps the heads of the turn files last looked at, so that a
// file is read again only when it is new or changed.
type pbemHeads struct {
	heads map[pbemStat]pbemHead
	// reads counts the files read and parsed.
	reads int
}

// of returns the heads of files, reading only those not read as they
// are now; it forgets the files no longer among them.
func (c *pbemHeads) of(files []pbemStat) []pbemHead {
	out := make([]pbemHead, len(files))
	kept := make(map[pbemStat]pbemHead, len(files))
	for i, f := range files {
		h, ok := c.heads[f]
		if !ok {
			h = readHead(f.path)
			c.reads++
		}
		out[i], kept[f] = h, h
	}
	c.heads = kept
	return out
}

// readHead reads the head of the turn file at path.
func readHead(path string) pbemHead {
	data, err := pbem.ReadTurnFile(path)
	if err != nil {
		return pbemHead{unread: true}
	}
	f, err := pbem.ParseFile(path, data)
	if err != nil || len(f.Messages) == 0 {
		return pbemHead{bad: true}
	}
	return pbemHead{game: f.Game, messages: len(f.Messages), last: rules.SideID(f.Messages[len(f.Messages)-1].Head().Side)}
}

// acceptTurn accepts a turn file's data (pbem.Open; as is the side
// chosen for a new game, "" for one kept here) and shows the table of
// its game. A refusal, which changes nothing of the machine's games, is
// returned as the words to show; "" when the file was accepted.
func acceptTurn(env *Env, h pbem.Home, name string, data []byte, as rules.SideID) string {
	seat, err := pbem.Open(h, name, data, as)
	if err != nil {
		return refusalOf(h, err)
	}
	env.Show(openPbem(env, h, seat, ""))
	return ""
}
