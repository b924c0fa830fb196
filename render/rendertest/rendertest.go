// Package rendertest runs a package's tests inside Ebitengine's game
// loop, as Ebitengine's own tests do, so that drawing tests can draw and
// read pixels back; without a display the tests run as usual and the
// drawing tests skip.
package rendertest

import (
	"fmt"
	"image/color"
	"os"
	"sync"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// haveDisplay is set once the tests run inside the game loop.
var haveDisplay bool

type loop struct {
	m    *testing.M
	code int
}

func (g *loop) Update() error {
	g.code = g.m.Run()
	return ebiten.Termination
}

func (*loop) Draw(*ebiten.Image)         {}
func (*loop) Layout(int, int) (int, int) { return 320, 240 }

// Main runs m inside Ebitengine's loop when there is a display, and
// directly otherwise; call it from TestMain. name labels the messages.
func Main(m *testing.M, name string) {
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		fmt.Printf("%s: no display, drawing tests will skip (bash .ci/test runs them under Xvfb)\n", name)
		os.Exit(m.Run())
	}
	haveDisplay = true
	ebiten.SetWindowSize(320, 240)
	ebiten.SetWindowTitle(name + " tests")
	g := &loop{m: m, code: 1}
	if err := ebiten.RunGame(g); err != nil {
		fmt.Fprintf(os.Stderr, "%s: cannot start Ebitengine: %v\n", name, err)
		os.Exit(1)
	}
	os.Exit(g.code)
}

// RequireDisplay skips t when the tests do not run in the game loop;
// otherwise the GPU work t queues is done when t ends (see flushGPU).
func RequireDisplay(t *testing.T) {
	t.Helper()
	if !haveDisplay {
		t.Skip("no display: drawing tests need X (bash .ci/test starts Xvfb)")
	}
	t.Cleanup(flushGPU)
}

// gpuProbe is the one-pixel image flushGPU reads.
var gpuProbe = sync.OnceValue(func() *ebiten.Image { return ebiten.NewImage(1, 1) })

// flushGPU waits until the GPU has done every drawing queued so far.
// All the tests run inside one Update of the game loop, one frame that
// never ends, and Ebitengine runs its queue of GPU commands only at the
// end of a frame or at a read of pixels: without this, the frames a test
// draws and never reads (tick) stay queued, with the images and vertices
// they hold, until some later test reads a pixel and pays for every
// test before it (tens of seconds on a software renderer, past the test
// timeout on a loaded machine). Reading the probe's pixel runs the whole
// queue, so each test pays for its own drawing.
func flushGPU() {
	probe := gpuProbe()
	probe.Fill(color.White) // a draw since the last read: At cannot answer from its cache
	_ = probe.At(0, 0)
}
