package match

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"
)

// AutosaveSlots is how many autosaves the rolling set keeps.
const AutosaveSlots = 5

// autosavePath returns the slot the n-th autosave of a game goes to.
func autosavePath(dir string, n int) string {
	return filepath.Join(dir, fmt.Sprintf("autosave-%d.hexrift", n%AutosaveSlots+1))
}

// Autosave writes s into the next slot of the rolling set. Its name says
// what it holds; the clock is public, so the name leaks nothing.
func Autosave(dir string, s *Session, now time.Time) error {
	name := fmt.Sprintf("Autosave: %s, %s", s.State.Scenario.Name, s.State.Clock)
	return WriteSave(autosavePath(dir, len(s.Commands)), s, name, now)
}

// LatestAutosave returns the newest loadable autosave in dir, or "".
func LatestAutosave(dir string) string {
	saves, err := ListSaves(dir)
	if err != nil {
		return ""
	}
	for _, s := range saves { // newest first
		if s.Err == nil && strings.HasPrefix(filepath.Base(s.Path), "autosave-") {
			return s.Path
		}
	}
	return ""
}
