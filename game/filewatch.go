package game

import (
	"fmt"
	"path/filepath"
	"sync"

	"github.com/fsnotify/fsnotify"
)

// fileWatcher reports changes to one file: the preview's scenario
// file, drawn again when it is saved. It watches the file's folder,
// not the file, because editors save by writing a new file and renaming
// it over the old one, which a watch on the old file would not see.
//
// Its goroutine only sends: the name of the changed file on changes
// (coalesced: a change already waiting is not repeated) and watch errors
// on errs. The scene reads both in its Update, on the game's goroutine.
type fileWatcher struct {
	w       *fsnotify.Watcher
	path    string
	changes chan string
	errs    chan error
	done    chan struct{}
	once    sync.Once
}

// watchFile watches the file at path until Close.
func watchFile(path string) (*fileWatcher, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, fmt.Errorf("cannot watch %s: %w", path, err)
	}
	if err := w.Add(filepath.Dir(abs)); err != nil {
		w.Close()
		return nil, fmt.Errorf("cannot watch the folder of %s: %w", path, err)
	}
	fw := &fileWatcher{w: w, path: abs, changes: make(chan string, 1), errs: make(chan error, 1), done: make(chan struct{})}
	go fw.run()
	return fw, nil
}

// changeOps are the events that may change what the file holds: a
// write, a new file renamed or created in its place, its removal.
const changeOps = fsnotify.Write | fsnotify.Create | fsnotify.Rename | fsnotify.Remove

func (fw *fileWatcher) run() {
	defer close(fw.changes)
	for {
		select {
		case <-fw.done:
			return
		case ev, ok := <-fw.w.Events:
			if !ok {
				return
			}
			if ev.Op&changeOps == 0 {
				continue
			}
			if filepath.Clean(ev.Name) != fw.path {
				continue
			}
			select {
			case fw.changes <- ev.Name:
			default: // a change is already waiting to be read
			}
		case err, ok := <-fw.w.Errors:
			if !ok {
				return
			}
			select {
			case fw.errs <- err:
			default:
			}
		}
	}
}

// Close stops the watcher; changes is closed once its goroutine ends.
// Close may be called more than once.
func (fw *fileWatcher) Close() error {
	var err error
	fw.once.Do(func() {
		close(fw.done)
		err = fw.w.Close()
	})
	return err
}

// Changes delivers the name of the watched file each time it may have changed.
func (fw *fileWatcher) Changes() <-chan string { return fw.changes }

// Errs delivers the watch's errors.
func (fw *fileWatcher) Errs() <-chan error { return fw.errs }
