package game

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/game/pbem"
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
