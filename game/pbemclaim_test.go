package game

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/pbem"
	"github.com/hexrift/hexrift/game/pbem/wire"
)

// sized lays the window out at w x h and draws it there from now on.
func (w *pbemWindow) sized(width, height int) {
	w.app.Layout(width, height)
	w.screen = ebiten.NewImage(width, height)
	w.ticks(2)
}

// snapSizes keeps a screenshot of the window at 1280x800 and at the
// smallest window, 960x600, and lays it out at 1280x800 again.
func (w *pbemWindow) snapSizes(name string) {
	w.t.Helper()
	w.sized(1280, 800)
	w.snap(name + "-1280")
	w.sized(MinWindowWidth, MinWindowHeight)
	w.snap(name + "-960")
	w.sized(1280, 800)
}

// A table that waits for another side says whom and since which message,
// and offers to claim the game: its key asks first what a claim does, the
// back key keeps waiting (the table stays), and the commit key, asked,
// writes the claim at the table's clock and the turn file to send, as
// the table writes its other files. The game is then settled: its table
// says by whose claim and who forfeits, with how the sides stood, offers
// no claim again, and waits for the other side's dice key; the other
// machine accepts the claim and sends its key, and the game checks end
// to end, settled by the claim.
func TestPbemWindowClaimsAGame(t *testing.T) {
	requireDisplay(t)
	peer, _, first := peerStarts(t)
	w := newPbemWindow(t, func(env *Env) Scene { return NewPbemFilesScene(env) })
	w.open(first, "corsairs")
	w.play(0)
	p := w.table()
	require.Equal(t, pbemSent, p.stage)
	side, what, since, ok := p.seat.Game.Stall()
	require.True(t, ok)
	require.Equal(t, "hunters", string(side))
	require.Equal(t, "commit", what)
	stall := bodyText(p, "owes its commit since message")
	require.NotNil(t, stall, "the table says whom the game waits for: %q", p.bodyText())
	assert.Equal(t, "Bounty Hunters owes its commit since message 2. If it never comes, you may claim the game: Bounty Hunters forfeits it.", stall.Label)
	assert.Equal(t, 2, since)
	k, ok := p.keys.Key(intentClaim)
	require.True(t, ok)
	ask := panelButton(p.frame.body, "Claim the game")
	require.NotNil(t, ask)
	assert.Contains(t, ask.Text().Label, keyName(k), "the button names its key")
	assert.True(t, ask.GetWidget().IsVisible())
	assert.False(t, p.claim.box.GetWidget().IsVisible(), "nothing is asked yet")
	i := slices.IndexFunc(pbemKeys.Bindings, func(b Binding) bool { return b.Intent == intentClaim })
	assert.Contains(t, p.mapv.ExtraHelp, [2]string{keyName(k), pbemKeys.Bindings[i].Help}, "the F1 help lists the claim's key")
	w.snapSizes("claim-offered")

	// The key asks; the back key keeps waiting, at the table.
	before := treeBytes(t, pbemHome(w.env).Dir)
	w.script.intend(t, pbemKeys, intentClaim)
	w.tick()
	require.True(t, p.claim.asking)
	assert.False(t, ask.GetWidget().IsVisible())
	assert.True(t, p.claim.box.GetWidget().IsVisible())
	assert.Contains(t, p.claim.why.Label, "Claim the game from Bounty Hunters? Your machine signs that Bounty Hunters has withheld its sealed orders since message 2")
	assert.Contains(t, p.claim.why.Label, "That ends the game: Bounty Hunters forfeits it")
	assert.Contains(t, p.claim.confirm.Text().Label, "Claim: Bounty Hunters forfeits")
	w.snapSizes("claim-asked")
	w.script.intend(t, pbemKeys, intentBack)
	w.tick()
	require.Same(t, p, w.app.Scene(), "the back key keeps waiting at the table")
	assert.False(t, p.claim.asking)
	assert.True(t, ask.GetWidget().IsVisible())
	assert.Equal(t, before, treeBytes(t, pbemHome(w.env).Dir), "asking writes nothing")

	// Asked again, the commit key claims, at the table's clock.
	at := time.Date(2026, 12, 14, 9, 30, 45, 0, time.UTC)
	p.now = func() time.Time { return at }
	w.script.intend(t, pbemKeys, intentClaim)
	w.tick()
	w.script.intend(t, orderKeys, intentCommit)
	w.tick()
	w.tick()
	c := w.table()
	require.NotSame(t, p, c)
	require.Equal(t, pbemSent, c.stage, c.problem.Label)
	assert.Equal(t, filepath.Join(pbemOutbox(pbemHome(w.env)), c.seat.TurnFileName()), c.wrote)
	f, err := pbem.ParseFile(c.wrote, []byte(mustRead(t, c.wrote)))
	require.NoError(t, err)
	n := len(f.Messages)
	require.Equal(t, 5, n)
	cl, ok := f.Messages[3].Body.(*wire.Claim)
	require.True(t, ok, "the file carries the claim")
	assert.Equal(t, wire.Claim{Header: cl.Header, Against: "hunters", Owes: "commit", Since: 2, At: "2026-12-14T09:30:45Z"}, *cl)
	assert.Equal(t, "corsairs", cl.Side)
	_, ok = f.Messages[4].Body.(*wire.Key)
	assert.True(t, ok, "and the window's dice key: the game is over")
	head := strings.Join(c.standing(), "\n")
	assert.Contains(t, head, "The game is over, settled by Corsair Band's claim (message 3, written 2026-12-14 09:30 UTC): Bounty Hunters withheld its commit since message 2 and forfeits the game.")
	assert.Contains(t, head, "As it stood when it was claimed: ")
	assert.NotContains(t, head, "The game stopped")
	assert.Contains(t, strings.Join(c.bodyText(), "\n"), "Bounty Hunters sends its dice key")
	assert.False(t, c.claimable(), "a settled game offers no claim")
	assert.False(t, c.claim.ask.GetWidget().IsVisible())
	assert.Equal(t, "Bounty Hunters owes its key since message 4.", c.claim.stall.Label)
	w.script.intend(t, pbemKeys, intentClaim)
	w.tick()
	assert.False(t, c.claim.asking, "the claim key asks nothing of a settled game")
	w.snapSizes("claim-settled")
	s := w.files()
	require.Len(t, s.games, 1)
	assert.Contains(t, s.games[0].Label, " · waits for Bounty Hunters · settled by Corsair Band's claim")

	// The other machine takes the claim and sends its dice key; the
	// window's table of the finished game still says how it was settled,
	// and the whole game checks.
	answer := peer.answer(t, c.wrote)
	require.NotNil(t, peer.seat.Game.Claim)
	assert.True(t, peer.seat.Game.Finished())
	w.open(answer, "")
	d := w.table()
	require.Equal(t, pbemWaiting, d.stage)
	require.True(t, d.next.Game.Finished())
	assert.Contains(t, strings.Join(d.standing(), "\n"), "settled by Corsair Band's claim")
	assert.Nil(t, bodyText(d, "owes its"), "a finished game waits for nobody")
	d.verify()
	require.Empty(t, d.problem.Label)
	assert.Contains(t, d.report.Label, "verified")
	assert.Contains(t, d.report.Label, "settled by Corsair Band's claim")
	w.tick()
	w.snapSizes("claim-finished")
}

// A claim the window cannot send (its folder of turn files is taken by a
// file) is kept on the machine and said so at the table, which offers to
// write its turn file again; once the folder can be made the file is
// written: the claim is not lost, nor written twice.
func TestPbemWindowKeepsAClaimItCannotWrite(t *testing.T) {
	requireDisplay(t)
	_, _, first := peerStarts(t)
	w := newPbemWindow(t, func(env *Env) Scene { return NewPbemFilesScene(env) })
	w.open(first, "corsairs")
	w.play(0)
	p := w.table()
	p.now = func() time.Time { return testTime }
	outbox := pbemOutbox(pbemHome(w.env))
	require.NoError(t, os.RemoveAll(outbox))
	require.NoError(t, os.WriteFile(outbox, []byte("in the way"), 0o644))
	w.script.intend(t, pbemKeys, intentClaim)
	w.tick()
	w.script.intend(t, orderKeys, intentCommit)
	w.tick()
	require.Same(t, p, w.app.Scene(), "the table stays")
	require.NotEmpty(t, p.problem.Label, "the table says why no file was written")
	require.NotNil(t, p.seat.Game.Claim, "the claim is kept")
	kept, err := pbem.LoadSeat(pbemHome(w.env), p.seat.Game.ID)
	require.NoError(t, err)
	require.NotNil(t, kept.Game.Claim, "the claim is kept on the machine")
	assert.Contains(t, p.claim.confirm.Text().Label, "Write the claim's turn file")
	require.NoError(t, os.Remove(outbox))
	w.script.intend(t, orderKeys, intentCommit)
	w.tick()
	w.tick()
	c := w.table()
	require.Equal(t, pbemSent, c.stage, c.problem.Label)
	f, err := pbem.ParseFile(c.wrote, []byte(mustRead(t, c.wrote)))
	require.NoError(t, err)
	var kinds []string
	for _, m := range f.Messages {
		kinds = append(kinds, m.Head().Kind)
	}
	assert.Equal(t, []string{wire.KindGenesis, wire.KindJoin, wire.KindCommit, wire.KindClaim, wire.KindKey}, kinds, "one claim, with the window's dice key")
}
