package pbem

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"github.com/hexrift/hexrift/game/internal/fileio"

	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/rules"
)

// NonceSize is the size of a commitment's random nonce in bytes.
const NonceSize = 32

// Orders are a side's orders for one stretch of play: a command answering
// the decision it faces when the stretch starts, if any (an energy
// allocation, movement declarations), and the plotted orders that answer
// for it until a break.
//
// Limbo, the side's orders for its own units out of phase (limbo.go), is
// never part of what the reveal opens: Send seals it apart.
type Orders struct {
	Command *rules.Command `json:"command,omitempty"`
	Plot    *plot.Orders   `json:"plot,omitempty"`
	Limbo   *LimboOrders   `json:"-"`
}

// commitment is the hash a side commits to: its orders and nonce, bound
// to the game, the round and the side so that no commitment can be
// carried to another.
func commitment(game string, r int, side rules.SideID, orders []byte, nonce []byte) []byte {
	h := sha256.New()
	fmt.Fprintf(h, "hexrift pbem commit v4\x00%s\x00%d\x00%s\x00%d\x00", game, r, side, len(orders))
	h.Write(orders)
	h.Write(nonce)
	return h.Sum(nil)
}

func (g *Game) commit(side rules.SideID, b *wire.Commit) error {
	switch {
	case !g.Joined():
		return fmt.Errorf("not every side has joined yet")
	case g.Over():
		return fmt.Errorf("the game is over")
	case g.pending != nil:
		return fmt.Errorf("round %d is played but its result is missing", g.Round)
	case b.Round != g.Round:
		return fmt.Errorf("the game is at round %d: a commitment to round %d is stale, replayed or skips a round", g.Round, b.Round)
	case g.Commits[side] != nil:
		return fmt.Errorf("%s has already committed to round %d", side, b.Round)
	case len(b.Commit) != sha256.Size:
		return fmt.Errorf("field commit is not a SHA-256 hash")
	}
	if err := g.limboSeal(side, b); err != nil {
		return err
	}
	g.Commits[side] = b.Commit
	return nil
}

func (g *Game) reveal(side rules.SideID, b *wire.Reveal) error {
	switch {
	case b.Round != g.Round:
		return fmt.Errorf("the game is at round %d: a reveal of round %d is stale or replayed", g.Round, b.Round)
	case g.Commits[side] == nil:
		return fmt.Errorf("%s reveals before it committed", side)
	case g.Reveals[side] != nil:
		return fmt.Errorf("%s has already revealed round %d", side, b.Round)
	}
	for _, sd := range g.Genesis.Sides {
		if g.Commits[sd] == nil {
			return fmt.Errorf("%s reveals before every side committed (%s has not): its orders would be seen before %s's are fixed", side, sd, sd)
		}
	}
	if len(b.Nonce) != NonceSize {
		return fmt.Errorf("field nonce is not %d bytes", NonceSize)
	}
	if !bytes.Equal(commitment(g.ID, b.Round, side, b.Orders, b.Nonce), g.Commits[side]) {
		return fmt.Errorf("the orders and nonce do not match %s's commitment to round %d (changed orders or a swapped nonce)", side, b.Round)
	}
	o, err := decodeOrders(b.Orders)
	if err != nil {
		return err
	}
	if o.Command != nil && o.Command.Side != side || o.Plot != nil && o.Plot.Side != side {
		return fmt.Errorf("orders for another side than %s", side)
	}
	g.Reveals[side], g.nonces[side] = o, b.Nonce
	if len(g.Reveals) == len(g.Genesis.Sides) {
		epoch := epochOf(g.ID, g.Round, g.Genesis.Sides, g.nonces)
		g.dice.epochs[epoch] = g.Round
		g.played = append(g.played, round{Orders: g.Reveals, Nonces: g.nonces, Epoch: epoch})
		return g.playRound()
	}
	return nil
}

// playRound plays the current round's stretch from its start with the
// announcements made so far: it is pending, complete or waiting for an
// announcement.
func (g *Game) playRound() error {
	r := &g.played[len(g.played)-1]
	st := g.State.Clone()
	for _, an := range g.announced {
		if err := st.AnnounceMines(an.Side, an.MinePoints); err != nil {
			return err
		}
		if err := st.Announce(an.Side, an.Through); err != nil {
			return err
		}
	}
	if err := g.setLimbo(st, g.Round); err != nil {
		return err
	}
	s, err := play(st, g.Genesis.Sides, r.Orders, r.Epoch, r.seed(), len(g.Commands), g.recap != nil && g.Round > g.recap.From)
	if err != nil {
		return err
	}
	g.pending = s
	return nil
}

func (g *Game) result(b *wire.Result) error {
	if g.pending == nil || g.pending.Need != nil {
		if side, what, ok := g.Waiting(); ok {
			return fmt.Errorf("a result of round %d before %s's %s", g.Round, side, what)
		}
		return fmt.Errorf("no round to give a result of")
	}
	if b.Round != g.Round {
		return fmt.Errorf("the result of round %d is due, not of round %d", g.Round, b.Round)
	}
	if d := diffResult(*b, g.pending.Result); d != "" {
		return fmt.Errorf("the rules give another result: %s", d)
	}
	s := g.pending
	// Every announcement of the round against what this machine computed
	// of the secrets it knows: a false one is named rather than the
	// result it led to.
	if c := g.checkRound(s, true); c != nil {
		return c
	}
	g.State, g.pending = s.State, nil
	g.seen = seenSecrets{made: len(s.State.Made()), rifts: len(s.State.RiftsMade()), mines: len(s.State.MinesMade())}
	g.played[len(g.played)-1].left = s.Plots
	if s.Frames != nil {
		g.recap.Rounds = append(g.recap.Rounds, roundFrames{Round: g.Round, Events: len(g.Events), Frames: s.Frames})
	}
	g.Commands = append(g.Commands, s.Commands...)
	g.Events = append(g.Events, s.Events...)
	g.Stretches = append(g.Stretches, s.Events)
	g.Results = append(g.Results, s.Result)
	g.newRound(g.Round + 1)
	return nil
}

// decodeOrders reads revealed orders, refusing unknown fields.
func decodeOrders(b []byte) (*Orders, error) {
	var o Orders
	if err := strictJSON(b, &o); err != nil {
		return nil, fmt.Errorf("the revealed orders do not read: %v", err)
	}
	if o.Plot != nil {
		if err := o.Plot.Check(); err != nil {
			return nil, fmt.Errorf("the revealed orders cannot be carried out: %v", err)
		}
	}
	return &o, nil
}

// strictJSON decodes one JSON value into v, refusing unknown fields and
// anything after the value.
func strictJSON(b []byte, v any) error { return fileio.DecodeStrict(b, v) }
