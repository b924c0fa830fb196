package pbem

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/hexrift/hexrift/game/internal/fileio"
	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// Home is the folder where a machine keeps its games played by file: one
// folder per game, with the log it has accepted (game.json) and its
// side's secrets (secret.json: its signing key and the orders and nonces
// it committed), both readable by the user alone.
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

func (h Home) gameDir(id string) string { return filepath.Join(h.Dir, id) }
func (h Home) logPath(id string) string { return filepath.Join(h.gameDir(id), "game.json") }
func (h Home) secretPath(id string) string {
	return filepath.Join(h.gameDir(id), "secret.json")
}

// secret is what one side keeps to itself.
type secret struct {
	Game string       `json:"game"`
	Side rules.SideID `json:"side"`
	// Key is the seed of the side's Ed25519 signing key.
	Key string `json:"key"`
	// Dice is the side's private dice key: its private rolls would come
	// from it (rules.WithSideKeys). Its hash is in the side's join; it is
	// revealed once the game is over.
	Dice rules.PrivateKey `json:"dice"`
	// Rounds are the orders and nonce committed to each round.
	Rounds map[int]sealed `json:"rounds"`
	// Limbo are the side's orders for its own units out of phase and
	// their nonce, sealed with each round's commit and opened only with
	// the dice key (limbo.go).
	Limbo map[int]sealed `json:"limbo,omitempty"`
}

// sealed is one commitment's opening.
type sealed struct {
	Orders json.RawMessage `json:"orders"`
	Nonce  string          `json:"nonce"`
}

func (s *secret) signer() (ed25519.PrivateKey, error) {
	b, err := hex.DecodeString(s.Key)
	if err != nil || len(b) != ed25519.SeedSize {
		return nil, fmt.Errorf("pbem: secret.json field key is not an Ed25519 seed")
	}
	return ed25519.NewKeyFromSeed(b), nil
}

func newSecret(h Home, game string, side rules.SideID) (*secret, error) {
	var seed [ed25519.SeedSize]byte
	if err := h.random(seed[:]); err != nil {
		return nil, err
	}
	sec := &secret{Game: game, Side: side, Key: hex.EncodeToString(seed[:]), Rounds: map[int]sealed{}, Limbo: map[int]sealed{}}
	if err := h.random(sec.Dice[:]); err != nil {
		return nil, err
	}
	return sec, nil
}

// Seat is one side's place in a game on this machine: the game as the
// machine has accepted it and the side's secrets.
type Seat struct {
	Home Home
	Side rules.SideID
	Game *Game
	// Seen is how many rounds' stretches the side had seen before the
	// file it opened (Show shows it those after).
	Seen int
	sec  *secret
}

// Variant is what the side that starts a game by file may change of its
// scenario's rules; the genesis carries it (Genesis), bound to the game.
type Variant struct {
	// NoCosmicRifts plays the game with cosmic rifts off (IP4.21): a rift
	// that forms stops a game by file (docs/PBEM.md, "Cosmic rifts"). It
	// changes nothing of a scenario whose ruleset has them off already,
	// and does not remove the rifts open at the start of a scenario that
	// has some (which stays refused).
	NoCosmicRifts bool
}

// NewGame creates a game of the scenario in src played by file, with this
// machine at side as. It keeps the side's key in h and returns the seat;
// its File is the first turn file to send.
func NewGame(h Home, src scenarios.Source, as rules.SideID, now time.Time) (*Seat, error) {
	return NewGameWith(h, src, as, now, Variant{})
}

// NewGameWith creates a game as NewGame does, with the scenario's rules
// changed as v says.
func NewGameWith(h Home, src scenarios.Source, as rules.SideID, now time.Time, v Variant) (*Seat, error) {
	// The game file carries the destinations named by path with the
	// scenario: every machine plays them from there, never from its disk.
	src, err := src.WithDestinations()
	if err != nil {
		return nil, err
	}
	sc, err := src.LoadCarried()
	if err != nil {
		return nil, err
	}
	if why := Refusal(sc); why != "" {
		if v.NoCosmicRifts && len(sc.OpenRifts) > 0 {
			why += "; cosmic rifts off keeps new rifts from forming (IP4.21), not the rifts open at the start"
		}
		return nil, fmt.Errorf("pbem: %s cannot be played by file: %s", src.Name, why)
	}
	var sides []rules.SideID
	for _, sd := range sc.Setup().Sides {
		sides = append(sides, sd.ID)
	}
	if !slices.Contains(sides, as) {
		return nil, fmt.Errorf("pbem: %s has no side %q (its sides: %v)", src.Name, as, sides)
	}
	var idb [8]byte
	if err := h.random(idb[:]); err != nil {
		return nil, err
	}
	id := hex.EncodeToString(idb[:])
	sec, err := newSecret(h, id, as)
	if err != nil {
		return nil, err
	}
	key, err := sec.signer()
	if err != nil {
		return nil, err
	}
	m := Message{Kind: KindGenesis, Side: as, Genesis: &Genesis{Game: id, Scenario: src, Sides: sides,
		NoCosmicRifts: v.NoCosmicRifts && !sc.Ruleset.NoCosmicRifts, Created: now.UTC()},
		PubKey: hex.EncodeToString(key.Public().(ed25519.PublicKey)), DiceCommit: diceCommitment(id, as, sec.Dice)}
	m.sign(key)
	g, err := replayFor(&File{Format: FileFormat, Version: FileVersion, Game: id, Messages: []Message{m}}, sec)
	if err != nil {
		return nil, err
	}
	s := &Seat{Home: h, Side: as, Game: g, sec: sec}
	if err := s.save(); err != nil {
		return nil, err
	}
	return s, nil
}

// LoadSeat returns the seat of game id kept in h.
func LoadSeat(h Home, id string) (*Seat, error) {
	if !validGame(id) {
		return nil, fmt.Errorf("pbem: %q is not a game identity", id)
	}
	data, err := readFile(h.secretPath(id))
	if err != nil {
		return nil, fmt.Errorf("pbem: game %s is not kept on this machine (%v)", id, err)
	}
	var sec secret
	if err := json.Unmarshal(data, &sec); err != nil {
		return nil, fmt.Errorf("pbem: %s: %v", h.secretPath(id), err)
	}
	data, err = readFile(h.logPath(id))
	if err != nil {
		return nil, fmt.Errorf("pbem: %s: %v", h.logPath(id), err)
	}
	f, err := ParseFile(h.logPath(id), data)
	if err != nil {
		return nil, err
	}
	g, err := replayFor(f, &sec)
	if err != nil {
		return nil, fmt.Errorf("pbem: this machine's copy of game %s does not replay: %w", id, err)
	}
	return &Seat{Home: h, Side: sec.Side, Game: g, Seen: max(0, len(g.Results)-1), sec: &sec}, nil
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
		if e.IsDir() && validGame(e.Name()) {
			ids = append(ids, e.Name())
		}
	}
	return ids, nil
}

// Open reads a turn file received from another side. A file of a game
// this machine keeps must extend the log it has accepted, message for
// message; one of a new game seats this machine at side as. Every
// message is checked before anything is written, so a bad file changes
// nothing of the player's game.
func Open(h Home, name string, data []byte, as rules.SideID) (*Seat, error) {
	f, err := ParseFile(name, data)
	if err != nil {
		return nil, err
	}
	if !validGame(f.Game) {
		return nil, fmt.Errorf("pbem: %s: field game %q is not a game identity", name, f.Game)
	}
	seat, err := LoadSeat(h, f.Game)
	known := err == nil
	if !known {
		if _, statErr := os.Stat(h.gameDir(f.Game)); statErr == nil {
			return nil, err // kept here but unreadable: never overwritten
		}
	}
	if known && as != "" && as != seat.Side {
		return nil, fmt.Errorf("pbem: this machine plays %s in game %s, not %s", seat.Side, f.Game, as)
	}
	if known {
		if err := extends(seat.Game.log, f.Messages, seat.Side); err != nil {
			return nil, fmt.Errorf("pbem: %s: %w", name, err)
		}
	}
	var g *Game
	if known {
		g, err = replayFor(f, seat.sec)
	} else {
		g, err = Replay(f)
	}
	if err != nil {
		return nil, named(err, name)
	}
	if known {
		seat.Game, seat.Seen = g, len(seat.Game.Results)
		return seat, seat.save()
	}
	switch {
	case as == "":
		return nil, fmt.Errorf("pbem: game %s is new to this machine: say which side you play (-as SIDE; its sides: %v)", f.Game, g.Sides())
	case !slices.Contains(g.Sides(), as):
		return nil, fmt.Errorf("pbem: game %s has no side %q (its sides: %v)", f.Game, as, g.Sides())
	case g.Keys[as] != nil:
		return nil, fmt.Errorf("pbem: side %s of game %s has already joined from another machine", as, f.Game)
	}
	sec, err := newSecret(h, f.Game, as)
	if err != nil {
		return nil, err
	}
	if g, err = replayFor(f, sec); err != nil {
		return nil, named(err, name)
	}
	seat = &Seat{Home: h, Side: as, Game: g, sec: sec}
	return seat, seat.save()
}

// extends checks that the messages of a received file continue the log
// this machine accepted: a file that holds no more is stale or replayed,
// one that differs is edited or from another branch, and one that adds a
// message of this machine's side that it never wrote is forged.
func extends(local, got []Message, own rules.SideID) error {
	for i := range min(len(local), len(got)) {
		if got[i].hash() != local[i].hash() {
			return fmt.Errorf("%s differs from the one this machine accepted: the file was edited, or it belongs to another branch of the game", got[i].label())
		}
	}
	if len(got) <= len(local) {
		return fmt.Errorf("holds %d messages, and this machine has %d: a stale or replayed file, with nothing new", len(got), len(local))
	}
	for i := len(local); i < len(got); i++ {
		if got[i].Side == own {
			return fmt.Errorf("%s claims to be from this machine's side, %s, which never wrote it", got[i].label(), own)
		}
	}
	return nil
}

// save writes the seat's secrets, then its log, each atomically.
func (s *Seat) save() error {
	id := s.Game.ID
	if err := os.MkdirAll(s.Home.gameDir(id), 0o700); err != nil {
		return fmt.Errorf("pbem: %v", err)
	}
	sec, err := jsonIndent(s.sec)
	if err != nil {
		return err
	}
	if err := writeAtomic(s.Home.secretPath(id), sec, 0o600); err != nil {
		return err
	}
	data, err := s.Game.File().Encode()
	if err != nil {
		return err
	}
	return writeAtomic(s.Home.logPath(id), data, 0o600)
}

// sign appends a message of the seat's side to its game.
func (s *Seat) sign(m Message) error {
	key, err := s.sec.signer()
	if err != nil {
		return err
	}
	m.Seq, m.Side = s.Game.Len(), s.Side
	if m.Seq > 0 {
		m.Prev = s.Game.log[m.Seq-1].hash()
	}
	m.sign(key)
	return s.Game.apply(m)
}

// auto writes what the side writes without a decision: its join, the
// reveal of its orders once every side has committed, the result of a
// round every side has revealed, and its dice key once the game is over.
func (s *Seat) auto() error {
	for {
		g := s.Game
		var m *Message
		switch {
		case g.Keys[s.Side] == nil:
			key, err := s.sec.signer()
			if err != nil {
				return err
			}
			m = &Message{Kind: KindJoin, PubKey: hex.EncodeToString(key.Public().(ed25519.PublicKey)), DiceCommit: diceCommitment(g.ID, s.Side, s.sec.Dice)}
		case g.pending != nil:
			if an := g.dueAnnouncement(); an != nil {
				m = &Message{Kind: KindAnnounce, Round: g.Round, Announce: an}
			} else if g.pending.Need == nil {
				r := g.pending.Result
				m = &Message{Kind: KindResult, Round: g.Round, Result: &r}
			}
		case g.Over() && !hasKey(g, s.Side):
			// The game is over: nothing the key opens can help anyone now.
			m = &Message{Kind: KindKey, DiceKey: s.sec.Dice.String(), Limbo: s.limboReveals()}
		case g.Commits[s.Side] != "" && g.Reveals[s.Side] == nil && allCommitted(g):
			sl, ok := s.sec.Rounds[g.Round]
			if !ok {
				return fmt.Errorf("pbem: this machine committed %s to round %d but keeps no orders for it", s.Side, g.Round)
			}
			m = &Message{Kind: KindReveal, Round: g.Round, Orders: sl.Orders, Nonce: sl.Nonce}
		}
		if m == nil {
			return nil
		}
		if err := s.sign(*m); err != nil {
			return err
		}
	}
}

// hasKey reports whether side's dice key is open in g.
func hasKey(g *Game, side rules.SideID) bool {
	_, ok := g.DiceKeys[side]
	return ok
}

func allCommitted(g *Game) bool {
	for _, sd := range g.Genesis.Sides {
		if g.Commits[sd] == "" {
			return false
		}
	}
	return true
}

// Preview is the game as the side will see it once it has written what
// it writes without a decision (a seat opened from a file has not yet
// sent): used to show the table and ask for orders. It changes nothing
// kept on the machine.
func (s *Seat) Preview() (*Seat, error) {
	c := &Seat{Home: s.Home, Side: s.Side, Seen: s.Seen, sec: s.sec}
	// The replay keeps the frames of the stretches the side has not seen
	// as it goes, for the table's replay of them (Recap).
	g, err := replayKeeping(s.Game.File(), s.sec, &recapFrames{From: recapFrom(s.Seen, len(s.Game.Results))})
	if err != nil {
		return nil, err
	}
	c.Game = g
	return c, c.auto()
}

// MustCommit reports whether the game waits for the side's orders.
func (s *Seat) MustCommit() bool {
	g := s.Game
	return g.Joined() && !g.Over() && g.pending == nil && g.Commits[s.Side] == ""
}

// Decision returns what the side must decide as the next stretch starts,
// and the commands the rules offer, or "" when the proposed plot answers.
func (s *Seat) Decision() (rules.CommandKind, []rules.Command) { return s.decision(s.Propose()) }

// decision returns the decision the side faces now that plotted orders p
// do not answer (p nil answers none), and the commands the rules offer.
func (s *Seat) decision(p *plot.Orders) (rules.CommandKind, []rules.Command) {
	st := s.Game.State
	if !slices.Contains(st.Pending(), s.Side) {
		return "", nil
	}
	v, legal := st.View(s.Side), st.Legal(s.Side)
	if p != nil {
		w := plot.NewWatcher(s.Side)
		w.Look(v)
		if _, br := p.Decide(v, legal, match.NewDesk(st, s.Side), w); br == nil {
			return "", nil
		}
	}
	return st.Expecting(), legal
}

// Needs returns what the side must decide as the next stretch starts
// that plotted orders p do not answer (p nil: any decision it faces), and
// the commands the rules offer; "" when p answers or the side faces none.
func (s *Seat) Needs(p *plot.Orders) (rules.CommandKind, []rules.Command) { return s.decision(p) }

// Previous returns the side's own plotted orders of the last round
// played (opened to every side by its reveal) as its stretch left them
// (the waypoints flown through, courses gone on from a wreck), or nil
// before any.
func (s *Seat) Previous() *plot.Orders {
	for i := len(s.Game.played) - 1; i >= 0; i-- {
		r := s.Game.played[i]
		if o := r.Orders[s.Side]; o != nil && o.Plot != nil {
			if left := r.left[s.Side]; left != nil {
				return left
			}
			return o.Plot
		}
	}
	return nil
}

// Propose returns the plotted orders hexrift proposes for the side now,
// as the plot panel does before the person changes anything.
func (s *Seat) Propose() *plot.Orders {
	return plot.Plan(s.Game.State.View(s.Side), s.Side, plot.DefaultBreaks())
}

// Send writes what the side has to send: its join, the reveal and result
// a received file made due, and its commitment to orders o when the game
// waits for them (o may be nil otherwise). Its secrets are kept before
// the commitment leaves the machine. It returns the turn file to send.
func (s *Seat) Send(o *Orders) (*File, error) { return s.SendNote(o, "") }

// SendNote is Send with a note to the other sides (note "": none), the
// last message of the file: a line of the player's own, which they read
// as they open it. A note goes only with a file that carries something
// else of the side (with nothing new to send it is not written, and
// SendNote returns ErrNothingNew), so that two machines never write the
// log at once. A note that is too long or holds control characters is
// refused before anything is written.
func (s *Seat) SendNote(o *Orders, note string) (*File, error) {
	if why := noteProblem(note); note != "" && why != "" {
		return nil, fmt.Errorf("pbem: the note %s; nothing is sent", why)
	}
	before := s.Game.Len()
	if err := s.auto(); err != nil {
		return nil, err
	}
	if s.MustCommit() {
		if err := s.checkOrders(o); err != nil {
			return nil, err
		}
		raw, err := json.Marshal(o)
		if err != nil {
			return nil, fmt.Errorf("pbem: %v", err)
		}
		nonce := make([]byte, NonceSize)
		if err := s.Home.random(nonce); err != nil {
			return nil, err
		}
		limbo, err := s.sealLimbo(o.Limbo)
		if err != nil {
			return nil, err
		}
		s.sec.Rounds[s.Game.Round] = sealed{Orders: raw, Nonce: hex.EncodeToString(nonce)}
		if err := s.sign(Message{Kind: KindCommit, Round: s.Game.Round, Commit: commitment(s.Game.ID, s.Game.Round, s.Side, raw, nonce), LimboCommit: limbo}); err != nil {
			return nil, err
		}
		if err := s.auto(); err != nil {
			return nil, err
		}
	}
	if note != "" && s.Game.Len() > before {
		if err := s.sign(Message{Kind: KindNote, Note: note}); err != nil {
			return nil, err
		}
	}
	if err := s.save(); err != nil {
		return nil, err
	}
	if s.Game.Len() == before {
		return s.Game.File(), ErrNothingNew
	}
	return s.Game.File(), nil
}

// ErrNothingNew says Send had nothing to add: the file it returns is the
// game as it stands, the same as the last one sent.
var ErrNothingNew = errors.New("pbem: nothing new to send: the game waits for another side")

// checkOrders checks o as the side's orders for the next stretch.
func (s *Seat) checkOrders(o *Orders) error {
	if o == nil {
		return fmt.Errorf("pbem: %s must send its orders", s.Side)
	}
	st := s.Game.State
	kind, _ := s.decision(o.Plot)
	if c := o.Command; c != nil {
		if c.Side != s.Side {
			return fmt.Errorf("pbem: the command is %s's, not %s's", c.Side, s.Side)
		}
		if !slices.Contains(st.Pending(), s.Side) || c.Kind != st.Expecting() {
			return fmt.Errorf("pbem: the command is a %s, but %s faces no %s decision now", c.Kind, s.Side, c.Kind)
		}
		if err := st.Check(*c); err != nil {
			return fmt.Errorf("pbem: the command is refused: %w", err)
		}
	} else if kind != "" {
		return fmt.Errorf("pbem: %s must decide its %s first: choose one of the commands pbem open lists", s.Side, kind)
	}
	if err := s.checkLimbo(o.Limbo); err != nil {
		return err
	}
	if p := o.Plot; p != nil {
		if p.Side != s.Side {
			return fmt.Errorf("pbem: the plotted orders are %s's, not %s's", p.Side, s.Side)
		}
		if p.Turn != st.Clock.Turn {
			return fmt.Errorf("pbem: the plotted orders are for turn %d; the game is at turn %d", p.Turn, st.Clock.Turn)
		}
	}
	return nil
}

// readFile reads a regular file of at most MaxFileSize bytes: a pipe or
// device is refused before it is opened.
func readFile(path string) ([]byte, error) { return fileio.ReadRegular(path, MaxFileSize) }

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
