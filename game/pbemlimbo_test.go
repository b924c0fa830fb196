package game

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/game/pbem"
	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// The window gives orders for its side's own units out of phase
// (IP8.443) with the hot-seat energy allocation panel, by file: the
// Korath play game/pbem's phase-cloak test scenario in the window against
// the federation through game/pbem, and whenever the panel lists a unit
// out of phase (after the fleet, marked so) the person stops it and
// switches its cloak on where the rules allow. The window's machine then
// has the unit cloaked out of phase while the other machine, at the same
// point, has it in limbo as it phased out; no turn file opens those
// orders before the unit phases in (the window's announcement of its
// phase-in opens them, and only them) or the game is over; the game
// plays to its end, both machines reach the same public hash, and verify
// passes.
func TestPbemWindowGivesLimboOrders(t *testing.T) {
	requireDisplay(t)
	data, err := os.ReadFile(filepath.Join("pbem", "testdata", "phase-cloak.yaml"))
	require.NoError(t, err)
	src := scenarios.Source{Name: "testdata/phase-cloak.yaml", Data: data}
	peer := &pbemPeer{home: pbem.Home{Dir: t.TempDir(), Rand: seededRand(limboSeeds[0])}, side: "federation", dir: t.TempDir(),
		ctrl: match.NewController(match.Seat{Side: "federation", Kind: match.SeatComputer, Level: "normal"}, 1)}
	seat, err := pbem.NewGame(peer.home, src, "federation", testTime)
	require.NoError(t, err)
	first := filepath.Join(peer.dir, seat.TurnFileName())
	require.NoError(t, seat.WriteTurn(first))
	w := newPbemWindow(t, func(env *Env) Scene { return NewPbemFilesScene(env) })
	w.env.pbemRand = seededRand(limboSeeds[1])
	listed, given := 0, 0
	w.edit = func(p *PbemScene) {
		b, ok := p.orders.(*allocBuilder)
		if !ok || b.pub == len(b.allocs) {
			return
		}
		listed++
		assert.Contains(t, strings.Join(p.bodyText(), "\n"), "(out of phase)", "the panel marks the unit out of phase")
		for i := b.pub; i < len(b.allocs); i++ {
			a := &b.allocs[i]
			a.Movement, a.Impulse, a.Cloak = 0, false, true
			if p.desk.limbo.check(b.allocs[b.pub:]) != nil {
				a.Cloak = false
			}
			if a.Cloak {
				given++
			}
		}
		p.desk.changed()
	}
	w.open(first, "korath")
	file := w.play(0)
	cloaked, rounds, announces, phaseIns, opened := 0, 0, 0, 0, 0
	var answer string
	for rounds = 1; rounds <= 60; rounds++ {
		answer = peer.answer(t, file)
		w.open(answer, "")
		p := w.table()
		for _, u := range p.next.OutOfPhase() {
			if !u.Gear.Cloak.On {
				continue
			}
			// The other machine, at the same point, has it in limbo as
			// it phased out: no cloak.
			if o := peer.seat.Game.State.Unit(u.ID); peer.seat.Game.State.Clock == p.next.Game.State.Clock {
				require.Equal(t, rules.StatusLimbo, o.Status)
				require.False(t, o.Gear.Cloak.On, "the federation's machine has %s cloaked", u.ID)
				cloaked++
			}
		}
		if p.stage == pbemWaiting && p.next.Game.Finished() {
			break
		}
		file = w.play(rounds)
		data := mustRead(t, file)
		// The window's own phase-ins, announced by its machine in the
		// file it just wrote, as its table says; each announcement opens
		// the orders of the units it tells phased in, and of no other:
		// the rest stay sealed until the key message, once the game is
		// over.
		f, err := pbem.ParseFile(file, []byte(data))
		require.NoError(t, err)
		n, in := 0, 0
		for _, m := range f.Messages {
			an, ok := m.Body.(*wire.Announce)
			if !ok || an.Side != "korath" {
				continue
			}
			n++
			in += len(an.PhaseIns)
			for _, o := range an.Limbo {
				require.True(t, slices.ContainsFunc(an.PhaseIns, func(ph wire.PhaseIn) bool { return ph.Unit == o.Unit }),
					"message %d opens the orders of %s, which it does not tell phased in", an.Seq, o.Unit)
				opened++
			}
		}
		if n > announces {
			assert.Contains(t, strings.Join(w.table().bodyText(), "\n"), "announcement", "the table says the file carries an announcement")
		}
		if in > phaseIns {
			w.snap("own-phase-in")
		}
		announces, phaseIns = n, in
		if w.table().seat.Game.Finished() {
			// The window's dice key was the last message due: the other
			// machine takes it, and has nothing to add.
			answer = peer.answer(t, file)
			break
		}
	}
	require.Positive(t, listed, "the allocation panel never listed a unit out of phase")
	require.Positive(t, given, "no cloak was switched on out of phase")
	require.Positive(t, cloaked, "no table with the side's unit cloaked out of phase")
	require.Positive(t, phaseIns, "no phase-in of the window's side announced by the window")
	require.Positive(t, opened, "no announcement of the window's opened the orders of a unit it told phased in")
	mine, err := pbem.LoadSeat(pbemHome(w.env), seat.Game.ID)
	require.NoError(t, err)
	require.True(t, mine.Game.Finished())
	require.Equal(t, mine.Game.State.PublicHash(), peer.seat.Game.State.PublicHash())
	rep, err := pbem.Verify("last", []byte(mustRead(t, answer)))
	require.NoError(t, err)
	t.Logf("%d rounds; %d allocation panels with units out of phase, %d cloaks switched on out of phase, %d tables with one cloaked; %d announcements by the window, %d phase-ins, %d orders out of phase opened by them; %s", rounds, listed, given, cloaked, announces, phaseIns, opened, rep)
}

// limboSeeds are the seeds of the federation's machine and the window's
// in TestPbemWindowGivesLimboOrders. With version 4's dice they still
// put the Korath's units out of phase: the panel lists them at five
// allocations, twenty-four tables show one cloaked, and one phase-in is
// announced, opening its unit's orders.
var limboSeeds = [2]string{"fed-b", "kor-b"}
