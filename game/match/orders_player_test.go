package match

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// countingLevel is a level that records the kinds of decision it is
// asked for and takes the rules' first offer.
type countingLevel struct{ asked map[rules.CommandKind]int }

func (c *countingLevel) Decide(v *rules.View, legal []rules.Command) rules.Command {
	c.asked[v.Expecting]++
	return legal[0]
}

// A computer side through orders: its level allocates and declares and
// plots in that sitting; the orders answer the moves and the fire; a
// break is a sitting of the level, which plots again.
func TestOrdersPlayer(t *testing.T) {
	src, err := scenarios.ReadSource("first-contact")
	require.NoError(t, err)
	sc, err := src.Load()
	require.NoError(t, err)
	seats := DefaultSeats(sc)
	for i := range seats {
		seats[i].Kind, seats[i].Level = SeatComputer, "normal"
	}
	s, err := NewSession(src, 1, seats)
	require.NoError(t, err)
	s.Unrecorded = true
	side := seats[0].Side
	level := &countingLevel{asked: map[rules.CommandKind]int{}}
	op := NewOrdersPlayer(level, side)
	sittings, decisions := 0, 0
	breaks := map[string]int{}
	op.Sat = func(n int, br *plot.Break) {
		sittings++
		decisions += n
		if br != nil {
			breaks[br.Kind]++
		}
	}
	ctrl := map[rules.SideID]Controller{side: Bind(op, s)}
	for _, seat := range seats[1:] {
		ctrl[seat.Side] = Bind(NewController(seat, 1), s)
	}
	commands := 0
	require.NoError(t, s.PlayUntil(ctrl, func(st *rules.State) bool {
		commands = len(s.commands)
		return st.Clock.Turn > 2
	}))
	require.NotNil(t, op.Orders(), "it plotted")
	assert.Equal(t, 2, op.Orders().Turn, "the orders of the turn it plotted last")
	for _, tc := range []struct {
		name string
		kind rules.CommandKind
		want func(n int) bool
	}{
		{"the level allocates, once a turn", rules.CmdAllocate, func(n int) bool { return n == 2 }},
		{"and declares, once a turn", rules.CmdDeclare, func(n int) bool { return n == 2 }},
		{"the orders fly the moves: the level moves only on a break", rules.CmdMove, func(n int) bool { return n <= sittings }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.True(t, tc.want(level.asked[tc.kind]), "%s asked %d times", tc.kind, level.asked[tc.kind])
		})
	}
	asked := 0
	for _, n := range level.asked {
		asked += n
	}
	assert.Less(t, asked, commands/4, "most of the side's decisions are its orders'")
	assert.Equal(t, 4+sum(breaks), sittings, "a sitting for each allocation and declaration, and each break")
	assert.Equal(t, 2+2*2+sum(breaks), decisions, "a declaration and its plot are two decisions")
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// A level with the orders suffix is that level through orders, bound to
// its side's desk.
func TestOrdersLevel(t *testing.T) {
	for _, tc := range []struct {
		level  string
		orders bool
		known  bool
	}{
		{"hard", false, true},
		{"hard+orders", true, true},
		{"normal+orders", true, true},
		{"legal+orders", true, true},
		{"clever+orders", true, false},
	} {
		t.Run(tc.level, func(t *testing.T) {
			assert.Equal(t, tc.known, KnownLevel(tc.level))
			c := NewController(Seat{Side: "blue", Kind: SeatComputer, Level: tc.level}, 1)
			op, isOrders := c.(*OrdersPlayer)
			require.Equal(t, tc.orders, isOrders)
			if !isOrders {
				return
			}
			assert.True(t, op.Engage, "a computer level fights its engagements")
			assert.Nil(t, op.oracle, "unbound: no desk")
			Bind(op, &Session{})
			require.NotNil(t, op.oracle)
			assert.Equal(t, rules.SideID("blue"), op.oracle().Side())
		})
	}
}
