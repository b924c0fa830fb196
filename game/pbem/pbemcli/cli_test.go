package pbemcli

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/internal/testrand"
	"github.com/hexrift/hexrift/game/pbem"
	"github.com/hexrift/hexrift/game/pbem/wire"
)

// interleaved parses flags before, between and after the positional
// arguments, as the program's parser does.
func interleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if args = fs.Args(); len(args) == 0 {
			return pos, nil
		}
		pos, args = append(pos, args[0]), args[1:]
	}
}

// cliCmd runs a command at side's home, as its player types it, and
// returns what it writes.
type cliCmd func(side string, args ...string) (string, error)

// cliRunner gives each side a home in a new folder, in the folder its
// letter names and with its random source seeded from "cli-" and the
// letter; it returns the homes, the runner of the commands at them and
// the namer of the turn files, which lie in the folder.
func cliRunner(t *testing.T, letters map[string]string) (homes map[string]pbem.Home, cmd cliCmd, file func(n int) string) {
	t.Helper()
	dir := t.TempDir()
	homes = map[string]pbem.Home{}
	for side, l := range letters {
		homes[side] = pbem.Home{Dir: filepath.Join(dir, l), Rand: testrand.New("cli-" + l)}
	}
	cmd = func(side string, args ...string) (string, error) {
		var out, errOut bytes.Buffer
		err := run(homes[side], args, &out, &errOut, interleaved)
		return out.String() + errOut.String(), err
	}
	file = func(n int) string { return filepath.Join(dir, fmt.Sprintf("f%d.pbem", n)) }
	return homes, cmd, file
}

// openTurn opens turn file n at side's home (file 0 is opened already
// and out is what its table said) and returns what the table says and
// the send that answers it, with the first choice where the table offers
// choices (chose).
func openTurn(t *testing.T, cmd cliCmd, file func(int) string, side string, n int, out string) (table string, send []string, chose bool) {
	t.Helper()
	if n > 0 {
		var err error
		out, err = cmd(side, "open", file(n))
		require.NoError(t, err, "file %d", n)
	}
	send = []string{"send", "-out", file(n + 1)}
	if strings.Contains(out, "choose one") {
		send = append(send, "-choose", "1")
		chose = true
	}
	return out, send, chose
}

// sendTurn runs send at side's home, which must write a file to send,
// and returns what it says.
func sendTurn(t *testing.T, cmd cliCmd, side string, send []string) string {
	t.Helper()
	out, err := cmd(side, send...)
	require.NoError(t, err)
	require.Contains(t, out, "send it to the other sides")
	return out
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return b
}

// parseFile reads the turn file at path.
func parseFile(t *testing.T, path string) *wire.File {
	t.Helper()
	f, err := pbem.ParseFile(path, mustRead(t, path))
	require.NoError(t, err)
	return f
}

func TestDefaultHomeIsUnderHexriftHome(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HEXRIFT_HOME", dir)
	h, err := pbem.DefaultHome()
	require.NoError(t, err)
	require.Equal(t, filepath.Join(dir, "pbem"), h.Dir)
}

// TestCommandsPlayAWholeGame plays a whole game through the commands, as
// two people would type them on two machines, each with its own home,
// passing the files the commands write.
func TestCommandsPlayAWholeGame(t *testing.T) {
	_, cmd, file := cliRunner(t, map[string]string{"corsairs": "a", "hunters": "b"})
	short := filepath.Join("..", "testdata", "short-haven.yaml")
	_, err := cmd("corsairs", "new", short, "-as", "corsairs", "-sides", "corsairs", "-out", file(0))
	require.ErrorContains(t, err, "every side of "+short+" plays by file, each at its own machine (its sides: corsairs,hunters)")
	out, err := cmd("corsairs", "new", short, "-as", "corsairs", "-sides", "hunters,corsairs", "-out", file(0))
	require.NoError(t, err)
	require.Contains(t, out, "you play corsairs")
	_, err = cmd("hunters", "open", file(0))
	require.ErrorContains(t, err, "say which side you play (-as SIDE; its sides: [corsairs hunters])")
	out, err = cmd("hunters", "open", file(0), "-as", "hunters")
	require.NoError(t, err)
	require.Contains(t, out, "you play hunters")
	require.Contains(t, out, "waiting for corsairs's commit")
	side, other := "hunters", "corsairs"
	n := 0
	for ; n < 100; n++ {
		table, send, chose := openTurn(t, cmd, file, side, n, out)
		if chose {
			require.Contains(t, table, "  1  "+side)
		}
		out = sendTurn(t, cmd, side, send)
		if strings.Contains(out, "checks it end to end") {
			break // over, and every side's dice key sent
		}
		side, other = other, side
	}
	out, err = cmd(other, "open", file(n+1))
	require.NoError(t, err)
	require.Contains(t, out, "the game is over")
	// The same file again is refused, and changes nothing.
	_, err = cmd(other, "open", file(n+1))
	require.ErrorContains(t, err, "a stale or replayed file, with nothing new")
	out, err = cmd(other, "verify", file(n+1))
	require.NoError(t, err)
	require.Contains(t, out, "every commitment opened and matched")
	out, err = cmd("corsairs", "show")
	require.NoError(t, err)
	require.Contains(t, out, "the game is over")
	require.Contains(t, out, "keys (compare them with the other players by another channel): corsairs ")
	out, err = cmd("corsairs", "games")
	require.NoError(t, err)
	require.Contains(t, out, "you play corsairs")
	require.Contains(t, out, "over")
	// A file with a changed roll is named by verify. (A result names its
	// rolls by their faces now, not by the log's words.)
	data := mustRead(t, file(n+1))
	roll := regexp.MustCompile(`"rolls":\[\[(\d)`).FindSubmatchIndex(data)
	require.NotNil(t, roll, "no result names a roll")
	bad := slices.Clone(data)
	bad[roll[2]] = '1' + (data[roll[2]]-'0')%6 // another face
	require.NoError(t, os.WriteFile(file(99), bad, 0o600))
	_, err = cmd(other, "verify", file(99))
	require.ErrorContains(t, err, "the signature is not")
	t.Logf("%d files", n+2)
}

// TestCommandsGiveLimboOrders: through the commands, the table of a side
// with a unit out of phase writes the allocations its machine would make
// for it to limbo.json; the side edits them (no speed) and gives them with
// send -limbo. Its machine keeps them in secret.json, the turn file
// carries only their seals, one for each unit out of phase, and the other
// side's machine opens it. (Version 3 sealed them in one commitment,
// limbo_commit; version 4 seals them unit by unit in the commit's limbo.)
func TestCommandsGiveLimboOrders(t *testing.T) {
	homes, cmd, file := cliRunner(t, map[string]string{"korath": "k", "federation": "f"})
	out, err := cmd("korath", "new", filepath.Join("..", "testdata", "phase-cloak.yaml"), "-as", "korath", "-out", file(0))
	require.NoError(t, err)
	require.Contains(t, out, "you play korath")
	out, err = cmd("federation", "open", file(0), "-as", "federation")
	require.NoError(t, err)
	side, other := "federation", "korath"
	given := 0
	for n := 0; n < 100 && given == 0; n++ {
		var args []string
		out, args, _ = openTurn(t, cmd, file, side, n, out)
		var lo pbem.LimboOrders
		if i := strings.Index(out, "are in "); side == "korath" && i > 0 && strings.Contains(out, "limbo.json") {
			p := strings.TrimSuffix(strings.Fields(out[i+len("are in "):])[0], ":")
			require.NoError(t, json.Unmarshal(mustRead(t, p), &lo))
			require.NotEmpty(t, lo.Allocations)
			for i := range lo.Allocations {
				lo.Allocations[i].Movement, lo.Allocations[i].Impulse = 0, false
			}
			edited, err := json.Marshal(lo)
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(p, edited, 0o600))
			args = append(args, "-limbo", p)
		}
		out = sendTurn(t, cmd, side, args)
		if len(lo.Allocations) > 0 {
			given++
			f := parseFile(t, file(n+1))
			// The round it committed to last, as its machine keeps it.
			var sec struct {
				Limbo map[string]map[string]string `json:"limbo"`
			}
			require.NoError(t, json.Unmarshal(mustRead(t, filepath.Join(homes["korath"].GameDir(f.Game), "secret.json")), &sec))
			var rounds []int
			for r := range sec.Limbo {
				n, err := strconv.Atoi(r)
				require.NoError(t, err)
				rounds = append(rounds, n)
			}
			kept := sec.Limbo[strconv.Itoa(slices.Max(rounds))]
			var commit *wire.Commit
			for _, m := range f.Messages {
				if c, ok := m.Body.(*wire.Commit); ok && c.Side == "korath" {
					commit = c
				}
			}
			require.NotNil(t, commit)
			for _, a := range lo.Allocations {
				raw, err := base64.StdEncoding.DecodeString(kept[string(a.Unit)])
				require.NoError(t, err)
				want, err := json.Marshal(a)
				require.NoError(t, err)
				require.JSONEq(t, string(want), string(raw), "the orders kept for %s", a.Unit)
				require.True(t, slices.ContainsFunc(commit.Limbo, func(s wire.LimboSeal) bool { return s.Unit == string(a.Unit) }), "no seal of %s's orders", a.Unit)
				for _, m := range f.Messages {
					require.False(t, bytes.Contains(m.Raw(), raw), "message %d holds the orders for %s", m.Head().Seq, a.Unit)
				}
			}
			_, err = cmd(other, "open", file(n+1))
			require.NoError(t, err)
		}
		side, other = other, side
	}
	require.Positive(t, given, "the Korath were never asked for orders for a unit out of phase")
}

// TestCommandsStartAGameWithCosmicRiftsOff: pbem new -no-cosmic-rifts
// starts a game of a scenario with cosmic rifts on played with them off,
// and says so; without the flag it tells the player that a rift that
// forms stops a game by file. The other side's table says rifts are off
// from the first file it opens, and the game list does; the game plays to
// its end through the commands, each side's table saying rifts are off,
// and verify passes. Of a scenario with rifts off already the flag
// changes nothing, and one with open rifts stays refused.
func TestCommandsStartAGameWithCosmicRiftsOff(t *testing.T) {
	const (
		hint = "Rift Haven has cosmic rifts on: a rift that forms stops a game by file; -no-cosmic-rifts plays it without them"
		off  = "cosmic rifts off: corsairs started the game without them, so no rift forms (IP4.21) and none can stop it"
	)
	rift, short := filepath.Join("..", "testdata", "rift-haven.yaml"), filepath.Join("..", "testdata", "short-haven.yaml")
	tests := []struct {
		name      string
		args      []string
		want, not []string
		err       string
		play      bool
	}{
		{"rifts on, no flag", []string{rift}, []string{hint}, []string{off}, "", false},
		{"rifts on, the flag", []string{rift, "-no-cosmic-rifts"}, []string{off + "; every side sees it when it joins"}, []string{hint}, "", true},
		{"rifts off by the scenario, the flag", []string{short, "-no-cosmic-rifts"}, []string{"Corsair Haven has cosmic rifts off already (its ruleset): -no-cosmic-rifts changes nothing"}, []string{hint, off}, "", false},
		{"rifts off by the scenario, no flag", []string{short}, nil, []string{"cosmic rifts"}, "", false},
		{"open rifts, the flag", []string{"drill-rift", "-no-cosmic-rifts"}, nil, nil, "cosmic rifts off keeps new rifts from forming (IP4.21), not the rifts open at the start", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, cmd, file := cliRunner(t, map[string]string{"corsairs": "a", "hunters": "b"})
			as := "corsairs"
			if tc.err != "" {
				as = "federation"
			}
			out, err := cmd("corsairs", append(append([]string{"new"}, tc.args...), "-as", as, "-out", file(0))...)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			for _, w := range tc.want {
				require.Contains(t, out, w)
			}
			for _, w := range tc.not {
				require.NotContains(t, out, w)
			}
			out, err = cmd("hunters", "open", file(0), "-as", "hunters")
			require.NoError(t, err)
			require.Equal(t, tc.play, strings.Contains(out, "\n"+off+"\n"), "the joiner's table:\n%s", out)
			if !tc.play {
				return
			}
			side, other := "hunters", "corsairs"
			n := 0
			for ; n < 100; n++ {
				table, send, _ := openTurn(t, cmd, file, side, n, out)
				require.Contains(t, table, "\n"+off+"\n", "%s's table of file %d", side, n)
				out = sendTurn(t, cmd, side, send)
				if strings.Contains(out, "checks it end to end") {
					break
				}
				side, other = other, side
			}
			out, err = cmd(other, "open", file(n+1))
			require.NoError(t, err)
			require.Contains(t, out, "the game is over")
			require.Contains(t, out, off)
			require.NotContains(t, out, "stopped")
			out, err = cmd(other, "verify", file(n+1))
			require.NoError(t, err)
			require.Contains(t, out, "every commitment opened and matched")
			for _, sd := range []string{"corsairs", "hunters"} {
				out, err = cmd(sd, "show")
				require.NoError(t, err)
				require.Contains(t, out, off, "%s's show", sd)
				out, err = cmd(sd, "games")
				require.NoError(t, err)
				require.Contains(t, out, "Rift Haven (cosmic rifts off)  you play "+sd, "%s's games", sd)
			}
			t.Logf("%d files", n+2)
		})
	}
}

// TestOutMayNameAFolder: -out naming a folder writes the turn file there
// under its own name, for new and send alike.
func TestOutMayNameAFolder(t *testing.T) {
	homes, cmd, _ := cliRunner(t, map[string]string{"corsairs": "a", "hunters": "b"})
	outbox := t.TempDir()
	out, err := cmd("corsairs", "new", filepath.Join("..", "testdata", "short-haven.yaml"), "-as", "corsairs", "-out", outbox)
	require.NoError(t, err)
	ids, err := homes["corsairs"].Games()
	require.NoError(t, err)
	require.Len(t, ids, 1)
	first := filepath.Join(outbox, "hexrift-"+ids[0]+"-1-corsairs.pbem")
	require.FileExists(t, first)
	require.Contains(t, out, first)
	_, err = cmd("hunters", "open", first, "-as", "hunters")
	require.NoError(t, err)
	theirs := t.TempDir()
	out, err = cmd("hunters", "send", "-out", theirs)
	require.NoError(t, err)
	ents, err := os.ReadDir(theirs)
	require.NoError(t, err)
	require.Len(t, ents, 1)
	require.Regexp(t, `^hexrift-`+ids[0]+`-\d+-hunters\.pbem$`, ents[0].Name())
	require.Contains(t, out, filepath.Join(theirs, ents[0].Name()))
}
