package main

import (
	"bytes"
	"encoding/json"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/scenarios"
)

func runCmd(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var o, e bytes.Buffer
	code = run(args, &o, &e)
	return code, o.String(), e.String()
}

func TestScenariosListsBundledIDsFirst(t *testing.T) {
	code, out, _ := runCmd(t, "scenarios")
	require.Equal(t, 0, code)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, len(scenarios.Bundled()))
	assert.True(t, strings.HasPrefix(lines[0], scenarios.DefaultID+"\t"), "default first, id first: %q", lines[0])
}

func TestCheckExitCodes(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.yaml")
	bad := filepath.Join(dir, "bad.yaml")
	require.NoError(t, os.WriteFile(good, []byte(`id: tiny
name: Tiny
sides:
  - {id: a, name: A, color: "#4da3ff"}
  - {id: b, name: B, color: "#ff5d5d"}
units:
  - {id: one, name: One, side: a, class: fed-cruiser, hex: "0,0", facing: A, speed: 8}
  - {id: two, name: Two, side: b, class: kor-raider, hex: "3,0", facing: D, speed: 8}
`), 0o644))
	require.NoError(t, os.WriteFile(bad, []byte(`id: tiny
name: Tiny
sides:
  - {id: a, name: A, color: "#4da3ff"}
units:
  - {id: one, name: One, side: a, class: fed-cruiser, hex: "0,0", facing: Q, speed: 8}
`), 0o644))

	code, out, _ := runCmd(t, "check", good)
	assert.Equal(t, 0, code, out)

	code, out, _ = runCmd(t, "check", good, bad)
	assert.Equal(t, 1, code)
	assert.Contains(t, out, bad+":6:", "FILE:LINE:COL names the bad facing's line")
	assert.Contains(t, out, "facing")

	code, _, errText := runCmd(t, "check")
	assert.Equal(t, 1, code, "check without files is an error")
	assert.Contains(t, errText, "usage: hexrift check")
}

func TestHelpAndUnknownCommands(t *testing.T) {
	code, out, _ := runCmd(t, "help")
	assert.Equal(t, 0, code)
	for _, c := range commands() {
		assert.Contains(t, out, c.name)
	}
	code, _, errText := runCmd(t, "check", "-h")
	assert.Equal(t, 0, code)
	assert.Contains(t, errText, "usage: hexrift check FILE...")

	code, _, errText = runCmd(t, "frobnicate")
	assert.Equal(t, 2, code)
	assert.Contains(t, errText, `unknown command "frobnicate"`)

	code, out, _ = runCmd(t, "version")
	assert.Equal(t, 0, code)
	assert.Equal(t, "hexrift "+version+"\n", out)
}

func TestPlayRejectsUnknownScenarioWithoutAWindow(t *testing.T) {
	code, _, errText := runCmd(t, "play", "no-such-scenario")
	assert.Equal(t, 1, code)
	assert.Contains(t, errText, "no-such-scenario")
}

func TestRenderWritesAPictureWithoutADisplay(t *testing.T) {
	t.Setenv("DISPLAY", "")
	out := filepath.Join(t.TempDir(), "map.png")
	code, stdout, stderr := runCmd(t, "render", scenarios.DefaultID, "-o", out, "--size", "640x400", "--zoom", "30")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "wrote "+out)
	f, err := os.Open(out)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	assert.Equal(t, image.Rect(0, 0, 640, 400), img.Bounds())

	code, _, stderr = runCmd(t, "render", scenarios.DefaultID, "-o", out, "--size", "huge")
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "-size")
	code, _, stderr = runCmd(t, "render", scenarios.DefaultID)
	assert.Equal(t, 1, code, "no -o")
	assert.Contains(t, stderr, "usage: hexrift render")
	code, _, stderr = runCmd(t, "render", scenarios.DefaultID, "-o", out, "-center", "x")
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "-center")
}

func TestSimPrintsTheSameHashEveryRun(t *testing.T) {
	code, out1, errText := runCmd(t, "sim", scenarios.DefaultID, "--seed", "7", "--turns", "2")
	require.Equal(t, 0, code, errText)
	code, out2, _ := runCmd(t, "sim", scenarios.DefaultID, "--seed", "7", "--turns", "2")
	require.Equal(t, 0, code)
	assert.Equal(t, out1, out2)
	var res struct {
		StateHash string `json:"state_hash"`
		Scenario  string `json:"scenario"`
	}
	require.NoError(t, json.Unmarshal([]byte(out1), &res), "one JSON object")
	assert.Len(t, res.StateHash, 64)
	assert.Equal(t, scenarios.DefaultID, res.Scenario)
	_, out3, _ := runCmd(t, "sim", scenarios.DefaultID, "--seed", "8", "--turns", "2")
	assert.NotEqual(t, out1, out3)
}

func TestReplayVerifyFindsTheFirstDivergence(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.hexrift")
	code, _, errText := runCmd(t, "sim", scenarios.DefaultID, "--seed", "4", "--turns", "1", "--save", path)
	require.Equal(t, 0, code, errText)
	code, out, errText := runCmd(t, "replay", path, "--verify")
	require.Equal(t, 0, code, errText)
	assert.Contains(t, out, "verified")

	data, err := os.ReadFile(path)
	require.NoError(t, err)
	// Corrupt the third checkpoint's hash.
	parts := strings.SplitN(string(data), `"hash": "`, 4)
	require.Len(t, parts, 4)
	bad := parts[0] + `"hash": "` + parts[1] + `"hash": "` + parts[2] + `"hash": "beef` + parts[3]
	require.NoError(t, os.WriteFile(path, []byte(bad), 0o644))
	code, _, errText = runCmd(t, "replay", path, "--verify")
	assert.Equal(t, 1, code)
	assert.Contains(t, errText, "diverges at command 3")
}
