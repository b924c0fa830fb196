package match

import (
	"hash/fnv"

	"github.com/hexrift/hexrift/game/ai"
	"github.com/hexrift/hexrift/rules"
)

// Controller chooses the commands of one seat. Human seats are driven by
// the play scene; computer and replay seats implement Controller. A
// controller sees only its own side's view and the commands the rules
// offer that side.
type Controller interface {
	Decide(v *rules.View, legal []rules.Command) rules.Command
}

// LegalPlayer is the simplest computer player: it picks one of the legal
// commands the rules offer, at random from its own generator (never the
// game's dice), so a game with the same seed always plays the same way.
type LegalPlayer struct {
	rng rules.RNG
}

// NewLegalPlayer returns a legal-move player for side in a game with the
// given seed.
func NewLegalPlayer(seed uint64, side rules.SideID) *LegalPlayer {
	h := fnv.New64a()
	h.Write([]byte(side))
	return &LegalPlayer{rng: rules.NewRNG(seed ^ h.Sum64())}
}

// Decide picks one of legal. Given none, it returns the zero command,
// which the rules refuse, rather than pick from nothing.
func (p *LegalPlayer) Decide(_ *rules.View, legal []rules.Command) rules.Command {
	if len(legal) == 0 {
		return rules.Command{}
	}
	return legal[p.rng.IntN(len(legal))]
}

// blind marks a controller that never reads the view it is given, so
// that PlayUntil need not build one (a view costs in proportion to the
// units, and a big battle has thousands of commands a turn).
type blind interface{ ignoresView() }

func (p *LegalPlayer) ignoresView() {}

// NewController returns the computer player of seat: Level "easy",
// "normal" or "hard" gives the AI of game/ai at that level, "legal" (or
// anything else) the legal-move player. Its randomness comes from seed and
// the seat's side only. An AI player weighs its candidates through the
// oracle of its own side; Bind gives it one, and without it the AI only
// picks among the legal commands. A level with OrdersSuffix is that
// level playing through plotted orders (OrdersPlayer).
func NewController(seat Seat, seed uint64) Controller {
	if l, ok := ordersLevel(seat.Level); ok {
		seat.Level = l
		op := NewOrdersPlayer(NewController(seat, seed), seat.Side)
		op.Engage = true
		return op
	}
	if l, err := ai.ParseLevel(seat.Level); err == nil {
		return &AIController{Player: ai.New(l, seed, seat.Side)}
	}
	return NewLegalPlayer(seed, seat.Side)
}

// Bind gives an AI controller the read-only oracle of its side in sess,
// and an orders player its side's log besides (other controllers are
// returned as they are). The oracle always reads
// the session's current state, and only for the side deciding.
func Bind(c Controller, sess *Session) Controller {
	switch a := c.(type) {
	case *AIController:
		a.state = func() *rules.State { return sess.State }
	case *OrdersPlayer:
		Bind(a.Level, sess)
		a.oracle = func() Desk { return sess.Desk(a.side) }
		a.watch.SetLog(func() []rules.Event { return sess.LogFor(a.side) })
	}
	return c
}

// AIController is a computer player of game/ai at a seat. It is given
// only its side's view, the legal commands and its side's Desk as its
// oracle: never the rules state.
type AIController struct {
	Player *ai.Player
	state  func() *rules.State
}

// Decide asks the AI for the command of its side.
func (c *AIController) Decide(v *rules.View, legal []rules.Command) rules.Command {
	var o ai.Oracle
	if c.state != nil && v.Viewer == c.Player.Side {
		o = desk{state: c.state, side: c.Player.Side}
	}
	return c.Player.Decide(v, legal, o)
}
