package game

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/pbem"
	"github.com/hexrift/hexrift/game/pbem/wire"
)

// arrive writes a turn file into dir as a shared folder or a mail
// program would, with its own modification time.
func arrive(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(path, data, 0o644))
	return path
}

// fileEntry returns the entry of the files screen's list for path.
func fileEntry(t *testing.T, s *PbemFilesScene, path string) *pbemFileEntry {
	t.Helper()
	i := slices.IndexFunc(s.files, func(e pbemFileEntry) bool { return e.Path == path })
	require.GreaterOrEqual(t, i, 0, "%s is listed", path)
	return &s.files[i]
}

// The play-by-file screen notices turn files as they arrive in the
// folders it lists: looking at the folders every pbemWatchTicks ticks, it
// lists a new file (marked new) and a file written again anew, reading
// only those, keeps the file chosen chosen, and reads nothing and
// changes nothing while nothing changed.
func TestPbemFilesScreenNoticesArrivals(t *testing.T) {
	requireDisplay(t)
	peer, _, first := peerStarts(t)
	w := newPbemWindow(t, func(env *Env) Scene { return NewPbemFilesScene(env) })
	w.open(first, "corsairs")
	own := w.play(0)
	answer := peer.answer(t, own)
	s := w.files()
	require.Len(t, s.files, 1, "the window's own file is listed")
	assert.Contains(t, s.files[0].Label, "· nothing new")
	s.fileList.SetSelectedEntry(&s.files[0])
	w.tick()
	require.Equal(t, own, s.path.GetText(), "the file chosen")
	s.path.SetText("typed/by/hand.pbem")
	reads, entries := s.heads.reads, s.fileList.Entries()

	w.ticks(3 * pbemWatchTicks)
	assert.Equal(t, reads, s.heads.reads, "nothing changed: no file is read again")
	assert.Equal(t, entries, s.fileList.Entries(), "nothing changed: the list is as it was")
	var _ stirrer = s // a window at rest goes on looking
	assert.Zero(t, s.made, "nothing changed: a resting window may rest")

	in := w.env.pbemSearch[0]
	got := arrive(t, in, filepath.Base(answer), []byte(mustRead(t, answer)))
	cases := []struct {
		name  string
		write func()
		want  string
		reads int
	}{
		{"a new file", func() {}, "· new", 1},
		{"written again", func() {
			require.NoError(t, os.WriteFile(got, []byte(mustRead(t, first)), 0o644))
			require.NoError(t, os.Chtimes(got, testTime, testTime))
		}, "· nothing new", 1},
		{"no longer a turn file", func() { require.NoError(t, os.WriteFile(got, []byte("see you on Tuesday\n"), 0o644)) }, "· not a turn file", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			reads, made := s.heads.reads, s.made
			c.write()
			w.ticks(pbemWatchTicks)
			require.Len(t, s.files, 2)
			assert.Contains(t, fileEntry(t, s, got).Label, c.want)
			assert.Equal(t, reads+c.reads, s.heads.reads, "only the file that changed is read")
			mine := fileEntry(t, s, own)
			assert.Same(t, mine, s.fileList.SelectedEntry(), "the file chosen stays chosen")
			assert.Same(t, mine, s.file)
			assert.Equal(t, "typed/by/hand.pbem", s.path.GetText(), "the path typed stays")
			assert.Equal(t, made+1, s.made, "the list changed: a resting window draws it")
			w.snap("files-arrival-" + c.name)
		})
	}

	require.NoError(t, os.Remove(got))
	w.ticks(pbemWatchTicks)
	require.Len(t, s.files, 1, "a file gone is no longer listed")
	got = arrive(t, in, filepath.Base(answer), []byte(mustRead(t, answer)))
	w.ticks(pbemWatchTicks)
	s.fileList.SetSelectedEntry(fileEntry(t, s, got))
	w.tick()
	require.Equal(t, got, s.path.GetText())
	s.openFile()
	require.Empty(t, s.problem.Label)
	w.tick()
	w.tick()
	assert.NotContains(t, []pbemStage{pbemSent, pbemWaiting}, w.table().stage, "the file that arrived opens, and the table asks for orders")
}

// bodyText returns the text of the table's frame body that contains s,
// or nil.
func bodyText(p *PbemScene, s string) *widget.Text {
	return findWidget(p.frame.body, func(w *widget.Text) bool { return strings.Contains(w.Label, s) })
}

// A table that waits for the other side notices the other side's turn
// file as it arrives in the folders the window looks at: it names the
// side and the file, and Open it opens it as the files screen would (a
// refusal said as there). An older file of the game, a file of another
// game, one that is no turn file, and the window's own, are passed over;
// the frame is built again only when what arrived changes.
func TestPbemTableNoticesArrivals(t *testing.T) {
	requireDisplay(t)
	peer, _, first := peerStarts(t)
	w := newPbemWindow(t, func(env *Env) Scene { return NewPbemFilesScene(env) })
	w.open(first, "corsairs")
	own := w.play(0)
	p := w.table()
	require.Equal(t, pbemSent, p.stage)
	answer := peer.answer(t, own)
	in := w.env.pbemSearch[0]

	other := newPbemPeer(t, "hunters")
	other.home.Rand = pbemRand(3)
	seat, err := pbem.NewGame(other.home, pbemSource(t), "hunters", testTime)
	require.NoError(t, err)
	require.NotEqual(t, p.seat.Game.ID, seat.Game.ID)
	otherFirst := seat.Game.File().Encode()
	body := p.frame.body.Children()[0]
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"stale", []byte(mustRead(t, first))},
		{"the window's own", []byte(mustRead(t, own))},
		{"another game", otherFirst},
		{"not a turn file", []byte("see you on Tuesday\n")},
	} {
		t.Run(c.name, func(t *testing.T) {
			arrive(t, in, strings.ReplaceAll(c.name, " ", "-")+".pbem", c.data)
			w.ticks(pbemWatchTicks)
			assert.Nil(t, p.arrived)
			assert.Nil(t, bodyText(p, "has arrived"))
			assert.Same(t, body, p.frame.body.Children()[0], "nothing arrived: the frame is not built again")
			assert.Zero(t, p.made, "nothing arrived: a resting window may rest")
		})
	}

	// An answer edited on the way parses, holds more than the machine
	// accepted, and is refused when opened.
	f, err := pbem.ParseFile(answer, []byte(mustRead(t, answer)))
	require.NoError(t, err)
	last := f.Messages[len(f.Messages)-1]
	last.Sig = make(wire.Hex, len(last.Sig))
	edited := f.Encode()
	bad := arrive(t, in, "edited.pbem", edited)
	w.ticks(pbemWatchTicks)
	require.NotNil(t, p.arrived)
	require.NotNil(t, bodyText(p, "A turn file from Bounty Hunters has arrived: edited.pbem"))
	var _ stirrer = p // a window at rest goes on looking
	assert.Equal(t, 1, p.made, "a file arrived: a resting window draws it")
	before := treeBytes(t, pbemHome(w.env).Dir)
	panelClick(t, p.frame.body, "Open it")
	w.tick()
	require.Same(t, p, w.app.Scene(), "a refused file opens no table")
	assert.Contains(t, p.problem.Label, "Refused, and nothing of your games changed: ")
	assert.Contains(t, p.problem.Label, "edited or forged")
	assert.Equal(t, before, treeBytes(t, pbemHome(w.env).Dir), "the machine's games are as they were")

	require.NoError(t, os.Remove(bad))
	got := arrive(t, in, filepath.Base(answer), []byte(mustRead(t, answer)))
	w.ticks(pbemWatchTicks)
	require.NotNil(t, p.arrived)
	line := bodyText(p, "has arrived")
	require.NotNil(t, line)
	assert.Equal(t, "A turn file from Bounty Hunters has arrived: "+filepath.Base(got), line.Label)
	btn := panelButton(p.frame.body, "Open it")
	require.NotNil(t, btn)
	k, ok := p.keys.Key(intentOpenArrival)
	require.True(t, ok)
	assert.Contains(t, btn.Text().Label, keyName(k), "the button names its key")
	w.snap("table-arrival")
	arrive(t, in, "stale-again.pbem", []byte(mustRead(t, first)))
	w.ticks(2 * pbemWatchTicks)
	assert.Same(t, line, bodyText(p, "has arrived"), "the same file arrived: the frame is not built again")

	panelClick(t, p.frame.body, "Open it")
	w.tick()
	w.tick()
	next := w.table()
	require.NotSame(t, p, next)
	assert.NotContains(t, []pbemStage{pbemSent, pbemWaiting}, next.stage, "the answer opened, and the table asks for the next orders")
	assert.Nil(t, bodyText(next, "has arrived"))
}
