//go:build !unix

package match

import "os"

// processRunning reports whether a process of that id may be running:
// where that cannot be asked, it may, so its files are left alone.
func processRunning(pid int) bool { return pid > 0 }

// lockFile cannot lock where there is no flock: every claim succeeds, and
// two instances playing the same game there share its autosaves.
func lockFile(f *os.File) (bool, error) { return true, nil }
