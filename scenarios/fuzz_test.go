package scenarios

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hexrift/hexrift/rules"
)

// FuzzLoad checks that no input makes Load panic, that every problem
// names the file, and that whatever loads also starts a game. Seeds are
// the bundled scenarios, the test fixtures and testdata/fuzz/FuzzLoad.
func FuzzLoad(f *testing.F) {
	entries, _ := fs.ReadDir(bundled, "bundled")
	for _, e := range entries {
		data, err := bundled.ReadFile("bundled/" + e.Name())
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	fixtures, _ := filepath.Glob("testdata/*.yaml")
	for _, name := range fixtures {
		data, err := fs.ReadFile(osFS{}, name)
		if err == nil && name != "testdata/alias-bomb.yaml" {
			f.Add(data)
		}
	}
	const name = "fuzz.yaml"
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Load(name, data)
		if err != nil {
			if s != nil {
				t.Fatal("both a scenario and an error")
			}
			var ps Problems
			if !errors.As(err, &ps) || len(ps) == 0 || !ps.HasErrors() {
				t.Fatalf("error is not a list of problems with an error: %#v", err)
			}
			for _, p := range ps {
				if p.File != name || !strings.HasPrefix(p.String(), name+":") || p.Msg == "" {
					t.Fatalf("problem does not name the file: %q", p.String())
				}
				if p.Line < 0 || p.Col < 0 || (p.Line == 0 && p.Col != 0) {
					t.Fatalf("bad position in %q", p.String())
				}
			}
			return
		}
		for _, w := range s.Warnings {
			if !w.Warning || w.File != name {
				t.Fatalf("bad warning %q", w.String())
			}
		}
		if _, err := rules.NewState(s.Setup(), 1); err != nil {
			t.Fatalf("loaded scenario does not start a game: %v", err)
		}
	})
}

// osFS reads files relative to the working directory.
type osFS struct{}

func (osFS) Open(name string) (fs.File, error) { return os.Open(name) }
