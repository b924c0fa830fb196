package match

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/hexrift/hexrift/game/internal/fileio"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// SaveFormat and SaveVersion identify hexrift save files. A save from a
// newer version is refused rather than half understood. Version 2 saves
// carry the text of the rift destinations their scenario names by path
// (scenarios.Source.Destinations); a save that carries none is written as
// version 1, which every hexrift reads.
const (
	SaveFormat  = "hexrift-save"
	SaveVersion = 2
	// MaxSaveSize bounds what Load reads.
	MaxSaveSize = 64 << 20
)

// SaveFile is the on-disk form of a session: the scenario text, the seed,
// the seats and the commands, with checkpoints for verification. The
// state itself is not stored: it is rebuilt by replaying the commands.
type SaveFile struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	// Name is the player's name for the save, shown as written; the file
	// name is made from it (SaveFileName).
	Name string `json:"name"`
	// Game is the identity of the game the save belongs to (GameID):
	// the same in every save and autosave of one game, new for a new game,
	// a take-over or a branch. Empty in saves from before it existed.
	Game string `json:"game,omitempty"`
	// Parent is the game a take-over or branch was started from.
	Parent string `json:"parent,omitempty"`
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

// SaveFile returns the save of s under the given name: its scenario,
// seed, seats and commands, to be written (WriteSave) and replayed.
func (s *Session) SaveFile(name string, now time.Time) SaveFile {
	var seats []string
	for _, seat := range s.Seats {
		seats = append(seats, fmt.Sprintf("%s (%s)", seat.Name, seat.Kind))
	}
	version := 1
	if len(s.Source.Destinations) > 0 {
		version = SaveVersion
	}
	return SaveFile{
		Format: SaveFormat, Version: version, Name: name, Game: s.Game, Parent: s.Parent, Saved: now.UTC(),
		Preview:  SavePreview{Scenario: s.State.Scenario.Name, Clock: s.State.Clock, Seats: seats},
		Scenario: s.Source, Seed: s.Seed, Seats: s.Seats, Defenders: s.Defenders,
		Commands: slices.Clone(s.commands), Checks: slices.Clone(s.checkpoints),
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
		return nil, fmt.Errorf("match: save field private_key: %w", err)
	}
	return []rules.Option{rules.WithPrivateKey(k)}, nil
}

// WriteSave writes s to path atomically: a temporary file in the same
// folder, synced, then renamed over the old save. A crash at any moment
// leaves either the old save or the new one, never a torn file.
func WriteSave(path string, s *Session, name string, now time.Time) error {
	data, err := json.MarshalIndent(s.SaveFile(name, now), "", " ")
	if err != nil {
		return fmt.Errorf("match: encoding save: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("match: writing %s: %w", path, err)
	}
	// The file is the user's alone (0600): a save holds the game's
	// private dice key and sealed orders.
	if err := fileio.WriteAtomic(path, append(data, '\n'), 0o600); err != nil {
		return fmt.Errorf("match: %w", err)
	}
	return nil
}

// ReadSave reads and checks a save file without replaying it. Only a
// regular file is opened: a named pipe, device or directory is refused
// before it is opened, so none can hang the game.
func ReadSave(path string) (*SaveFile, error) {
	data, err := fileio.ReadRegular(path, MaxSaveSize)
	if err != nil {
		return nil, fmt.Errorf("match: %s: %w", path, err)
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
		return nil, fmt.Errorf("match: %s: not a hexrift save (format %q)", name, head.Format)
	}
	if head.Version > SaveVersion {
		return nil, fmt.Errorf("match: %s: saved by a newer hexrift (save version %d, this one reads up to %d)", name, head.Version, SaveVersion)
	}
	if head.Version < 1 {
		return nil, fmt.Errorf("match: %s: invalid save version %d", name, head.Version)
	}
	var sf SaveFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&sf); err != nil {
		return nil, jsonError(name, data, err)
	}
	if sf.Game != "" && !fileio.IsGameID(sf.Game) {
		return nil, fmt.Errorf("match: %s: damaged save: game %q is not a game identity", name, clipText(sf.Game))
	}
	if sf.Parent != "" && !fileio.IsGameID(sf.Parent) {
		return nil, fmt.Errorf("match: %s: damaged save: parent %q is not a game identity", name, clipText(sf.Parent))
	}
	return &sf, nil
}

// jsonError turns a decoding error into "FILE:LINE:COL: message".
func jsonError(name string, data []byte, err error) error {
	where, msg := fileio.JSONWhere(name, data, err)
	return fmt.Errorf("match: %s: damaged save: %s", where, msg)
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
		return nil, sf, fmt.Errorf("match: %s: %w", path, err)
	}
	s.Defenders = sf.Defenders
	if sf.Game != "" { // the same game goes on; an old save's starts one
		s.Game, s.Parent = sf.Game, sf.Parent
	}
	return s, sf, nil
}

// SaveInfo describes one save in a folder, for the load menu.
type SaveInfo struct {
	Path string
	Name string
	// Game and Parent are the save's game and the game it was branched
	// from (SaveFile.Game, SaveFile.Parent).
	Game, Parent string
	// Auto is set for an autosave.
	Auto    bool
	Saved   time.Time
	Preview SavePreview
	Err     error
}

// ListSaves returns the saves in dir, newest first. Unreadable saves are
// listed with their error, so the menu can say why they cannot load.
// Opening the folder sweeps the stale temporary files that interrupted
// writes of saves left there (fileio.Sweep).
func ListSaves(dir string) ([]SaveInfo, error) {
	fileio.Sweep(dir, ".hexrift")
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
		info := SaveInfo{Path: p, Name: strings.TrimSuffix(e.Name(), ".hexrift"), Err: err, Auto: isAutosaveName(e.Name())}
		if sf != nil {
			info.Name, info.Saved, info.Preview = sf.Name, sf.Saved, sf.Preview
			info.Game, info.Parent = sf.Game, sf.Parent
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

// NewGameID returns a new game identity: 16 random hexadecimal digits.
// Each new game, take-over and branch gets one; its saves and autosaves
// carry it.
func NewGameID() string {
	var b [8]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read does not fail
	return hex.EncodeToString(b[:])
}

// ShortGameID is the part of a game identity the load menu shows.
func ShortGameID(id string) string {
	if len(id) > 6 {
		return id[:6]
	}
	return id
}

func clipText(s string) string {
	if utf8.RuneCountInString(s) > 40 {
		return string([]rune(s)[:40]) + "..."
	}
	return s
}

// maxSaveNameRunes bounds the part of a save's file name made from its
// name; the full name is kept inside the save.
const maxSaveNameRunes = 80

// SaveFileName turns the name a player gives a save into its file name,
// keeping the name readable: letters and digits of every script, spaces
// and - _ , ( ) ' ! & + stay as written; anything else (dots, slashes,
// colons, control characters) becomes "-". The result never holds a dot
// before ".hexrift", so it can never be an autosave's name
// (autosave.GAME.N.hexrift), and never names a device on any system.
// Names differing only in case make different files where the file
// system tells them apart; where it does not, saving asks before
// replacing (WriteNewSave).
func SaveFileName(name string) string {
	var b strings.Builder
	n := 0
	for _, r := range strings.TrimSpace(name) {
		if n == maxSaveNameRunes {
			break
		}
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r):
			b.WriteRune(r)
		case r == ' ' || r == '\u00a0':
			b.WriteRune(' ')
		case strings.ContainsRune("-_,()'!&+", r):
			b.WriteRune(r)
		default:
			b.WriteRune('-')
		}
		n++
	}
	s := strings.Trim(b.String(), " -")
	if s == "" {
		s = "save"
	}
	if isAutosaveName(s + ".hexrift") { // an older version's rolling slot
		s = "save " + s
	}
	switch base, _, _ := strings.Cut(strings.ToUpper(s), " "); base {
	case "CON", "PRN", "AUX", "NUL", "COM1", "COM2", "COM3", "COM4", "COM5", "COM6", "COM7", "COM8", "COM9",
		"LPT1", "LPT2", "LPT3", "LPT4", "LPT5", "LPT6", "LPT7", "LPT8", "LPT9":
		s = "save " + s
	}
	return s + ".hexrift"
}

// ErrSaveExists is what WriteNewSave's error wraps when a file of that
// name is there already.
var ErrSaveExists = errors.New("a save of that name exists")

// WriteNewSave writes s to path like WriteSave, but only if no file of
// that name exists: the check and the write are one step (a hard link
// of the finished temporary file), so a save another instance writes at
// the same moment is not replaced either. Its error wraps ErrSaveExists
// when the name is taken; ask the player, then WriteSave to replace.
func WriteNewSave(path string, s *Session, name string, now time.Time) error {
	data, err := json.MarshalIndent(s.SaveFile(name, now), "", " ")
	if err != nil {
		return fmt.Errorf("match: encoding save: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("match: writing %s: %w", path, err)
	}
	switch err := fileio.WriteNew(path, append(data, '\n'), 0o600); {
	case errors.Is(err, fs.ErrExist):
		return fmt.Errorf("match: %s: %w", path, ErrSaveExists)
	case err != nil:
		return fmt.Errorf("match: %w", err)
	}
	return nil
}

// WriteSaveAs writes s as a new save named name in dir, never replacing
// one: when the file name is taken it tries "name (2)", "name (3)" and
// so on. It returns the path written.
func WriteSaveAs(dir string, s *Session, name string, now time.Time) (string, error) {
	for i := 1; i <= 1000; i++ {
		n := name
		if i > 1 {
			n = name + " (" + strconv.Itoa(i) + ")"
		}
		path := filepath.Join(dir, SaveFileName(n))
		err := WriteNewSave(path, s, n, now)
		if !errors.Is(err, ErrSaveExists) {
			return path, err
		}
	}
	return "", fmt.Errorf("match: %s: a thousand saves are named %q already", dir, clipText(name))
}
