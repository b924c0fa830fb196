package pbem

import (
	"bytes"
	"crypto/ed25519"
	"fmt"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	voied "github.com/oasisprotocol/curve25519-voi/primitives/ed25519"

	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// Game is a game replayed from its log: the state every side may see (and
// the secrets this machine knows), and where the round of commitments
// stands.
type Game struct {
	ID       string
	Genesis  Genesis
	Scenario *scenarios.Scenario
	State    *rules.State
	// Keys are the sides' signing keys and VRFKeys the public keys of
	// their dice, once joined; DiceKeys the seeds of the dice's secret
	// keys revealed once the game is over.
	Keys     map[rules.SideID]ed25519.PublicKey
	VRFKeys  map[rules.SideID]voied.PublicKey
	DiceKeys map[rules.SideID][]byte
	// Round is the round now being committed and revealed (1-based);
	// Commits and Reveals hold its commitments and opened orders.
	Round   int
	Commits map[rules.SideID][]byte
	Reveals map[rules.SideID]*Orders
	nonces  map[rules.SideID][]byte
	// Results are the results of the rounds played, in order; Events the
	// events of the whole game, Commands its commands, and Stretches the
	// events of each round's stretch.
	Results   []Result
	Events    []rules.Event
	Commands  []rules.Command
	Stretches [][]rules.Event
	// Notes are the sides' notes to one another, in the order written.
	Notes []Note
	// Claim is the claim that settled the game, if one did.
	Claim *Claim

	// pending is the current round's stretch once every side has
	// revealed: the next message must be its result.
	pending *stretch
	// played holds each round's opened orders, nonces and announcements.
	played []round
	log    []*wire.Message
	// me is the machine's side ("" for a machine of no side), and dice
	// the sides' dice as it holds them; know is what the log proves of the
	// other sides' secrets (knowledge.go).
	me    rules.SideID
	dice  *gameDice
	know  *knowledge
	learn *learner
	// keyed is set for the game played again with every side's dice key
	// (keys.go).
	keyed bool
	// announced are the current round's announcements, in order, and
	// seen counts what of the secrets this machine knows the rounds
	// accepted gave (announce.go).
	announced []announced
	seen      seenSecrets
	// limboSeals seal each side's orders for its units out of phase, by
	// round and unit; ownLimbo are the machine's own side's, from its
	// secrets (limbo.go).
	limboSeals map[rules.SideID]map[int]map[rules.UnitID][]byte
	ownLimbo   map[int]map[rules.UnitID][]byte
	// recap, when set, keeps the frames of the stretches of the rounds
	// after its From, for a replay of the table (Seat.Recap).
	recap *recapFrames
}

// Genesis is what a game starts from, as its genesis says it.
type Genesis struct {
	Game     string
	Scenario scenarios.Source
	Sides    []rules.SideID
	// NoCosmicRifts is set when the side that started the game chose to
	// play it with cosmic rifts off (IP4.21) although its scenario's
	// ruleset has them on.
	NoCosmicRifts bool
	// Created is when the game was made (information only).
	Created time.Time
}

// round is what a round's stretch was played from.
type round struct {
	Orders    map[rules.SideID]*Orders
	Nonces    map[rules.SideID][]byte
	Epoch     string
	Announced []announced
	// left are the sides' plots as the round's stretch left them, once
	// its result is accepted (stretch.Plots).
	left map[rules.SideID]*plot.Orders
}

// seed is the seed of a round's public dice: the first 64 bits of its
// epoch, which hashes every side's revealed nonce.
func (r round) seed() uint64 {
	var s uint64
	for i := range 8 {
		b, _ := strconv.ParseUint(r.Epoch[2*i:2*i+2], 16, 8)
		s |= b << (8 * i)
	}
	return s
}

// VariantText says how the game's rules differ from its scenario's by
// the choice of the side that started it, or "" when they do not.
func (g *Game) VariantText() string {
	if !g.Genesis.NoCosmicRifts || len(g.log) == 0 {
		return ""
	}
	return fmt.Sprintf("cosmic rifts off: %s started the game without them, so no rift forms (IP4.21) and none can stop it", g.log[0].Head().Side)
}

// Sides returns the game's sides, in order.
func (g *Game) Sides() []rules.SideID { return g.Genesis.Sides }

// Len returns how many messages the game's log holds.
func (g *Game) Len() int { return len(g.log) }

// File returns the game's log as a turn file.
func (g *Game) File() *wire.File { return &wire.File{Game: g.ID, Messages: slices.Clone(g.log)} }

// Over reports whether the game has ended: by the rules, stopped at
// hidden content, or settled by a claim.
func (g *Game) Over() bool {
	switch {
	case g.State == nil:
		return false
	case g.Claim != nil, g.State.Clock.Step == rules.StepGameOver:
		return true
	}
	return len(g.Results) > 0 && g.Results[len(g.Results)-1].ended()
}

// Finished reports whether the game is over and every side has revealed
// its dice key: nothing more is due.
func (g *Game) Finished() bool {
	// A side that never joined (a claim settled the game against its
	// join) has no dice to open.
	return g.Over() && len(g.DiceKeys) == len(g.Keys)
}

// Joined reports whether every side has joined.
func (g *Game) Joined() bool { return len(g.Keys) == len(g.Genesis.Sides) }

// Waiting returns the side the game waits on now (the first in side
// order, "" for a result anyone may write) and for what: "join",
// "commit", "reveal", "announce", "result" or "key"; false when it waits
// on nobody.
func (g *Game) Waiting() (rules.SideID, string, bool) {
	switch {
	case g.State == nil || g.Finished():
		return "", "", false
	case g.Over():
		for _, sd := range g.Genesis.Sides {
			if _, ok := g.DiceKeys[sd]; !ok {
				return sd, "key", true
			}
		}
	case !g.Joined():
		for _, sd := range g.Genesis.Sides {
			if g.Keys[sd] == nil {
				return sd, "join", true
			}
		}
	case g.pending != nil && g.pending.Need != nil:
		return g.pending.Need.Sides[0], "announce", true
	case g.pending != nil:
		return "", "result", true
	}
	for _, sd := range g.Genesis.Sides {
		if g.Commits[sd] == nil {
			return sd, "commit", true
		}
	}
	for _, sd := range g.Genesis.Sides {
		if g.Reveals[sd] == nil {
			return sd, "reveal", true
		}
	}
	return "", "", false
}

// replayOpts say as which machine a log is replayed.
type replayOpts struct {
	// sec is the machine's side's secrets, if it has a side.
	sec *secret
	// every is every side's dice seed, for the game played again by a
	// verifier (keys.go).
	every map[rules.SideID][]byte
	// recap asks for the frames of the stretches after its From.
	recap *recapFrames
}

// Replay rebuilds a game from a turn file as a machine of no side does,
// checking every message in order, and returns a *Cheat naming the first
// it refuses.
func Replay(f *wire.File) (*Game, error) { return replay(f, replayOpts{}) }

// replay replays a turn file as the machine o says, message by message.
// A panic while it plays (a bug that a hostile file found) is a refusal
// of the message being played, never a crash of the machine.
func replay(f *wire.File, o replayOpts) (*Game, error) {
	g := &Game{ID: f.Game, dice: newGameDice(f.Game), recap: o.recap, keyed: o.every != nil}
	if o.sec != nil {
		g.me = o.sec.Side
		g.dice.keys[o.sec.Side], _ = vrfKey(o.sec.Dice)
		g.ownLimbo = o.sec.Limbo
	}
	for sd, seed := range o.every {
		g.dice.keys[sd], _ = vrfKey(seed)
	}
	g.learn = learn(f, g.dice)
	g.know = g.learn.k
	for _, m := range f.Messages {
		if err := g.apply(m); err != nil {
			return g, err
		}
	}
	return g, nil
}

// label names a message for error text.
func label(m *wire.Message) string {
	h := m.Head()
	what := h.Kind
	if r := roundOf(m.Body); r > 0 {
		what += " of round " + strconv.Itoa(r)
	}
	return fmt.Sprintf("message %d (%s's %s)", h.Seq, wire.Plain(h.Side), wire.Plain(what))
}

// roundOf returns the round a message is of, or 0.
func roundOf(b wire.Body) int {
	switch b := b.(type) {
	case *wire.Commit:
		return b.Round
	case *wire.Reveal:
		return b.Round
	case *wire.Result:
		return b.Round
	case *wire.Announce:
		return b.Round
	}
	return 0
}

// apply checks m as the next message of the log and plays it.
func (g *Game) apply(m *wire.Message) (err error) {
	h := m.Head()
	cheat := func(cause error) error {
		// The cheat says "pbem:" once: a cause of this package's own
		// does not say it again.
		return &Cheat{Seq: h.Seq, Side: h.Side, What: label(m), Why: strings.TrimPrefix(cause.Error(), "pbem: "), cause: cause}
	}
	defer func() {
		if r := recover(); r != nil {
			err = cheat(fmt.Errorf("playing it made hexrift fail (%v at %s): the message is refused and nothing of the game changed", r, panicSite()))
		}
	}()
	n := len(g.log)
	if g.learn != nil && g.learn.n <= n {
		// A message the replay did not start with (one this machine
		// writes): what it proves is known from now on.
		g.learn.add(m)
	}
	switch {
	case h.Seq != n:
		return cheat(fmt.Errorf("out of order: the log holds %d messages, so the next is message %d", n, n))
	case n == 0 && len(h.Prev) != 0:
		return cheat(fmt.Errorf("the first message names a message before it"))
	case n > 0 && !bytes.Equal(h.Prev, g.log[n-1].Hash()):
		return cheat(fmt.Errorf("does not follow message %d (its hash chain is broken: a message before it was changed, left out or reordered)", n-1))
	case n == 0 && h.Kind != wire.KindGenesis:
		return cheat(fmt.Errorf("a game starts with its genesis"))
	case n > 0 && h.Kind == wire.KindGenesis:
		return cheat(fmt.Errorf("a second genesis"))
	}
	if gen, ok := m.Body.(*wire.Genesis); ok {
		err = g.genesis(m, gen)
	} else {
		side := rules.SideID(h.Side)
		pub := g.Keys[side]
		if pub == nil {
			if j, ok := m.Body.(*wire.Join); ok && g.State != nil && slices.Contains(g.Genesis.Sides, side) && len(j.PubKey) == ed25519.PublicKeySize {
				pub = ed25519.PublicKey(j.PubKey)
			}
		}
		if pub == nil {
			return cheat(fmt.Errorf("side %q has not joined this game", h.Side))
		}
		if !m.Verify(pub) {
			return cheat(fmt.Errorf("the signature is not %s's: the message was edited or forged", h.Side))
		}
		if g.Claim != nil && h.Kind != wire.KindKey && h.Kind != wire.KindNote {
			return cheat(fmt.Errorf("the game was settled by %s's claim (message %d): only dice keys and notes follow it", g.Claim.Side, g.Claim.Seq))
		}
		switch b := m.Body.(type) {
		case *wire.Join:
			err = g.join(side, b)
		case *wire.Commit:
			err = g.commit(side, b)
		case *wire.Reveal:
			err = g.reveal(side, b)
		case *wire.Result:
			err = g.result(b)
		case *wire.Announce:
			err = g.announce(side, h.Seq, label(m), b)
		case *wire.Key:
			err = g.key(side, h.Seq, b)
		case *wire.Note:
			err = g.note(side, h.Seq, b)
		case *wire.Claim:
			err = g.claim(side, h.Seq, b)
		default:
			err = fmt.Errorf("unknown kind %q", h.Kind)
		}
	}
	if err != nil {
		if c, ok := err.(*Cheat); ok {
			return c
		}
		return cheat(err)
	}
	g.log = append(g.log, m)
	if h.Kind == wire.KindKey && g.Finished() && !g.keyed {
		if err := g.checkKeys(); err != nil {
			g.log = g.log[:n]
			delete(g.DiceKeys, rules.SideID(h.Side))
			return err
		}
	}
	return nil
}

// panicSite names where a panic happened: the first frame of the stack
// outside the runtime, as "file.go:line".
func panicSite() string {
	for _, line := range strings.Split(string(debug.Stack()), "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "/") || strings.Contains(line, "/runtime/") || strings.Contains(line, "/debug/") || strings.Contains(line, "pbem/log.go") {
			continue
		}
		if i := strings.LastIndexByte(line, '/'); i >= 0 {
			line = line[i+1:]
		}
		if i := strings.IndexByte(line, ' '); i >= 0 {
			line = line[:i]
		}
		return line
	}
	return "an unknown place"
}

// newRound starts round r.
func (g *Game) newRound(r int) {
	g.Round = r
	g.Commits, g.Reveals, g.nonces = map[rules.SideID][]byte{}, map[rules.SideID]*Orders{}, map[rules.SideID][]byte{}
	g.announced = nil
}

// sideName is a side's name in the game's scenario, or its id.
func (g *Game) sideName(id rules.SideID) string {
	if g.Scenario != nil {
		for _, sd := range g.Scenario.Sides {
			if sd.ID == id {
				return sd.Name
			}
		}
	}
	return string(id)
}
