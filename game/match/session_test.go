package match

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

func defaultSource(t *testing.T) scenarios.Source {
	t.Helper()
	src, err := scenarios.ReadSource(scenarios.DefaultID)
	require.NoError(t, err)
	return src
}

var testTime = time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)

func TestSimulateIsDeterministic(t *testing.T) {
	src := defaultSource(t)
	a, err := Simulate(src, 11, 2)
	require.NoError(t, err)
	b, err := Simulate(src, 11, 2)
	require.NoError(t, err)
	assert.Equal(t, a.Result(), b.Result())
	assert.NotEmpty(t, a.commands)
	c, err := Simulate(src, 12, 2)
	require.NoError(t, err)
	assert.NotEqual(t, a.Result().StateHash, c.Result().StateHash, "another seed plays another game")
}

// Saving after any step and loading gives back the same state hash, and
// the loaded game plays on exactly like the original.
func TestSaveLoadRoundTripAtEveryStep(t *testing.T) {
	src := defaultSource(t)
	full, err := Simulate(src, 5, 1)
	require.NoError(t, err)
	dir := t.TempDir()
	s, err := NewSession(src, 5, full.Seats)
	require.NoError(t, err)
	for i, cmd := range full.commands {
		_, err := s.Submit(cmd)
		require.NoError(t, err, "command %d", i)
		path := filepath.Join(dir, "game.hexrift")
		require.NoError(t, WriteSave(path, s, "round trip", testTime))
		back, sf, err := LoadSave(path)
		require.NoError(t, err, "load after command %d", i)
		require.Equal(t, s.State.Hash(), back.State.Hash(), "hash after command %d", i)
		assert.Equal(t, "round trip", sf.Name)
		assert.Equal(t, s.State.Clock, sf.Preview.Clock)
	}
	assert.Equal(t, full.State.Hash(), s.State.Hash())
}

func TestReplayNamesTheFirstDivergingStep(t *testing.T) {
	src := defaultSource(t)
	s, err := Simulate(src, 8, 1)
	require.NoError(t, err)
	checks := append([]Checkpoint(nil), s.checkpoints...)
	bad := len(checks) / 2
	checks[bad].Hash = strings.Repeat("0", 64)
	_, err = Replay(src, 8, s.Seats, s.commands, checks)
	var d *Divergence
	require.ErrorAs(t, err, &d)
	// Checkpoints sit at impulse and step boundaries: the replay names
	// the command that ended the step whose hash differs, and its step.
	assert.Equal(t, checks[bad].Command, d.Command)
	assert.Contains(t, err.Error(), "command "+itoa(checks[bad].Command+1))

	_, err = Replay(src, 9, s.Seats, s.commands, s.checkpoints)
	assert.Error(t, err, "another seed does not replay the same game")
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestDamagedOrNewerSavesAreRefused(t *testing.T) {
	src := defaultSource(t)
	s, err := Simulate(src, 2, 1)
	require.NoError(t, err)
	dir := t.TempDir()
	good := filepath.Join(dir, "good.hexrift")
	require.NoError(t, WriteSave(good, s, "good", testTime))
	data, err := os.ReadFile(good)
	require.NoError(t, err)

	tests := []struct {
		name, content, want string
	}{
		{"truncated", string(data[:len(data)/2]), "damaged save"},
		{"not json", "hello", "damaged save"},
		{"newer", strings.Replace(string(data), `"version": 1`, `"version": 99`, 1), "newer hexrift"},
		{"other format", strings.Replace(string(data), SaveFormat, "chess", 1), "not a hexrift save"},
		{"unknown field", strings.Replace(string(data), `"seed":`, `"sneed": 1, "seed":`, 1), "damaged save"},
		{"wrong type", strings.Replace(string(data), `"seed": 2`, `"seed": "two"`, 1), ":"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(dir, tt.name+".hexrift")
			require.NoError(t, os.WriteFile(p, []byte(tt.content), 0o644))
			s, _, err := LoadSave(p)
			require.Error(t, err)
			assert.Nil(t, s, "nothing is loaded half-way")
			assert.Contains(t, err.Error(), p, "names the file")
			assert.Contains(t, err.Error(), tt.want)
		})
	}
	// A tampered command stream is caught by the checkpoints, which sit
	// at impulse and step boundaries: the first names its command.
	tampered := strings.Replace(string(data), `"hash": "`, `"hash": "f00d`, 1)
	p := filepath.Join(dir, "tampered.hexrift")
	require.NoError(t, os.WriteFile(p, []byte(tampered), 0o644))
	_, _, err = LoadSave(p)
	assert.ErrorContains(t, err, "diverges at command "+itoa(s.checkpoints[0].Command+1))
}

// A process killed while saving leaves the previous save loadable: the
// helper process below rewrites one save as fast as it can and is killed
// with SIGKILL in the middle, again and again. Each writer's first save
// sweeps what the one before it left (issue 33: 31 temporary files after
// 60 kills), so at most the one file being written when it was killed
// stays, and opening the saves folder at a later start sweeps that one.
func TestSaveSurvivesAKilledWriter(t *testing.T) {
	if os.Getenv("HEXRIFT_SAVE_WRITER") != "" {
		saveWriterLoop(os.Getenv("HEXRIFT_SAVE_WRITER"))
		return
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "slot.hexrift")
	var leftovers []string
	for kill := 1; kill <= 8; kill++ {
		require.NoError(t, os.RemoveAll(path+".count"))
		cmd := exec.Command(os.Args[0], "-test.run=^TestSaveSurvivesAKilledWriter$")
		cmd.Env = append(os.Environ(), "HEXRIFT_SAVE_WRITER="+path)
		require.NoError(t, cmd.Start())
		// Wait (by polling the file system, not the clock) for a few saves.
		for n := 0; ; n++ {
			if fi, err := os.Stat(path + ".count"); err == nil && fi.Size() >= 3 {
				break
			}
			require.Less(t, n, 5_000_000, "the writer never saved")
		}
		require.NoError(t, cmd.Process.Kill())
		_ = cmd.Wait()
		s, _, err := LoadSave(path)
		require.NoError(t, err, "the save is whole after the writer was killed")
		assert.NotEmpty(t, s.commands)
		leftovers, _ = filepath.Glob(filepath.Join(dir, ".*.tmp"))
		assert.LessOrEqual(t, len(leftovers), 1, "after %d kills, at most the one temporary file being written", kill)
	}
	// A later start, long after the last write: opening the saves folder
	// sweeps what the killed write left, and the save still loads.
	for _, f := range leftovers {
		require.NoError(t, os.Chtimes(f, testTime.AddDate(-5, 0, 0), testTime.AddDate(-5, 0, 0)))
	}
	_, err := ListSaves(dir)
	require.NoError(t, err)
	leftovers, _ = filepath.Glob(filepath.Join(dir, ".*.tmp"))
	assert.Empty(t, leftovers, "no temporary file stays once the folder is opened again")
	_, _, err = LoadSave(path)
	require.NoError(t, err)
}

func saveWriterLoop(path string) {
	src, err := scenarios.ReadSource(scenarios.DefaultID)
	if err != nil {
		os.Exit(2)
	}
	s, err := Simulate(src, 4, 2)
	if err != nil {
		os.Exit(2)
	}
	count, _ := os.Create(path + ".count")
	for {
		if err := WriteSave(path, s, "slot", testTime); err != nil {
			os.Exit(3)
		}
		count.Write([]byte{'.'})
	}
}

func TestListSavesNewestFirst(t *testing.T) {
	src := defaultSource(t)
	s, err := Simulate(src, 2, 1)
	require.NoError(t, err)
	dir := t.TempDir()
	require.NoError(t, WriteSave(filepath.Join(dir, "a.hexrift"), s, "older", testTime))
	require.NoError(t, WriteSave(filepath.Join(dir, "b.hexrift"), s, "newer", testTime.Add(time.Hour)))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "c.hexrift"), []byte("{"), 0o644))
	list, err := ListSaves(dir)
	require.NoError(t, err)
	require.Len(t, list, 3)
	assert.Equal(t, "newer", list[0].Name)
	assert.Equal(t, "older", list[1].Name)
	assert.Error(t, list[2].Err, "a broken save is listed with its error")
	assert.Equal(t, s.State.Scenario.Name, list[0].Preview.Scenario)
}

// The catch-up replay holds one snapshot per impulse since the side's
// last command, in order, and nothing from before it.
func TestCatchUpSinceLastCommand(t *testing.T) {
	src := defaultSource(t)
	s, err := Simulate(src, 6, 1)
	require.NoError(t, err)
	for _, sd := range s.State.Sides {
		last := -1
		for i, c := range s.commands {
			if c.Side == sd.ID {
				last = i
			}
		}
		require.GreaterOrEqual(t, last, 0)
		snaps := s.CatchUp(sd.ID)
		require.NotEmpty(t, snaps, "%s has a catch-up", sd.ID)
		for i, sn := range snaps {
			assert.GreaterOrEqual(t, sn.Command, last+1, "snapshot %d is from after %s's last command", i, sd.ID)
			if i > 0 {
				assert.NotEqual(t, SnapshotKey(snaps[i-1].Clock), SnapshotKey(sn.Clock), "one snapshot per impulse")
				assert.GreaterOrEqual(t, sn.Events, snaps[i-1].Events)
			}
		}
		assert.Equal(t, s.State.Hash(), snaps[len(snaps)-1].State.Hash(), "the last snapshot is the game as it is now")
	}
	// A replayed save rebuilds the same history.
	back, err := Replay(src, 6, s.Seats, s.commands, s.checkpoints)
	require.NoError(t, err)
	require.Len(t, back.history, len(s.history))
}

// A game whose rift charts name a destination by path keeps that
// destination's text in its saves (save version 2): the save loads, to
// the same state, after the scenario's folder is gone. A save of a
// scenario that names none is written as version 1, as before.
func TestSavesCarryPathDestinations(t *testing.T) {
	folder := filepath.Join(t.TempDir(), "maps")
	require.NoError(t, os.MkdirAll(folder, 0o755))
	var origin, yard []byte
	for _, name := range []string{"path-gate.yaml", "gate-yard.yaml"} {
		data, err := os.ReadFile(filepath.Join("..", "pbem", "testdata", name))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(folder, name), data, 0o644))
		origin, yard = yard, data
	}
	src := scenarios.Source{Name: filepath.Join(folder, "path-gate.yaml"), Data: origin}
	s, err := Simulate(src, 3, 1)
	require.NoError(t, err)
	require.Equal(t, []scenarios.Source{{Name: "gate-yard.yaml", Data: yard}}, s.Source.Destinations)
	path := filepath.Join(t.TempDir(), "game.hexrift")
	require.NoError(t, WriteSave(path, s, "gate", testTime))
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Contains(t, string(data), `"version": 2`)

	require.NoError(t, os.RemoveAll(folder))
	_, err = src.Load()
	require.Error(t, err, "the scenario's folder is gone")
	back, _, err := LoadSave(path)
	require.NoError(t, err)
	assert.Equal(t, s.State.Hash(), back.State.Hash())

	plain, err := Simulate(defaultSource(t), 3, 1)
	require.NoError(t, err)
	require.Empty(t, plain.Source.Destinations)
	require.NoError(t, WriteSave(path, plain, "plain", testTime))
	data, err = os.ReadFile(path)
	require.NoError(t, err)
	assert.Contains(t, string(data), `"version": 1`)
}

// The history grows only through Submit: what its accessors return are
// copies, so a change to one leaves the game as it was.
func TestHistoryIsReadOnly(t *testing.T) {
	s, err := Simulate(defaultSource(t), 7, 1)
	require.NoError(t, err)
	require.NotZero(t, s.NumCommands())
	require.NotZero(t, s.NumEvents())
	cmds, evs, checks, frames := s.Commands(), s.Events(), s.Checkpoints(), s.History()
	require.NotEmpty(t, checks)
	require.NotEmpty(t, frames)
	assert.Len(t, cmds, s.NumCommands())
	assert.Len(t, evs, s.NumEvents())
	saved := s.SaveFile("before", testTime)

	cmds[0], evs[0], checks[0], frames[0] = rules.Command{}, rules.Event{Text: "forged"}, Checkpoint{Hash: "forged"}, Snapshot{}
	_ = append(cmds[:1], rules.Command{})
	sf := s.SaveFile("after", testTime)
	sf.Commands[0] = rules.Command{}
	assert.Equal(t, saved.Commands, s.Commands())
	assert.Equal(t, saved.Checks, s.Checkpoints())
	assert.NotEqual(t, "forged", s.Events()[0].Text)
	assert.NotEqual(t, Snapshot{}, s.History()[0])

	n := s.NumEvents()
	assert.Equal(t, s.Events()[n-2:], s.EventsSince(n-2))
	assert.Empty(t, s.EventsSince(n), "nothing since the last event")
	assert.Empty(t, s.EventsSince(n+5), "a count past the end gives nothing")
	assert.Equal(t, s.Events(), s.EventsSince(-1))
}
