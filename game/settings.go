package game

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"github.com/hexrift/hexrift/game/internal/fileio"
)

// Settings are the player's preferences, kept in the user's config
// folder (match.Paths.Settings): the window's size, its look and its
// keys, read when the window opens.
type Settings struct {
	WindowWidth  int `json:"window_width"`
	WindowHeight int `json:"window_height"`
	// ZoomSpeed scales the wheel and key zoom steps (1 is normal).
	ZoomSpeed float64 `json:"zoom_speed"`
	// ColourBlind draws sides in a colour-blind-safe palette.
	ColourBlind bool `json:"colour_blind"`
	// Curtain hides the screen between hot-seat players.
	Curtain bool `json:"curtain"`
	// SkipPublicCurtain skips the curtain when the next player's screen
	// would show only public information.
	SkipPublicCurtain bool `json:"skip_public_curtain"`
	// PerShipTurns asks the people at the machine for every decision
	// (each ship's move, each fire step) instead of plotted orders with
	// break conditions.
	PerShipTurns bool `json:"per_ship_turns,omitempty"`
	// Keys rebinds intents: "scene.intent" -> key names. Intents it does
	// not name keep their default keys.
	Keys map[string][]string `json:"keys,omitempty"`
}

// DefaultSettings returns the settings of a first start.
func DefaultSettings() Settings {
	return Settings{WindowWidth: 1280, WindowHeight: 800, ZoomSpeed: 1, Curtain: true}
}

// MinWindowWidth and MinWindowHeight are the smallest window the screens
// are laid out for (the top bar, the orders panel and the log side by
// side); the window cannot be made smaller.
const MinWindowWidth, MinWindowHeight = 960, 600

// sane clamps values a hand-edited file may have put out of range.
func (s *Settings) sane() {
	d := DefaultSettings()
	if s.WindowWidth < MinWindowWidth || s.WindowWidth > 10000 {
		s.WindowWidth = d.WindowWidth
	}
	if s.WindowHeight < MinWindowHeight || s.WindowHeight > 10000 {
		s.WindowHeight = d.WindowHeight
	}
	if s.ZoomSpeed < 0.25 || s.ZoomSpeed > 4 {
		s.ZoomSpeed = d.ZoomSpeed
	}
}

// LoadSettings reads the settings file. A missing file gives the
// defaults; a damaged one gives the defaults and an error to show, and is
// kept aside under a name no earlier damaged file has (FILE.damaged, then
// FILE.damaged-2, ...) so nothing the player had is lost. Only a regular
// file is read: a named pipe or device there is refused at once.
func LoadSettings(path string) (Settings, error) {
	s := DefaultSettings()
	data, err := fileio.ReadRegular(path, maxSettingsSize)
	if errors.Is(err, os.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return s, fmt.Errorf("game: settings %s: %w; using defaults", path, err)
	}
	if err := json.Unmarshal(data, &s); err != nil {
		d := DefaultSettings()
		kept, kerr := keepAside(path)
		if kerr != nil {
			return d, fmt.Errorf("game: settings %s were damaged (%v) and could not be kept aside (%v); using defaults", path, err, kerr)
		}
		return d, fmt.Errorf("game: settings %s were damaged (%v); kept as %s, using defaults", path, err, filepath.Base(kept))
	}
	s.sane()
	return s, nil
}

// maxSettingsSize bounds what LoadSettings reads.
const maxSettingsSize = 1 << 20

// keepAside moves a damaged file to the first of FILE.damaged,
// FILE.damaged-2, ... that does not exist, never replacing one (the new
// name is made a hard link first where the file system allows).
func keepAside(path string) (string, error) {
	for i := 1; i <= 1000; i++ {
		to := path + ".damaged"
		if i > 1 {
			to += "-" + strconv.Itoa(i)
		}
		if _, err := os.Lstat(to); err == nil {
			continue
		}
		switch err := os.Link(path, to); {
		case err == nil:
			return to, os.Remove(path)
		case errors.Is(err, fs.ErrExist):
			continue
		}
		return to, os.Rename(path, to)
	}
	return "", fmt.Errorf("game: a thousand damaged copies of %s are kept already", path)
}

// Save writes the settings atomically.
func (s Settings) Save(path string) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("game: settings: %w", err)
	}
	if err := fileio.WriteAtomic(path, append(data, '\n'), 0o600); err != nil {
		return fmt.Errorf("game: %w", err)
	}
	return nil
}
