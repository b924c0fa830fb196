package pbemcli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/internal/testrand"
	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/game/pbem"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// testTime is when the test games are made.
var testTime = time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)

// machine is one side's machine in a game played through the package's
// API: its home and the computer deciding what a person would (a
// computer player at the normal level choosing among the commands the
// rules offer, and the proposed plot).
type machine struct {
	home pbem.Home
	side rules.SideID
	ctrl match.Controller
	// limbo, when set, gives the side's orders for its own units out of
	// phase.
	limbo func(t *testing.T, seat *pbem.Seat) *pbem.LimboOrders
}

// orders are the machine's orders for the stretch its seat now faces.
func (m *machine) orders(t *testing.T, seat *pbem.Seat) *pbem.Orders {
	t.Helper()
	next, err := seat.Preview()
	require.NoError(t, err)
	o := &pbem.Orders{Plot: next.Propose()}
	if kind, legal := next.Decision(); kind != "" {
		c := m.ctrl.Decide(next.Game.State.View(m.side), legal)
		o.Command = &c
	}
	if m.limbo != nil {
		o.Limbo = m.limbo(t, next)
	}
	return o
}

// tableGame is a game between two machines that exchange nothing but
// turn files: its scenario, the sides of the machine that starts it and
// of the other, and the seeds of their random sources. It is played as
// game/pbem's tests play theirs (the same seeds give the same game).
type tableGame struct {
	src     scenarios.Source
	sides   [2]rules.SideID
	seeds   [2]string
	variant pbem.Variant
	limbo   [2]func(t *testing.T, seat *pbem.Seat) *pbem.LimboOrders
	// note, when set, is the note each file carries, by its number.
	note func(n int) string
	// limit stops the game once that many files are sent (0: none), the
	// last not yet opened.
	limit int
}

// tables are the tables of a game's machines, by file and side: each
// machine's table once it had sent or opened the file (the log both
// machines hold then).
type tables map[int]map[rules.SideID]string

// tableOf returns the table showTable writes for seat.
func tableOf(seat *pbem.Seat) string {
	var b strings.Builder
	showTable(seat, &b)
	return b.String()
}

// testSource reads a scenario of game/pbem's testdata.
func testSource(t *testing.T, name string) scenarios.Source {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", name+".yaml"))
	require.NoError(t, err)
	return scenarios.Source{Name: "testdata/" + name + ".yaml", Data: data}
}

// playTables plays g and returns its machines, every file in the order
// sent, and every table. look, when set, is handed each seat as its
// machine sends or opens a file, with the file's number and its table.
func playTables(t *testing.T, g tableGame, look func(n int, seat *pbem.Seat, table string)) (a, b *machine, files [][]byte, tabs tables) {
	t.Helper()
	newMachine := func(i int) *machine {
		return &machine{home: pbem.Home{Dir: t.TempDir(), Rand: testrand.New(g.seeds[i])}, side: g.sides[i], limbo: g.limbo[i],
			ctrl: match.NewController(match.Seat{Side: g.sides[i], Kind: match.SeatComputer, Level: "normal"}, uint64(i+1))}
	}
	a, b = newMachine(0), newMachine(1)
	tabs = tables{}
	seen := func(n int, seat *pbem.Seat) {
		t.Helper()
		text := tableOf(seat)
		if tabs[n] == nil {
			tabs[n] = map[rules.SideID]string{}
		}
		tabs[n][seat.Side] = text
		if look != nil {
			look(n, seat, text)
		}
	}
	seat, err := pbem.NewGameWith(a.home, g.src, a.side, testTime, g.variant)
	require.NoError(t, err)
	data := seat.Game.File().Encode()
	files = append(files, data)
	seen(0, seat)
	to, from := b, a
	for i := 0; i < 400; i++ {
		if len(files) == g.limit {
			return a, b, files, tabs
		}
		seat, err := pbem.Open(to.home, fmt.Sprintf("file-%d", i), data, to.side)
		require.NoError(t, err, "file %d from %s", i, from.side)
		seen(len(files)-1, seat)
		if seat.Game.Finished() {
			return a, b, files, tabs
		}
		var o *pbem.Orders
		if next, err := seat.Preview(); err == nil && next.MustCommit() {
			o = to.orders(t, seat)
		}
		note := ""
		if g.note != nil {
			note = g.note(len(files))
		}
		f, err := seat.SendNote(o, note)
		require.NoError(t, err, "%s sending at %s", to.side, seat.Game.State.Clock)
		data = f.Encode()
		files = append(files, data)
		seen(len(files)-1, seat)
		if seat.Game.Finished() {
			last, err := pbem.Open(from.home, "last", data, from.side)
			require.NoError(t, err)
			require.True(t, last.Game.Finished())
			seen(len(files)-1, last)
			return a, b, files, tabs
		}
		to, from = from, to
	}
	t.Fatal("the game did not end in 400 files")
	return nil, nil, nil, nil
}

// other returns the side of g that is not sd.
func (g tableGame) other(sd rules.SideID) rules.SideID {
	if g.sides[0] == sd {
		return g.sides[1]
	}
	return g.sides[0]
}

// listed reports whether table lists a unit of id on a line of its own,
// as it lists units.
func listed(table string, id rules.UnitID) bool {
	for _, l := range strings.Split(table, "\n") {
		if strings.HasPrefix(l, "  "+string(id)+" ") {
			return true
		}
	}
	return false
}
