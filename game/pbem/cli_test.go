package pbem

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
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
func cliRunner(t *testing.T, letters map[string]string) (homes map[string]Home, cmd cliCmd, file func(n int) string) {
	t.Helper()
	dir := t.TempDir()
	homes = map[string]Home{}
	for side, l := range letters {
		homes[side] = Home{Dir: filepath.Join(dir, l), Rand: fixedRand("cli-" + l)}
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

func TestDefaultHomeIsUnderHexriftHome(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HEXRIFT_HOME", dir)
	h, err := DefaultHome()
	require.NoError(t, err)
	require.Equal(t, filepath.Join(dir, "pbem"), h.Dir)
}

// TestCommandsPlayAWholeGame plays a whole game through the commands, as
// two people would type them on two machines, each with its own home,
// passing the files the commands write.
func TestCommandsPlayAWholeGame(t *testing.T) {
	_, cmd, file := cliRunner(t, map[string]string{"corsairs": "a", "hunters": "b"})
	_, err := cmd("corsairs", "new", filepath.Join("testdata", "short-haven.yaml"), "-as", "corsairs", "-sides", "corsairs", "-out", file(0))
	require.ErrorContains(t, err, "every side of testdata/short-haven.yaml plays by file, each at its own machine (its sides: corsairs,hunters)")
	out, err := cmd("corsairs", "new", filepath.Join("testdata", "short-haven.yaml"), "-as", "corsairs", "-sides", "hunters,corsairs", "-out", file(0))
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
	// A file with a changed roll is named by verify.
	data, err := os.ReadFile(file(n + 1))
	require.NoError(t, err)
	roll := "phase storm roll Bounty Hunters: 3d6 = " // the log names the side
	i := strings.Index(string(data), roll)
	require.Positive(t, i)
	bad := []byte(strings.Replace(string(data), string(data[i:i+len(roll)+8]), roll+"18 (6+6+6)", 1))
	require.NoError(t, os.WriteFile(file(99), bad, 0o600))
	_, err = cmd(other, "verify", file(99))
	require.ErrorContains(t, err, "the signature is not")
	t.Logf("%d files", n+2)
}

// TestCommandsGiveLimboOrders: through the commands, the table of a side
// with a unit out of phase writes the allocations its machine would make
// for it to limbo.json; the side edits them (IP8.443: its cloak on, no
// speed) and gives them with send -limbo. Its machine keeps them in
// secret.json, the turn file carries only their commitment, and the
// other side's machine opens it.
func TestCommandsGiveLimboOrders(t *testing.T) {
	homes, cmd, file := cliRunner(t, map[string]string{"korath": "k", "federation": "f"})
	out, err := cmd("korath", "new", filepath.Join("testdata", "phase-cloak.yaml"), "-as", "korath", "-out", file(0))
	require.NoError(t, err)
	require.Contains(t, out, "you play korath")
	out, err = cmd("federation", "open", file(0), "-as", "federation")
	require.NoError(t, err)
	side, other := "federation", "korath"
	given := 0
	for n := 0; n < 100 && given == 0; n++ {
		var args []string
		out, args, _ = openTurn(t, cmd, file, side, n, out)
		var sealed []byte
		if i := strings.Index(out, "are in "); side == "korath" && i > 0 && strings.Contains(out, "limbo.json") {
			p := strings.Fields(out[i+len("are in "):])[0]
			p = strings.TrimSuffix(p, ":")
			data, err := os.ReadFile(p)
			require.NoError(t, err)
			var lo LimboOrders
			require.NoError(t, json.Unmarshal(data, &lo))
			require.NotEmpty(t, lo.Allocations)
			for i := range lo.Allocations {
				lo.Allocations[i].Movement, lo.Allocations[i].Impulse = 0, false
			}
			sealed, err = json.Marshal(lo)
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(p, sealed, 0o600))
			args = append(args, "-limbo", p)
		}
		out = sendTurn(t, cmd, side, args)
		if sealed != nil {
			given++
			seat, err := LoadSeat(homes["korath"], parse(t, mustRead(t, file(n+1))).Game)
			require.NoError(t, err)
			// The round it committed to last.
			require.JSONEq(t, string(sealed), string(seat.sec.Limbo[slices.Max(slices.Collect(maps.Keys(seat.sec.Limbo)))].Orders))
			data := mustRead(t, file(n+1))
			require.NotContains(t, string(data), `"limbo":`, "the file opens limbo orders")
			require.Contains(t, string(data), `"limbo_commit"`)
			_, err = cmd(other, "open", file(n+1))
			require.NoError(t, err)
		}
		side, other = other, side
	}
	require.Positive(t, given, "the Korath were never asked for orders for a unit out of phase")
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return b
}

// TestCommandsStartAGameWithCosmicRiftsOff: pbem new -no-cosmic-rifts
// starts a game of a scenario with cosmic rifts on played with them off,
// and says so; without the flag it tells the player that a rift that
// forms stops a game by file. The other side's table says rifts are off
// from the first file it opens, and the game list does; the game plays to
// its end through the commands, and verify passes. Of a scenario with
// rifts off already the flag changes nothing, and one with open rifts
// stays refused.
func TestCommandsStartAGameWithCosmicRiftsOff(t *testing.T) {
	const (
		hint = "Rift Haven has cosmic rifts on: a rift that forms stops a game by file; -no-cosmic-rifts plays it without them"
		off  = "cosmic rifts off: corsairs started the game without them, so no rift forms (IP4.21) and none can stop it"
	)
	rift, short := filepath.Join("testdata", "rift-haven.yaml"), filepath.Join("testdata", "short-haven.yaml")
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
				_, send, _ := openTurn(t, cmd, file, side, n, out)
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
// under its own name, for new and send alike; a send that writes nothing
// new into it again writes the same file.
func TestOutMayNameAFolder(t *testing.T) {
	homes, cmd, _ := cliRunner(t, map[string]string{"corsairs": "a", "hunters": "b"})
	outbox := t.TempDir()
	out, err := cmd("corsairs", "new", filepath.Join("testdata", "short-haven.yaml"), "-as", "corsairs", "-out", outbox)
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
