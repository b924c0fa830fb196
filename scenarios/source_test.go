package scenarios

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

func TestReadSourceMatchesOpen(t *testing.T) {
	src, err := ReadSource(DefaultID)
	if err != nil {
		t.Fatal(err)
	}
	if src.Name != "bundled/"+DefaultID+".yaml" {
		t.Errorf("name = %q", src.Name)
	}
	a, err := src.Load()
	if err != nil {
		t.Fatal(err)
	}
	b, err := Open(DefaultID)
	if err != nil {
		t.Fatal(err)
	}
	if a.ID != b.ID || len(a.Units) != len(b.Units) {
		t.Errorf("source loads %s with %d units, Open %s with %d", a.ID, len(a.Units), b.ID, len(b.Units))
	}

	dir := t.TempDir()
	file := filepath.Join(dir, "mine.yaml")
	data, _ := bundled.ReadFile("bundled/" + DefaultID + ".yaml")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	src, err = ReadSource(file)
	if err != nil || src.Name != file || string(src.Data) != string(data) {
		t.Errorf("file source = %q, %d bytes, %v", src.Name, len(src.Data), err)
	}

	_, err = ReadSource("no-such-thing")
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing scenario: %v", err)
	}
}
