package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/scenarios"
)

// testVersion is the version the tests give Run, as main gives its own.
const testVersion = "1.2.3-test"

// runCmd runs the hexrift command with args and returns its exit status
// and what it wrote to each stream.
func runCmd(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var o, e bytes.Buffer
	code = Run(testVersion, args, &o, &e)
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

	// Warnings only: printed, exit 0.
	warn := filepath.Join(dir, "warn.yaml")
	require.NoError(t, os.WriteFile(warn, []byte(`id: tiny
name: Tiny
sides:
  - {id: a}
  - {id: b}
features:
  - {id: rock, kind: moon, hex: "5,5"}
systems:
  - {id: maw, rift: true, hexes: ["5,5", "6,5"]}
units:
  - {id: one, side: a, class: fed-cruiser, hex: "0,0"}
  - {id: two, side: b, class: kor-raider, hex: "0,450"}
`), 0o644))
	code, out, _ = runCmd(t, "check", warn, good)
	assert.Equal(t, 0, code, "warnings only: exit 0\n%s", out)
	assert.Contains(t, out, warn+":7:33: warning: features[0].hex: the moon \"rock\"")
	assert.Contains(t, out, warn+":12:48: warning: units[1].hex: hex 0,450 is 450 hexes from the map centre")
	assert.Equal(t, 2, strings.Count(out, "warning:"), out)

	code, out, _ = runCmd(t, "check", warn, bad)
	assert.Equal(t, 1, code, "a warning and an error: exit 1\n%s", out)

	// A rift chart row whose arrivals appear on a star of the
	// destination: a warning at the row's PORT, exit 0.
	arrive := filepath.Join(dir, "arrive.yaml")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "far.yaml"), []byte(`id: far
name: Far
sides: [{id: c}]
features: [{id: sun, kind: star, hex: "4,0"}]
units: [{id: three, side: c, class: vel-corvette, hex: "0,0"}]
`), 0o644))
	require.NoError(t, os.WriteFile(arrive, []byte(`id: tiny
name: Tiny
sides: [{id: a}, {id: b}]
units:
  - {id: one, side: a, class: fed-cruiser, hex: "0,0"}
  - {id: two, side: b, class: kor-raider, hex: "3,0"}
rift_charts:
  - roll: 2-12
    rows: [{roll: 2-12, scenario: far.yaml, port: "4,0", defend: "0,0"}]
`), 0o644))
	code, out, _ = runCmd(t, "check", arrive)
	assert.Equal(t, 0, code, "warnings only: exit 0\n%s", out)
	assert.Equal(t, arrive+`:9:51: warning: rift_charts[0].rows[0].port: PORT 4,0 holds the star "sun" of far: arrivals appear in its hex (IP4.421), and the rules give point terrain no effect on a unit there, though no scenario may place a unit on a star at the start; most likely PORT was meant beside it`+"\n", out)
}

// check reports the devices a unit cannot carry and one it does not know,
// each at its FILE:LINE:COL with the field's path.
func TestCheckDevices(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "devices.yaml")
	require.NoError(t, os.WriteFile(bad, []byte(`id: tiny
name: Tiny
sides:
  - {id: a}
  - {id: b}
units:
  - {id: one, side: a, class: fed-frigate, hex: "0,0", devices: [displacement]}
  - {id: two, side: b, class: kor-raider, hex: "3,0", devices: [sphere]}
  - {id: three, side: b, class: kor-raider, hex: "4,0", devices: [temporal-elevator]}
`), 0o644))
	code, out, _ := runCmd(t, "check", bad)
	assert.Equal(t, 1, code, out)
	assert.Contains(t, out, bad+":7:66: units[0].devices[0]: the displacement needs 6 battery energy; a fed-frigate's batteries hold 2")
	assert.Contains(t, out, bad+":8:65: units[1].devices[0]: unknown device \"sphere\"")
	assert.Contains(t, out, bad+":9:67: units[2].devices[0]: the temporal-elevator needs 3 battery energy; a kor-raider's batteries hold 2")
	assert.Equal(t, 3, strings.Count(out, "\n"), out)
}

// TestCheckHostileInput runs check on files that are not scenarios at
// all. Each must give a clear error naming the file and exit 1, with
// bounded memory; the 50 MB file must be refused by its size without
// being read.
func TestCheckHostileInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		t.Helper()
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, data, 0o644))
		return p
	}
	binary := make([]byte, 64<<10)
	for i := range binary {
		binary[i] = byte(i*167 + i>>5)
	}
	var bomb strings.Builder
	bomb.WriteString("a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n")
	for c := 'b'; c <= 'z'; c++ {
		fmt.Fprintf(&bomb, "%c: &%c [*%c,*%c,*%c,*%c,*%c,*%c,*%c,*%c,*%c]\n", c, c, c-1, c-1, c-1, c-1, c-1, c-1, c-1, c-1, c-1)
	}
	huge := filepath.Join(dir, "huge.yaml")
	f, err := os.Create(huge)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(50<<20)) // sparse: 50 MB of zeros, no disk used
	require.NoError(t, f.Close())
	sub := filepath.Join(dir, "scenario-dir.yaml")
	require.NoError(t, os.Mkdir(sub, 0o755))

	tests := []struct {
		name, path, want string
		maxAlloc         uint64 // bytes allocated by the whole check
	}{
		{"empty", write("empty.yaml", nil), "file is empty", 1 << 20},
		{"binary", write("binary.yaml", binary), "NUL byte", 1 << 20},
		{"50 MB", huge, "file is 52428800 bytes; a scenario file may be at most 1048576 bytes", 1 << 20},
		{"deeply nested lists", write("deep.yaml", []byte(strings.Repeat("[", 100_000)+strings.Repeat("]", 100_000))), "max depth", 16 << 20},
		{"deeply nested block", write("deep-block.yaml", []byte(strings.Repeat("- ", 50_000)+"x\n")), "max depth", 16 << 20},
		{"deeply nested mappings", write("deep-map.yaml", []byte(strings.Repeat("{a: ", 9_000)+strings.Repeat("}", 9_000))), `unknown field "a"`, 16 << 20},
		{"alias bomb", write("bomb.yaml", []byte(bomb.String())), "YAML aliases such as", 16 << 20},
		{"non-UTF-8", write("latin1.yaml", []byte("id: caf\xe9\nname: Caf\xe9\n")), "1:8: file is not UTF-8 text", 1 << 20},
		{"UTF-16", write("utf16.yaml", []byte("\xff\xfei\x00d\x00:\x00")), "NUL byte", 1 << 20},
		{"directory", sub, "is a directory, not a scenario file", 1 << 20},
		{"missing", filepath.Join(dir, "no-such-file.yaml"), "cannot open: no such file or directory", 1 << 20},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			start := time.Now()
			code, out, errText := runCmd(t, "check", tt.path)
			took := time.Since(start)
			runtime.ReadMemStats(&after)
			all := out + errText
			assert.Equal(t, 1, code, all)
			assert.Contains(t, all, tt.path+":", "the error names the file")
			assert.Contains(t, all, tt.want)
			alloc := after.TotalAlloc - before.TotalAlloc
			assert.Less(t, alloc, tt.maxAlloc, "allocated %d KiB", alloc>>10)
			t.Logf("%s: %v, %d KiB allocated: %s", tt.name, took.Round(time.Millisecond), alloc>>10, strings.TrimSpace(all))
		})
	}
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
	assert.Equal(t, "hexrift "+testVersion+"\n", out)
}

// TestHelpListsTheCommands checks what a newcomer's first "hexrift -h"
// prints: every command on a line of its own, then the main menu's own
// flags, on stdout with status 0, as "hexrift --help" and "hexrift help"
// do. A command's -h prints that command's usage alone, an unknown
// command the list on stderr with status 2.
func TestHelpListsTheCommands(t *testing.T) {
	const menuOptions = "the main menu's options"
	tests := []struct {
		args            []string
		code            int
		list, menuFlags bool     // the command list, the main menu's flags
		toStderr        bool     // printed to stderr, not stdout
		want            []string // more the text must hold
		notWant         string   // and must not
	}{
		{args: []string{"-h"}, list: true, menuFlags: true},
		{args: []string{"--help"}, list: true, menuFlags: true},
		{args: []string{"help"}, list: true, menuFlags: true},
		{args: []string{"-width", "1400", "-h"}, list: true, menuFlags: true, toStderr: true},
		{args: []string{"bogus"}, code: 2, list: true, toStderr: true, want: []string{`hexrift: unknown command "bogus"`}},
		{args: []string{"sim", "-h"}, toStderr: true, want: []string{"usage: hexrift sim SCENARIO\n", "  -turns int\n"}, notWant: "commands:"},
		{args: []string{"menu", "-h"}, toStderr: true, want: []string{"usage: hexrift menu\n", "  -width int\n"}, notWant: "commands:"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, stdout, stderr := runCmd(t, tt.args...)
			assert.Equal(t, tt.code, code)
			text, other := stdout, stderr
			if tt.toStderr {
				text, other = stderr, stdout
			}
			assert.Empty(t, other, "the other stream")
			lines := strings.Split(text, "\n")
			for _, c := range commands() {
				listed := slices.ContainsFunc(lines, func(l string) bool {
					return strings.HasPrefix(l, "  "+c.name+" ") && strings.HasSuffix(l, " "+c.summary)
				})
				assert.Equal(t, tt.list, listed, "a line of its own for %s", c.name)
			}
			assert.Equal(t, tt.menuFlags, strings.Contains(text, menuOptions), text)
			if tt.menuFlags {
				menu := text[strings.Index(text, menuOptions):]
				assert.Contains(t, menu, "  -width int\n")
				assert.Contains(t, menu, "  -height int\n")
				assert.NotContains(t, menu, "-seed", "the menu's flags, not play's")
			}
			for _, w := range tt.want {
				assert.Contains(t, text, w)
			}
			if tt.notWant != "" {
				assert.NotContains(t, text, tt.notWant)
			}
		})
	}
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

// TestRenderDestination draws a rift chart row's destination as it comes
// into play, names the rows when asked for one there is not, and keeps a
// destination from an origin side's -side; -legend=false leaves the map
// key out.
func TestRenderDestination(t *testing.T) {
	t.Setenv("DISPLAY", "")
	dir := t.TempDir()
	out := filepath.Join(dir, "yard.png")
	code, stdout, stderr := runCmd(t, "render", "rift-gate", "-destination", "1.2", "-o", out, "-size", "640x400")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, "wrote "+out+" (640x400)\n", stdout)
	for _, tt := range []struct{ args, want string }{
		{"-destination 3.1", `hexrift: -destination "3.1": no such chart row or destination; the rows are 1.1 derelict-yard, 1.2 corsair-haven, 1.3 velari-outpost, 2.1 velari-outpost, 2.2 derelict-yard, 2.3 corsair-haven` + "\n"},
		{"-destination 1.2 -side korath", `hexrift: -side "korath": the destination corsair-haven is seen only by its own sides (corsairs, hunters) and by the sides whose units found the rift, which no picture of the start can show; leave out -side for the author's view` + "\n"},
	} {
		args := append([]string{"render", "rift-gate", "-o", filepath.Join(dir, "x.png")}, strings.Fields(tt.args)...)
		code, _, stderr := runCmd(t, args...)
		assert.Equal(t, 1, code, tt.args)
		assert.Equal(t, tt.want, stderr, tt.args)
	}
	assert.NoFileExists(t, filepath.Join(dir, "x.png"))

	pixel := func(args ...string) [3]uint32 {
		t.Helper()
		p := filepath.Join(dir, "key.png")
		code, _, stderr := runCmd(t, append([]string{"render", scenarios.DefaultID, "-o", p, "-size", "640x400"}, args...)...)
		require.Equal(t, 0, code, stderr)
		f, err := os.Open(p)
		require.NoError(t, err)
		defer f.Close()
		img, err := png.Decode(f)
		require.NoError(t, err)
		r, g, b, _ := img.At(16, 380).RGBA() // inside the map key's panel, bottom left
		return [3]uint32{r, g, b}
	}
	assert.NotEqual(t, pixel(), pixel("-legend=false"), "the map key is drawn, and -legend=false leaves it out")
}

// TestRenderNamesTheSides checks that render -side with a side the
// scenario does not have lists the sides it has, and the one a typo
// most likely meant.
func TestRenderNamesTheSides(t *testing.T) {
	out := filepath.Join(t.TempDir(), "map.png")
	for _, tt := range []struct{ side, want string }{
		{"klingon", `hexrift: -side "klingon": the scenario has no such side; its sides are federation, korath` + "\n"},
		{"korat", `hexrift: -side "korat": the scenario has no such side (did you mean "korath"?); its sides are federation, korath` + "\n"},
	} {
		code, _, stderr := runCmd(t, "render", scenarios.DefaultID, "-o", out, "-side", tt.side)
		assert.Equal(t, 1, code)
		assert.Equal(t, tt.want, stderr)
		assert.NoFileExists(t, out)
	}
}

func TestSimPrintsTheSameHashEveryRun(t *testing.T) {
	code, out1, errText := runCmd(t, "sim", scenarios.DefaultID, "--seed", "7", "--turns", "2")
	require.Equal(t, 0, code, errText)
	code, out2, _ := runCmd(t, "sim", scenarios.DefaultID, "--seed", "7", "--turns", "2")
	require.Equal(t, 0, code)
	assert.Equal(t, out1, out2)
	var res struct {
		StateHash   string `json:"state_hash"`
		Scenario    string `json:"scenario"`
		TurnReached int    `json:"turn_reached"`
		Clock       string `json:"clock"`
		Over        bool   `json:"over"`
	}
	require.NoError(t, json.Unmarshal([]byte(out1), &res), "one JSON object")
	assert.Len(t, res.StateHash, 64)
	assert.Equal(t, scenarios.DefaultID, res.Scenario)
	// Two turns played: the game stands at the start of the third, and
	// the field says so by its name (it was "turns":3).
	require.False(t, res.Over)
	assert.Equal(t, 3, res.TurnReached)
	assert.True(t, strings.HasPrefix(res.Clock, "T3 "), res.Clock)
	assert.NotContains(t, out1, `"turns"`)
	_, out3, _ := runCmd(t, "sim", scenarios.DefaultID, "--seed", "8", "--turns", "2")
	assert.NotEqual(t, out1, out3)
}

// TestSimAndReplayPrintTheScore plays drill-rift to its end (its rift is
// open from the start, so a destination's defenders are in play): sim's
// summary holds each side's points and every objective, and replay of
// the save prints the same, the defenders marked; replay of a game not
// over keeps them back, as it keeps the seed.
func TestSimAndReplayPrintTheScore(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "drill.hexrift")
	code, out, errText := runCmd(t, "sim", "drill-rift", "--seed", "2", "--turns", "100", "--save", save)
	require.Equal(t, 0, code, errText)
	var res struct {
		Over       bool           `json:"over"`
		Points     map[string]int `json:"points"`
		Objectives []struct {
			Side      string `json:"side"`
			Objective string `json:"objective"`
			Points    int    `json:"points"`
			Met       bool   `json:"met"`
		} `json:"objectives"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &res))
	require.True(t, res.Over, "drill-rift has a turn limit of 10")
	sc, err := scenarios.Open("drill-rift")
	require.NoError(t, err)
	require.Len(t, res.Objectives, len(sc.Objectives), "every objective, met or not")
	for _, sd := range sc.Sides {
		assert.Contains(t, res.Points, string(sd.ID))
	}
	defenders := 0
	for id := range res.Points {
		if strings.Contains(id, ".") {
			defenders++
		}
	}
	assert.Positive(t, defenders, "the destination's defenders are scored: %v", res.Points)

	code, out, errText = runCmd(t, "replay", save)
	require.Equal(t, 0, code, errText)
	for id, p := range res.Points {
		line := fmt.Sprintf("points %s %d", id, p)
		if strings.Contains(id, ".") {
			line += " (defending "
		} else {
			line += "\n"
		}
		assert.Contains(t, out, line)
	}
	for _, o := range res.Objectives {
		state := "missed"
		if o.Met {
			state = "met"
		}
		assert.Contains(t, out, fmt.Sprintf("objective %s %s: %s (%d)\n", state, o.Side, o.Objective, o.Points))
	}

	early := filepath.Join(dir, "early.hexrift")
	code, _, errText = runCmd(t, "sim", "drill-rift", "--seed", "2", "--turns", "1", "--save", early)
	require.Equal(t, 0, code, errText)
	code, out, errText = runCmd(t, "replay", early)
	require.Equal(t, 0, code, errText)
	assert.Contains(t, out, "points and objectives: shown once the game is over")
	assert.NotContains(t, out, "points federation")
	assert.NotContains(t, out, "seed ")
}

// TestSimMatchPrintsTheScore checks that sim -match prints, under each
// scenario's result, each side's points a game and how often each of its
// objectives was met.
func TestSimMatchPrintsTheScore(t *testing.T) {
	code, out, errText := runCmd(t, "sim", "-match", "easy:easy", "-seeds", "1", scenarios.DefaultID)
	require.Equal(t, 0, code, errText)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, 5, out)
	assert.Regexp(t, `^easy vs easy on first-contact: win \d+ draw \d+ loss \d+ `, lines[0])
	assert.Regexp(t, `^  federation: \d+\.\d points a game$`, lines[1])
	assert.Regexp(t, `^    Hold New Haven \(60\): met in \d of 2 games \(\d+%\), missed in \d$`, lines[2])
	assert.Regexp(t, `^  korath: \d+\.\d points a game$`, lines[3])
	assert.Regexp(t, `^    Hold New Haven \(60\): met in \d of 2 games \(\d+%\), missed in \d$`, lines[4])
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
	// Checkpoints sit at impulse and step boundaries: the replay names
	// the command after which the third one was taken.
	var save struct {
		Checks []struct {
			Command int `json:"command"`
		} `json:"checkpoints"`
	}
	require.NoError(t, json.Unmarshal(data, &save))
	require.Greater(t, len(save.Checks), 2)
	assert.Contains(t, errText, fmt.Sprintf("diverges at command %d ", save.Checks[2].Command+1))
	assert.Contains(t, errText, path+": ", "the error names the save")
}
