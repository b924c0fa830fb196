//go:build unix

package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/scenarios"
)

// TestCommandsRefuseHostileFiles runs the window-free commands on named
// pipes (which would hang a reader: a test that hangs here has found the
// bug), on scenarios reaching out of their folder and on a save whose
// scenario does. Each exits 1 at once with an error naming the file and
// quoting nothing from outside.
func TestCommandsRefuseHostileFiles(t *testing.T) {
	dir := t.TempDir()
	pipe := filepath.Join(dir, "f.yaml")
	require.NoError(t, syscall.Mkfifo(pipe, 0o644))
	savePipe := filepath.Join(dir, "s.hexrift")
	require.NoError(t, syscall.Mkfifo(savePipe, 0o644))
	reach := filepath.Join(dir, "reach.yaml")
	origin := "id: o\nname: O\nsides: [{id: a}, {id: b}]\nunits: [{id: x, side: a, class: fed-cruiser, hex: \"0,0\", facing: A, speed: 0}, {id: y, side: b, class: kor-raider, hex: \"5,0\", facing: D, speed: 0}]\n" +
		"rift_charts:\n  - roll: 2-12\n    rows:\n      - {roll: 2-12, scenario: ../../../../../../etc/passwd, port: \"0,0\", defend: \"1,1\"}\n"
	require.NoError(t, os.WriteFile(reach, []byte(origin), 0o644))
	// A path that is a symbolic link to a file that is no scenario at
	// all, such as the password file: its text is never quoted.
	passwd := filepath.Join(dir, "passwd")
	require.NoError(t, os.WriteFile(passwd, []byte("root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"), 0o644))
	notScenario := filepath.Join(dir, "users.yaml")
	require.NoError(t, os.Symlink(passwd, notScenario))
	tagged := filepath.Join(dir, "tagged.yaml")
	require.NoError(t, os.WriteFile(tagged, []byte("id: t\nname: !!python/object:os.system x\n"), 0o644))

	good := filepath.Join(dir, "good.hexrift")
	code, _, errText := runCmd(t, "sim", scenarios.DefaultID, "--turns", "1", "--save", good)
	require.Equal(t, 0, code, errText)
	data, err := os.ReadFile(good)
	require.NoError(t, err)
	var sf map[string]any
	require.NoError(t, json.Unmarshal(data, &sf))
	sf["scenario"] = map[string]any{"name": "/etc/hexrift.yaml", "data": []byte(strings.Replace(origin, "../../../../../../etc/passwd", "./passwd", 1))}
	sf["commands"], sf["checkpoints"] = []any{}, []any{}
	hostile, err := json.Marshal(sf)
	require.NoError(t, err)
	hostileSave := filepath.Join(dir, "hostile.hexrift")
	require.NoError(t, os.WriteFile(hostileSave, hostile, 0o644))

	tests := []struct {
		name string
		args []string
		file string // the file the error must name
		want string
	}{
		{"check pipe", []string{"check", pipe}, pipe, "is a named pipe (FIFO), not a regular file"},
		{"render pipe", []string{"render", pipe, "-o", filepath.Join(dir, "x.png")}, pipe, "is a named pipe"},
		{"sim pipe", []string{"sim", pipe}, pipe, "is a named pipe"},
		{"play pipe", []string{"play", pipe}, pipe, "is a named pipe"},
		{"replay pipe", []string{"replay", savePipe}, savePipe, "is a named pipe"},
		{"play from pipe", []string{"play", "-from", savePipe}, savePipe, "is a named pipe"},
		{"check reach", []string{"check", reach}, reach, "a destination file's name ends in .yaml or .yml"},
		{"sim reach", []string{"sim", reach}, reach, "a destination file's name ends in .yaml or .yml"},
		{"check not a scenario", []string{"check", notScenario}, notScenario + ":1:1", "found 2 lines of plain text, not YAML fields; is this a scenario file?"},
		{"render not a scenario", []string{"render", notScenario, "-o", filepath.Join(dir, "y.png")}, notScenario + ":1:1", "found 2 lines of plain text"},
		{"sim not a scenario", []string{"sim", notScenario}, notScenario + ":1:1", "found 2 lines of plain text"},
		{"check tag", []string{"check", tagged}, tagged + ":2:7", "YAML tag !!python/object:os.system is not supported"},
		{"replay hostile save", []string{"replay", hostileSave}, hostileSave, "a destination file's name ends in .yaml or .yml"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errText := runCmd(t, tt.args...)
			all := out + errText
			assert.Equal(t, 1, code, all)
			assert.Contains(t, all, tt.file+":", "the error names the file")
			assert.Contains(t, all, tt.want)
			assert.NotContains(t, all, "root:x")
			assert.NotContains(t, all, "daemon")
		})
	}
}
