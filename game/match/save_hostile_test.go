//go:build unix

package match

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// hostileOrigin is a scenario whose one chart row names dest.
func hostileOrigin(dest string) []byte {
	return []byte("id: o\nname: O\nsides: [{id: a}, {id: b}]\nunits: [{id: x, side: a, class: fed-cruiser, hex: \"0,0\", facing: A, speed: 0}, {id: y, side: b, class: kor-raider, hex: \"5,0\", facing: D, speed: 0}]\n" +
		"rift_charts:\n  - roll: 2-12\n    rows:\n      - {roll: 2-12, scenario: " + dest + ", port: \"0,0\", defend: \"1,1\"}\n")
}

// TestHostileSaves opens saves and settings a careless or hostile user
// could leave: named pipes (a test that hangs here has found the bug),
// devices, directories, saves whose embedded scenario names files
// outside its folder, a game identity that is a path, YAML tags. Each
// must fail at once, naming its file, without loading anything half-way
// or quoting a file from outside.
func TestHostileSaves(t *testing.T) {
	dir := t.TempDir()
	saves := filepath.Join(dir, "saves")
	require.NoError(t, os.MkdirAll(saves, 0o755))
	s, err := Simulate(defaultSource(t), 2, 1)
	require.NoError(t, err)
	good := filepath.Join(saves, "good.hexrift")
	require.NoError(t, WriteSave(good, s, "good", testTime))
	var base SaveFile
	data, err := os.ReadFile(good)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &base))
	// variant writes base changed by change as a save.
	variant := func(name string, change func(*SaveFile)) string {
		t.Helper()
		sf := base
		change(&sf)
		out, err := json.Marshal(sf)
		require.NoError(t, err)
		p := filepath.Join(saves, name)
		require.NoError(t, os.WriteFile(p, out, 0o644))
		return p
	}
	embed := func(name string, data []byte) func(*SaveFile) {
		return func(sf *SaveFile) {
			sf.Scenario = scenarios.Source{Name: name, Data: data}
			sf.Commands, sf.Checks = nil, nil
		}
	}
	fifo := filepath.Join(saves, "pipe.hexrift")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	require.NoError(t, syscall.Mkfifo(filepath.Join(saves, "pipe.yaml"), 0o644))
	link := filepath.Join(saves, "link.hexrift")
	require.NoError(t, os.Symlink(fifo, link))
	sub := filepath.Join(saves, "folder.hexrift")
	require.NoError(t, os.Mkdir(sub, 0o755))
	outside := filepath.Join(dir, "outside.yaml")
	require.NoError(t, os.WriteFile(outside, []byte("root:x:0:0:SECRET\n"), 0o644))

	tests := []struct {
		name, path, want string
	}{
		{"fifo", fifo, "is a named pipe (FIFO), not a regular file"},
		{"link to fifo", link, "is a named pipe (FIFO), not a regular file"},
		{"directory", sub, "is a directory, not a regular file"},
		{"device", "/dev/zero", "is a device, not a regular file"},
		{"passwd destination", variant("passwd.hexrift", embed(filepath.Join(saves, "o.yaml"), hostileOrigin("../../../../../../../etc/passwd"))), "ends in .yaml or .yml"},
		{"claims /etc", variant("etc.hexrift", embed("/etc/hexrift.yaml", hostileOrigin("./passwd"))), "ends in .yaml or .yml"},
		{"climbs out", variant("climb.hexrift", embed(filepath.Join(saves, "o.yaml"), hostileOrigin("../outside.yaml"))), "leads out of the scenario's folder"},
		{"absolute", variant("abs.hexrift", embed(filepath.Join(saves, "o.yaml"), hostileOrigin(outside))), "an absolute path"},
		{"bundled name", variant("bundled.hexrift", embed("bundled/o.yaml", hostileOrigin("../outside.yaml"))), "no such bundled file"},
		{"fifo destination", variant("fifodest.hexrift", embed(filepath.Join(saves, "o.yaml"), hostileOrigin("pipe.yaml"))), "is a named pipe (FIFO), not a regular file"},
		{"binary tag", variant("tag.hexrift", embed(filepath.Join(saves, "o.yaml"), []byte("id: !!binary aGk=\nname: T\n"))), "o.yaml:1:5: YAML tag !!binary is not supported"},
		{"game is a path", variant("game.hexrift", func(sf *SaveFile) { sf.Game = "../../../etc/cron.d/x" }), "is not a game identity"},
		{"parent is a path", variant("parent.hexrift", func(sf *SaveFile) { sf.Game, sf.Parent = NewGameID(), "/etc/x" }), "is not a game identity"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _, err := LoadSave(tt.path)
			require.Error(t, err)
			assert.Nil(t, s, "nothing is loaded half-way")
			assert.Contains(t, err.Error(), tt.path+":", "the error names the save")
			assert.Contains(t, err.Error(), tt.want)
			assert.NotContains(t, err.Error(), "SECRET")
			assert.NotContains(t, err.Error(), "root:x")
		})
	}
	// The load menu lists the saves folder, pipe and all, without hanging.
	list, err := ListSaves(saves)
	require.NoError(t, err)
	listed := map[string]error{}
	for _, si := range list {
		listed[filepath.Base(si.Path)] = si.Err
	}
	assert.ErrorContains(t, listed["pipe.hexrift"], "named pipe")
	assert.NoError(t, listed["good.hexrift"])
	// Continue passes over what does not replay.
	back, used, _, err := ContinueGame(saves)
	assert.Error(t, err, "there is no autosave")
	assert.Nil(t, back)
	assert.Empty(t, used)
}

// TestSaveFileNames: a save's file name keeps the player's name readably
// in any script, never meets an autosave's and is never a path or a
// device; names the old rules folded together stay apart.
func TestSaveFileNames(t *testing.T) {
	tests := []struct{ name, file string }{
		{"My Game", "My Game.hexrift"},
		{"my game!", "my game!.hexrift"},
		{"MY_GAME", "MY_GAME.hexrift"},
		{"Autosave 1", "Autosave 1.hexrift"},
		{"autosave.0123456789abcdef.1", "autosave-0123456789abcdef-1.hexrift"},
		{"autosave-1", "save autosave-1.hexrift"},
		{"Партия у Ольги", "Партия у Ольги.hexrift"},
		{"対局 3", "対局 3.hexrift"},
		{"Ελληνικά, (β)", "Ελληνικά, (β).hexrift"},
		{"नमस्ते", "नमस्ते.hexrift"},
		{"../../etc/passwd", "etc-passwd.hexrift"},
		{`a\b:c*d?"e"<f>|g`, "a-b-c-d--e--f--g.hexrift"},
		{"v1.2", "v1-2.hexrift"},
		{"\x1b[2Jred", "2Jred.hexrift"},
		{"...", "save.hexrift"},
		{"CON", "save CON.hexrift"},
		{"nul", "save nul.hexrift"},
		{strings.Repeat("ж", 200), strings.Repeat("ж", maxSaveNameRunes) + ".hexrift"},
	}
	seen := map[string]string{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := SaveFileName(tt.name)
			assert.Equal(t, tt.file, got)
			assert.False(t, isAutosaveName(got), "%s is not an autosave's name", got)
			assert.Equal(t, got, filepath.Base(got), "no path")
			assert.Equal(t, 1, strings.Count(got, "."), "one dot, before hexrift")
			if other, dup := seen[got]; dup {
				t.Errorf("%q and %q share %s", tt.name, other, got)
			}
			seen[got] = tt.name
		})
	}
	// "autosave-1" must not become the old rolling slot's name.
	assert.True(t, isAutosaveName("autosave-1.hexrift"))
}

// TestNamedSavesAskBeforeReplacing: a new save never replaces a file of
// the same name (WriteNewSave says so; replacing is a second, deliberate
// WriteSave), an end-of-game save takes the next free name, and the name
// typed is kept inside the save as written.
func TestNamedSavesAskBeforeReplacing(t *testing.T) {
	dir := t.TempDir()
	a, err := Simulate(defaultSource(t), 2, 1)
	require.NoError(t, err)
	b, err := Simulate(defaultSource(t), 3, 1)
	require.NoError(t, err)
	path := filepath.Join(dir, SaveFileName("Ночь над Орионом"))
	require.NoError(t, WriteNewSave(path, a, "Ночь над Орионом", testTime))
	err = WriteNewSave(path, b, "Ночь над Орионом", testTime)
	require.ErrorIs(t, err, ErrSaveExists)
	assert.ErrorContains(t, err, path)
	sf, err := ReadSave(path)
	require.NoError(t, err)
	assert.Equal(t, a.Game, sf.Game, "the first game's save is still there")
	assert.Equal(t, "Ночь над Орионом", sf.Name, "the name is kept as written")
	require.NoError(t, WriteSave(path, b, "Ночь над Орионом", testTime), "replacing, once the player said so")
	sf, err = ReadSave(path)
	require.NoError(t, err)
	assert.Equal(t, b.Game, sf.Game)

	var paths []string
	for range 3 {
		p, err := WriteSaveAs(dir, a, "Rift Gate (finished)", testTime)
		require.NoError(t, err)
		paths = append(paths, filepath.Base(p))
	}
	assert.Equal(t, []string{"Rift Gate (finished).hexrift", "Rift Gate (finished) (2).hexrift", "Rift Gate (finished) (3).hexrift"}, paths)
	leftovers, _ := filepath.Glob(filepath.Join(dir, ".*.tmp"))
	assert.Empty(t, leftovers, "no temporary file stays behind")
}

// TestEachGameKeepsItsAutosaves: a new game and a take-over each roll
// their own autosaves; five commands of a take-over leave the game it
// came from as it was.
func TestEachGameKeepsItsAutosaves(t *testing.T) {
	dir := t.TempDir()
	long, err := Simulate(defaultSource(t), 5, 1)
	require.NoError(t, err)
	require.NoError(t, Autosave(dir, long, testTime))
	longSave := autosavePath(dir, long.Game, len(long.commands))
	before, err := os.ReadFile(longSave)
	require.NoError(t, err)
	sf, err := ReadSave(longSave)
	require.NoError(t, err)
	assert.Equal(t, long.Game, sf.Game)

	branch, err := BranchSession(sf, len(sf.Commands)-5, "", "legal")
	require.NoError(t, err)
	assert.NotEqual(t, long.Game, branch.Game, "a take-over is a new game")
	assert.Equal(t, long.Game, branch.Parent)
	other, err := NewSession(defaultSource(t), 5, long.Seats)
	require.NoError(t, err)
	assert.NotEqual(t, long.Game, other.Game, "a new game of the same scenario and seed is a new game")
	for i := range 5 {
		cmd := sf.Commands[len(sf.Commands)-5+i]
		_, err := branch.Submit(cmd)
		require.NoError(t, err)
		require.NoError(t, Autosave(dir, branch, testTime))
		require.NoError(t, Autosave(dir, other, testTime))
	}
	after, err := os.ReadFile(longSave)
	require.NoError(t, err)
	assert.Equal(t, string(before), string(after), "the first game's only autosave is untouched")
	list, err := ListSaves(dir)
	require.NoError(t, err)
	games := map[string]int{}
	for _, si := range list {
		require.NoError(t, si.Err)
		assert.True(t, si.Auto)
		assert.Equal(t, filepath.Base(autosavePath(dir, si.Game, 0))[:len("autosave.")+len(si.Game)], filepath.Base(si.Path)[:len("autosave.")+len(si.Game)], "the file is named after its game")
		games[si.Game]++
	}
	assert.Equal(t, map[string]int{long.Game: 1, branch.Game: AutosaveSlots, other.Game: 1}, games)
	back, _, err := LoadSave(autosavePath(dir, branch.Game, len(branch.commands)))
	require.NoError(t, err)
	assert.Equal(t, branch.Game, back.Game, "a loaded save goes on as the same game")
	assert.Equal(t, long.Game, back.Parent)
}

// TestContinueFallsBackToASaveThatReplays: Continue takes the game saved
// last; when its newest autosave reads but does not replay, it goes on
// from the newest one that does.
func TestContinueFallsBackToASaveThatReplays(t *testing.T) {
	dir := t.TempDir()
	full, err := Simulate(defaultSource(t), 6, 1)
	require.NoError(t, err)
	old, err := Simulate(defaultSource(t), 7, 1)
	require.NoError(t, err)
	require.NoError(t, Autosave(dir, old, testTime))
	s, err := NewSession(defaultSource(t), 6, full.Seats)
	require.NoError(t, err)
	var paths []string
	for i := range 3 {
		_, err := s.Submit(full.commands[i])
		require.NoError(t, err)
		require.NoError(t, Autosave(dir, s, testTime.Add(time.Duration(i+1)*time.Minute)))
		paths = append(paths, autosavePath(dir, s.Game, len(s.commands)))
	}
	newest := paths[2]
	data, err := os.ReadFile(newest)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(newest, []byte(strings.Replace(string(data), `"hash": "`, `"hash": "f00d`, 1)), 0o644))
	assert.Equal(t, newest, LatestAutosave(dir), "the newest save of the game saved last comes first")
	back, used, skipped, err := ContinueGame(dir)
	require.NoError(t, err)
	assert.Equal(t, paths[1], used, "the newest save that replays")
	require.Len(t, skipped, 1)
	assert.ErrorContains(t, skipped[0], newest)
	assert.Equal(t, s.Game, back.Game)
	assert.Len(t, back.commands, 2)
}

// TestTwoInstancesNeverWriteTheSameFiles runs a second instance (a
// helper process) playing the same game on the same saves folder: the
// one that claims it first keeps its autosaves, the other goes on as a
// game of its own, and once the first has gone its game may be claimed
// again.
func TestTwoInstancesNeverWriteTheSameFiles(t *testing.T) {
	if spec := os.Getenv("HEXRIFT_OTHER_INSTANCE"); spec != "" {
		otherInstance(spec)
		return
	}
	dir := t.TempDir()
	saves := filepath.Join(dir, "saves")
	full, err := Simulate(defaultSource(t), 4, 1)
	require.NoError(t, err)
	start, err := NewSession(defaultSource(t), 4, full.Seats)
	require.NoError(t, err)
	startPath := filepath.Join(dir, "start.hexrift")
	require.NoError(t, WriteSave(startPath, start, "start", testTime))
	cmds := filepath.Join(dir, "commands.json")
	data, err := json.Marshal(full.commands[:6])
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(cmds, data, 0o644))

	ready, goOn, wrote := filepath.Join(dir, "ready"), filepath.Join(dir, "go"), filepath.Join(dir, "wrote")
	cmd := exec.Command(os.Args[0], "-test.run=^TestTwoInstancesNeverWriteTheSameFiles$")
	cmd.Env = append(os.Environ(), "HEXRIFT_OTHER_INSTANCE="+strings.Join([]string{saves, startPath, cmds, ready, goOn, wrote}, "\n"))
	require.NoError(t, cmd.Start())
	for n := 0; ; n++ { // wait by polling the file system, not the clock
		if _, err := os.Stat(ready); err == nil {
			break
		}
		require.Less(t, n, 50_000_000, "the other instance never claimed the game")
	}
	s, _, err := LoadSave(startPath)
	require.NoError(t, err)
	var mine []string
	for _, c := range full.commands[:3] {
		_, err := s.Submit(c)
		require.NoError(t, err)
		require.NoError(t, Autosave(saves, s, testTime))
		mine = append(mine, autosavePath(saves, s.Game, len(s.commands)))
	}
	assert.NotEqual(t, start.Game, s.Game, "the game is open in the other instance: this one goes on as a branch")
	assert.Equal(t, start.Game, s.Parent)
	require.NoError(t, os.WriteFile(goOn, nil, 0o644))
	require.NoError(t, cmd.Wait())
	theirs, err := os.ReadFile(wrote)
	require.NoError(t, err)
	for _, p := range strings.Fields(string(theirs)) {
		assert.NotContains(t, mine, p, "both instances wrote %s", p)
		sf, err := ReadSave(p)
		require.NoError(t, err)
		assert.Equal(t, start.Game, sf.Game)
	}
	for _, p := range mine {
		sf, err := ReadSave(p)
		require.NoError(t, err)
		assert.Equal(t, s.Game, sf.Game)
	}
	ok, err := claimGame(saves, start.Game)
	require.NoError(t, err)
	assert.True(t, ok, "the other instance has ended: its game's lock went with it")
}

// otherInstance is the second instance of TestTwoInstancesNeverWriteTheSameFiles.
func otherInstance(spec string) {
	f := strings.Split(spec, "\n")
	saves, startPath, cmdsPath, ready, goOn, wrote := f[0], f[1], f[2], f[3], f[4], f[5]
	s, _, err := LoadSave(startPath)
	if err != nil {
		os.Exit(2)
	}
	data, _ := os.ReadFile(cmdsPath)
	var cmds []rules.Command
	if json.Unmarshal(data, &cmds) != nil {
		os.Exit(2)
	}
	var paths []string
	step := func(i int) {
		if _, err := s.Submit(cmds[i]); err != nil {
			os.Exit(3)
		}
		if err := Autosave(saves, s, testTime); err != nil {
			os.Exit(4)
		}
		paths = append(paths, autosavePath(saves, s.Game, len(s.commands)))
	}
	step(0)
	_ = os.WriteFile(ready, nil, 0o644)
	for {
		if _, err := os.Stat(goOn); err == nil {
			break
		}
	}
	for i := 1; i < len(cmds); i++ {
		step(i)
	}
	_ = os.WriteFile(wrote, []byte(strings.Join(paths, "\n")), 0o644)
	os.Exit(0)
}

// TestListSavesSweepsTemporaries: opening a saves folder sweeps the
// temporary file of a save whose write a kill interrupted before this
// process started; one younger than this process, which it may be
// writing, and one that is no save's stay (what is stale is
// game/internal/fileio's to say, and tested there).
func TestListSavesSweepsTemporaries(t *testing.T) {
	dead := exec.Command(os.Args[0], "-test.run=^$")
	require.NoError(t, dead.Run())
	pid := strconv.Itoa(dead.Process.Pid)
	saves := t.TempDir()
	later := time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC) // after this process started, whenever it did
	files := map[string]time.Time{
		".My Game.hexrift.p" + pid + ".123.tmp": testTime.AddDate(-5, 0, 0),
		".Young.hexrift.p" + pid + ".1.tmp":     later,
		".notes.txt.p" + pid + ".1.tmp":         testTime.AddDate(-5, 0, 0),
	}
	for name, mod := range files {
		p := filepath.Join(saves, name)
		require.NoError(t, os.WriteFile(p, []byte("x"), 0o644))
		require.NoError(t, os.Chtimes(p, mod, mod))
	}
	_, err := ListSaves(saves)
	require.NoError(t, err)
	assert.NoFileExists(t, filepath.Join(saves, ".My Game.hexrift.p"+pid+".123.tmp"), "a killed write's file is swept")
	assert.FileExists(t, filepath.Join(saves, ".Young.hexrift.p"+pid+".1.tmp"), "a file younger than this process may be one it writes")
	assert.FileExists(t, filepath.Join(saves, ".notes.txt.p"+pid+".1.tmp"), "no save's")
}
