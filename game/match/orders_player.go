package match

import (
	"strings"

	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/rules"
)

// OrdersSuffix, added to a computer level ("hard+orders"), makes the
// level play through plotted orders (OrdersPlayer).
const OrdersSuffix = "+orders"

// OrdersPlayer is a computer player that plays through plotted orders,
// as a person at a hot-seat table does: its level allocates and
// declares, it plots its orders for the turn in the same sitting
// (plot.Plan), the orders answer every decision they cover, and the level
// decides the rest. On a break the orders are plotted again from what the
// side sees now; a decision the orders do not cover, or that new orders
// still leave open, is the level's. It is the same machinery as a
// person's plotted turn (game/plot), so in a plotted game a computer side
// needs nobody's sitting and plays at the table's speed.
//
// With Engage set (the computer seats), a ship with an enemy inside its
// engagement envelope when the orders are plotted is ordered "ask me
// every impulse" (plot.Orders.AskWhenEngaged), and while one is the
// side's fire is the level's too: the orders fly the approach, the level
// fights, so a level's strength is its own through orders as well.
type OrdersPlayer struct {
	// Level is the computer player deciding what the orders leave open.
	Level  Controller
	side   rules.SideID
	breaks plot.Breaks
	orders *plot.Orders
	watch  *plot.Watcher
	oracle func() Desk
	// Engage leaves the engagements to the level.
	Engage  bool
	engaged bool
	// Sat, when set, is told each sitting of the player's level: the
	// decisions made in it (a declaration and its plot are two) and the
	// break that brought it, if any (nil for allocation and declaration).
	Sat func(decisions int, br *plot.Break)
}

// NewOrdersPlayer returns the orders player of side over level, with the
// default break conditions. Bind gives it its side's desk.
func NewOrdersPlayer(level Controller, side rules.SideID) *OrdersPlayer {
	return &OrdersPlayer{Level: level, side: side, breaks: plot.DefaultBreaks(), watch: plot.NewWatcher(side)}
}

// Orders returns the player's orders for the turn, or nil before its
// first plot.
func (p *OrdersPlayer) Orders() *plot.Orders { return p.orders }

func (p *OrdersPlayer) sit(n int, br *plot.Break) {
	if p.Sat != nil {
		p.Sat(n, br)
	}
}

// plan plots the side's orders from v and records v as seen.
func (p *OrdersPlayer) plan(v *rules.View) {
	p.orders = plot.Plan(v, p.side, p.breaks)
	p.engaged = p.Engage && p.orders.AskWhenEngaged(v)
	p.watch.Look(v)
}

// Decide answers from the orders, or asks the level.
func (p *OrdersPlayer) Decide(v *rules.View, legal []rules.Command) rules.Command {
	switch v.Expecting {
	case rules.CmdAllocate:
		p.sit(1, nil)
		return p.Level.Decide(v, legal)
	case rules.CmdDeclare:
		// The declarations and the plot of the turn, in one sitting: the
		// speeds of every side are revealed by now.
		p.sit(2, nil)
		cmd := p.Level.Decide(v, legal)
		p.plan(v)
		return cmd
	}
	var desk Desk
	if p.oracle != nil {
		desk = p.oracle()
	}
	if desk == nil || p.engaged && (v.Expecting == rules.CmdFire || v.Expecting == rules.CmdLaunch) {
		// Unbound (no oracle to weigh the orders with), or fire in an
		// engagement: the level decides.
		return p.Level.Decide(v, legal)
	}
	cmd, br := p.orders.Decide(v, legal, desk, p.watch)
	if br == nil {
		return cmd
	}
	p.sit(1, br)
	if br.Kind != "decision" {
		p.plan(v)
		cmd, br = p.orders.Decide(v, legal, desk, p.watch)
	}
	if br != nil {
		cmd = p.Level.Decide(v, legal)
		p.watch.Look(v)
	}
	return cmd
}

// ordersLevel splits a level with OrdersSuffix into the plain level.
func ordersLevel(level string) (string, bool) {
	return strings.CutSuffix(level, OrdersSuffix)
}
