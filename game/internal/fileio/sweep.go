package fileio

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// started is when this process began, near enough: a temporary file
// modified before it cannot be one this process is writing.
var started = time.Now()

// tempName matches the temporary files of this package's writes,
// .NAME.pPID.RANDOM.tmp, and those of versions that did not name their
// process, .NAME.RANDOM.tmp: NAME, then PID when there is one.
var tempName = regexp.MustCompile(`^\.(.+?)\.(?:p([0-9]+)\.)?[0-9]+\.tmp$`)

// Sweep removes from dir the stale temporary files of interrupted writes
// of files whose names end with one of suffixes (".hexrift",
// "settings.json"): those older than this process that nobody is
// writing. It returns the names removed. Files of other names, and
// anything that is not a regular file, are left alone.
func Sweep(dir string, suffixes ...string) []string {
	return sweep(dir, started, func(name string) bool {
		for _, s := range suffixes {
			if s != "" && strings.HasSuffix(name, s) {
				return true
			}
		}
		return false
	})
}

// sweep removes from dir the temporary files of writes of the names ours
// accepts that were last modified before cutoff and that no process is
// writing (stale), and returns their names.
func sweep(dir string, cutoff time.Time, ours func(name string) bool) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var removed []string
	for _, e := range entries {
		m := tempName.FindStringSubmatch(e.Name())
		if m == nil || !e.Type().IsRegular() || !ours(m[1]) {
			continue
		}
		info, err := e.Info()
		if err != nil || !info.ModTime().Before(cutoff) {
			continue // this process, or one started after it, may be writing it
		}
		if pid, err := strconv.Atoi(m[2]); err == nil && pid != os.Getpid() && processRunning(pid) {
			continue // its writer may be running still
		}
		path := filepath.Join(dir, e.Name())
		if beingWritten(path) {
			continue
		}
		if os.Remove(path) == nil {
			removed = append(removed, e.Name())
		}
	}
	return removed
}
