package match

import (
	"fmt"
	"os"
	"path/filepath"
)

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
		return Paths{}, fmt.Errorf("match: no config folder: %w", err)
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
