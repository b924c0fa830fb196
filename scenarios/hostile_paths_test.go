//go:build unix

package scenarios

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// originWith returns a valid origin scenario whose one chart row names
// dest.
func originWith(dest string) string {
	return "id: o\nname: O\nsides: [{id: a}]\nunits: [{id: x, side: a, class: fed-cruiser, hex: \"0,0\", facing: A, speed: 0}]\n" +
		"rift_charts:\n  - roll: 2-12\n    rows:\n      - {roll: 2-12, scenario: " + dest + ", port: \"0,0\", defend: \"1,1\"}\n"
}

// paddedYard returns the bundled derelict-yard with a trailing comment
// that brings it to about n bytes.
func paddedYard(t *testing.T, n int) []byte {
	t.Helper()
	data, err := bundled.ReadFile("bundled/derelict-yard.yaml")
	if err != nil {
		t.Fatal(err)
	}
	line := []byte("# padding padding padding padding padding padding padding padding\n")
	return append(data, bytes.Repeat(line, max(0, n-len(data))/len(line))...)
}

// TestHostilePaths loads scenarios that name what they must not read or
// what would hang a reader: named pipes (a test that hangs here has
// found the bug), devices, paths out of the scenario's folder in every
// spelling, symbolic links out of it, a destination named many ways and
// destinations too big together. Each must fail at once with the file
// named, or (the many-named destination) load, read once. No error may
// quote a line of a file outside the folder.
func TestHostilePaths(t *testing.T) {
	top := t.TempDir()
	dir := filepath.Join(top, "scn")
	secret := filepath.Join(top, "secret.yaml")
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	write := func(name string, data []byte) string {
		t.Helper()
		p := filepath.Join(dir, name)
		must(os.MkdirAll(filepath.Dir(p), 0o755))
		must(os.WriteFile(p, data, 0o644))
		return p
	}
	must(os.MkdirAll(dir, 0o755))
	must(os.WriteFile(secret, []byte("root:x:0:0:SECRET-LINE\n"), 0o644))
	must(syscall.Mkfifo(filepath.Join(dir, "fifo.yaml"), 0o644))
	must(syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644))
	must(os.Symlink("fifo.yaml", filepath.Join(dir, "to-fifo.yaml")))
	must(os.Symlink(secret, filepath.Join(dir, "out.yaml")))
	must(os.Symlink(top, filepath.Join(dir, "up")))
	write("yard.yaml", paddedYard(t, 900_000))
	for _, n := range []string{"a", "b", "c"} {
		y := paddedYard(t, 900_000)
		write("big-"+n+".yaml", bytes.Replace(y, []byte("id: derelict-yard"), []byte("id: yard-"+n), 1))
	}
	// One destination named 121 ways: every row of 11 charts of 11 rows.
	var many strings.Builder
	many.WriteString("id: o\nname: O\nsides: [{id: a}]\nunits: [{id: x, side: a, class: fed-cruiser, hex: \"0,0\", facing: A, speed: 0}]\nrift_charts:\n")
	for c := range 11 {
		many.WriteString("  - roll: " + strconv.Itoa(c+2) + "\n    rows:\n")
		for r := range 11 {
			many.WriteString("      - {roll: " + strconv.Itoa(r+2) + ", scenario: " + strings.Repeat("./", c*11+r) + "yard.yaml, port: \"0,0\", defend: \"1,1\"}\n")
		}
	}
	tests := []struct {
		name string
		path string // the file loaded
		want string // in the error; empty: it loads
	}{
		{"fifo scenario", filepath.Join(dir, "fifo.yaml"), "is a named pipe (FIFO), not a regular file"},
		{"link to fifo", filepath.Join(dir, "to-fifo.yaml"), "is a named pipe (FIFO), not a regular file"},
		{"device", "/dev/zero", "is a device, not a regular file"},
		{"fifo destination", write("d-fifo.yaml", []byte(originWith("fifo.yaml"))), `destination "fifo.yaml"`},
		{"fifo destination not named yaml", write("d-fifo2.yaml", []byte(originWith("./fifo"))), "ends in .yaml or .yml"},
		{"passwd", write("d-passwd.yaml", []byte(originWith("../../etc/passwd"))), "ends in .yaml or .yml"},
		{"dot dot", write("d-up.yaml", []byte(originWith("../secret.yaml"))), "leads out of the scenario's folder"},
		{"dot dot inside", write("d-up2.yaml", []byte(originWith("sub/../../secret.yaml"))), "leads out of the scenario's folder"},
		{"absolute", write("d-abs.yaml", []byte(originWith(secret))), "an absolute path"},
		{"symlink file out", write("d-link.yaml", []byte(originWith("out.yaml"))), "a symbolic link leads out"},
		{"symlink folder out", write("d-linkdir.yaml", []byte(originWith("up/secret.yaml"))), "a symbolic link leads out"},
		{"missing", write("d-missing.yaml", []byte(originWith("nothere.yaml"))), "no such file in the scenario's folder"},
		{"directory", write("d-dir.yaml", []byte(originWith("up.yaml"))), "no such file"},
		{"named 121 ways", write("d-many.yaml", []byte(many.String())), ""},
		{"too big together", write("d-big.yaml", []byte(strings.Replace(originWith("big-a.yaml"), "      - {roll: 2-12, scenario: big-a.yaml", "      - {roll: 2-4, scenario: big-a.yaml, port: \"0,0\", defend: \"1,1\"}\n      - {roll: 5-8, scenario: big-b.yaml, port: \"0,0\", defend: \"1,1\"}\n      - {roll: 9-12, scenario: big-c.yaml", 1))), "more than 2097152 bytes in all"},
		{"binary tag", write("tag-binary.yaml", []byte("id: t\nname: !!binary aGk=\n"+sidesBlue)), ":2:7: YAML tag !!binary is not supported"},
		{"python tag", write("tag-python.yaml", []byte("id: t\nname: T\n"+sidesBlue+"units: !!python/object:os.system [1]\n")), ":5:8: YAML tag !!python/object:os.system is not supported"},
		{"local tag", write("tag-local.yaml", []byte("id: !thing t\nname: T\n"+sidesBlue)), ":1:5: YAML tag !thing is not supported"},
		{"map tag", write("tag-map.yaml", []byte("id: t\nname: T\nruleset: !!map {impulses: 8}\n"+sidesBlue)), ":3:10: YAML tag !!map is not supported"},
		{"tag in destination", write("d-tag.yaml", []byte(originWith("tag-binary.yaml"))), "tag-binary.yaml:2:7: YAML tag !!binary"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := LoadFile(tt.path)
			if tt.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				if len(s.Destinations) != 1 || s.Destinations[0].ID != "derelict-yard" {
					t.Errorf("destinations %v", s.Destinations)
				}
				return
			}
			if err == nil {
				t.Fatalf("loaded; want %q", tt.want)
			}
			if !strings.Contains(err.Error(), tt.path+":") {
				t.Errorf("error does not name %s: %v", tt.path, err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("want %q in %v", tt.want, err)
			}
			if strings.Contains(err.Error(), "SECRET") || strings.Contains(err.Error(), "root:x") {
				t.Errorf("error quotes a file outside the folder: %v", err)
			}
			// check reads the same way.
			if ps := Check(tt.path); !ps.HasErrors() || !strings.Contains(ps.Error(), tt.want) {
				t.Errorf("Check: %v", ps)
			}
		})
	}
	// The standard scalar tags only say what a value is.
	if _, err := Load("tags.yaml", []byte("id: !!str t\nname: T\n"+sidesBlue+"units: [{id: a, side: blue, class: fed-cruiser, hex: \"0,0\", speed: !!int 2}]\n")); err != nil {
		t.Errorf("scalar tags: %v", err)
	}
}

// TestHostileSource loads scenarios as a save carries them (Source): the
// same rules hold as for the file they name, and one carried under a
// bundled name reads bundled files only.
func TestHostileSource(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "yard.yaml"), paddedYard(t, 0), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		src  Source
		want string
	}{
		{"passwd", Source{Name: filepath.Join(dir, "o.yaml"), Data: []byte(originWith("../../../../../../etc/passwd"))}, "ends in .yaml or .yml"},
		{"climbs", Source{Name: filepath.Join(dir, "o.yaml"), Data: []byte(originWith("../../../../../../etc/x.yaml"))}, "leads out of the scenario's folder"},
		{"absolute", Source{Name: filepath.Join(dir, "o.yaml"), Data: []byte(originWith("/etc/x.yaml"))}, "an absolute path"},
		{"fifo", Source{Name: filepath.Join(dir, "o.yaml"), Data: []byte(originWith("fifo.yaml"))}, "named pipe"},
		{"bundled name", Source{Name: "bundled/o.yaml", Data: []byte(originWith("../" + filepath.Base(dir) + "/yard.yaml"))}, "no such bundled file"},
		{"bundled name deep", Source{Name: "bundled/o.yaml", Data: []byte(originWith("sub/yard.yaml"))}, "no such bundled file"},
		{"beside", Source{Name: filepath.Join(dir, "o.yaml"), Data: []byte(originWith("yard.yaml"))}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.src.Load()
			switch {
			case tt.want == "" && err != nil:
				t.Fatal(err)
			case tt.want == "":
			case err == nil:
				t.Fatalf("loaded; want %q", tt.want)
			case !strings.Contains(err.Error(), tt.src.Name+":") || !strings.Contains(err.Error(), tt.want):
				t.Errorf("want %s and %q in %v", tt.src.Name, tt.want, err)
			}
		})
	}
	// ReadSource refuses a pipe before opening it.
	if _, err := ReadSource(fifo); err == nil || !strings.Contains(err.Error(), fifo+": is a named pipe") {
		t.Errorf("ReadSource(fifo): %v", err)
	}
}
