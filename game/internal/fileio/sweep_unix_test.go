//go:build unix

package fileio

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A temporary file another hexrift is writing right now stays, however
// old it looks and whatever process it names: its writer holds its lock
// (here an open file of this process, as writeTemp holds it).
func TestSweepLeavesAFileBeingWritten(t *testing.T) {
	dir := t.TempDir()
	name := ".slot.hexrift.p" + deadPid(t) + ".1.tmp"
	path := filepath.Join(dir, name)
	writeAged(t, path, started.Add(-time1h))
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	require.NoError(t, err)
	ok, err := TryLock(f)
	require.NoError(t, err)
	require.True(t, ok)
	assert.Empty(t, Sweep(dir, ".hexrift"))
	assert.FileExists(t, path, "a file being written is never swept")

	require.NoError(t, f.Close()) // the writer is gone
	assert.Equal(t, []string{name}, Sweep(dir, ".hexrift"))
	assert.NoFileExists(t, path)
}

// A named pipe in a temporary file's name is no file to sweep, and the
// sweep does not wait on it.
func TestSweepLeavesAPipe(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, ".slot.hexrift.p"+deadPid(t)+".1.tmp")
	require.NoError(t, mkfifo(path))
	assert.Empty(t, Sweep(dir, ".hexrift"))
	_, err := os.Lstat(path)
	assert.NoError(t, err)
}
