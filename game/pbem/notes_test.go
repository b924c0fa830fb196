package pbem

import (
	"bytes"
	"crypto/ed25519"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/rules"
)

// gameNotes are the notes the files of notesGame carry, by file (the
// first, the genesis, carries none).
var gameNotes = []string{
	1: "Your move. Nice shot on the Kestrel.",
	2: "Thanks.\nMind the Squall on your way in.",
	3: "",
	4: strings.Repeat("Ж", MaxNoteLen), // at the bound, in characters
}

// notesGame plays the first five files of the test game between two
// machines, each file carrying its note of gameNotes; the last file (the
// corsairs') is not yet opened by the hunters.
func notesGame(t *testing.T) (a, b *player, files []sent) {
	t.Helper()
	return playHomes(t, homesGame{src: testSource(t), sides: [2]rules.SideID{"corsairs", "hunters"}, seeds: [2]string{"a", "b"},
		note: func(n int) string { return gameNotes[n] }}, len(gameNotes))
}

// noteAt returns the index of the last note message of f.
func noteAt(t *testing.T, f *wire.File) int {
	t.Helper()
	for i := len(f.Messages) - 1; i >= 0; i-- {
		if f.Messages[i].Head().Kind == wire.KindNote {
			return i
		}
	}
	t.Fatal("the file holds no note")
	return -1
}

// TestNotesTravelWithTurnFiles: a note given to SendNote is the last
// message of the file, signed by its side; the other machine reads it as
// it opens the file, with the writer's side name and where the game
// stood, and keeps every note of the game in order. (The tables that
// show them are pbemcli's TestTablesShowNotes.)
func TestNotesTravelWithTurnFiles(t *testing.T) {
	a, b, files := notesGame(t)
	names := map[rules.SideID]string{"corsairs": "Corsair Band", "hunters": "Bounty Hunters"}
	// Each file ends with its note, if any, where the game stood.
	var all []string
	for n := 1; n < len(files); n++ {
		f := parse(t, files[n].Data)
		last := f.Messages[len(f.Messages)-1]
		if gameNotes[n] == "" {
			require.NotEqual(t, wire.KindNote, last.Head().Kind, "file %d", n)
			continue
		}
		note, ok := last.Body.(*wire.Note)
		require.True(t, ok, "file %d ends with a %s", n, last.Head().Kind)
		require.Equal(t, string(files[n].From), note.Side)
		require.Equal(t, gameNotes[n], note.Note)
		g, err := Replay(f)
		require.NoError(t, err)
		all = append(all, fmt.Sprintf("%s (%s): %s", names[rules.SideID(note.Side)], noteWhere(g.State.Clock), strings.ReplaceAll(gameNotes[n], "\n", "\n    ")))
	}
	lines := func(g *Game, notes []Note) []string {
		var out []string
		for _, n := range notes {
			out = append(out, g.NoteLine(n, "    "))
		}
		return out
	}
	// The hunters open the corsairs' last file: its note is new to them.
	seat, err := Open(b.home, "f4", files[4].Data, b.side)
	require.NoError(t, err)
	next, err := seat.Preview()
	require.NoError(t, err)
	tests := []struct {
		name string
		seat *Seat
		want []string
	}{
		{"opened", seat, all[2:]},
		{"its preview", next, all[2:]},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, lines(tc.seat.Game, tc.seat.NewNotes()))
			require.Equal(t, all, lines(tc.seat.Game, tc.seat.Game.Notes))
		})
	}
	// Once answered, with no note, the corsairs see no new note; the
	// hunters' still name the note of the file they answered.
	o := b.orders(t, seat)
	f, err := seat.Send(o)
	require.NoError(t, err)
	require.Equal(t, all[2:], lines(seat.Game, seat.NewNotes()))
	theirs, err := Open(a.home, "f5", f.Encode(), a.side)
	require.NoError(t, err)
	require.Empty(t, theirs.NewNotes())
	require.Equal(t, all, lines(theirs.Game, theirs.Game.Notes))
	var sides []rules.SideID
	for _, n := range theirs.Game.Notes {
		sides = append(sides, n.Side)
	}
	require.Equal(t, []rules.SideID{"hunters", "corsairs", "corsairs"}, sides)
}

// TestNotesAreRefused: a note too long, empty, not UTF-8 or with a
// control character other than the newline is refused by SendNote
// before anything is written, naming the note; a good one goes after.
// A note with nothing new to send is not written.
func TestNotesAreRefused(t *testing.T) {
	_, b, files := notesGame(t)
	_, err := Open(b.home, "f4", files[4].Data, b.side)
	require.NoError(t, err)
	before := keptFiles(t, b)
	tests := []struct {
		name, note, reason string
	}{
		{"too long", strings.Repeat("x", MaxNoteLen+1), "the note is 501 characters long; a note holds at most 500"},
		{"too long in characters", strings.Repeat("Ж", MaxNoteLen+1), "the note is 501 characters long"},
		{"a bell", "ready\a", "the note holds the control character U+0007 at character 6"},
		{"a carriage return", "one\r\ntwo", "the note holds the control character U+000D at character 4"},
		{"a tab", "a\tb", "the note holds the control character U+0009 at character 2"},
		{"an escape sequence", "\x1b[2Jgone", "the note holds the control character U+001B at character 1"},
		{"a right-to-left override", "go \u202edaer", "the note holds the control character U+202E at character 4"},
		{"blank", " \n ", "the note is empty"},
		{"not UTF-8", "caf\xe9", "the note is not UTF-8 text"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			seat, err := LoadSeat(b.home, b.game)
			require.NoError(t, err)
			_, err = seat.SendNote(b.orders(t, seat), tc.note)
			require.ErrorContains(t, err, "pbem: "+tc.reason)
			require.ErrorContains(t, err, "nothing is sent")
			require.Equal(t, before, keptFiles(t, b), "a refused note changed what the machine keeps")
		})
	}
	seat, err := LoadSeat(b.home, b.game)
	require.NoError(t, err)
	f, err := seat.SendNote(b.orders(t, seat), "Fine.\nYour move.")
	require.NoError(t, err)
	require.Equal(t, "Fine.\nYour move.", f.Messages[noteAt(t, f)].Body.(*wire.Note).Note)
	// The game now waits for the corsairs: a note alone is not sent.
	n := seat.Game.Len()
	_, err = seat.SendNote(nil, "Still there?")
	require.ErrorIs(t, err, ErrNothingNew)
	require.Equal(t, n, seat.Game.Len())
}

// withField writes f with the JSON field field added first to the body of
// message i, as no hexrift writes it.
func withField(f *wire.File, i int, field string) []byte {
	lines := bytes.Split(f.Encode(), []byte("\n"))
	lines[i+1] = bytes.Replace(lines[i+1], []byte(`{"body":{`), []byte(`{"body":{`+field+`,`), 1)
	return bytes.Join(lines, []byte("\n"))
}

// TestTamperedNotesAreRefused opens, at the hunters' machine, the
// corsairs' file that ends with a note, tampered in each way a side or
// someone between the machines could: each is refused with a message
// naming the file, the message and what is wrong, the hunters' game and
// secrets stay byte for byte, and the true file opens after. Verify
// names a changed note as it names any edit.
//
// Two checks changed with version 4: an accepted note changed and signed
// again by its side is that side's equivocation, whose proof the machine
// keeps (version 3 said only that the message differed); and a note field
// on another kind of message, or another field on a note, is no message
// of the format at all: the file is refused as it is read, by the field's
// name, before any signature is checked.
func TestTamperedNotesAreRefused(t *testing.T) {
	a, b, files := notesGame(t)
	last := files[4]
	require.Equal(t, a.side, last.From)
	corsairs := map[rules.SideID]ed25519.PrivateKey{a.side: keyOf(t, a)}
	seat, err := LoadSeat(b.home, b.game)
	require.NoError(t, err)
	local := seat.Game.Len()
	// accepted is the corsairs' note of file 2, which the hunters accepted.
	accepted := func(t *testing.T, f *wire.File) int {
		t.Helper()
		for i := range local {
			if f.Messages[i].Head().Kind == wire.KindNote && f.Messages[i].Head().Side == string(a.side) {
				return i
			}
		}
		t.Fatal("no note of the corsairs accepted")
		return -1
	}
	resigned := func(change func(t *testing.T, f *wire.File) int) func(t *testing.T) []byte {
		return func(t *testing.T) []byte {
			f := parse(t, last.Data)
			i := change(t, f)
			rechain(t, f, i, corsairs)
			return f.Encode()
		}
	}
	lastNote := func(text string) func(t *testing.T) []byte {
		return resigned(func(t *testing.T, f *wire.File) int {
			i := noteAt(t, f)
			edit(t, f, i, func(n *wire.Note) { n.Note = text })
			return i
		})
	}
	tests := []struct {
		name   string
		data   func(t *testing.T) []byte
		reason string
		// equivocation is set when the file proves the corsairs signed
		// two messages at one place.
		equivocation bool
	}{
		{"changed note, by someone between the machines", func(t *testing.T) []byte {
			f := parse(t, last.Data)
			edit(t, f, noteAt(t, f), func(n *wire.Note) { n.Note = "I resign." })
			return f.Encode()
		}, "(corsairs's note): the signature is not corsairs's: the message was edited or forged", false},
		{"accepted note changed, signed again by its side", resigned(func(t *testing.T, f *wire.File) int {
			i := accepted(t, f)
			edit(t, f, i, func(n *wire.Note) { n.Note = "Thanks. Mind the mines." })
			return i
		}), "corsairs signed two different messages at place", true},
		{"accepted note left out", resigned(func(t *testing.T, f *wire.File) int {
			i := accepted(t, f)
			f.Messages = append(f.Messages[:i], f.Messages[i+1:]...)
			return i
		}), "differs from the one this machine accepted", false},
		{"too long, signed by its side", lastNote(strings.Repeat("x", MaxNoteLen+1)), "(corsairs's note): field note is 501 characters long; a note holds at most 500", false},
		{"a control character, signed by its side", lastNote("gg\x07"), "(corsairs's note): field note holds the control character U+0007 at character 3", false},
		{"an empty note, signed by its side", lastNote(""), "(corsairs's note): field note is empty", false},
		{"a note on a commitment", func(t *testing.T) []byte {
			f := parse(t, last.Data)
			return withField(f, index(t, f, local, wire.KindCommit), `"note":"sealed, promise"`)
		}, "field note is no field of a commit message", false},
		{"a note carrying more", func(t *testing.T) []byte {
			f := parse(t, last.Data)
			return withField(f, noteAt(t, f), `"commit":"`+strings.Repeat("00", 32)+`"`)
		}, "field commit is no field of a note message", false},
		{"a note of the machine's own side", func(t *testing.T) []byte {
			f := parse(t, last.Data)
			m, err := wire.New(&wire.Note{Header: wire.Header{Kind: wire.KindNote, Side: string(b.side)}, Note: "I resign."})
			require.NoError(t, err)
			f.Messages = append(f.Messages, m)
			rechain(t, f, len(f.Messages)-1, corsairs)
			return f.Encode()
		}, "claims to be from this machine's side, hunters, which never wrote it", false},
	}
	before := keptFiles(t, b)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Open(b.home, "bad.pbem", tc.data(t), b.side)
			require.Error(t, err)
			require.Contains(t, err.Error(), tc.reason)
			var e *Equivocation
			require.Equal(t, tc.equivocation, errors.As(err, &e), "%v", err)
			if tc.equivocation {
				require.Equal(t, string(a.side), e.Side)
				require.Contains(t, b.home.Equivocations(b.game), e.Proof, "the proof is kept")
			} else {
				require.Contains(t, err.Error(), "pbem: bad.pbem")
			}
			require.Equal(t, before, keptFiles(t, b), "the bad file changed what the machine keeps")
		})
	}
	t.Run("verify", func(t *testing.T) {
		f := parse(t, last.Data)
		i := accepted(t, f)
		edit(t, f, i, func(n *wire.Note) { n.Note = "Thanks. Mind the mines." })
		_, err := Verify("tampered.pbem", f.Encode())
		var c *Cheat
		require.ErrorAs(t, err, &c)
		require.Equal(t, i, c.Seq)
		require.ErrorContains(t, err, "pbem: tampered.pbem refused: message "+fmt.Sprint(i)+" (corsairs's note): the signature is not corsairs's")
	})
	_, err = Open(b.home, "good.pbem", last.Data, b.side)
	require.NoError(t, err, "the true file opens after the bad ones")
}

// TestNotesLeaveTheGameAlone plays the test game to its end with a note
// in every third file: without their notes its files hold the messages
// of the game played without notes (the same commitments, reveals,
// results and state hashes, the dice keys), and Verify passes, counting
// the notes.
func TestNotesLeaveTheGameAlone(t *testing.T) {
	_, _, plain := playWhole(t)
	_, _, files := playHomes(t, homesGame{src: testSource(t), sides: [2]rules.SideID{"corsairs", "hunters"}, seeds: [2]string{"a", "b"},
		note: func(n int) string {
			if n%3 == 0 {
				return fmt.Sprintf("file %d: your move", n)
			}
			return ""
		}}, 1000)
	require.Len(t, files, len(plain))
	for n := range files {
		f := parse(t, files[n].Data)
		var kept []wire.Body
		for _, m := range f.Messages {
			if m.Head().Kind != wire.KindNote {
				kept = append(kept, m.Body)
			}
		}
		// Without its notes each file holds the plain game's messages,
		// their content alike (the chain and signatures differ).
		want := parse(t, plain[n].Data).Messages
		require.Len(t, kept, len(want), "file %d", n)
		for i := range kept {
			h, w := kept[i].Head(), want[i].Head()
			h.Seq, h.Prev = w.Seq, w.Prev
			require.Equal(t, want[i].Body, kept[i], "file %d message %d", n, i)
		}
	}
	last := files[len(files)-1].Data
	g, err := Replay(parse(t, last))
	require.NoError(t, err)
	require.Len(t, g.Notes, (len(files)-1)/3)
	rep, err := Verify("last", last)
	require.NoError(t, err)
	require.Contains(t, rep, fmt.Sprintf(" messages (%d of them notes), every signature", len(g.Notes)))
	t.Logf("%d files, %d notes in the last: %s", len(files), len(g.Notes), rep)
}
