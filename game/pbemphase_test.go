package game

import (
	"io"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/stretchr/testify/assert"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/internal/testrand"
	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/game/pbem"
	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// seededRand is the random source of game/pbem's test games (SHA-256 in
// counter mode over a seed), so that a game here draws the keys and
// nonces, and so the dice, of the game there with the same seeds.
func seededRand(seed string) io.Reader { return testrand.New(seed) }

// The window plays drill-phase by file under a phase storm, one side
// in the window and the other through game/pbem, as
// TestPhaseGameBetweenTwoHomes plays it between two machines (the same
// starter and seeds, fed-38 and kor-38, under which the federation's
// storm roll of turn 1 raises a phase storm; the window's side decides
// with the table's proposals and not the computer player's choices, and
// still units of both sides phase out: the Korath's are listed at eleven
// tables, the federation's held in limbo at six, and the window
// announces a phase-in of its own). At every table the
// window shows its own units out of phase (listed in its header) and
// nothing of the other side's (IP8.32); the window's files carry the
// announcements of its phase-ins (IP8.21, IP8.124) the other machine
// needs; both machines reach the same public state.
func TestPbemWindowPlaysPhaseOuts(t *testing.T) {
	requireDisplay(t)
	src, err := scenarios.ReadSource("drill-phase")
	require.NoError(t, err)
	peer := &pbemPeer{home: pbem.Home{Dir: t.TempDir(), Rand: seededRand("fed-38")}, side: "federation", dir: t.TempDir(),
		ctrl: match.NewController(match.Seat{Side: "federation", Kind: match.SeatComputer, Level: "normal"}, 1)}
	seat, err := pbem.NewGame(peer.home, src, "federation", testTime)
	require.NoError(t, err)
	first := filepath.Join(peer.dir, seat.TurnFileName())
	require.NoError(t, seat.WriteTurn(first))
	w := newPbemWindow(t, func(env *Env) Scene { return NewPbemFilesScene(env) })
	w.env.pbemRand = seededRand("kor-38")
	w.open(first, "korath")
	file := w.play(0)
	ownOut, otherOut, announces, arrivals, after := 0, 0, 0, 0, 0
	rounds, checked := 0, 0
	var waiting []limboCheck
	for rounds = 1; rounds <= 40 && after < 2; rounds++ {
		answer := peer.answer(t, file)
		waiting = checkLimbo(t, peer, waiting, &checked)
		w.open(answer, "")
		p := w.table()
		w.secrets = max(w.secrets, requirePbemTableKeepsSecrets(t, p))
		head := strings.Join(p.standing(), "\n")
		for _, u := range p.next.OutOfPhase() {
			ownOut++
			assert.Contains(t, head, u.Name+" at "+u.Hex.String(), "the table lists %s, out of phase, to its side", u.ID)
			i := slices.IndexFunc(p.mapv.View().Units, func(o rules.UnitView) bool { return o.ID == u.ID })
			if assert.GreaterOrEqual(t, i, 0, "the map shows %s, out of phase, to its side", u.ID) {
				g := p.mapv.View().Units[i]
				assert.True(t, g.Ghost, "%s is drawn as a unit out of phase", u.ID)
				assert.Equal(t, u.Hex, g.Hex)
			}
			if ownOut == 1 {
				w.snap("own-out-of-phase")
			}
		}
		for _, u := range p.next.Game.State.Units {
			if u.Side != p.side && u.Status == rules.StatusLimbo {
				otherOut++
				// Checked against the truth once the owner's machine
				// has played the stretch this table shows.
				waiting = append(waiting, limboCheck{p, u.ID, p.next.Game.State.Clock})
			}
		}
		if p.stage == pbemWaiting && p.next.Game.Finished() {
			break
		}
		file = w.play(rounds)
		f, err := pbem.ParseFile(file, []byte(mustRead(t, file)))
		require.NoError(t, err)
		n, in := 0, 0
		for _, m := range f.Messages {
			if an, ok := m.Body.(*wire.Announce); ok && rules.SideID(an.Side) == p.side {
				n++
				in += len(an.PhaseIns)
			}
		}
		if n > announces {
			assert.Contains(t, strings.Join(w.table().bodyText(), "\n"), "announcement", "the table says the file carries an announcement")
		}
		announces, arrivals = n, in
		if announces > 0 && checked > 0 {
			after++
		}
	}
	require.Positive(t, ownOut, "the window's side had units out of phase")
	require.Positive(t, otherOut, "the other side had units out of phase")
	require.Positive(t, announces, "the window wrote announcements")
	peer.answer(t, file)
	waiting = checkLimbo(t, peer, waiting, &checked)
	require.Positive(t, checked, "tables checked against the other machine's units out of phase")
	mine, err := pbem.LoadSeat(pbemHome(w.env), seat.Game.ID)
	require.NoError(t, err)
	theirs := peer.seat.Game
	n := len(mine.Game.Results)
	require.Equal(t, n, len(theirs.Results))
	assert.Equal(t, mine.Game.Results[n-1].Hash, theirs.Results[n-1].Hash, "both machines reach the same public state")
	assert.Equal(t, mine.Game.State.PublicHash(), theirs.State.PublicHash())
	t.Logf("%d rounds, now %s: %d listings of own units out of phase, %d listings of the other side's in limbo (%d checked against its machine, %d its machine has not reached yet), %d announcements by the window (%d phase-ins), %d lines of the other side's kept back",
		rounds, mine.Game.State.Clock, ownOut, otherOut, checked, len(waiting), announces, arrivals, w.secrets)
}

// limboCheck is a table that held another side's unit in limbo, to
// check once that side's machine has played to the table's clock.
type limboCheck struct {
	p     *PbemScene
	unit  rules.UnitID
	clock rules.Clock
}

// checkLimbo checks the tables whose clock the peer's machine has
// reached (its last result, or the stretch it plays next without a
// decision) against its units, and returns those still waiting.
func checkLimbo(t *testing.T, peer *pbemPeer, waiting []limboCheck, checked *int) []limboCheck {
	t.Helper()
	states := []*rules.State{peer.seat.Game.State}
	if next, err := peer.seat.Preview(); err == nil {
		states = append(states, next.Game.State)
	}
	var left []limboCheck
	for _, c := range waiting {
		done := false
		for _, st := range states {
			if st.Clock == c.clock && !done {
				requireLimboKeptBack(t, c.p, st.Unit(c.unit))
				*checked++
				done = true
			}
		}
		if !done {
			left = append(left, c)
		}
	}
	return left
}

// requireLimboKeptBack checks that the table shows nothing of another
// side's unit out of phase (IP8.32) that its own machine knows as truth:
// no unit of the view (no marker, no card), no hover text at its hex,
// and no line of the orders panel or the log that names it with where it
// drifted. The panel may name it as every side saw it phase out (its
// plot's watcher lost sight of it).
func requireLimboKeptBack(t *testing.T, p *PbemScene, truth *rules.Unit) {
	t.Helper()
	require.True(t, truth.PhasedOut, "%s is out of phase on its machine: %+v", truth.ID, truth)
	for _, o := range p.mapv.View().Units {
		require.NotEqual(t, truth.ID, o.ID, "the table's map shows %s's %s, out of phase", truth.Side, truth.ID)
	}
	for _, line := range p.mapv.Describe(truth.Hex) {
		require.False(t, mentions(line, truth), "hover text at its hex names %s, out of phase: %s", truth.ID, line)
	}
	lines := p.bodyText()
	for _, ln := range p.log.shown {
		lines = append(lines, ln.text)
	}
	at := truth.Hex.String()
	if truth.Phase != nil && truth.Phase.From == truth.Hex {
		at = "" // still where every side saw it phase out
	}
	for _, line := range lines {
		if at != "" && mentions(line, truth) {
			require.NotContains(t, line, at, "the table names %s, out of phase, with its hex", truth.ID)
		}
	}
}

// bodyText returns the words of the table's orders frame (its header,
// scrolled body and footer): its texts and its buttons' labels.
func (p *PbemScene) bodyText() []string {
	var shown []string
	var words func(c *widget.Container)
	words = func(c *widget.Container) {
		for _, ch := range c.Children() {
			switch w := ch.(type) {
			case *widget.Text:
				shown = append(shown, w.Label)
			case *widget.Button:
				if w.Text() != nil {
					shown = append(shown, w.Text().Label)
				}
			case *widget.Container:
				words(w)
			}
		}
	}
	words(p.frame.root)
	words(p.frame.body) // inside the frame's scroll container, which is no container
	return shown
}
