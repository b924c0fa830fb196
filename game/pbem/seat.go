package pbem

import (
	"bytes"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/hexrift/hexrift/game/internal/fileio"
	"maps"
	"os"
	"slices"
	"strconv"
	"time"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

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
// scenario's rules; the genesis carries it, bound to the game.
type Variant struct {
	// NoCosmicRifts plays the game with cosmic rifts off (IP4.21): a rift
	// that forms stops a game by file (docs/PBEM.md, "Cosmic rifts"). It
	// changes nothing of a scenario whose ruleset has them off already,
	// and does not remove the rifts open at the start of a scenario that
	// has some (which stays refused).
	NoCosmicRifts bool
}

// NewGame creates a game of the scenario in src played by file, with this
// machine at side as. It keeps the side's keys in h and returns the seat;
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
	var sides []string
	for _, sd := range sc.Setup().Sides {
		sides = append(sides, string(sd.ID))
	}
	if !slices.Contains(sides, string(as)) {
		return nil, fmt.Errorf("pbem: %s has no side %q (its sides: %v)", src.Name, as, sides)
	}
	idb := make([]byte, 8)
	if err := h.random(idb); err != nil {
		return nil, err
	}
	id := fmt.Sprintf("%x", idb)
	sec, err := newSecret(h, id, as)
	if err != nil {
		return nil, err
	}
	_, vrf := vrfKey(sec.Dice)
	b := &wire.Genesis{Header: wire.Header{Kind: wire.KindGenesis, Side: string(as)}, Game: id, Scenario: wireScenario(src), Sides: sides,
		NoCosmicRifts: v.NoCosmicRifts && !sc.Ruleset.NoCosmicRifts, Created: now.UTC().Truncate(time.Second).Format(time.RFC3339),
		PubKey: []byte(sec.signer().Public().(ed25519.PublicKey)), VRFKey: []byte(vrf)}
	m, err := wire.New(b)
	if err != nil {
		return nil, err
	}
	m.Sign(sec.signer())
	g, err := replay(&wire.File{Game: id, Messages: []*wire.Message{m}}, replayOpts{sec: sec})
	if err != nil {
		return nil, err
	}
	s := &Seat{Home: h, Side: as, Game: g, sec: sec}
	if err := s.save(); err != nil {
		return nil, err
	}
	return s, nil
}

// Open reads a turn file received from another side. A file of a game
// this machine keeps must extend the log it has accepted, message for
// message; one of a new game seats this machine at side as. Every
// message is checked before anything is written, so a bad file changes
// nothing of the player's game. A file whose message differs from one
// this machine accepted, both signed by the same side, is that side's
// equivocation (*Equivocation): the proof is kept in the game's folder.
func Open(h Home, name string, data []byte, as rules.SideID) (*Seat, error) {
	f, err := wire.Parse(name, data)
	if err != nil {
		return nil, err
	}
	if !fileio.IsGameID(f.Game) {
		return nil, fmt.Errorf("pbem: %s: field game %q is not a game identity", name, f.Game)
	}
	seat, err := LoadSeat(h, f.Game)
	known := err == nil
	if !known {
		if _, statErr := os.Stat(h.GameDir(f.Game)); statErr == nil {
			return nil, err // kept here but unreadable: never overwritten
		}
	}
	if known && as != "" && as != seat.Side {
		return nil, fmt.Errorf("pbem: this machine plays %s in game %s, not %s", seat.Side, f.Game, as)
	}
	if known {
		if err := seat.extends(f.Messages); err != nil {
			var e *Equivocation
			if errors.As(err, &e) {
				e.Proof = h.keepEquivocation(e)
				return nil, e
			}
			return nil, fmt.Errorf("pbem: %s: %w", name, err)
		}
		g, err := replay(f, replayOpts{sec: seat.sec})
		if err != nil {
			return nil, named(err, name)
		}
		seat.Game, seat.Seen = g, len(seat.Game.Results)
		return seat, seat.save()
	}
	g, err := Replay(f)
	if err != nil {
		return nil, named(err, name)
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
	if g, err = replay(f, replayOpts{sec: sec}); err != nil {
		return nil, named(err, name)
	}
	seat = &Seat{Home: h, Side: as, Game: g, sec: sec}
	return seat, seat.save()
}

// extends checks that the messages of a received file continue the log
// this machine accepted: a file that holds no more is stale or replayed,
// one that differs is edited or from another branch (or, when both are
// signed by one side, that side's equivocation), and one that adds a
// message of this machine's side that it never wrote is forged.
func (s *Seat) extends(got []*wire.Message) error {
	local := s.Game.log
	for i := range min(len(local), len(got)) {
		if local[i].Same(got[i]) {
			continue
		}
		side := rules.SideID(local[i].Head().Side)
		if pub := s.Game.Keys[side]; pub != nil && got[i].Head().Side == string(side) && got[i].Head().Seq == i && got[i].Verify(pub) {
			return &Equivocation{Game: s.Game.ID, Seq: i, Side: string(side), Kept: messageText(local[i]), Got: messageText(got[i])}
		}
		return fmt.Errorf("%s differs from the one this machine accepted: the file was edited, or it belongs to another branch of the game", label(got[i]))
	}
	if len(got) <= len(local) {
		return fmt.Errorf("holds %d messages, and this machine has %d: a stale or replayed file, with nothing new", len(got), len(local))
	}
	for _, m := range got[len(local):] {
		if rules.SideID(m.Head().Side) == s.Side {
			return fmt.Errorf("%s claims to be from this machine's side, %s, which never wrote it", label(m), s.Side)
		}
	}
	return nil
}

// messageText is a message as a file writes it.
func messageText(m *wire.Message) []byte {
	f := (&wire.File{Messages: []*wire.Message{m}}).Encode()
	start := bytes.IndexByte(f, '\n') + 1
	end := bytes.LastIndex(f, []byte("\n]}"))
	return f[start:end]
}

// sign appends a message of the seat's side to its game.
func (s *Seat) sign(b wire.Body) error {
	h := b.Head()
	h.Seq, h.Side = s.Game.Len(), string(s.Side)
	if h.Seq > 0 {
		h.Prev = s.Game.log[h.Seq-1].Hash()
	}
	m, err := wire.New(b)
	if err != nil {
		return err
	}
	m.Sign(s.sec.signer())
	return s.Game.apply(m)
}

// auto writes what the side writes without a decision: its join, the
// reveal of its orders once every side has committed, its announcement
// and the result of a round every side has revealed, and its dice key
// once the game is over (and nothing else once a claim settled it: only
// keys and notes may follow a claim).
func (s *Seat) auto() error {
	for {
		g := s.Game
		var b wire.Body
		switch {
		case g.Keys[s.Side] == nil:
			_, vrf := vrfKey(s.sec.Dice)
			b = &wire.Join{Header: wire.Header{Kind: wire.KindJoin}, PubKey: []byte(s.sec.signer().Public().(ed25519.PublicKey)), VRFKey: []byte(vrf)}
		case g.pending != nil && g.Claim == nil:
			if an, open := g.dueAnnouncement(); an != nil {
				for _, o := range open {
					an.Limbo = append(an.Limbo, s.limboOpenings(o.unit, o.rounds)...)
				}
				an.Header = wire.Header{Kind: wire.KindAnnounce}
				b = an
			} else if g.pending.Need == nil {
				r := wireResult(g.pending.Result)
				r.Header, r.Round = wire.Header{Kind: wire.KindResult}, g.Round
				b = &r
			}
		case g.Over() && g.DiceKeys[s.Side] == nil:
			// The game is over: nothing the key opens can help anyone now.
			b = &wire.Key{Header: wire.Header{Kind: wire.KindKey}, VRFSecret: s.sec.Dice, Limbo: s.limboOpenings("", slices.Sorted(mapKeys(g.limboSeals[s.Side])))}
		case !g.Over() && g.Commits[s.Side] != nil && g.Reveals[s.Side] == nil && allCommitted(g):
			sl, ok := s.sec.Rounds[g.Round]
			if !ok {
				return fmt.Errorf("pbem: this machine committed %s to round %d but keeps no orders for it", s.Side, g.Round)
			}
			b = &wire.Reveal{Header: wire.Header{Kind: wire.KindReveal}, Round: g.Round, Orders: sl.Orders, Nonce: sl.Nonce}
		}
		if b == nil {
			return nil
		}
		if err := s.sign(b); err != nil {
			return err
		}
	}
}

func allCommitted(g *Game) bool {
	for _, sd := range g.Genesis.Sides {
		if g.Commits[sd] == nil {
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
	c := &Seat{Home: s.Home, Side: s.Side, Seen: s.Seen, sec: s.sec.clone()}
	// The replay keeps the frames of the stretches the side has not seen
	// as it goes, for the table's replay of them (Recap).
	g, err := replay(s.Game.File(), replayOpts{sec: c.sec, recap: &recapFrames{From: recapFrom(s.Seen, len(s.Game.Results))}})
	if err != nil {
		return nil, err
	}
	c.Game = g
	return c, c.auto()
}

// clone returns a copy of the secrets that shares nothing changed in
// place with s.
func (s *secret) clone() *secret {
	c := *s
	c.Rounds = maps.Clone(s.Rounds)
	c.Limbo = maps.Clone(s.Limbo)
	return &c
}

// MustCommit reports whether the game waits for the side's orders.
func (s *Seat) MustCommit() bool {
	g := s.Game
	return g.Joined() && !g.Over() && g.pending == nil && g.Commits[s.Side] == nil
}

// Decision returns what the side must decide as the next stretch starts,
// and the commands the rules offer, or "" when the proposed plot answers.
func (s *Seat) Decision() (rules.CommandKind, []rules.Command) { return s.Needs(s.Propose()) }

// Needs returns what the side must decide as the next stretch starts
// that plotted orders p do not answer (p nil: any decision it faces), and
// the commands the rules offer; "" when p answers or the side faces none.
func (s *Seat) Needs(p *plot.Orders) (rules.CommandKind, []rules.Command) {
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

// Send writes what the side has to send: its join, the reveal, the
// announcement and the result a received file made due, and its
// commitment to orders o when the game waits for them (o may be nil
// otherwise). Its secrets are kept before the commitment leaves the
// machine. It returns the turn file to send.
func (s *Seat) Send(o *Orders) (*wire.File, error) { return s.SendNote(o, "") }

// SendNote is Send with a note to the other sides (note "": none), the
// last message of the file: a line of the player's own, which they read
// as they open it. A note goes only with a file that carries something
// else of the side (with nothing new to send it is not written, and
// SendNote returns ErrNothingNew), so that two machines never write the
// log at once. A note that is too long or holds control characters is
// refused before anything is written.
func (s *Seat) SendNote(o *Orders, note string) (*wire.File, error) {
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
		g := s.Game
		s.sec.Rounds[g.Round] = sealed{Orders: raw, Nonce: nonce}
		if err := s.sign(&wire.Commit{Header: wire.Header{Kind: wire.KindCommit}, Round: g.Round, Commit: commitment(g.ID, g.Round, s.Side, raw, nonce), Limbo: limbo}); err != nil {
			return nil, err
		}
		if err := s.auto(); err != nil {
			return nil, err
		}
	}
	if note != "" && s.Game.Len() > before {
		if err := s.sign(&wire.Note{Header: wire.Header{Kind: wire.KindNote}, Note: note}); err != nil {
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

// Claim writes the side's claim that the side the game waits for has
// withheld what it owes since the last message of the log (Game.Stall),
// which settles the game: it is over, and that side forfeits it. now is
// when the claim is written. It returns the turn file to send.
func (s *Seat) Claim(now time.Time) (*wire.File, error) {
	g := s.Game
	side, what, since, ok := g.Stall()
	switch {
	case !ok:
		return nil, fmt.Errorf("pbem: game %s waits for no side in particular: there is nothing to claim", g.ID)
	case side == s.Side:
		return nil, fmt.Errorf("pbem: game %s waits for your own %s: send it (pbem send) rather than claim", g.ID, what)
	}
	if err := s.sign(&wire.Claim{Header: wire.Header{Kind: wire.KindClaim}, Against: string(side), Owes: what, Since: since, At: now.UTC().Truncate(time.Second).Format(time.RFC3339)}); err != nil {
		return nil, err
	}
	if err := s.auto(); err != nil {
		return nil, err
	}
	if err := s.save(); err != nil {
		return nil, err
	}
	return g.File(), nil
}

// checkOrders checks o as the side's orders for the next stretch.
func (s *Seat) checkOrders(o *Orders) error {
	if o == nil {
		return fmt.Errorf("pbem: %s must send its orders", s.Side)
	}
	st := s.Game.State
	kind, _ := s.Needs(o.Plot)
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
		if err := p.Check(); err != nil {
			return fmt.Errorf("pbem: the plotted orders cannot be carried out: %w", err)
		}
		if p.Side != s.Side {
			return fmt.Errorf("pbem: the plotted orders are %s's, not %s's", p.Side, s.Side)
		}
		if p.Turn != st.Clock.Turn {
			return fmt.Errorf("pbem: the plotted orders are for turn %d; the game is at turn %d", p.Turn, st.Clock.Turn)
		}
	}
	return nil
}

// Status says whom the seat's game waits for, as the game list shows it:
// "waits for you", "waits for SIDE's WHAT" or "over".
func (s *Seat) Status() string {
	if side, what, ok := s.Game.Waiting(); ok {
		if side == "" || side == s.Side {
			return "waits for you"
		}
		return fmt.Sprintf("waits for %s's %s", side, what)
	}
	if !s.Game.Over() {
		return "waits for you"
	}
	return "over"
}

// TurnFileName is the name a turn file of the seat's game gets as it
// stands: hexrift-GAME-SEQ-SIDE.pbem, SEQ its count of messages.
func (s *Seat) TurnFileName() string {
	return "hexrift-" + s.Game.ID + "-" + strconv.Itoa(s.Game.Len()) + "-" + string(s.Side) + ".pbem"
}

// WriteTurn writes the seat's game as a turn file at path, readable by
// others (it holds nothing secret), atomically.
func (s *Seat) WriteTurn(path string) error {
	return writeAtomic(path, s.Game.File().Encode(), 0o644)
}
