package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The win-rate table can be played in parts: -pairs plays some pairs and
// writes no table, and -resume takes the cells of the first run's
// standard error and plays the rest, writing the table.
func TestSimTableInParts(t *testing.T) {
	dir := t.TempDir()
	table, log := filepath.Join(dir, "AI.md"), filepath.Join(dir, "part1.log")
	code, _, stderr := runCmd(t, "sim", "-table", table, "-seeds", "1", "-pairs", "normal:easy", "first-contact")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "win-rate table over seeds 1 to 1\nfirst-contact normal:easy ")
	assert.Contains(t, stderr, "not written: some cells are still to play")
	assert.NoFileExists(t, table)
	require.NoError(t, os.WriteFile(log, []byte(stderr), 0o644))

	code, _, stderr = runCmd(t, "sim", "-table", table, "-seeds", "1", "-resume", log, "first-contact")
	require.Equal(t, 0, code, stderr)
	assert.NotContains(t, stderr, "normal:easy", "the cell of the first part was played again")
	assert.Equal(t, 6, strings.Count(stderr, "\n"), "the seeds and the five cells left: %s", stderr)
	md, err := os.ReadFile(table)
	require.NoError(t, err)
	assert.Contains(t, string(md), "in runs joined with `-pairs` and `-resume`")

	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"a pair not in the table", []string{"-pairs", "hard:hard"}, `"hard:hard" is not a pair of the table (hard:legal,`},
		{"a log of other seeds", []string{"-seeds", "2", "-resume", log}, "part1.log:1: the table was played over 1 seeds, not 2"},
		{"no log", []string{"-resume", filepath.Join(dir, "none.log")}, "-resume: open"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"sim", "-table", filepath.Join(dir, "other.md")}, tc.args...)
			code, _, stderr := runCmd(t, append(args, "first-contact")...)
			assert.Equal(t, 1, code)
			assert.Contains(t, stderr, tc.want)
			assert.NoFileExists(t, filepath.Join(dir, "other.md"))
		})
	}
}
