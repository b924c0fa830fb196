package tourney

import (
	"os/exec"
	"strings"
	"testing"
)

// The tournaments need no window: neither the package nor anything of
// this module it imports draws.
func TestNoWindowImported(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range strings.Fields(string(out)) {
		if strings.Contains(p, "ebiten") || p == "github.com/hexrift/hexrift/render" || p == "github.com/hexrift/hexrift/game" {
			t.Errorf("imports %s", p)
		}
	}
}
