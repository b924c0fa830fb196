package fileio

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const time1h = time.Hour

// deadPid is the id of a process that has ended: a run of this test
// binary that runs no test.
var deadPid = func() func(t *testing.T) string {
	var once sync.Once
	var pid string
	return func(t *testing.T) string {
		t.Helper()
		once.Do(func() {
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			require.NoError(t, cmd.Run())
			pid = strconv.Itoa(cmd.Process.Pid)
		})
		return pid
	}
}()

// writeAged writes a file last modified at mod.
func writeAged(t *testing.T, path string, mod time.Time) {
	t.Helper()
	require.NoError(t, os.WriteFile(path, []byte("x"), 0o600))
	require.NoError(t, os.Chtimes(path, mod, mod))
}

// TestSweep: the temporary files of interrupted writes that are older
// than this process and that no running process writes are removed, old
// ones that name no process too; one younger than this process, one a
// running process names and files that are not the game's stay.
func TestSweep(t *testing.T) {
	dir := t.TempDir()
	old, young := started.Add(-time1h), started.Add(time1h)
	dead, self, live := deadPid(t), strconv.Itoa(os.Getpid()), strconv.Itoa(os.Getppid())
	tests := []struct {
		name    string
		mod     time.Time
		removed bool
	}{
		{".My Game.hexrift.p" + dead + ".123.tmp", old, true},
		{".autosave.0123456789abcdef.2.hexrift.p" + dead + ".9.tmp", old, true},
		{".autosave-1.hexrift.2718281828.tmp", old, true}, // an older version's
		{".settings.json.p" + dead + ".5.tmp", old, true},
		{".settings.json.77.tmp", old, true},
		// This process's id, older than it: a process before it had the id.
		{".x.hexrift.p" + self + ".4.tmp", old, true},
		// Younger than this process: this one or a later one writes it.
		{".young.hexrift.p" + dead + ".1.tmp", young, false},
		{".young.hexrift.2.tmp", young, false},
		// Named by a running process: it may be writing it still.
		{".My Game.hexrift.p" + live + ".1.tmp", old, false},
		// Not the game's.
		{".notes.txt.p" + dead + ".1.tmp", old, false},
		{".other.json.p" + dead + ".1.tmp", old, false},
		{"plain.tmp", old, false},
		{".hexrift.tmp", old, false},
		{"My Game.hexrift", old, false},
	}
	for _, tt := range tests {
		writeAged(t, filepath.Join(dir, tt.name), tt.mod)
	}
	require.NoError(t, os.Mkdir(filepath.Join(dir, ".folder.hexrift.p"+dead+".1.tmp"), 0o755))
	removed := Sweep(dir, ".hexrift", "settings.json")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := os.Stat(filepath.Join(dir, tt.name))
			assert.Equal(t, tt.removed, os.IsNotExist(err))
			assert.Equal(t, tt.removed, slices.Contains(removed, tt.name))
		})
	}
	assert.DirExists(t, filepath.Join(dir, ".folder.hexrift.p"+dead+".1.tmp"), "only regular files are swept")
	assert.Nil(t, Sweep(filepath.Join(dir, "none")), "a missing folder has nothing to sweep")
}

// The sweep's line is the cutoff it is given, to the nanosecond: what
// was modified before it goes, what was modified at it or after stays.
func TestSweepCutoff(t *testing.T) {
	dir := t.TempDir()
	cutoff := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	before := ".a.json.p" + deadPid(t) + ".1.tmp"
	at := ".b.json.p" + deadPid(t) + ".1.tmp"
	writeAged(t, filepath.Join(dir, before), cutoff.Add(-time.Microsecond))
	writeAged(t, filepath.Join(dir, at), cutoff)
	all := func(string) bool { return true }
	assert.Equal(t, []string{before}, sweep(dir, cutoff, all))
	assert.FileExists(t, filepath.Join(dir, at))
}
