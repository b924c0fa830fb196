package fileio

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWriteAtomicReplacesTheFileWhole(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.json")
	require.NoError(t, WriteAtomic(path, []byte("one"), 0o600))
	require.NoError(t, WriteAtomic(path, []byte("two"), 0o644))
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "two", string(data))
	st, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, fs.FileMode(0o644), st.Mode().Perm())
	left, err := filepath.Glob(filepath.Join(dir, ".*.tmp"))
	require.NoError(t, err)
	assert.Empty(t, left, "no temporary file stays after a write")

	err = WriteAtomic(filepath.Join(dir, "no-such-folder", "x.json"), []byte("x"), 0o600)
	require.Error(t, err)
	assert.Regexp(t, `^writing .*x\.json: `, err.Error(), "the error names the file and no package")
}

func TestWriteNewNeverReplaces(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "My Game.hexrift")
	require.NoError(t, WriteNew(path, []byte("first"), 0o600))
	err := WriteNew(path, []byte("second"), 0o600)
	require.ErrorIs(t, err, fs.ErrExist)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "first", string(data))
	left, err := filepath.Glob(filepath.Join(dir, ".*.tmp"))
	require.NoError(t, err)
	assert.Empty(t, left)
}

// The first write of a file in a folder sweeps the stale temporary files
// of that file's name there, and of no other name.
func TestFirstWriteSweepsItsName(t *testing.T) {
	dir := t.TempDir()
	old := started.Add(-time1h)
	stale := []string{".slot.hexrift.p" + deadPid(t) + ".1.tmp", ".slot.hexrift.2.tmp"}
	other := ".other.hexrift.p" + deadPid(t) + ".3.tmp"
	for _, name := range append(stale, other) {
		writeAged(t, filepath.Join(dir, name), old)
	}
	require.NoError(t, WriteAtomic(filepath.Join(dir, "slot.hexrift"), []byte("x"), 0o600))
	for _, name := range stale {
		assert.NoFileExists(t, filepath.Join(dir, name))
	}
	assert.FileExists(t, filepath.Join(dir, other), "another file's temporaries wait for its own write or a sweep of the folder")

	// A second stale file of the name, left after the first write, waits
	// for the next process: the folder is swept once.
	writeAged(t, filepath.Join(dir, stale[0]), old)
	require.NoError(t, WriteAtomic(filepath.Join(dir, "slot.hexrift"), []byte("y"), 0o600))
	assert.FileExists(t, filepath.Join(dir, stale[0]))
}
