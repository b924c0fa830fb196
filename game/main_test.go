package game

import (
	"fmt"
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// haveDisplay is set when the tests run inside Ebitengine's loop, where
// scenes with widgets can be built and frames drawn and read back.
var haveDisplay bool

type testLoop struct {
	m    *testing.M
	code int
}

func (g *testLoop) Update() error {
	g.code = g.m.Run()
	return ebiten.Termination
}

func (*testLoop) Draw(*ebiten.Image)         {}
func (*testLoop) Layout(int, int) (int, int) { return 320, 240 }

// TestMain runs the tests inside Ebitengine's game loop when there is a
// display, as Ebitengine's own tests do. Without one, the tests that need
// it skip and the rest run as usual.
func TestMain(m *testing.M) {
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		fmt.Println("game: no display, window tests will skip (bash .ci/test runs them under Xvfb)")
		os.Exit(m.Run())
	}
	haveDisplay = true
	ebiten.SetWindowSize(320, 240)
	ebiten.SetWindowTitle("hexrift game tests")
	g := &testLoop{m: m, code: 1}
	if err := ebiten.RunGame(g); err != nil {
		fmt.Fprintln(os.Stderr, "game: cannot start Ebitengine:", err)
		os.Exit(1)
	}
	os.Exit(g.code)
}

func requireDisplay(t *testing.T) {
	t.Helper()
	if !haveDisplay {
		t.Skip("no display: window tests need X (bash .ci/test starts Xvfb)")
	}
}
