package pbem

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/hexrift/hexrift/game/internal/fileio"
	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/rules"
)

// Home is the folder where a machine keeps its games played by file: one
// folder per game, with the log it has accepted (game.json) and its
// side's secrets (secret.json: its signing key, its dice key and the
// orders and nonces it committed), both readable by the user alone.
type Home struct {
	Dir string
	// Rand is where keys, nonces and game identities come from: the
	// operating system's random source when nil (tests give a fixed one).
	Rand io.Reader
}

// random fills b from the home's random source.
func (h Home) random(b []byte) error {
	r := h.Rand
	if r == nil {
		r = rand.Reader
	}
	if _, err := io.ReadFull(r, b); err != nil {
		return fmt.Errorf("pbem: no randomness: %w", err)
	}
	return nil
}

// DefaultHome is the pbem folder of the user's data folder, or of
// HEXRIFT_HOME when it is set.
func DefaultHome() (Home, error) {
	p, err := match.DefaultPaths()
	if err != nil {
		return Home{}, err
	}
	return HomeFor(p), nil
}

// HomeFor is the pbem folder beside the saves folder of p: the window's
// games played by file are the commands' own.
func HomeFor(p match.Paths) Home {
	return Home{Dir: filepath.Join(filepath.Dir(p.Saves), "pbem")}
}

// GameDir is the folder game id is kept in.
func (h Home) GameDir(id string) string { return filepath.Join(h.Dir, id) }

// LogPath is the file of the log of game id the machine accepted.
func (h Home) LogPath(id string) string { return filepath.Join(h.GameDir(id), "game.json") }

func (h Home) secretPath(id string) string { return filepath.Join(h.GameDir(id), "secret.json") }

// secret is what one side keeps to itself.
type secret struct {
	Game string       `json:"game"`
	Side rules.SideID `json:"side"`
	// Key is the seed of the side's Ed25519 signing key.
	Key wire.Hex `json:"key"`
	// Dice is the seed of the side's dice key (dice.go): its public half
	// is in the side's join; it is opened once the game is over.
	Dice wire.Hex `json:"dice"`
	// Seal keys the nonces the side seals its orders for its units out
	// of phase with (limboNonce).
	Seal wire.Hex `json:"seal"`
	// Rounds are the orders and nonce committed to each round.
	Rounds map[int]sealed `json:"rounds"`
	// Limbo are the side's orders for its own units out of phase, by
	// round and unit: the exact bytes each commit sealed (limbo.go).
	Limbo map[int]map[rules.UnitID][]byte `json:"limbo"`
}

// sealed is one commitment's opening.
type sealed struct {
	Orders []byte   `json:"orders"`
	Nonce  wire.Hex `json:"nonce"`
}

// readSecret reads a secret.json strictly: every field present and of
// its size, nothing else, game and side those of the folder it is in.
func readSecret(path, game string, data []byte) (*secret, error) {
	var sec secret
	bad := func(format string, args ...any) error {
		return fmt.Errorf("pbem: %s: %s", path, fmt.Sprintf(format, args...))
	}
	if err := strictJSON(data, &sec); err != nil {
		return nil, bad("not this machine's secrets of a game by file: %v", err)
	}
	switch {
	case sec.Game != game:
		return nil, bad("field game is %q, not the game of its folder, %s", sec.Game, game)
	case sec.Side == "":
		return nil, bad("field side is empty")
	case len(sec.Key) != ed25519.SeedSize:
		return nil, bad("field key is not an Ed25519 seed")
	case len(sec.Dice) != vrfSeedSize:
		return nil, bad("field dice is not the seed of a dice key")
	case len(sec.Seal) != 32:
		return nil, bad("field seal is not a 32-byte key")
	}
	if sec.Rounds == nil {
		sec.Rounds = map[int]sealed{}
	}
	if sec.Limbo == nil {
		sec.Limbo = map[int]map[rules.UnitID][]byte{}
	}
	for r, s := range sec.Rounds {
		if len(s.Nonce) != NonceSize || len(s.Orders) == 0 {
			return nil, bad("field rounds: round %d has no orders or no nonce of %d bytes", r, NonceSize)
		}
	}
	for r, units := range sec.Limbo {
		if units == nil {
			sec.Limbo[r] = map[rules.UnitID][]byte{}
		}
		for u, raw := range units {
			if _, err := limboAllocation(u, raw); err != nil {
				return nil, bad("field limbo: round %d: %v", r, err)
			}
		}
	}
	return &sec, nil
}

func (s *secret) signer() ed25519.PrivateKey { return ed25519.NewKeyFromSeed(s.Key) }

func newSecret(h Home, game string, side rules.SideID) (*secret, error) {
	sec := &secret{Game: game, Side: side, Key: make([]byte, ed25519.SeedSize), Dice: make([]byte, vrfSeedSize), Seal: make([]byte, 32),
		Rounds: map[int]sealed{}, Limbo: map[int]map[rules.UnitID][]byte{}}
	for _, b := range [][]byte{sec.Key, sec.Dice, sec.Seal} {
		if err := h.random(b); err != nil {
			return nil, err
		}
	}
	return sec, nil
}

// LoadSeat returns the seat of game id kept in h.
func LoadSeat(h Home, id string) (*Seat, error) {
	if !fileio.IsGameID(id) {
		return nil, fmt.Errorf("pbem: %q is not a game identity", id)
	}
	data, err := readFile(h.secretPath(id))
	if err != nil {
		return nil, fmt.Errorf("pbem: game %s is not kept on this machine (%v)", id, err)
	}
	sec, err := readSecret(h.secretPath(id), id, data)
	if err != nil {
		return nil, err
	}
	data, err = readFile(h.LogPath(id))
	if err != nil {
		return nil, fmt.Errorf("pbem: %s: %v", h.LogPath(id), err)
	}
	f, err := wire.Parse(h.LogPath(id), data)
	if err != nil {
		return nil, err
	}
	g, err := replay(f, replayOpts{sec: sec})
	if err != nil {
		return nil, fmt.Errorf("pbem: this machine's copy of game %s does not replay: %w", id, err)
	}
	return &Seat{Home: h, Side: sec.Side, Game: g, Seen: max(0, len(g.Results)-1), sec: sec}, nil
}

// Games lists the games kept in h, by identity.
func (h Home) Games() ([]string, error) {
	ents, err := os.ReadDir(h.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("pbem: %v", err)
	}
	var ids []string
	for _, e := range ents {
		if e.IsDir() && fileio.IsGameID(e.Name()) {
			ids = append(ids, e.Name())
		}
	}
	return ids, nil
}

// save writes the seat's secrets, then its log, each atomically.
func (s *Seat) save() error {
	id := s.Game.ID
	if err := os.MkdirAll(s.Home.GameDir(id), 0o700); err != nil {
		return fmt.Errorf("pbem: %v", err)
	}
	sec, err := jsonIndent(s.sec)
	if err != nil {
		return err
	}
	if err := writeAtomic(s.Home.secretPath(id), sec, 0o600); err != nil {
		return err
	}
	return writeAtomic(s.Home.LogPath(id), s.Game.File().Encode(), 0o600)
}

// keepEquivocation keeps the proof that a side signed two messages at one
// place of game id's log in the game's folder, and returns its path ("" if
// it could not be written).
func (h Home) keepEquivocation(e *Equivocation) string {
	path := filepath.Join(h.GameDir(e.Game), "equivocation-"+e.Side+"-"+strconv.Itoa(e.Seq)+".json")
	data, err := jsonIndent(struct {
		Game string `json:"game"`
		Seq  int    `json:"seq"`
		Side string `json:"side"`
		Kept string `json:"kept"`
		Got  string `json:"got"`
	}{e.Game, e.Seq, e.Side, string(e.Kept), string(e.Got)})
	if err != nil || writeAtomic(path, data, 0o600) != nil {
		return ""
	}
	return path
}

// Equivocations returns the paths of the proofs of equivocation kept for
// game id, in order.
func (h Home) Equivocations(id string) []string {
	m, _ := filepath.Glob(filepath.Join(h.GameDir(id), "equivocation-*.json"))
	slices.Sort(m)
	return m
}

// readFile reads a regular file of at most wire.MaxFileSize bytes: a
// pipe or device is refused before it is opened.
func readFile(path string) ([]byte, error) { return fileio.ReadRegular(path, wire.MaxFileSize) }

// writeAtomic writes a file of the home or a turn file atomically
// (fileio.WriteAtomic): the old file or the new one, never a torn one.
func writeAtomic(path string, data []byte, perm fs.FileMode) error {
	if err := fileio.WriteAtomic(path, data, perm); err != nil {
		return fmt.Errorf("pbem: %w", err)
	}
	return nil
}

// ReadTurnFile reads a turn file from path.
func ReadTurnFile(path string) ([]byte, error) {
	data, err := readFile(path)
	if err != nil {
		return nil, fmt.Errorf("pbem: cannot read %s: %w", path, err)
	}
	return data, nil
}

// ParseFile reads a turn file within the bounds a turn file is read in
// (wire.Parse); name is what errors name.
func ParseFile(name string, data []byte) (*wire.File, error) { return wire.Parse(name, data) }

// jsonIndent encodes v as indented JSON with a final newline.
func jsonIndent(v any) ([]byte, error) {
	b, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		return nil, fmt.Errorf("pbem: %v", err)
	}
	return append(b, '\n'), nil
}
