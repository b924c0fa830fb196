package game

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/pbem"
)

// noteLines are a seat's notes as the table words them.
func noteLines(seat *pbem.Seat, notes []pbem.Note) []string {
	var out []string
	for _, n := range notes {
		out = append(out, seat.Game.NoteLine(n, ""))
	}
	return out
}

// A note typed into the table's note field travels in the window's turn
// file to the other machine, which reads it with the side's name; the
// other side's note comes back in the table's header, and the window's
// own does not. While the field has the keyboard, the table's keys do
// not fire (the commit key writes nothing, the replay key replays
// nothing, the back key leaves the field, not the table); a note the rules of notes refuse is named and nothing
// is written; the field holds no more than a note may.
func TestPbemWindowCarriesNotes(t *testing.T) {
	requireDisplay(t)
	peer, _, first := peerStarts(t)
	w := newPbemWindow(t, func(env *Env) Scene { return NewPbemFilesScene(env) })
	w.open(first, "corsairs")
	p := w.table()
	require.True(t, p.writes(), "the first table asks for the window's file: %s", p.stage)
	require.True(t, slices.ContainsFunc(p.frame.footer.Children(), func(c widget.PreferredSizeLocateableWidget) bool { return c == p.note }), "the note field is in the footer")
	outbox := pbemOutbox(pbemHome(w.env))
	written := func() int {
		ents, _ := os.ReadDir(outbox)
		return len(ents)
	}
	const mine = "Your move. Nice shot on the Kestrel."
	keys := []struct {
		name    string
		press   func()
		focused bool
	}{
		{"commit", func() { w.script.intend(t, orderKeys, intentCommit) }, true},
		{"back", func() { w.script.intend(t, pbemKeys, intentBack) }, false},
	}
	for _, k := range keys {
		t.Run("typing/"+k.name, func(t *testing.T) {
			p.note.Focus(true)
			p.note.SetText(mine)
			k.press()
			w.tick()
			w.tick()
			require.Same(t, p, w.app.Scene(), "the table is still on screen")
			assert.Equal(t, 0, written(), "no turn file written")
			assert.Equal(t, k.focused, p.note.IsFocused())
			assert.Equal(t, mine, p.note.GetText())
		})
	}
	p.note.Focus(false)
	// The field refuses more than a note may hold.
	p.note.SetText(mine + strings.Repeat("!", pbem.MaxNoteLen))
	w.tick()
	assert.Equal(t, mine, p.note.GetText(), "the field keeps to %d characters", pbem.MaxNoteLen)
	// A bell, pasted: refused by name, nothing written, the note kept.
	p.note.SetText(mine + "\a")
	w.script.intend(t, orderKeys, intentCommit)
	w.tick()
	w.tick()
	require.Same(t, p, w.app.Scene())
	assert.Contains(t, p.problem.Label, "the note holds the control character U+0007")
	assert.Equal(t, 0, written())
	assert.Equal(t, mine+"\a", p.note.GetText())
	p.problem.Label = ""
	p.note.SetText(mine)
	w.snap("note-typed")
	file := w.play(0)
	// The other machine reads it, with the window's side by name.
	peer.note = "Thanks. Mind the Squall."
	answer := peer.answer(t, file)
	require.Len(t, peer.seat.NewNotes(), 1)
	line := noteLines(peer.seat, peer.seat.NewNotes())[0]
	assert.True(t, strings.HasPrefix(line, "Corsair Band (turn 1, "), line)
	assert.True(t, strings.HasSuffix(line, "): "+mine), line)
	// Its note comes back in the table's header.
	w.open(answer, "")
	p = w.table()
	w.snap("note-received")
	header := strings.Join(p.standing(), "\n")
	assert.Contains(t, header, "Note from Bounty Hunters (turn 1, ")
	assert.Contains(t, header, "): Thanks. Mind the Squall.")
	assert.NotContains(t, header, "Kestrel", "the window's own note is not news to it")
	assert.Empty(t, p.note.GetText(), "a new table starts with no note")
	// With a stretch played, the replay key replays it, but not while
	// the note has the keyboard.
	require.NotEmpty(t, p.next.Game.Results)
	p.note.Focus(true)
	w.script.intend(t, pbemKeys, intentRecap)
	w.tick()
	assert.Nil(t, p.recap, "typing R in the note replays nothing")
	p.note.Focus(false)
	w.script.intend(t, pbemKeys, intentRecap)
	w.tick()
	require.NotNil(t, p.recap, "the replay key replays the last stretch")
	w.script.intend(t, recapKeys, intentCloseRecap)
	w.tick()
	require.Nil(t, p.recap)
	require.Same(t, p, w.app.Scene())
	// A file with no note brings none.
	w.open(peer.answer(t, w.play(1)), "")
	assert.Empty(t, peer.seat.NewNotes())
	assert.Len(t, peer.seat.Game.Notes, 2)
}
