package pbem

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/rules"
)

// TestSendChecksOrders: orders that do not answer the side's decision,
// or are not the side's, are refused before anything is committed or
// kept, and the side can send good ones after.
func TestSendChecksOrders(t *testing.T) {
	_, b, files := playFiles(t, 3)
	seat, err := Open(b.home, "f2", files[2].Data, b.side)
	require.NoError(t, err)
	next, err := seat.Preview()
	require.NoError(t, err)
	kind, legal := next.Decision()
	require.Equal(t, rules.CmdAllocate, kind)
	require.NotEmpty(t, legal)
	good := legal[0]
	other := good
	other.Side = "corsairs"
	declare := rules.Command{Kind: rules.CmdDeclare, Side: b.side}
	p := next.Propose()
	later := *p
	later.Turn = 5
	theirs := *p
	theirs.Side = "corsairs"
	tests := []struct {
		name   string
		orders *Orders
		reason string
	}{
		{"no orders", nil, "hunters must send its orders"},
		{"a plot but no allocation", &Orders{Plot: p}, "hunters must decide its allocate first"},
		{"another side's command", &Orders{Command: &other, Plot: p}, "the command is corsairs's, not hunters's"},
		{"a command for another decision", &Orders{Command: &declare, Plot: p}, "faces no declare decision now"},
		{"a plot for another turn", &Orders{Command: &good, Plot: &later}, "the plotted orders are for turn 5; the game is at turn 1"},
		{"another side's plot", &Orders{Command: &good, Plot: &theirs}, "the plotted orders are corsairs's, not hunters's"},
	}
	before := keptFiles(t, b)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			seat, err := LoadSeat(b.home, b.game)
			require.NoError(t, err)
			_, err = seat.Send(tc.orders)
			require.ErrorContains(t, err, tc.reason)
			require.Equal(t, before, keptFiles(t, b))
		})
	}
	seat, err = LoadSeat(b.home, b.game)
	require.NoError(t, err)
	f, err := seat.Send(&Orders{Command: &good, Plot: p})
	require.NoError(t, err)
	require.Equal(t, wire.KindCommit, f.Messages[len(f.Messages)-1].Head().Kind)
	// A plot that asks the person for its evasion leaves the evasion to a
	// command when it comes up; at the allocation it changes nothing.
	ask := *p
	ask.Evasion = plot.Ask
	k, _ := next.Needs(&ask)
	require.Equal(t, rules.CmdAllocate, k)
}
