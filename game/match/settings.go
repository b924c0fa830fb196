package match

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Settings are the player's preferences, kept in the user's config folder.
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
}

// DefaultSettings returns the settings of a first start.
func DefaultSettings() Settings {
	return Settings{WindowWidth: 1280, WindowHeight: 800, ZoomSpeed: 1, Curtain: true}
}

// sane clamps values a hand-edited file may have put out of range.
func (s *Settings) sane() {
	d := DefaultSettings()
	if s.WindowWidth < 640 || s.WindowWidth > 10000 {
		s.WindowWidth = d.WindowWidth
	}
	if s.WindowHeight < 400 || s.WindowHeight > 10000 {
		s.WindowHeight = d.WindowHeight
	}
	if s.ZoomSpeed < 0.25 || s.ZoomSpeed > 4 {
		s.ZoomSpeed = d.ZoomSpeed
	}
}

// Paths are where the game keeps its files.
type Paths struct {
	Settings string // the settings file
	Saves    string // the folder of named saves and autosaves
}

// DefaultPaths returns the standard places: the user's config folder for
// settings and the data folder for saves. HEXRIFT_HOME, when set, holds
// both (tests and portable installs use it).
func DefaultPaths() (Paths, error) {
	if home := os.Getenv("HEXRIFT_HOME"); home != "" {
		return Paths{Settings: filepath.Join(home, "settings.json"), Saves: filepath.Join(home, "saves")}, nil
	}
	cfg, err := os.UserConfigDir()
	if err != nil {
		return Paths{}, fmt.Errorf("game: no config folder: %w", err)
	}
	data := os.Getenv("XDG_DATA_HOME")
	if data == "" {
		if h, err := os.UserHomeDir(); err == nil {
			data = filepath.Join(h, ".local", "share")
		} else {
			data = cfg
		}
	}
	return Paths{Settings: filepath.Join(cfg, "hexrift", "settings.json"), Saves: filepath.Join(data, "hexrift", "saves")}, nil
}

// LoadSettings reads the settings file. A missing file gives the
// defaults; a damaged one gives the defaults and an error to show, and is
// kept aside as FILE.damaged so nothing the player had is lost.
func LoadSettings(path string) (Settings, error) {
	s := DefaultSettings()
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return s, fmt.Errorf("game: settings %s: %w", path, err)
	}
	if err := json.Unmarshal(data, &s); err != nil {
		_ = os.Rename(path, path+".damaged")
		d := DefaultSettings()
		return d, fmt.Errorf("game: settings %s were damaged (%v); kept as %s.damaged, using defaults", path, err, filepath.Base(path))
	}
	s.sane()
	return s, nil
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
	return WriteFileAtomic(path, append(data, '\n'))
}
