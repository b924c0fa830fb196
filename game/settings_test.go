package game

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSettingsPersist(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hexrift", "settings.json")
	s, err := LoadSettings(path)
	require.NoError(t, err, "a first start has no settings file")
	assert.Equal(t, DefaultSettings(), s)

	s.ColourBlind, s.Curtain, s.ZoomSpeed, s.WindowWidth = true, false, 1.5, 1600
	require.NoError(t, s.Save(path))
	back, err := LoadSettings(path)
	require.NoError(t, err)
	assert.Equal(t, s, back)

	// Values a hand edit put out of range fall back to the defaults.
	require.NoError(t, os.WriteFile(path, []byte(`{"zoom_speed": 99, "window_width": 5, "curtain": true}`), 0o644))
	back, err = LoadSettings(path)
	require.NoError(t, err)
	assert.Equal(t, DefaultSettings().ZoomSpeed, back.ZoomSpeed)
	assert.Equal(t, DefaultSettings().WindowWidth, back.WindowWidth)

	// A window smaller than the screens are laid out for is not kept
	// (at 640x400 the top bar ran over itself).
	require.NoError(t, os.WriteFile(path, []byte(`{"window_width": 640, "window_height": 400}`), 0o644))
	back, err = LoadSettings(path)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, back.WindowWidth, MinWindowWidth)
	assert.GreaterOrEqual(t, back.WindowHeight, MinWindowHeight)
}

func TestDamagedSettingsAreKeptAside(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	require.NoError(t, os.WriteFile(path, []byte("{not json"), 0o644))
	s, err := LoadSettings(path)
	require.Error(t, err)
	assert.Contains(t, err.Error(), path)
	assert.Equal(t, DefaultSettings(), s, "the game starts with the defaults")
	kept, rerr := os.ReadFile(path + ".damaged")
	require.NoError(t, rerr, "the damaged file is kept, not lost")
	assert.Equal(t, "{not json", string(kept))
}

// TestDamagedSettingsAreEachKept: every damaged settings file is kept
// under a name of its own; none replaces an earlier one.
func TestDamagedSettingsAreEachKept(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	for i, content := range []string{"{first", "{second", "{third"} {
		require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
		s, err := LoadSettings(path)
		require.Error(t, err)
		assert.Equal(t, DefaultSettings(), s)
		want := path + ".damaged"
		if i > 0 {
			want += "-" + strconv.Itoa(i+1)
		}
		assert.ErrorContains(t, err, filepath.Base(want))
		kept, err := os.ReadFile(want)
		require.NoError(t, err)
		assert.Equal(t, content, string(kept))
	}
	_, err := os.Stat(path)
	assert.ErrorIs(t, err, os.ErrNotExist, "the damaged file was moved, not copied")
}
