package match

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// SaveFormat and SaveVersion identify hexrift save files. A save from a
// newer version is refused rather than half understood.
const (
	SaveFormat  = "hexrift-save"
	SaveVersion = 1
	// MaxSaveSize bounds what Load reads.
	MaxSaveSize = 64 << 20
)

// SaveFile is the on-disk form of a session: the scenario text, the seed,
// the seats and the commands, with checkpoints for verification. The
// state itself is not stored: it is rebuilt by replaying the commands.
type SaveFile struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	// Name is the player's name for the save.
	Name string `json:"name"`
	// Saved is when the save was written (information only).
	Saved    time.Time        `json:"saved"`
	Preview  SavePreview      `json:"preview"`
	Scenario scenarios.Source `json:"scenario"`
	Seed     uint64           `json:"seed"`
	// PrivateKey keys the private dice (rules.PrivateKey); a save without
	// one was made with the key that follows from the seed.
	PrivateKey string `json:"private_key,omitempty"`
	Seats      []Seat `json:"seats"`
	// Defenders says who plays rift destination defenders; empty means
	// the computer.
	Defenders DefenderMode    `json:"defenders,omitempty"`
	Commands  []rules.Command `json:"commands"`
	Checks    []Checkpoint    `json:"checkpoints"`
}

// SavePreview is what a load menu may show of a save: public facts only,
// never anything a seat keeps secret.
type SavePreview struct {
	Scenario string      `json:"scenario"`
	Clock    rules.Clock `json:"clock"`
	Seats    []string    `json:"seats"`
}

// Snapshot returns the save of s under the given name.
func (s *Session) Snapshot(name string, now time.Time) SaveFile {
	var seats []string
	for _, seat := range s.Seats {
		seats = append(seats, fmt.Sprintf("%s (%s)", seat.Name, seat.Kind))
	}
	return SaveFile{
		Format: SaveFormat, Version: SaveVersion, Name: name, Saved: now.UTC(),
		Preview:  SavePreview{Scenario: s.State.Scenario.Name, Clock: s.State.Clock, Seats: seats},
		Scenario: s.Source, Seed: s.Seed, Seats: s.Seats, Defenders: s.Defenders,
		Commands: s.Commands, Checks: s.Checkpoints,
		PrivateKey: s.State.PrivateKey.String(),
	}
}

// DiceOptions returns what rules.NewState needs beyond the seed to roll
// the save's dice again: its private key, when it has one.
func (sf *SaveFile) DiceOptions() ([]rules.Option, error) {
	if sf.PrivateKey == "" {
		return nil, nil
	}
	k, err := rules.ParsePrivateKey(sf.PrivateKey)
	if err != nil {
		return nil, fmt.Errorf("game: save field private_key: %w", err)
	}
	return []rules.Option{rules.WithPrivateKey(k)}, nil
}

// WriteSave writes s to path atomically: a temporary file in the same
// folder, synced, then renamed over the old save. A crash at any moment
// leaves either the old save or the new one, never a torn file.
func WriteSave(path string, s *Session, name string, now time.Time) error {
	data, err := json.MarshalIndent(s.Snapshot(name, now), "", " ")
	if err != nil {
		return fmt.Errorf("game: encoding save: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("game: writing %s: %w", path, err)
	}
	return WriteFileAtomic(path, append(data, '\n'))
}

// ReadSave reads and checks a save file without replaying it.
func ReadSave(path string) (*SaveFile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("game: %s: cannot open: %w", path, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("game: %s: %w", path, err)
	}
	if st.IsDir() {
		return nil, fmt.Errorf("game: %s: is a directory, not a save", path)
	}
	if st.Size() > MaxSaveSize {
		return nil, fmt.Errorf("game: %s: %d bytes is larger than any save (%d at most)", path, st.Size(), MaxSaveSize)
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxSaveSize+1))
	if err != nil {
		return nil, fmt.Errorf("game: %s: %w", path, err)
	}
	return ParseSave(path, data)
}

// ParseSave decodes a save; name is used in errors.
func ParseSave(name string, data []byte) (*SaveFile, error) {
	var head struct {
		Format  string `json:"format"`
		Version int    `json:"version"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, jsonError(name, data, err)
	}
	if head.Format != SaveFormat {
		return nil, fmt.Errorf("game: %s: not a hexrift save (format %q)", name, head.Format)
	}
	if head.Version > SaveVersion {
		return nil, fmt.Errorf("game: %s: saved by a newer hexrift (save version %d, this one reads up to %d)", name, head.Version, SaveVersion)
	}
	if head.Version < 1 {
		return nil, fmt.Errorf("game: %s: invalid save version %d", name, head.Version)
	}
	var sf SaveFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&sf); err != nil {
		return nil, jsonError(name, data, err)
	}
	return &sf, nil
}

// jsonError turns a decoding error into "FILE:LINE:COL: message".
func jsonError(name string, data []byte, err error) error {
	var off int64 = -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	if off < 0 {
		return fmt.Errorf("game: %s: damaged save: %s", name, msg)
	}
	line, col := 1, 1
	// Offset counts the bytes read, the offending one included.
	for _, b := range data[:max(0, min(int(off)-1, len(data)))] {
		if b == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return fmt.Errorf("game: %s:%d:%d: damaged save: %s", name, line, col, msg)
}

// LoadSave reads a save and replays it into a session, verifying every
// checkpoint. Nothing is returned half-loaded: on error the session is nil.
func LoadSave(path string) (*Session, *SaveFile, error) {
	sf, err := ReadSave(path)
	if err != nil {
		return nil, nil, err
	}
	opts, err := sf.DiceOptions()
	if err != nil {
		return nil, sf, fmt.Errorf("%s: %w", path, err)
	}
	s, err := Replay(sf.Scenario, sf.Seed, sf.Seats, sf.Commands, sf.Checks, opts...)
	if err != nil {
		return nil, sf, fmt.Errorf("game: %s: %w", path, err)
	}
	s.Defenders = sf.Defenders
	return s, sf, nil
}

// SaveInfo describes one save in a folder, for the load menu.
type SaveInfo struct {
	Path    string
	Name    string
	Saved   time.Time
	Preview SavePreview
	Err     error
}

// ListSaves returns the saves in dir, newest first. Unreadable saves are
// listed with their error, so the menu can say why they cannot load.
func ListSaves(dir string) ([]SaveInfo, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []SaveInfo
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".hexrift") {
			continue
		}
		p := filepath.Join(dir, e.Name())
		sf, err := ReadSave(p)
		info := SaveInfo{Path: p, Name: strings.TrimSuffix(e.Name(), ".hexrift"), Err: err}
		if sf != nil {
			info.Name, info.Saved, info.Preview = sf.Name, sf.Saved, sf.Preview
		}
		out = append(out, info)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].Saved.Equal(out[j].Saved) {
			return out[i].Saved.After(out[j].Saved)
		}
		return out[i].Path < out[j].Path
	})
	return out, nil
}
