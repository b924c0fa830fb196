package pbem

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParseFileNamesWhereItStops(t *testing.T) {
	tests := []struct {
		name, data, want string
	}{
		{"syntax", "{\n \"format\": \"hexrift-pbem\",\n \"version\": 1,,\n}", "f:3:15: not a turn file: invalid character ','"},
		{"type", "{\n \"format\": \"hexrift-pbem\",\n \"version\": \"one\"\n}", "f:3:17: not a turn file: cannot unmarshal string into Go struct field File.version of type int"},
		{"unknown field", `{"format": "hexrift-pbem", "version": 1, "secret": 1}`, `f: not a turn file: unknown field "secret"`},
		{"two values", `{"format": "hexrift-pbem", "version": 1} {}`, "f: not a turn file: more than one JSON value"},
		{"newer", `{"format": "hexrift-pbem", "version": 4}`, "f: field version is 4; this hexrift reads version 3"},
		{"older, without dice keys", `{"format": "hexrift-pbem", "version": 1}`, "f: field version is 1; this hexrift reads version 3"},
		{"older, without the peer state", `{"format": "hexrift-pbem", "version": 2}`, "f: field version is 2; this hexrift reads version 3"},
		{"empty", `{"format": "hexrift-pbem", "version": 3, "messages": []}`, "f: holds no messages"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseFile("f", []byte(tc.data))
			require.ErrorContains(t, err, tc.want)
		})
	}
}

// FuzzOpenFile opens arbitrary bytes as a turn file at a machine with a
// game under way: never a panic, and either a refusal or a game.
func FuzzOpenFile(f *testing.F) {
	for _, s := range []string{`{}`, `{"format":"hexrift-pbem","version":3,"game":"0123456789abcdef","messages":[{"seq":0,"kind":"genesis"}]}`} {
		f.Add([]byte(s))
	}
	// A real first file, from a game made at another machine.
	seat, err := NewGame(Home{Dir: f.TempDir(), Rand: fixedRand("fuzz-seed")}, testSource(f), "hunters", testTime)
	require.NoError(f, err)
	first, err := seat.Game.File().Encode()
	require.NoError(f, err)
	f.Add(first)
	f.Fuzz(func(t *testing.T, data []byte) {
		h := Home{Dir: t.TempDir(), Rand: fixedRand("fuzz")}
		if seat, err := Open(h, "fuzz", data, "corsairs"); err == nil {
			require.NotNil(t, seat.Game.State)
		}
		if _, err := Verify("fuzz", data); err == nil {
			t.Fatal("a fuzzed file verified as a finished game")
		}
	})
}
