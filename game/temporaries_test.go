package game

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
)

// At start the game sweeps every folder it writes atomically: the
// settings folder, the saves folder and the play-by-file home (its
// outbox and each game's folder). What a dead writer left before this
// process started goes; a file a running process names, and files not
// the game's, stay.
func TestSweepTemporariesAtStart(t *testing.T) {
	dead := exec.Command(os.Args[0], "-test.run=^$")
	require.NoError(t, dead.Run())
	deadPid, livePid := strconv.Itoa(dead.Process.Pid), strconv.Itoa(os.Getppid())
	home := t.TempDir()
	paths := match.Paths{Settings: filepath.Join(home, "settings.json"), Saves: filepath.Join(home, "saves")}
	game := filepath.Join(home, "pbem", "0123456789abcdef")
	outbox := filepath.Join(home, "pbem", "files")
	for _, dir := range []string{paths.Saves, game, outbox} {
		require.NoError(t, os.MkdirAll(dir, 0o700))
	}
	tests := []struct {
		path    string
		removed bool
	}{
		{filepath.Join(home, ".settings.json.p"+deadPid+".1.tmp"), true},
		{filepath.Join(paths.Saves, ".autosave.0123456789abcdef.1.hexrift.p"+deadPid+".2.tmp"), true},
		{filepath.Join(game, ".secret.json.p"+deadPid+".3.tmp"), true},
		{filepath.Join(game, ".game.json.p"+deadPid+".4.tmp"), true},
		{filepath.Join(outbox, ".hexrift-0123456789abcdef-3-red.pbem.p"+deadPid+".5.tmp"), true},
		{filepath.Join(game, ".game.json.p"+livePid+".6.tmp"), false},
		{filepath.Join(home, ".other.json.p"+deadPid+".7.tmp"), false},
		{filepath.Join(game, "notes.txt"), false},
	}
	old := testTime.AddDate(-5, 0, 0) // long before this process started
	for _, tt := range tests {
		require.NoError(t, os.WriteFile(tt.path, []byte("x"), 0o600))
		require.NoError(t, os.Chtimes(tt.path, old, old))
	}
	removed := SweepTemporaries(paths)
	var want []string
	for _, tt := range tests {
		_, err := os.Stat(tt.path)
		assert.Equal(t, tt.removed, os.IsNotExist(err), tt.path)
		if tt.removed {
			want = append(want, tt.path)
		}
	}
	assert.ElementsMatch(t, want, removed)
}
