package pbemcli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/pbem"
	"github.com/hexrift/hexrift/game/pbem/wire"
)

// lastNote returns the text of the last note of the turn file at path.
func lastNote(t *testing.T, path string) string {
	t.Helper()
	f := parseFile(t, path)
	for i := len(f.Messages) - 1; i >= 0; i-- {
		if n, ok := f.Messages[i].Body.(*wire.Note); ok {
			return n.Note
		}
	}
	t.Fatalf("%s holds no note", path)
	return ""
}

// TestCommandsCarryNotes: pbem send -note and -note-file write a note in
// the file; pbem open prints it to the other side with the writer's side
// name and where the game stood, pbem show again with every note of the
// game; a bad note is refused naming the flag or the file, with nothing
// written.
func TestCommandsCarryNotes(t *testing.T) {
	homes, cmd, file := cliRunner(t, map[string]string{"corsairs": "a", "hunters": "b"})
	_, err := cmd("corsairs", "new", filepath.Join("..", "testdata", "short-haven.yaml"), "-as", "corsairs", "-out", file(0))
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
	game := parseFile(t, file(0)).Game
	keep := func() [2][]byte {
		return [2][]byte{mustRead(t, homes["hunters"].LogPath(game)), mustRead(t, filepath.Join(homes["hunters"].GameDir(game), "secret.json"))}
	}
	before := keep()
	refused := []struct {
		name   string
		args   []string
		reason string
	}{
		{"too long", []string{"-note", strings.Repeat("x", pbem.MaxNoteLen+1)}, "pbem: -note: the note is 501 characters long; a note holds at most 500"},
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
	const start = "turn 1, start of turn"
	steps := []struct {
		side, args string
		// table is what the command prints, not what it must not.
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
	require.Equal(t, "Good luck.\nMay the dice be kind.", lastNote(t, file(2)))
	out, err = cmd("hunters", "show")
	require.NoError(t, err)
	require.Contains(t, out, "): Good luck.\n    May the dice be kind.\n")
}
