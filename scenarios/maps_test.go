package scenarios

import (
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestBundledMapPictures keeps docs/maps/ in step with the bundled
// scenarios: each has a picture made by
//
//	go run . render ID -o docs/maps/ID.png --size 960x600
//
// shown in the "Bundled scenarios" table of docs/SCENARIOS.md, and no
// picture is left for a scenario that is gone.
func TestBundledMapPictures(t *testing.T) {
	const dir = "../docs/maps"
	doc, err := os.ReadFile("../docs/SCENARIOS.md")
	if err != nil {
		t.Fatal(err)
	}
	ids := bundledIDs()
	for _, id := range ids {
		name := filepath.Join(dir, id+".png")
		f, err := os.Open(name)
		if err != nil {
			t.Errorf("bundled scenario %s has no picture: make it with\n\tgo run . render %s -o docs/maps/%s.png --size 960x600", id, id, id)
			continue
		}
		cfg, err := png.DecodeConfig(f)
		f.Close()
		if err != nil {
			t.Errorf("%s: %v", name, err)
		} else if cfg.Width != 960 || cfg.Height != 600 {
			t.Errorf("%s is %dx%d; render it with --size 960x600", name, cfg.Width, cfg.Height)
		}
		if !strings.Contains(string(doc), "](maps/"+id+".png)") {
			t.Errorf("docs/SCENARIOS.md does not show maps/%s.png in its table of bundled scenarios", id)
		}
	}
	pngs, _ := filepath.Glob(filepath.Join(dir, "*.png"))
	for _, p := range pngs {
		if id := strings.TrimSuffix(filepath.Base(p), ".png"); !slices.Contains(ids, id) {
			t.Errorf("%s shows no bundled scenario; remove it", p)
		}
	}
}
