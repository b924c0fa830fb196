//go:build unix

package game

import (
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Settings at a named pipe or a folder give the defaults and an error
// naming the path, at once: nothing there can hang the window's start.
func TestSettingsThatAreNoFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "settings.json")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	for _, p := range []string{fifo, dir} {
		st, err := LoadSettings(p)
		assert.Equal(t, DefaultSettings(), st)
		assert.ErrorContains(t, err, p+": ")
		assert.ErrorContains(t, err, "not a regular file")
	}
}
