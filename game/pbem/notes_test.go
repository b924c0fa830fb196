package pbem

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

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
func noteAt(t *testing.T, f *File) int {
	t.Helper()
	for i := len(f.Messages) - 1; i >= 0; i-- {
		if f.Messages[i].Kind == KindNote {
			return i
		}
	}
	t.Fatal("the file holds no note")
	return -1
}

// TestNotesTravelWithTurnFiles: a note given to SendNote is the last
// message of the file, signed by its side; the other machine reads it as
// it opens the file, with the writer's side name and where the game
// stood, and keeps every note of the game in order.
func TestNotesTravelWithTurnFiles(t *testing.T) {
	a, b, files := notesGame(t)
	names := map[rules.SideID]string{"corsairs": "Corsair Band", "hunters": "Bounty Hunters"}
	// Each file ends with its note, if any, where the game stood.
	var all []string
	for n := 1; n < len(files); n++ {
		f := parse(t, files[n].Data)
		last := f.Messages[len(f.Messages)-1]
		if gameNotes[n] == "" {
			require.NotEqual(t, KindNote, last.Kind, "file %d", n)
			continue
		}
		require.Equal(t, KindNote, last.Kind, "file %d", n)
		require.Equal(t, files[n].From, last.Side)
		require.Equal(t, gameNotes[n], last.Note)
		g, err := Replay(f)
		require.NoError(t, err)
		all = append(all, fmt.Sprintf("%s (%s): %s", names[last.Side], noteWhere(g.State.Clock), strings.ReplaceAll(gameNotes[n], "\n", "\n    ")))
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
			var out bytes.Buffer
			tc.seat.Show(&out)
			require.Contains(t, out.String(), "notes from the other sides in the files you last received:\n  "+all[2]+"\n")
		})
	}
	// Once answered, with no note, the corsairs see no new note; the
	// hunters' table still names the note of the file they answered.
	o := b.orders(t, seat)
	f, err := seat.Send(o)
	require.NoError(t, err)
	require.Equal(t, all[2:], lines(seat.Game, seat.NewNotes()))
	data, err := f.Encode()
	require.NoError(t, err)
	theirs, err := Open(a.home, "f5", data, a.side)
	require.NoError(t, err)
	require.Empty(t, theirs.NewNotes())
	var out bytes.Buffer
	theirs.ShowNotes(&out)
	require.Equal(t, "the notes of the game (3):\n  "+all[0]+"\n  you, "+all[1]+"\n  you, "+all[2]+"\n", out.String())
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
	require.Equal(t, "Fine.\nYour move.", f.Messages[noteAt(t, f)].Note)
	// The game now waits for the corsairs: a note alone is not sent.
	n := seat.Game.Len()
	_, err = seat.SendNote(nil, "Still there?")
	require.ErrorIs(t, err, ErrNothingNew)
	require.Equal(t, n, seat.Game.Len())
}

// TestTamperedNotesAreRefused opens, at the hunters' machine, the
// corsairs' file that ends with a note, tampered in each way a side or
// someone between the machines could: each is refused with a message
// naming the file, the message and what is wrong, the hunters' game and
// secrets stay byte for byte, and the true file opens after. Verify
// names a changed note as it names any edit.
func TestTamperedNotesAreRefused(t *testing.T) {
	a, b, files := notesGame(t)
	last := files[4]
	require.Equal(t, a.side, last.From)
	corsairs := map[rules.SideID]ed25519.PrivateKey{a.side: keyOf(t, a)}
	seat, err := LoadSeat(b.home, b.game)
	require.NoError(t, err)
	local := seat.Game.Len()
	// accepted is the corsairs' note of file 2, which the hunters accepted.
	accepted := func(t *testing.T, f *File) int {
		t.Helper()
		for i := range local {
			if f.Messages[i].Kind == KindNote && f.Messages[i].Side == a.side {
				return i
			}
		}
		t.Fatal("no note of the corsairs accepted")
		return -1
	}
	resigned := func(change func(t *testing.T, f *File) int) func(t *testing.T) []byte {
		return func(t *testing.T) []byte {
			f := parse(t, last.Data)
			i := change(t, f)
			rechain(f, i, corsairs)
			return encode(t, f)
		}
	}
	lastNote := func(text string) func(t *testing.T) []byte {
		return resigned(func(t *testing.T, f *File) int {
			i := noteAt(t, f)
			f.Messages[i].Note = text
			return i
		})
	}
	tests := []struct {
		name   string
		data   func(t *testing.T) []byte
		reason string
	}{
		{"changed note, by someone between the machines", func(t *testing.T) []byte {
			f := parse(t, last.Data)
			f.Messages[noteAt(t, f)].Note = "I resign."
			return encode(t, f)
		}, "(corsairs's note): the signature is not corsairs's: the message was edited or forged"},
		{"accepted note changed, signed again by its side", resigned(func(t *testing.T, f *File) int {
			i := accepted(t, f)
			f.Messages[i].Note = "Thanks. Mind the mines."
			return i
		}), "(corsairs's note) differs from the one this machine accepted"},
		{"accepted note left out", resigned(func(t *testing.T, f *File) int {
			i := accepted(t, f)
			f.Messages = append(f.Messages[:i], f.Messages[i+1:]...)
			return i
		}), "differs from the one this machine accepted"},
		{"too long, signed by its side", lastNote(strings.Repeat("x", MaxNoteLen+1)), "(corsairs's note): field note is 501 characters long; a note holds at most 500"},
		{"a control character, signed by its side", lastNote("gg\x07"), "(corsairs's note): field note holds the control character U+0007 at character 3"},
		{"an empty note, signed by its side", lastNote(""), "(corsairs's note): field note is empty"},
		{"a note on a commitment", resigned(func(t *testing.T, f *File) int {
			i := index(t, f, local, KindCommit)
			f.Messages[i].Note = "sealed, promise"
			return i
		}), "(corsairs's commit of round 2): field note belongs to a note message alone"},
		{"a note carrying more", resigned(func(t *testing.T, f *File) int {
			i := noteAt(t, f)
			f.Messages[i].Commit = hex.EncodeToString(make([]byte, 32))
			return i
		}), "(corsairs's note): a note message carries its field note and nothing else"},
		{"a note of the machine's own side", func(t *testing.T) []byte {
			f := parse(t, last.Data)
			f.Messages = append(f.Messages, Message{Kind: KindNote, Side: b.side, Note: "I resign."})
			rechain(f, len(f.Messages)-1, corsairs)
			return encode(t, f)
		}, "claims to be from this machine's side, hunters, which never wrote it"},
	}
	before := keptFiles(t, b)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Open(b.home, "bad.pbem", tc.data(t), b.side)
			require.Error(t, err)
			require.Contains(t, err.Error(), "pbem: bad.pbem")
			require.Contains(t, err.Error(), tc.reason)
			require.Equal(t, before, keptFiles(t, b), "the bad file changed what the machine keeps")
		})
	}
	t.Run("verify", func(t *testing.T) {
		f := parse(t, last.Data)
		i := accepted(t, f)
		f.Messages[i].Note = "Thanks. Mind the mines."
		_, err := Verify("tampered.pbem", encode(t, f))
		var c *Cheat
		require.ErrorAs(t, err, &c)
		require.Equal(t, i, c.Seq)
		require.ErrorContains(t, err, "pbem: tampered.pbem refused: message "+fmt.Sprint(i)+" (corsairs's note): the signature is not corsairs's")
	})
	_, err = Open(b.home, "good.pbem", last.Data, b.side)
	require.NoError(t, err, "the true file opens after the bad ones")
}

// TestCommandsCarryNotes: pbem send -note and -note-file write a note in
// the file; pbem open prints it to the other side with the writer's side
// name and where the game stood, pbem show again with every note of the
// game; a bad note is refused naming the flag or the file, with nothing
// written.
func TestCommandsCarryNotes(t *testing.T) {
	homes, cmd, file := cliRunner(t, map[string]string{"corsairs": "a", "hunters": "b"})
	_, err := cmd("corsairs", "new", filepath.Join("testdata", "short-haven.yaml"), "-as", "corsairs", "-out", file(0))
	require.NoError(t, err)
	_, err = cmd("hunters", "open", file(0), "-as", "hunters")
	require.NoError(t, err)
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o600))
		return p
	}
	bell, crlf := write("bell.txt", "ready\a\n"), write("crlf.txt", "Good luck.\r\nMay the dice be kind.\r\n")
	game := parse(t, mustRead(t, file(0))).Game
	keep := func() [2][]byte { return keptFiles(t, &player{home: homes["hunters"], game: game}) }
	before := keep()
	refused := []struct {
		name   string
		args   []string
		reason string
	}{
		{"too long", []string{"-note", strings.Repeat("x", MaxNoteLen+1)}, "pbem: -note: the note is 501 characters long; a note holds at most 500"},
		{"a control character in a file", []string{"-note-file", bell}, "pbem: " + bell + ": the note holds the control character U+0007 at character 6"},
		{"no such file", []string{"-note-file", filepath.Join(dir, "none.txt")}, "pbem: cannot read " + filepath.Join(dir, "none.txt")},
		{"both", []string{"-note", "hi", "-note-file", crlf}, "pbem send: give -note or -note-file, not both"},
	}
	for _, tc := range refused {
		t.Run(tc.name, func(t *testing.T) {
			_, err := cmd("hunters", append([]string{"send", "-out", file(1)}, tc.args...)...)
			require.ErrorContains(t, err, tc.reason)
			require.NoFileExists(t, file(1))
			require.Equal(t, before, keep())
		})
	}
	out, err := cmd("hunters", "send", "-out", file(1), "-note", "Your move. Nice shot on the Kestrel.")
	require.NoError(t, err)
	require.Contains(t, out, "your note is in it, signed")
	start := noteWhere(rules.Clock{Turn: 1, Step: rules.StepStartOfTurn})
	steps := []struct {
		side, args string
		// table is what pbem open of the file prints, not what must not be.
		table, not string
	}{
		{"corsairs", "open 1", "notes from the other sides in the files you last received:\n  Bounty Hunters (" + start + "): Your move. Nice shot on the Kestrel.\n", ""},
		{"corsairs", "show", "the notes of the game (1):\n  Bounty Hunters (" + start + "): Your move. Nice shot on the Kestrel.\n", ""},
		{"corsairs", "send 2 -note-file " + crlf, "your note is in it, signed", ""},
		{"hunters", "open 2", "  Corsair Band (", "Nice shot"},
		{"hunters", "show", "the notes of the game (2):\n  you, Bounty Hunters (" + start + "): Your move. Nice shot on the Kestrel.\n  Corsair Band (", ""},
		{"hunters", "send 3 -choose 1 -note again", "your note is in it", ""},
		{"hunters", "send 3 -note again", "your note is not in it: a note goes with a file that carries your next move", ""},
	}
	for _, st := range steps {
		args := strings.Fields(st.args)
		switch args[0] {
		case "open":
			args = []string{"open", file(int(args[1][0] - '0'))}
		case "send":
			args = append([]string{"send", "-out", file(int(args[1][0] - '0'))}, args[2:]...)
		}
		out, err := cmd(st.side, args...)
		require.NoError(t, err, st.args)
		require.Contains(t, out, st.table, st.args)
		if st.not != "" {
			require.NotContains(t, out, st.not, st.args)
		}
	}
	// The corsairs' note kept its two lines, the file's line ends made
	// newlines.
	f := parse(t, mustRead(t, file(2)))
	require.Equal(t, "Good luck.\nMay the dice be kind.", f.Messages[noteAt(t, f)].Note)
	out, err = cmd("hunters", "show")
	require.NoError(t, err)
	require.Contains(t, out, "): Good luck.\n    May the dice be kind.\n")
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
		}}, 0)
	require.Len(t, files, len(plain))
	for n := range files {
		f := parse(t, files[n].Data)
		var kept []Message
		for _, m := range f.Messages {
			if m.Kind == KindNote {
				continue
			}
			kept = append(kept, m)
		}
		// Without its notes each file holds the plain game's messages,
		// their content alike (the chain and signatures differ).
		want := parse(t, plain[n].Data).Messages
		require.Len(t, kept, len(want), "file %d", n)
		for i := range kept {
			kept[i].Seq, kept[i].Prev, kept[i].Sig = want[i].Seq, want[i].Prev, want[i].Sig
			require.Equal(t, want[i], kept[i], "file %d message %d", n, i)
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
