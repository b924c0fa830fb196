package pbem

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
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
	dir := t.TempDir()
	homes := map[string]Home{
		"corsairs": {Dir: filepath.Join(dir, "a"), Rand: fixedRand("cli-a")},
		"hunters":  {Dir: filepath.Join(dir, "b"), Rand: fixedRand("cli-b")},
	}
	cmd := func(side string, args ...string) (string, error) {
		var out, errOut bytes.Buffer
		err := run(homes[side], args, &out, &errOut, interleaved)
		return out.String() + errOut.String(), err
	}
	file := func(n int) string { return filepath.Join(dir, fmt.Sprintf("f%d.pbem", n)) }
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
		if n > 0 {
			out, err = cmd(side, "open", file(n))
			require.NoError(t, err, "file %d", n)
		}
		args := []string{"send", "-out", file(n + 1)}
		if strings.Contains(out, "choose one") {
			args = append(args, "-choose", "1")
			require.Contains(t, out, "  1  "+side)
		}
		out, err = cmd(side, args...)
		require.NoError(t, err)
		require.Contains(t, out, "send it to the other sides")
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
