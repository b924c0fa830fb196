package render_test

import (
	"fmt"
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// haveDisplay is set when the tests run inside Ebitengine's loop, where
// images can be drawn and read back.
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

// TestMain runs the tests inside Ebitengine's game loop, as Ebitengine's
// own tests do, so drawing tests can read pixels back. With no display it
// runs them directly and the drawing tests skip.
func TestMain(m *testing.M) {
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		fmt.Println("render: no display, drawing tests will skip (bash .ci/test runs them under Xvfb)")
		os.Exit(m.Run())
	}
	haveDisplay = true
	ebiten.SetWindowSize(320, 240)
	ebiten.SetWindowTitle("hexrift render tests")
	g := &testLoop{m: m, code: 1}
	if err := ebiten.RunGame(g); err != nil {
		fmt.Fprintln(os.Stderr, "render: cannot start Ebitengine:", err)
		os.Exit(1)
	}
	os.Exit(g.code)
}

func requireDisplay(t *testing.T) {
	t.Helper()
	if !haveDisplay {
		t.Skip("no display: drawing tests need X (bash .ci/test starts Xvfb)")
	}
}
