package game

import (
	"crypto/ed25519"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/game/pbem"
	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/rules"
)

// copyTree copies the folder from into to, file by file.
func copyTree(t *testing.T, from, to string) {
	t.Helper()
	require.NoError(t, filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o700)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), b, 0o600)
	}))
}

// The other side's machine, copied before it answered, answers the
// window's file twice, each time with its own nonce: two commitments
// signed by one side at one place of the log. The window accepts the
// first; the second is refused as the side's equivocation, saying which
// side signed two messages at which place and where the proof is kept,
// and nothing else of the machine's games changes. The game's table then
// lists the proof kept.
func TestPbemWindowRefusesAnEquivocation(t *testing.T) {
	requireDisplay(t)
	peer, _, first := peerStarts(t)
	w := newPbemWindow(t, func(env *Env) Scene { return NewPbemFilesScene(env) })
	w.open(first, "corsairs")
	own := w.play(0)
	twin := &pbemPeer{home: pbem.Home{Dir: t.TempDir(), Rand: pbemRand(9)}, side: peer.side, dir: t.TempDir(),
		ctrl: match.NewController(match.Seat{Side: peer.side, Kind: match.SeatComputer, Level: "normal"}, 2)}
	copyTree(t, peer.home.Dir, twin.home.Dir)
	answer := peer.answer(t, own)
	other := twin.answer(t, own)
	w.open(answer, "")
	p := w.table()
	id := p.seat.Game.ID
	assert.Empty(t, p.proofs.Label, "no proof is kept yet")
	home := pbemHome(w.env)
	before := treeBytes(t, home.Dir)

	s := w.files()
	s.path.SetText(other)
	s.inspect(other)
	assert.Contains(t, s.fileInfo.Label, "Its message 3 differs from the one this machine accepted: Open file says why it is refused.")
	s.openFile()
	w.tick()
	w.tick()
	require.Same(t, s, w.app.Scene(), "a refused file opens no table")
	proofs := home.Equivocations(id)
	require.Len(t, proofs, 1, "the proof is kept in the game's folder")
	assert.Equal(t, filepath.Join(home.GameDir(id), "equivocation-hunters-3.json"), proofs[0])
	assert.Equal(t, "Refused: Bounty Hunters signed two different messages at place 3 of game "+id+"'s log, the one your machine accepted and the one this file holds. Both carry its signature: only its machine can have written them, so it sent different files for one turn. Both are kept as proof in "+proofs[0]+"; nothing else of your games changed.", s.problem.Label)
	w.snap("equivocation-refused")
	after := treeBytes(t, home.Dir)
	var proof struct{ Game, Side, Kept, Got string }
	require.NoError(t, json.Unmarshal([]byte(after[proofs[0]]), &proof))
	assert.Equal(t, id, proof.Game)
	assert.Equal(t, "hunters", proof.Side)
	assert.NotEqual(t, proof.Kept, proof.Got, "the proof holds both messages")
	delete(after, proofs[0])
	assert.Equal(t, before, after, "nothing else of the machine's games changed")

	// The game's table lists the proof kept.
	s.gameList.SetSelectedEntry(&s.games[0])
	s.openGame()
	w.tick()
	w.tick()
	p = w.table()
	require.NotEmpty(t, p.proofs.Label)
	line := bodyText(p, "keeps proof that another side signed two different messages")
	require.NotNil(t, line, "the table lists the proof: %q", p.bodyText())
	assert.Same(t, p.proofs, p.frame.body.Children()[0], "first, above the panel")
	assert.Contains(t, line.Label, "\nBounty Hunters at place 3:\n")
	assert.Contains(t, strings.ReplaceAll(line.Label, "\n", ""), proofs[0])
	w.snapSizes("equivocation-table")
}

// poisoned returns orders whose every ship flies waypoints it claims to
// have flown minus one through: orders the rules fail on once a ship
// moves by them (a bug of game/plot's, which takes the count as it is:
// course.go slices the waypoints from it). When that is fixed, this test
// needs other orders that make hexrift fail, or none.
func poisoned(o *pbem.Orders) {
	for i := range o.Plot.Ships {
		o.Plot.Ships[i].Course = plot.Course{Kind: plot.Waypoints, Hexes: []rules.Hex{{Q: 1, R: 1}}, Reached: plot.Progress{Now: -1}}
	}
}

// The other side reveals orders that make hexrift fail once the stretch
// is played: its file opens (nothing is played before the window's own
// reveal, the last), and the window, as it writes its reveal, plays the
// stretch and fails. It survives: the play-by-file screen says the table
// cannot be shown and why (the message that made hexrift fail, refused),
// the machine keeps the game as it accepted it, without the reveal it
// could not play, and the screen goes on. A file carrying that reveal,
// signed with the window's key, is refused by the check and by a
// machine new to the game as any refused file is, naming the message
// that made hexrift fail.
func TestPbemWindowSurvivesOrdersThatMakeItFail(t *testing.T) {
	requireDisplay(t)
	peer, _, first := peerStarts(t)
	w := newPbemWindow(t, func(env *Env) Scene { return NewPbemFilesScene(env) })
	w.open(first, "corsairs")
	file := w.play(0)
	home := pbemHome(w.env)
	var fails *PbemFilesScene
	var bad string
	for round := 1; round <= 10 && fails == nil; round++ {
		data, err := pbem.ReadTurnFile(file)
		require.NoError(t, err)
		seat, err := pbem.Open(peer.home, file, data, peer.side)
		require.NoError(t, err)
		next, err := seat.Preview()
		require.NoError(t, err)
		var o *pbem.Orders
		if next.MustCommit() {
			o = &pbem.Orders{Plot: next.Propose()}
			poisoned(o)
			if kind, legal := next.Decision(); kind != "" {
				c := peer.ctrl.Decide(next.Game.State.View(peer.side), legal)
				o.Command = &c
			}
		}
		_, err = seat.Send(o)
		require.NoError(t, err, "the other machine plays nothing of the stretch before the window reveals")
		bad = filepath.Join(peer.dir, seat.TurnFileName())
		require.NoError(t, seat.WriteTurn(bad))
		s := w.files()
		s.path.SetText(bad)
		s.inspect(bad)
		s.openFile()
		w.tick()
		w.tick()
		if fs, ok := w.app.Scene().(*PbemFilesScene); ok {
			fails = fs
			break
		}
		file = w.play(round)
	}
	require.NotNil(t, fails, "the poisoned orders never made hexrift fail")
	f, err := pbem.ParseFile(bad, []byte(mustRead(t, bad)))
	require.NoError(t, err)
	id := f.Game
	n := len(f.Messages)
	assert.Regexp(t, `^The table of game `+id+` cannot be shown: pbem: message `+strconv.Itoa(n)+` \(corsairs's reveal of round \d+\): playing it made hexrift fail \(.*course\.go:\d+\): the message is refused and nothing of the game changed$`, fails.problem.Label)
	w.tick()
	w.snap("made-hexrift-fail")
	kept, err := pbem.LoadSeat(home, id)
	require.NoError(t, err)
	assert.Equal(t, n, kept.Game.Len(), "the machine keeps the game as it accepted it, without its reveal")
	// The screen goes on: the table asked again says the same.
	fails.gameList.SetSelectedEntry(&fails.games[0])
	fails.openGame()
	w.tick()
	w.tick()
	again, ok := w.app.Scene().(*PbemFilesScene)
	require.True(t, ok, "the table still cannot be shown, and the window is still up")
	assert.Equal(t, fails.problem.Label, again.problem.Label)

	// The window's reveal, signed with its key, on the end of that file.
	var sec struct {
		Key    wire.Hex `json:"key"`
		Rounds map[int]struct {
			Orders []byte   `json:"orders"`
			Nonce  wire.Hex `json:"nonce"`
		} `json:"rounds"`
	}
	require.NoError(t, json.Unmarshal([]byte(mustRead(t, filepath.Join(home.GameDir(id), "secret.json"))), &sec))
	r := kept.Game.Round
	m, err := wire.New(&wire.Reveal{Header: wire.Header{Kind: wire.KindReveal, Seq: n, Side: "corsairs", Prev: f.Messages[n-1].Hash()},
		Round: r, Orders: sec.Rounds[r].Orders, Nonce: sec.Rounds[r].Nonce})
	require.NoError(t, err)
	m.Sign(ed25519.NewKeyFromSeed(sec.Key))
	f.Messages = append(f.Messages, m)
	forged := filepath.Join(t.TempDir(), "forged.pbem")
	require.NoError(t, os.WriteFile(forged, f.Encode(), 0o644))
	want := "message " + strconv.Itoa(n) + " (corsairs's reveal of round " + strconv.Itoa(r) + "): playing it made hexrift fail ("

	again.path.SetText(forged)
	again.checkFile()
	assert.Contains(t, again.fileInfo.Label, "The check refuses it: ")
	assert.Contains(t, again.fileInfo.Label, want)

	fresh := newPbemWindow(t, func(env *Env) Scene { return NewPbemFilesScene(env) })
	s := fresh.files()
	require.NoError(t, os.MkdirAll(pbemHome(fresh.env).Dir, 0o700))
	before := treeBytes(t, pbemHome(fresh.env).Dir)
	s.path.SetText(forged)
	s.inspect(forged)
	s.openFile()
	fresh.tick()
	fresh.tick()
	require.Same(t, s, fresh.app.Scene(), "a refused file opens no table")
	assert.Contains(t, s.problem.Label, "Refused, and nothing of your games changed: pbem: ")
	assert.Contains(t, s.problem.Label, "forged.pbem refused: "+want)
	assert.Equal(t, before, treeBytes(t, pbemHome(fresh.env).Dir))
	fresh.snap("made-hexrift-fail-refused")
}
